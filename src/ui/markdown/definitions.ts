// Link reference definitions and reference links in answers. The parsers read them only once these are
// given to them (useBlockReaders): the widget imports them, with tables, the first time an answer has `]:`
// or a pipe in it (src/widget/on-demand/markdown-extras.ts), as most answers define no link. Pure: no DOM,
// no Lit.
import { DESTINATION, TITLE, unescapeText, type ReferenceResolver, type References } from './inline.js';

/** A link label as CommonMark matches it: Unicode case fold, whitespace collapsed and trimmed. */
export const normalizeLabel = (label: string): string => label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();

/** A link label after a link's text: `[label]`, no unescaped bracket inside. */
const LABEL = /\[((?:[^\\[\]]|\\.)*)\]/y;

/**
 * The reference link that the `]` at `i` closes: full (`[text][label]`), collapsed (`[label][]`) or
 * shortcut (`[label]`, the bracket's own text, unless another bracket opened in it). The label after `]`
 * is scanned only up to the next bracket, a label is at most 999 characters and is looked up once.
 */
export const resolveReference: ReferenceResolver = (text, i, start, bracketAfter, references) => {
  LABEL.lastIndex = i + 1;
  const label = LABEL.exec(text);
  const key = label?.[1] || (bracketAfter ? '' : text.slice(start, i));
  // No label is empty: a label too long to be one is looked up as the empty label.
  const found = references?.get(key.length < 1000 ? normalizeLabel(key) : '');
  return found && { ...found, end: label ? LABEL.lastIndex : i + 1 };
};

/**
 * A link reference definition, `[label]: destination "title"`, at the start of a paragraph's text (sticky).
 * No two runs of spaces are adjacent, so a failed match backtracks linearly; the title may span lines
 * (a paragraph has no blank line), and with text after it on its line it is not part of the definition.
 */
const DEFINITION = new RegExp(String.raw`\[((?:[^\\[\]]|\\.)*)\]:[ \t]*(?:\n[ \t]*)?${DESTINATION}(?:[ \t]*(?:\n[ \t]*)?(?<=\s)${TITLE})?[ \t]*(?:\n|$)`, 'y');

/**
 * Takes the link reference definitions off the start of a paragraph's text into `references` (the first
 * definition of a label wins) and returns the rest of the text.
 */
export function takeDefinitions(text: string, references: References): string {
  for (let at = 0; ; at = DEFINITION.lastIndex) {
    DEFINITION.lastIndex = at;
    const match = DEFINITION.exec(text);
    if (!match || match[1]!.length > 999 || !/\S/.test(match[1]!)) return text.slice(at);
    const label = normalizeLabel(match[1]!);
    if (!references.has(label)) references.set(label, { href: unescapeText(match[2] ?? match[3]!), title: match[4] && unescapeText(match[4].slice(1, -1)) });
  }
}
