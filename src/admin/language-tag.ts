// Whether a text is a language tag as BCP 47 (RFC 5646) writes one: well-formed by section 2.1's grammar
// (language, extended language, script, region, variants, extensions, private use, or a grandfathered tag),
// with no variant and no extension singleton repeated (section 2.2.9). Of the registry, one fact is used: no
// primary language subtag of 4 to 8 letters is registered (4 are reserved, 5 to 8 await registration), so
// `English` is refused like `english please` and `en_US`; two- and three-letter codes are not looked up
// (`qq` passes). Letters are compared without case, as the RFC says.

const ALPHANUM = '[a-z0-9]';
const LANGUAGE = `(?:[a-z]{2,3}(?:-[a-z]{3}){0,3})`;
const SCRIPT = '[a-z]{4}';
const REGION = '(?:[a-z]{2}|[0-9]{3})';
const VARIANT = `(?:${ALPHANUM}{5,8}|[0-9]${ALPHANUM}{3})`;
const EXTENSION = `(?:[0-9a-wy-z](?:-${ALPHANUM}{2,8})+)`;
const PRIVATE_USE = `(?:x(?:-${ALPHANUM}{1,8})+)`;
const LANGTAG = `${LANGUAGE}(?:-${SCRIPT})?(?:-${REGION})?(?:-${VARIANT})*(?:-${EXTENSION})*(?:-${PRIVATE_USE})?`;
const WELL_FORMED = new RegExp(`^(?:${LANGTAG}|${PRIVATE_USE})$`, 'i');

// Section 2.2.8: tags registered before RFC 4646 that the grammar above does not produce (irregular), or
// produces with another meaning (regular); both are well-formed as wholes.
const GRANDFATHERED = new Set(
  [
    'en-GB-oed', 'i-ami', 'i-bnn', 'i-default', 'i-enochian', 'i-hak', 'i-klingon', 'i-lux', 'i-mingo', 'i-navajo',
    'i-pwn', 'i-tao', 'i-tay', 'i-tsu', 'sgn-BE-FR', 'sgn-BE-NL', 'sgn-CH-DE',
    'art-lojban', 'cel-gaulish', 'no-bok', 'no-nyn', 'zh-guoyu', 'zh-hakka', 'zh-min', 'zh-min-nan', 'zh-xiang',
  ].map((tag) => tag.toLowerCase()),
);

/** Whether `text` is a BCP 47 language tag: well-formed, no repeated variant or singleton, a registrable language. */
export function isLanguageTag(text: string): boolean {
  const tag = text.toLowerCase();
  if (GRANDFATHERED.has(tag)) return true;
  if (!WELL_FORMED.test(tag)) return false;
  // Subtags before any private use: a repeated variant or singleton makes the tag invalid (section 2.2.9).
  const subtags = tag.split('-x-')[0]!.split('-');
  const singletons = new Set<string>();
  const variants = new Set<string>();
  let inExtension = false;
  for (const [index, subtag] of subtags.entries()) {
    if (index === 0) continue;
    if (subtag.length === 1) {
      if (singletons.has(subtag)) return false;
      singletons.add(subtag);
      inExtension = true;
    } else if (!inExtension && (subtag.length >= 5 || (subtag.length === 4 && /^[0-9]/.test(subtag)))) {
      if (variants.has(subtag)) return false;
      variants.add(subtag);
    }
  }
  return true;
}
