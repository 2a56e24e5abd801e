// Inline Markdown for answers, read as CommonMark reads it: code spans, emphasis and strong emphasis (the
// delimiter-stack algorithm), links and images (a bracket stack), autolinks, GFM strikethrough and bare
// URLs, entity references, backslash escapes, hard and soft line breaks. Raw HTML is not a thing here:
// `<b>` stays the text "<b>". Linear in the length of the text, no recursion while reading. Pure.

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

const PUNCTUATION = /[\p{P}\p{S}]/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;
const AUTOLINK = /<([a-z][a-z\d+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[a-z\d-]+(?:\.[a-z\d-]+)*)>/iy;
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<]*/iy;
/** Part of a raw link destination: no space, no parenthesis unless escaped. */
const DESTINATION_PART = String.raw`[^\0- \\()]|\\.`;
/** A raw destination, parentheses nested two deep. */
const RAW_DESTINATION = `(?!<)(?:${DESTINATION_PART}|\\((?:${DESTINATION_PART}|\\((?:${DESTINATION_PART})*\\))*\\))+`;
/**
 * `(destination "title")`. No two runs of spaces are adjacent, so a failed match backtracks linearly, and
 * a title ends at the next quote of its kind, so a search that reaches the end of the text cannot repeat.
 */
const LINK_TAIL = new RegExp(
  String.raw`\([ \t\n]*(?:(?:<((?:[^\n\\<>]|\\.)*)>|(${RAW_DESTINATION}))(?:[ \t\n]+("(?:[^\\"]|\\.)*"|'(?:[^\\']|\\.)*'|\((?:[^\\()]|\\.)*\))[ \t\n]*|[ \t\n]*))?\)`,
  'y',
);
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
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const entity = char === '&' && entityAt(text, i);
    if (entity) {
      out += entity[0];
      i += entity[1] - 1;
    } else if (char === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) out += text[++i];
    else out += char;
  }
  return out;
}

/** Options of the inline parser. */
export interface InlineOptions {
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
// a closing one); the tree is built from them once, at the end. Everything lives in arrays of numbers and
// strings rather than in one object per delimiter, which keeps the garbage collector's work, and so the
// time, linear in the length of the text. Kinds of tokens (a delimiter's kind is -1 - its index):
const TEXT = 0;
const CODE = 1;
const BREAK = 2;
const ANGLE_LINK = 3;
const BARE_LINK = 4;

const PAIR_TYPES = ['em', 'strong', 'del'] as const;
const LINK = 3;
const IMAGE = 4;

/**
 * Parses inline Markdown into nodes, in time linear in the length of the text: code spans are matched with
 * a table of backtick runs (as cmark does), emphasis with CommonMark's delimiter stack and its "openers
 * bottom" memory, links with a bracket stack. Emphasis and links nest at most MAX_INLINE_DEPTH deep: deeper
 * emphasis stays text, a deeper link only its text.
 */
export function parseInline(text: string, options: InlineOptions = {}): Inline[] {
  const { open } = options;
  // Tokens: kind, text, and the pairs each one closes (~pair) and opens (pair), in the order they were found.
  const kinds: number[] = [];
  const texts: string[] = [];
  const tags: number[][] = [];
  // Delimiters (runs of `*`, `_`, `~`), a doubly linked stack: -1 is none.
  const dToken: number[] = [];
  const dChar: string[] = [];
  const dCount: number[] = [];
  const dLength: number[] = [];
  const dOpen: boolean[] = [];
  const dClose: boolean[] = [];
  const dPrev: number[] = [];
  const dNext: number[] = [];
  let top = -1;
  // Brackets (`[` and `![`, told apart by their token's text), a stack.
  const bToken: number[] = [];
  const bActive: boolean[] = [];
  const bBottom: number[] = [];
  // Pairs: type (index in PAIR_TYPES), the delimiter text or the link's href, its title.
  const pType: number[] = [];
  const pText: string[] = [];
  const pTitle: (string | undefined)[] = [];
  let plain = '';

  const push = (kind: number, value: string): number => {
    if (plain) {
      const run = plain;
      plain = '';
      push(TEXT, run);
    }
    texts.push(value);
    return kinds.push(kind) - 1;
  };
  const pushDelimiter = (char: string, count: number, length: number, canOpen: boolean, canClose: boolean): void => {
    const d = dToken.length;
    dToken.push(push(-1 - d, ''));
    dChar.push(char);
    dCount.push(count);
    dLength.push(length);
    dOpen.push(canOpen);
    dClose.push(canClose);
    dPrev.push(top);
    dNext.push(-1);
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
    const p = pType.push(type) - 1;
    pText.push(value);
    pTitle.push(title);
    (tags[opener] ??= []).push(p);
    (tags[closer] ??= []).push(~p);
  };
  // The openers bottom of each kind of closer: `*` or `_`, can it open, length mod 3; `~` by count.
  const bottoms: number[] = [];
  const bottomKey = (d: number): number =>
    dChar[d] === '~' ? 12 + dCount[d]! : (dChar[d] === '*' ? 0 : 6) + (dOpen[d] ? 3 : 0) + (dLength[d]! % 3);

  /** CommonMark's "process emphasis" over the delimiters above `bottom`. */
  const processEmphasis = (bottom: number, closeOpeners = false): void => {
    bottoms.fill(-2, 0, 16);
    let closer = top;
    while (closer >= 0 && dPrev[closer] !== bottom) closer = dPrev[closer]!;
    while (closer >= 0) {
      if (!dClose[closer]) {
        closer = dNext[closer]!;
        continue;
      }
      const char = dChar[closer]!;
      const tilde = char === '~';
      const key = bottomKey(closer);
      const floor = bottoms[key]! === -2 ? bottom : bottoms[key]!;
      let matched = false;
      for (let opener = dPrev[closer]!; opener >= 0 && opener !== bottom && opener !== floor; opener = dPrev[opener]!) {
        if (dChar[opener] !== char || !dOpen[opener]) continue;
        const oddMatch = (dOpen[closer] || dClose[opener]) && dLength[closer]! % 3 !== 0 && (dLength[opener]! + dLength[closer]!) % 3 === 0;
        if (tilde ? dCount[opener] !== dCount[closer] : oddMatch) continue;
        const uses = tilde ? dCount[closer]! : dCount[closer]! >= 2 && dCount[opener]! >= 2 ? 2 : 1;
        pair(tilde ? 2 : uses - 1, dToken[opener]!, dToken[closer]!, char.repeat(uses));
        dCount[opener]! -= uses;
        dCount[closer]! -= uses;
        // Delimiters between the two are text now.
        dNext[opener] = closer;
        dPrev[closer] = opener;
        if (!dCount[opener]) removeDelimiter(opener);
        matched = true;
        break;
      }
      if (matched) {
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
    if (closeOpeners && top !== bottom) {
      // Streaming: each opener left is closed at the end, innermost first, as the text will likely close it.
      const first = dToken.length;
      for (let opener = top; opener >= 0 && opener !== bottom; opener = dPrev[opener]!) pushDelimiter(dChar[opener]!, dCount[opener]!, dLength[opener]!, false, true);
      processEmphasis(bottom);
      // The closers added here are drawn as nothing.
      dCount.fill(0, first);
    }
    while (top >= 0 && top !== bottom) removeDelimiter(top);
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
  const inlineLink = (k: number): { href: string; title?: string; end: number } | undefined => {
    LINK_TAIL.lastIndex = k;
    const match = LINK_TAIL.exec(text);
    return match ? { href: unescapeText(match[1] ?? match[2] ?? ''), title: unescapeText(match[3]?.slice(1, -1) ?? ''), end: LINK_TAIL.lastIndex } : undefined;
  };
  const lastParen = text.lastIndexOf(')');
  let i = 0;
  /** Closes the innermost open bracket at the `]` at `i` as a link or image; false when it is none. */
  const closeBracket = (target: { href: string; title?: string; end: number } | undefined): boolean => {
    const b = bToken.length - 1;
    if (b < 0) return false;
    const opener = bToken.pop()!;
    const image = texts[opener] !== '[';
    const active = bActive.pop()!;
    const bottom = bBottom.pop()!;
    if (!active) return false;
    target ??= text[i + 1] === '(' ? inlineLink(i + 1) : undefined;
    // Streaming: a link whose destination or label is still being written shows its text.
    if (!target && open && (i + 1 === text.length || (text[i + 1] === '(' && lastParen < i))) target = { href: '', end: text.length };
    if (!target) return false;
    processEmphasis(bottom);
    // The opening bracket's text goes: the link takes its place.
    texts[opener] = '';
    pair(image ? IMAGE : LINK, opener, push(TEXT, ''), target.href, target.title);
    // Links never contain links. Deactivating stops at the first inactive bracket: those below it are too.
    if (!image) for (let k = b - 1; k >= 0 && (bActive[k] || texts[bToken[k]!] !== '['); k--) bActive[k] = false;
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
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\') {
      const next = text[i + 1] ?? '';
      if (next === '\n') {
        push(BREAK, '');
        i += 2;
      } else if (ESCAPABLE.test(next)) {
        plain += next;
        i += 2;
      } else {
        plain += char;
        i++;
      }
    } else if (char === '\n') {
      // Two or more spaces before a line end make a hard break; otherwise the break is soft.
      const hard = plain.endsWith('  ');
      plain = plain.replace(/ +$/, '');
      if (hard) push(BREAK, '');
      else plain += '\n';
      // The block parser has taken the next line's leading spaces off already.
      i++;
    } else if (char === '`') {
      let length = 1;
      while (text[i + length] === '`') length++;
      const close = nextRun.get(i) ?? -1;
      if (close >= 0 || open) {
        let code = text.slice(i + length, close >= 0 ? close : text.length).replace(/\n/g, ' ');
        if (/^ .*[^ ].* $/s.test(code)) code = code.slice(1, -1);
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
        pushDelimiter(char, length, length, underscore ? left && (!right || punctBefore) : left, underscore ? right && (!left || punctAfter) : right);
      } else push(TEXT, char.repeat(length));
      i += length;
    } else if (char === '[' || (char === '!' && text[i + 1] === '[')) {
      const image = char === '!';
      i += image ? 2 : 1;
      bToken.push(push(TEXT, image ? '![' : '['));
      bActive.push(true);
      bBottom.push(top);
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
    } else if (/[hw]/i.test(char) && /^[\s*_~(]?$/.test(text[i - 1] ?? '') && (end = matchEnd(BARE_URL)) > 0 && (url = bareUrl(text.slice(i, end)))) {
      push(BARE_LINK, url);
      i += url.length;
    } else {
      plain += char;
      i++;
    }
  }
  push(TEXT, '');
  if (open && bToken.length) closeBracket({ href: '', end: text.length });
  processEmphasis(-1, open);
  // The tree, in one pass with a stack. A pair deeper than MAX_INLINE_DEPTH is drawn as its delimiters
  // (emphasis) or its text only (links), as is a link inside a link (an autolink or bare URL in link text
  // too): no link is ever drawn inside another.
  const flat: boolean[] = [];
  const stack: Inline[][] = [[]];
  let nodes = stack[0]!;
  let run = '';
  let links = 0;
  const node = (value: Inline): void => {
    if (run) nodes.push(run);
    run = '';
    nodes.push(value);
  };
  for (let t = 0; t < kinds.length; t++) {
    const pairs = tags[t] ?? [];
    for (const tag of pairs) {
      if (tag >= 0) continue;
      const p = ~tag;
      const type = pType[p]!;
      if (type === LINK) links--;
      if (flat[p]) {
        if (type < LINK) run += pText[p];
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
            { type: 'link', href: pText[p]!, title: pTitle[p], children: type === IMAGE ? [inlineText(children)] : children },
      );
    }
    const kind = kinds[t]!;
    const value = texts[t]!;
    if (kind < 0) run += dChar[-1 - kind]!.repeat(dCount[-1 - kind]!);
    else if (kind === CODE) node({ type: 'code', text: value });
    else if (kind === BREAK) node({ type: 'break' });
    else if (kind === TEXT || links) run += value;
    else node({ type: 'link', href: kind === BARE_LINK ? (/^w/i.test(value) ? `http://${value}` : value) : value.includes(':') ? value : `mailto:${value}`, children: [value] });
    for (let k = pairs.length - 1; k >= 0; k--) {
      const p = pairs[k]!;
      if (p < 0) continue;
      const type = pType[p]!;
      if ((flat[p] = stack.length > MAX_INLINE_DEPTH || (type >= LINK && links > 0))) {
        if (type < LINK) run += pText[p];
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
 * A GFM autolink literal (`www.` or `http(s)://`, then a domain) without trailing punctuation and
 * unbalanced closing parentheses, in one pass; undefined when it is none.
 */
function bareUrl(match: string): string | undefined {
  let balance = 0;
  for (const char of match) balance += char === '(' ? 1 : char === ')' ? -1 : 0;
  let end = match.length;
  for (let char; (char = match[end - 1]); end--) {
    if (char === ')' && balance < 0) balance++;
    else if (!`?!.,:*_~'"`.includes(char)) break;
  }
  const url = match.slice(0, end);
  return /^(?:https?:\/\/[\p{L}\p{N}]|www\.[\p{L}\p{N}-])/iu.test(url) ? url : undefined;
}
