// Inline Markdown for answers, read as CommonMark reads it: code spans, emphasis and strong emphasis (the
// delimiter-stack algorithm), links and images (a bracket stack), autolinks, GFM strikethrough and bare
// URLs, entity references, backslash escapes, hard and soft line breaks. Raw HTML is never HTML here: once
// given its reader (raw-html.ts), it is recognised and shown as the text it was written as, with nothing
// inside it read as Markdown; without it, `<b>` is plain text too. Linear in the length of the text, no
// recursion while reading. Pure.

/** One inline node: plain text or a formatted run. A soft line break is a "\n" in the text. */
export type Inline =
  | string
  | { type: 'em' | 'strong' | 'del'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; title?: string; children: Inline[] }
  | { type: 'break' };

/** Link schemes that stay live; every other link is rendered as inert text. */
export const LIVE_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

/**
 * The normalised URL when it is an absolute http, https or mailto URL, else null. The URL parser does the
 * work (it drops tabs and newlines and lower-cases the scheme), so `JaVa\tScRiPt:`, entity tricks and
 * relative paths are all refused.
 */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return (LIVE_LINK_PROTOCOLS as readonly string[]).includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Emphasis and links nest at most this deep (as cmark caps its nesting); deeper markers stay text, so the
 * rendering, which does recurse, never runs out of stack.
 */
export const MAX_INLINE_DEPTH = 32;

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;
const AUTOLINK = /<([a-z][a-z\d+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[a-z\d-]+(?:\.[a-z\d-]+)*)>/iy;
/**
 * Punctuation, and how a GFM autolink literal starts (a letter or digit after `http(s)://`, also `-` after
 * `www.`). Made by the first parse, not when the module loads (before the widget's first paint): a pattern
 * with Unicode properties takes a fraction of a millisecond to make.
 */
let unicodePatterns: [punctuation: RegExp, urlStart: RegExp] | undefined;
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<]*/iy;
/** Part of a raw link destination: no space, no parenthesis unless escaped. */
const DESTINATION_PART = String.raw`[^\0- \\()]|\\.`;
/** A destination: `<…>` (group 1) or raw (group 2), parentheses nested two deep. */
export const DESTINATION = String.raw`(?:<((?:[^\n\\<>]|\\.)*)>|((?!<)(?:${DESTINATION_PART}|\((?:${DESTINATION_PART}|\((?:${DESTINATION_PART})*\))*\))+))`;
/** A link title in quotes or parentheses; it ends at the next quote of its kind. */
export const TITLE = String.raw`("(?:[^\\"]|\\.)*"|'(?:[^\\']|\\.)*'|\((?:[^\\()]|\\.)*\))`;
/**
 * `(destination "title")`. No two runs of spaces are adjacent, so a failed match backtracks linearly, and
 * a title ends at the next quote of its kind, so a search that reaches the end of the text cannot repeat.
 */
const LINK_TAIL = new RegExp(
  String.raw`\([ \t\n]*(?:${DESTINATION}(?:[ \t\n]+${TITLE}[ \t\n]*|[ \t\n]*))?\)`,
  'y',
);
/** Characters that start nothing (`h` and `w` may start a bare URL). */
const PLAIN = /[^\\\n`*_~[\]!&<hw@]*/iy;
/** The domain of a GFM e-mail literal, from its `@`: a dot only before a letter or digit. */
const EMAIL_DOMAIN = /@[\w-]+(?:\.[a-z\d][\w-]*)+/iy;
const ENTITY = /&(?:#x([\da-f]{1,6})|#(\d{1,7})|([a-z][a-z\d]{0,31}));/iy;

/** Decodes a named character reference (`amp` for `&amp;`), undefined when there is no such name. */
export type EntityDecoder = (name: string) => string | undefined;

let textarea: HTMLTextAreaElement | undefined;
/** In the browser, the document knows every HTML entity, so no table ships with the widget. */
let decodeNamedEntity: EntityDecoder = (name) => {
  if (typeof document === 'undefined') return undefined;
  textarea ??= document.createElement('textarea');
  // A textarea's content is text only (RCDATA): this can create no element, whatever the name.
  textarea.innerHTML = `&${name};`;
  const value = textarea.value;
  // HTML also reads known prefixes (`&notit;` as "¬it;"); a real reference decodes to one or two characters.
  return value[0] !== '&' && [...value].length < 3 ? value : undefined;
};

/** Replaces the decoder of named character references (for Node, which has no document). */
export function setEntityDecoder(decoder: EntityDecoder): void {
  decodeNamedEntity = decoder;
}

/** The text of an entity or numeric reference at `i` (sticky), with its length, or undefined. */
function entityAt(text: string, i: number): [string, number] | undefined {
  ENTITY.lastIndex = i;
  const match = ENTITY.exec(text);
  if (!match) return undefined;
  const code = match[1] ? parseInt(match[1], 16) : match[2] ? +match[2] : -1;
  const value = code < 0 ? decodeNamedEntity(match[3]!) : String.fromCodePoint(code && code < 0x110000 ? code : 0xfffd);
  return value === undefined ? undefined : [value, match[0].length];
}

/** Resolves backslash escapes and character references (in link destinations, titles, info strings). */
export function unescapeText(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])|&[#\w]+;/g, (match, escaped?: string) => escaped ?? entityAt(match, 0)?.[0] ?? match);
}

/** Where a link reference definition points: its destination and title. */
export interface LinkReference {
  /** The destination, escapes resolved. */
  href: string;
  /** The title, escapes resolved. */
  title?: string;
}

/** Link reference definitions by normalised label (see normalizeLabel in definitions.ts). */
export type References = Map<string, LinkReference>;

/** A link's target and the index in the text after it. */
export interface LinkTarget extends LinkReference {
  /** Where the text goes on after the link. */
  end: number;
}

/**
 * Finds the reference link that the `]` at `i` of `text` closes, for the bracket whose text starts at
 * `start` (`bracketAfter`: another bracket opened after it). Given with the reader of definitions
 * (definitions.ts), which the widget imports on demand: without definitions there is no reference link.
 */
export type ReferenceResolver = (text: string, i: number, start: number, bracketAfter: number, references: References | undefined) => LinkTarget | undefined;

let resolveReference: ReferenceResolver | undefined;

/** Teaches the inline parser reference links (useBlockReaders gives it with the reader of definitions). */
export function useReferenceResolver(resolver: ReferenceResolver): void {
  resolveReference = resolver;
}

/**
 * Reads inline raw HTML in `text`: for the `<` at each index it is given, the end of the tag, comment or
 * other construct that starts there, or 0. Given with the other readers most answers never use (raw-html.ts).
 */
export type RawHtmlReader = (text: string) => (i: number) => number;

let readRawHtml: RawHtmlReader | undefined;

/** Teaches the inline parser raw HTML, which it then shows as the text it was written as. */
export function useRawHtmlReader(reader: RawHtmlReader): void {
  readRawHtml = reader;
}

/** Options of the inline parser. */
export interface InlineOptions {
  /** The link reference definitions that reference links and images may use. */
  references?: References;
  /**
   * The text is still being written: an emphasis, code span or link with no closer yet is shown as if
   * closed at the end, so streaming text does not flash raw asterisks, backticks and brackets.
   */
  open?: boolean;
}

/** The visible text of inline nodes (for announcements, copying and image descriptions). */
export function inlineText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      if (node.type === 'break') return '\n';
      if (node.type === 'code') return node.text;
      return inlineText(node.children);
    })
    .join('');
}

// The text is read into a flat list of tokens, and emphasis and links into pairs of tokens (an opening and
// a closing one); the tree is built from them once, at the end. Everything lives in typed arrays allocated
// once per text (no object per token or delimiter, no array that grows), which keeps the garbage
// collector's work, and so the time, linear in the length of the text. Kinds of tokens (a delimiter's kind
// is -1 - its index):
const TEXT = 0;
const CODE = 1;
const BREAK = 2;
const ANGLE_LINK = 3;
const BARE_LINK = 4;

const PAIR_TYPES = ['em', 'strong', 'del'] as const;
const LINK = 3;
const IMAGE = 4;
const TILDE = 126;
/**
 * The parser's typed arrays live in scratch memory kept between calls up to 4 MB. Nothing is read before it
 * is written (a token's pairs are zeroed when the token is made), so memory is touched as the markup is
 * used: fresh memory for a long text costs a page fault per page touched, and filling it all was most of the
 * time of a 200 KB text of `]` or backticks.
 */
const ARRAYS = 22;
const SCRATCH_LIMIT = 1 << 20;
let scratch = new Int32Array(0);

/**
 * Parses inline Markdown into nodes, in time linear in the length of the text: code spans are matched with
 * a table of backtick runs (as cmark does), emphasis with CommonMark's delimiter stack and its "openers
 * bottom" memory, links with a bracket stack. Emphasis and links nest at most MAX_INLINE_DEPTH deep: deeper
 * emphasis stays text, a deeper link only its text.
 */
export function parseInline(text: string, options: InlineOptions = {}): Inline[] {
  const { open, references } = options;
  const [PUNCTUATION, URL_START] = (unicodePatterns ??= [/[\p{P}\p{S}]/u, /(?:https?:\/\/[\p{L}\p{N}]|www\.[\p{L}\p{N}-])/iuy]);
  // Each character that may start something (not PLAIN) makes at most two tokens (a text run and itself), one
  // delimiter and one pair; streaming adds a closer per opener. So memory follows the markup, not the text.
  const size = 2 * text.replace(/[^\\\n`*_~[\]!&<hw@]+/gi, '').length + 9;
  const memory = scratch.length < ARRAYS * size ? new Int32Array(ARRAYS * size) : scratch;
  if (memory.length <= SCRATCH_LIMIT) scratch = memory;
  let offset = 0;
  const ints = () => memory.subarray(offset, (offset += size));
  // Tokens: kind, its text (an index in `values`), the last pair it opens and the first it closes (both + 1).
  const tKind = ints();
  const tValue = ints();
  const tOpens = ints();
  const tCloses = ints();
  // A bracket's text is '[' or '![' until it opens a link.
  const values: (string | undefined)[] = ['', '[', '!['];
  let tokens = 0;
  // Delimiters (runs of `*`, `_`, `~`), a doubly linked stack: -1 is none.
  const dToken = ints();
  const dChar = ints();
  const dCount = ints();
  const dLength = ints();
  const dOpen = ints();
  const dClose = ints();
  const dPrev = ints();
  const dNext = ints();
  let delimiters = 0;
  let top = -1;
  // Brackets (`[` and `![`, told apart by their token's text), a stack: where their text starts, whether a
  // bracket came after them (then their text cannot be a reference's label).
  const bToken = ints();
  const bActive = ints();
  const bBottom = ints();
  const bStart = ints();
  const bAfter = ints();
  let brackets = 0;
  // Pairs: type (index in PAIR_TYPES, or LINK, IMAGE), the delimiter text or the link's href (an index in
  // `values`, the title next to it), the token that closes it, the pair its opener opened before (+ 1).
  const pType = ints();
  const pText = ints();
  const pClose = ints();
  const pNext = ints();
  const flat = ints();
  let pairs = 0;
  let plain = '';

  const push = (kind: number, value = ''): number => {
    if (plain) {
      const run = plain;
      plain = '';
      push(TEXT, run);
    }
    tKind[tokens] = kind;
    tValue[tokens] = value ? values.push(value) - 1 : 0;
    tOpens[tokens] = tCloses[tokens] = 0;
    return tokens++;
  };
  const pushDelimiter = (char: number, count: number, length: number, canOpen: boolean, canClose: boolean, token?: number): void => {
    const d = delimiters++;
    dToken[d] = token ?? push(-1 - d);
    dChar[d] = char;
    dCount[d] = count;
    dLength[d] = length;
    dOpen[d] = +canOpen;
    dClose[d] = +canClose;
    dPrev[d] = top;
    dNext[d] = -1;
    if (top >= 0) dNext[top] = d;
    top = d;
  };
  const removeDelimiter = (d: number): void => {
    const prev = dPrev[d]!;
    const next = dNext[d]!;
    if (prev >= 0) dNext[prev] = next;
    if (next >= 0) dPrev[next] = prev;
    else top = prev;
  };
  const pair = (type: number, opener: number, closer: number, value: string, title?: string): void => {
    pType[pairs] = type;
    pText[pairs] = values.push(value, title) - 2;
    pClose[pairs] = closer;
    pNext[pairs] = tOpens[opener]!;
    tOpens[opener] = ++pairs;
    // The pairs a token closes are made one after another.
    tCloses[closer] ||= pairs;
  };
  // The openers bottom of each kind of closer: `*` or `_`, can it open, length mod 3; `~` by count.
  const bottoms = new Int32Array(16);
  const bottomKey = (d: number): number =>
    dChar[d] === TILDE ? 12 + dCount[d]! : (dChar[d] === 42 ? 0 : 6) + 3 * dOpen[d]! + (dLength[d]! % 3);

  /** CommonMark's "process emphasis" over the delimiters above `bottom`. */
  const processEmphasis = (bottom: number, closeOpeners = false): void => {
    bottoms.fill(-1);
    let closer = top;
    while (dPrev[closer]! > bottom) closer = dPrev[closer]!;
    while (closer > bottom) {
      if (!dClose[closer]) {
        closer = dNext[closer]!;
        continue;
      }
      const char = dChar[closer]!;
      const tilde = char === TILDE;
      const key = bottomKey(closer);
      // Delimiters are numbered in the order of the text, and a floor may have been removed since: compare numbers.
      const floor = Math.max(bottom, bottoms[key]!);
      // The loop breaks at the opener it matches: it ends above the floor only then.
      let opener = dPrev[closer]!;
      for (; opener > floor; opener = dPrev[opener]!) {
        if (dChar[opener] !== char || !dOpen[opener]) continue;
        const oddMatch = (dOpen[closer] || dClose[opener]) && dLength[closer]! % 3 !== 0 && (dLength[opener]! + dLength[closer]!) % 3 === 0;
        if (tilde ? dCount[opener] !== dCount[closer] : oddMatch) continue;
        const uses = tilde ? dCount[closer]! : dCount[closer]! >= 2 && dCount[opener]! >= 2 ? 2 : 1;
        pair(tilde ? 2 : uses - 1, dToken[opener]!, dToken[closer]!, String.fromCharCode(char).repeat(uses));
        dCount[opener]! -= uses;
        dCount[closer]! -= uses;
        // Delimiters between the two are text now.
        dNext[opener] = closer;
        dPrev[closer] = opener;
        if (!dCount[opener]) removeDelimiter(opener);
        break;
      }
      if (opener > floor) {
        if (!dCount[closer]) {
          const next = dNext[closer]!;
          removeDelimiter(closer);
          closer = next;
        }
        continue;
      }
      bottoms[key] = dPrev[closer]!;
      const next = dNext[closer]!;
      if (!dOpen[closer]) removeDelimiter(closer);
      closer = next;
    }
    if (closeOpeners && top > bottom) {
      // Streaming: each opener left is closed at the end, innermost first, as the text will likely close it.
      // The closers added share one empty token (the pairs a token closes are made one after another).
      const token = push(TEXT);
      for (let opener = top; opener > bottom; opener = dPrev[opener]!) pushDelimiter(dChar[opener]!, dCount[opener]!, dLength[opener]!, false, true, token);
      processEmphasis(bottom);
    }
    while (top > bottom) removeDelimiter(top);
  };

  // The start of the next backtick run of each length, from each run (cmark's backtick table, built backwards).
  const nextRun = new Map<number, number>();
  {
    const latest = new Map<number, number>();
    const runs = [...text.matchAll(/`+/g)];
    for (let k = runs.length - 1; k >= 0; k--) {
      const { index, 0: run } = runs[k]!;
      // A backslash escapes only the first backtick of a run; the rest still counts.
      nextRun.set(index, latest.get(run.length) ?? -1);
      latest.set(run.length, index);
    }
  }
  /** Reads `(destination "title")` from the `(` at `k`. */
  const inlineLink = (k: number): LinkTarget | undefined => {
    LINK_TAIL.lastIndex = k;
    const match = LINK_TAIL.exec(text);
    return match ? { href: unescapeText(match[1] ?? match[2] ?? ''), title: unescapeText(match[3]?.slice(1, -1) ?? ''), end: LINK_TAIL.lastIndex } : undefined;
  };
  const lastParen = text.lastIndexOf(')');
  const rawHtmlEnd = readRawHtml?.(text);
  let i = 0;
  /** Closes the innermost open bracket at the `]` at `i` as a link or image; false when it is none. */
  const closeBracket = (target: LinkTarget | undefined): boolean => {
    if (!brackets) return false;
    const b = --brackets;
    const opener = bToken[b]!;
    const image = tValue[opener] > 1;
    // An image may hold links: only a link's bracket is made inactive by the link inside it.
    if (!bActive[b] && !image) return false;
    // The link tail starts with `(`: anything else does not match it; then the text may be a reference.
    target ??= inlineLink(i + 1) ?? resolveReference?.(text, i, bStart[b]!, bAfter[b]!, references);
    // Streaming: a link whose destination or label is still being written shows its text.
    if (!target && open && (i + 1 === text.length || (text[i + 1] === '(' && lastParen < i))) target = { href: '', end: text.length };
    if (!target) return false;
    processEmphasis(bBottom[b]!);
    // The opening bracket's text goes: the link takes its place.
    tValue[opener] = 0;
    pair(image ? IMAGE : LINK, opener, push(TEXT), target.href, target.title);
    // Links never contain links. Deactivating stops at the first inactive bracket: those below it are too.
    if (!image) for (let k = b - 1; k >= 0 && bActive[k]; k--) bActive[k] = 0;
    i = target.end;
    return true;
  };
  /** The end of a match of the sticky `pattern` at `i`, or -1. */
  const matchEnd = (pattern: RegExp): number => {
    pattern.lastIndex = i;
    return pattern.test(text) ? pattern.lastIndex : -1;
  };

  let entity: [string, number] | undefined;
  let end: number;
  let url: string | undefined;
  let start: number;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\') {
      const next = text[i + 1] ?? '';
      if (next === '\n') {
        push(BREAK);
        i += 2;
      } else if (ESCAPABLE.test(next)) {
        plain += next;
        i += 2;
      } else {
        plain += char;
        i++;
      }
    } else if (char === '\n') {
      // Two or more spaces before a line end make a hard break; otherwise the break is soft. The line's text
      // is handed over at its end, so this looks at one line only (a regular expression anchored at the end
      // would try every space of it).
      let end = plain.length;
      while (plain[end - 1] === ' ') end--;
      const hard = plain.length - end > 1;
      plain = plain.slice(0, end) + (hard ? '' : '\n');
      push(hard ? BREAK : TEXT);
      // The block parser has taken the next line's leading spaces off already.
      i++;
    } else if (char === '`') {
      let length = 1;
      while (text[i + length] === '`') length++;
      const close = nextRun.get(i) ?? -1;
      if (close >= 0 || open) {
        let code = text.slice(i + length, close >= 0 ? close : text.length).replace(/\n/g, ' ');
        if (/^ (?=.*[^ ]).* $/.test(code)) code = code.slice(1, -1);
        push(CODE, code);
        i = close >= 0 ? close + length : text.length;
      } else {
        plain += '`'.repeat(length);
        i += length;
      }
    } else if (char === '*' || char === '_' || char === '~') {
      let length = 1;
      while (text[i + length] === char) length++;
      const before = text[i - 1] ?? ' ';
      const after = text[i + length] ?? ' ';
      const spaceAfter = SPACE.test(after);
      const spaceBefore = SPACE.test(before);
      const punctAfter = PUNCTUATION.test(after);
      const punctBefore = PUNCTUATION.test(before);
      const left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore);
      const right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter);
      if (char !== '~' || length < 3) {
        const underscore = char === '_';
        pushDelimiter(char.charCodeAt(0), length, length, underscore ? left && (!right || punctBefore) : left, underscore ? right && (!left || punctAfter) : right);
      } else push(TEXT, char.repeat(length));
      i += length;
    } else if (char === '[' || (char === '!' && text[i + 1] === '[')) {
      const image = char === '!';
      i += image ? 2 : 1;
      tValue[(bToken[brackets] = push(TEXT))] = image ? 2 : 1;
      if (brackets) bAfter[brackets - 1] = 1;
      bActive[brackets] = 1;
      bAfter[brackets] = 0;
      bStart[brackets] = i;
      bBottom[brackets++] = top;
    } else if (char === ']') {
      if (!closeBracket(undefined)) {
        plain += ']';
        i++;
      }
    } else if (char === '&' && (entity = entityAt(text, i))) {
      plain += entity[0];
      i += entity[1];
    } else if (char === '<' && (end = matchEnd(AUTOLINK)) > 0) {
      push(ANGLE_LINK, text.slice(i + 1, end - 1));
      i = end;
    } else if (/^(?:[^a-z]h|[\s*_~(]w)/i.test((text[i - 1] ?? ' ') + char) && matchEnd(URL_START) > 0 && (end = matchEnd(BARE_URL)) > 0 && (url = bareUrl(text.slice(i, end)))) {
      // The start is checked first: a run that is no literal is never scanned (each `http://)` would read to the next space).
      push(BARE_LINK, url);
      i += url.length;
    } else if (char === '@' && (start = localPartStart(text, i, plain.length)) < i && (end = matchEnd(EMAIL_DOMAIN)) > 0 && /[a-z]/i.test(text[end - 1]!)) {
      // A GFM e-mail literal: its local part ends the plain text before it, as written (no escape in it).
      plain = plain.slice(0, plain.length - i + start);
      push(ANGLE_LINK, text.slice(start, (i = end)));
    } else {
      // The character, or the raw HTML it starts (shown as written: nothing inside it is read as Markdown),
      // and the run after it of characters that start nothing.
      plain += text.slice(i, (i = (char === '<' && rawHtmlEnd?.(i)) || i + 1)) + text.slice(i, (i = matchEnd(PLAIN)));
    }
  }
  push(TEXT);
  if (open && brackets) closeBracket({ href: '', end: text.length });
  processEmphasis(-1, open);
  // The tree, in one pass with a stack. A pair deeper than MAX_INLINE_DEPTH is drawn as its delimiters
  // (emphasis) or its text only (links), as is a link inside a link (an autolink or bare URL in link text
  // too): no link is ever drawn inside another.
  const stack: Inline[][] = [[]];
  let nodes = stack[0]!;
  let run = '';
  let links = 0;
  const node = (value: Inline): void => {
    if (run) nodes.push(run);
    run = '';
    nodes.push(value);
  };
  for (let t = 0; t < tokens; t++) {
    for (let p = tCloses[t]! - 1; p >= 0 && p < pairs && pClose[p] === t; p++) {
      const type = pType[p]!;
      if (type === LINK) links--;
      if (flat[p]) {
        if (type < LINK) run += values[pText[p]!];
        continue;
      }
      if (run) nodes.push(run);
      run = '';
      const children = stack.pop()!;
      nodes = stack.at(-1)!;
      nodes.push(
        type < LINK
          ? { type: PAIR_TYPES[type] as 'em', children }
          : // An image is drawn as a link to its source, its description as the text.
            { type: 'link', href: values[pText[p]!]!, title: values[pText[p]! + 1], children: type === IMAGE ? [inlineText(children)] : children },
      );
    }
    const kind = tKind[t]!;
    const value = values[tValue[t]!]!;
    if (kind < 0) run += String.fromCharCode(dChar[-1 - kind]!).repeat(dCount[-1 - kind]!);
    else if (kind === CODE) node({ type: 'code', text: value });
    else if (kind === BREAK) node({ type: 'break' });
    else if (kind === TEXT || links) run += value;
    else node({ type: 'link', href: kind === BARE_LINK ? (/^w/i.test(value) ? `http://${value}` : value) : value.includes(':') ? value : `mailto:${value}`, children: [value] });
    // The pairs a token opens, outermost first.
    for (let p = tOpens[t]! - 1; p >= 0; p = pNext[p]! - 1) {
      const type = pType[p]!;
      if ((flat[p] = +(stack.length > MAX_INLINE_DEPTH || (type >= LINK && links > 0)))) {
        if (type < LINK) run += values[pText[p]!];
      } else {
        if (run) nodes.push(run);
        run = '';
        stack.push((nodes = []));
      }
      if (type === LINK) links++;
    }
  }
  if (run) nodes.push(run);
  return stack[0]!;
}

/**
 * A GFM autolink literal (`www.` or `http(s)://`, then a domain, as URL_START checked) without trailing
 * punctuation and unbalanced closing parentheses, in one pass.
 */
function bareUrl(match: string): string {
  let balance = 0;
  for (const char of match) balance += char === '(' ? 1 : char === ')' ? -1 : 0;
  let end = match.length;
  for (let char; (char = match[end - 1]); end--) {
    if (char === ')' && balance < 0) balance++;
    else if (!`?!.,:*_~'"`.includes(char)) break;
  }
  // Its start (URL_START, checked before) holds no trailing punctuation, so it stays.
  return match.slice(0, end);
}

/**
 * Where the local part of a GFM e-mail literal before the `@` at `at` starts (`at` when there is none): the
 * letters, digits and `.+-_` before it, at most the `plain` characters that end the current text run. Those are
 * the text as written (an escape or entity would have stopped the scan; one just before the local part, as
 * in `foo\+@b.c`, means there is no literal), and each is scanned for one `@` at most (`@` is not one of
 * them). The text is read, not the run, whose reading would flatten it on every `@`.
 */
function localPartStart(text: string, at: number, plain: number): number {
  let start = at;
  while (start > at - plain && /[\w.+-]/.test(text[start - 1] ?? '')) start--;
  return text[start - 1] === '/' || text[start - 1] === '\\' ? at : start;
}
