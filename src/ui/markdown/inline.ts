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

/** A node in the doubly linked list of the text being read (`depth`: of its nesting, for the cap). */
interface Cell {
  value: Inline;
  depth: number;
  /** Position in the list (increasing from the start). */
  order: number;
  prev?: Cell;
  next?: Cell;
}

/** A run of `*`, `_` or `~` that may open or close emphasis. */
interface Delimiter {
  cell: Cell;
  char: string;
  count: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
  prev?: Delimiter;
  next?: Delimiter;
}

/** A `[` or `![` that may open a link or image. */
interface Bracket {
  cell: Cell;
  image: boolean;
  active: boolean;
  /** The delimiter on top of the stack when the bracket was read. */
  delimiters?: Delimiter;
  prev?: Bracket;
}

/** The nodes from `first` to `last` (inclusive) as an array, adjacent text merged. */
function collect(first: Cell | undefined, last: Cell | undefined): { nodes: Inline[]; depth: number } {
  const nodes: Inline[] = [];
  let text: string[] = [];
  let depth = 0;
  for (let cell = first; cell; cell = cell === last ? undefined : cell.next) {
    if (typeof cell.value === 'string') text.push(cell.value);
    else {
      if (text.join('')) nodes.push(text.join(''));
      text = [];
      nodes.push(cell.value);
    }
    depth = Math.max(depth, cell.depth);
  }
  if (text.join('')) nodes.push(text.join(''));
  return { nodes, depth };
}

/** The nodes with every link in them replaced by its text, so that no link is drawn inside another. */
function unlink(nodes: readonly Inline[]): Inline[] {
  return nodes.flatMap((node) =>
    typeof node === 'string' || !('children' in node) ? [node] : node.type === 'link' ? unlink(node.children) : [{ ...node, children: unlink(node.children) }],
  );
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

/**
 * Parses inline Markdown into nodes, in time linear in the length of the text: code spans are matched with
 * a table of backtick runs (as cmark does), emphasis with CommonMark's delimiter stack and its "openers
 * bottom" memory, links with a bracket stack; searches for a closing title quote that failed are not
 * repeated. Emphasis and links nest at most MAX_INLINE_DEPTH deep.
 */
export function parseInline(text: string, options: InlineOptions = {}): Inline[] {
  const { open } = options;
  const head: Cell = { value: '', depth: 0, order: 0 };
  let tail = head;
  let delimiters: Delimiter | undefined;
  let brackets: Bracket | undefined;
  let plain = '';
  const add = (value: Inline, depth = 0): Cell => {
    if (plain) {
      const text = plain;
      plain = '';
      add(text);
    }
    const cell: Cell = { value, depth, order: tail.order + 1, prev: tail };
    tail.next = cell;
    return (tail = cell);
  };
  const removeDelimiter = (delimiter: Delimiter): void => {
    if (delimiter.prev) delimiter.prev.next = delimiter.next;
    if (delimiter.next) delimiter.next.prev = delimiter.prev;
    else delimiters = delimiter.prev;
  };
  /**
   * Nothing that starts at or before this position is wrapped any more: a wrap around it was too deep. This
   * keeps the work linear (no walk over the same cells is repeated), at the price of some emphasis in text
   * already nested beyond the cap.
   */
  let tooDeep = -1;
  /** Wraps the cells strictly between `from` and `to` into one new cell after `from`, unless it nests too deep. */
  const wrap = (from: Cell, to: Cell | undefined, make: (children: Inline[]) => Inline): Cell | undefined => {
    if (from.order <= tooDeep) return undefined;
    const { nodes, depth } = from.next === to ? { nodes: [], depth: 0 } : collect(from.next, to?.prev);
    if (depth >= MAX_INLINE_DEPTH) {
      tooDeep = to?.order ?? Infinity;
      return undefined;
    }
    const cell: Cell = { value: make(nodes), depth: depth + 1, order: from.order, prev: from, next: to };
    from.next = cell;
    if (to) to.prev = cell;
    else tail = cell;
    return cell;
  };

  /** CommonMark's "process emphasis" over the delimiters above `bottom`. */
  const processEmphasis = (bottom: Delimiter | undefined, closeOpeners = false): void => {
    const openersBottom = new Map<string, Delimiter | undefined>();
    let closer = delimiters;
    while (closer && closer.prev !== bottom) closer = closer.prev;
    while (closer) {
      if (!closer.canClose) {
        closer = closer.next;
        continue;
      }
      const tilde = closer.char === '~';
      const key = tilde ? `~${closer.count}` : `${closer.char}${closer.canOpen}${closer.length % 3}`;
      const floor = openersBottom.has(key) ? openersBottom.get(key) : bottom;
      let opener = closer.prev;
      let wrapped: Cell | undefined;
      for (; opener && opener !== bottom && opener !== floor; opener = opener.prev) {
        const oddMatch = (closer.canOpen || opener.canClose) && closer.length % 3 !== 0 && (opener.length + closer.length) % 3 === 0;
        if (opener.char !== closer.char || !opener.canOpen) continue;
        if (tilde ? opener.count !== closer.count : oddMatch) continue;
        const uses = tilde ? closer.count : closer.count >= 2 && opener.count >= 2 ? 2 : 1;
        const type = tilde ? 'del' : uses === 2 ? 'strong' : 'em';
        wrapped = wrap(opener.cell, closer.cell, (children) => ({ type, children }));
        if (!wrapped) break;
        opener.count -= uses;
        closer.count -= uses;
        opener.cell.value = (opener.cell.value as string).slice(uses);
        closer.cell.value = (closer.cell.value as string).slice(uses);
        // Delimiters between the two are text now.
        opener.next = closer;
        closer.prev = opener;
        if (!opener.count) removeDelimiter(opener);
        break;
      }
      if (wrapped) {
        if (!closer.count) {
          const next = closer.next;
          removeDelimiter(closer);
          closer = next;
        }
        continue;
      }
      openersBottom.set(key, closer.prev);
      const next = closer.next;
      if (!closer.canOpen) removeDelimiter(closer);
      closer = next;
    }
    if (closeOpeners && delimiters !== bottom) {
      // Streaming: each opener left is closed at the end, innermost first, as the text will likely close it.
      const closers: Cell[] = [];
      for (let opener = delimiters; opener && opener !== bottom; opener = opener.prev) {
        const cell = add(opener.char.repeat(opener.count));
        closers.push(cell);
        (delimiters = { ...opener, cell, canOpen: false, canClose: true, prev: delimiters, next: undefined }).prev!.next = delimiters;
      }
      processEmphasis(bottom);
      for (const cell of closers) cell.value = '';
    }
    while (delimiters && delimiters !== bottom) removeDelimiter(delimiters);
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
  const inlineLink = (k: number): { href: string; title: string; end: number } | undefined => {
    LINK_TAIL.lastIndex = k;
    const match = LINK_TAIL.exec(text);
    return match ? { href: unescapeText(match[1] ?? match[2] ?? ''), title: unescapeText(match[3]?.slice(1, -1) ?? ''), end: LINK_TAIL.lastIndex } : undefined;
  };
  const lastParen = text.lastIndexOf(')');
  let i = 0;
  /** Closes the innermost open bracket at the `]` at `i` as a link or image; false when it is none. */
  const closeBracket = (target: { href: string; title?: string; end: number } | undefined): boolean => {
    const opener = brackets;
    if (!opener) return false;
    brackets = opener.prev;
    if (!opener.active) return false;
    target ??= text[i + 1] === '(' ? inlineLink(i + 1) : undefined;
    // Streaming: a link whose destination or label is still being written shows its text.
    if (!target && open && (i + 1 === text.length || (text[i + 1] === '(' && lastParen < i))) target = { href: '', end: text.length };
    if (!target) return false;
    add('');
    processEmphasis(opener.delimiters);
    const { href, title } = target;
    const cell = wrap(opener.cell, undefined, (children) => ({
      type: 'link',
      href,
      title,
      // An image is drawn as a link to its source, its description as the text; links never contain links.
      children: opener.image ? [inlineText(children)] : unlink(children),
    }));
    if (!cell) return false;
    // The opening bracket's own cell goes: the link takes its place.
    opener.cell.prev!.next = cell;
    cell.prev = opener.cell.prev;
    // Links never contain links. Deactivating stops at the first inactive bracket: those below it are too.
    if (!opener.image) for (let b = brackets; b?.active || b?.image; b = b.prev) b.active = false;
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
        add({ type: 'break' });
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
      if (hard) add({ type: 'break' });
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
        add({ type: 'code', text: code });
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
      const cell = add(char.repeat(length));
      if (char !== '~' || length < 3) {
        const delimiter: Delimiter = {
          cell,
          char,
          count: length,
          length,
          canOpen: char === '_' ? left && (!right || punctBefore) : left,
          canClose: char === '_' ? right && (!left || punctAfter) : right,
          prev: delimiters,
        };
        if (delimiters) delimiters.next = delimiter;
        delimiters = delimiter;
      }
      i += length;
    } else if (char === '[' || (char === '!' && text[i + 1] === '[')) {
      const image = char === '!';
      i += image ? 2 : 1;
      brackets = { cell: add(image ? '![' : '['), image, active: true, delimiters, prev: brackets };
    } else if (char === ']') {
      if (!closeBracket(undefined)) {
        plain += ']';
        i++;
      }
    } else if (char === '&' && (entity = entityAt(text, i))) {
      plain += entity[0];
      i += entity[1];
    } else if (char === '<' && (end = matchEnd(AUTOLINK)) > 0) {
      const target = text.slice(i + 1, end - 1);
      add({ type: 'link', href: target.includes(':') ? target : `mailto:${target}`, children: [target] });
      i = end;
    } else if (/[hw]/i.test(char) && /^[\s*_~(]?$/.test(text[i - 1] ?? '') && (end = matchEnd(BARE_URL)) > 0 && (url = bareUrl(text.slice(i, end)))) {
      add({ type: 'link', href: /^w/i.test(url) ? `http://${url}` : url, children: [url] });
      i += url.length;
    } else {
      plain += char;
      i++;
    }
  }
  add('');
  if (open && brackets) closeBracket({ href: '', end: text.length });
  processEmphasis(undefined, open);
  return collect(head.next, undefined).nodes;
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
