// Inline Markdown for answers: emphasis, strong, strikethrough, code spans, links, autolinks, bare URLs,
// backslash escapes and line breaks. Raw HTML is not a thing here: `<b>` stays the text "<b>". Pure.

/** One inline node: plain text or a formatted run. */
export type Inline =
  | string
  | { type: 'em' | 'strong' | 'del'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string | null; title: string; children: Inline[] }
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

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const BARE_URL = /https?:\/\/[^\s<]+/iy;
const AUTOLINK = /<([a-z][a-z\d+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[a-z\d-]+(?:\.[a-z\d-]+)+)>/iy;

/**
 * Emphasis and links nest at most this deep (as cmark caps its nesting); deeper markers stay text. Every
 * level reads its text once, so this also bounds the work at this many passes over the answer.
 */
export const MAX_INLINE_DEPTH = 32;

function runLength(text: string, i: number, char: string): number {
  let j = i;
  while (text[j] === char) j++;
  return j - i;
}

/** A bare URL without trailing punctuation and unbalanced closing parentheses (GFM), in one pass. */
function trimBareUrl(url: string): string {
  let balance = 0;
  for (const char of url) balance += char === '(' ? 1 : char === ')' ? -1 : 0;
  let end = url.length;
  for (let char; (char = url[end - 1]); end--) {
    if (char === ')' && balance < 0) balance++;
    else if (!`?!.,:;*_~'"`.includes(char)) break;
  }
  return url.slice(0, end);
}

/**
 * Reads the `(destination)` of a link from the `(` at `open`: the destination and the index after the `)`.
 * The destination may nest parentheses 32 deep (as in cmark), which keeps every search short. A title is
 * skipped (not shown); `<…>` destinations are not read (the link then stays text).
 */
function linkTail(text: string, open: number): { href: string; end: number } | undefined {
  let i = open + 1;
  while (text[i] === ' ' || text[i] === '\n') i++;
  let depth = 0;
  const from = i;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') i++;
    else if (char === ' ' || char === '\n' || (char === ')' && !depth--)) break;
    else if (char === '(' && ++depth > 32) return undefined;
  }
  const href = text.slice(from, i);
  const afterHref = i;
  while (text[i] === ' ' || text[i] === '\n') i++;
  // A title is read past, not shown.
  const quote = text[i];
  if (i > afterHref && (quote === '"' || quote === "'")) {
    i = text.indexOf(quote, i + 1);
    if (i < 0) return undefined;
    while (text[++i] === ' ' || text[i] === '\n');
  }
  return text[i] === ')' ? { href: unescape(href), end: i + 1 } : undefined;
}

const unescape = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** Options of the inline parser. */
export interface InlineOptions {
  /**
   * The text is still being written: an emphasis or link with no closer yet is shown as if closed at the
   * end, so streaming text does not flash raw asterisks and brackets.
   */
  open?: boolean;
}

/**
 * Parses inline Markdown into nodes, in time linear in the length of the text: code spans and brackets are
 * matched once up front (cmark's backtick table and a bracket stack), a search for a closing emphasis run
 * that found none is not repeated, and nesting is capped at MAX_INLINE_DEPTH. Links never contain links.
 * `depth` and `inLink` are for the parser's own calls on nested text.
 */
export function parseInline(text: string, options: InlineOptions = {}, depth = 0, inLink = false): Inline[] {
  const nested = depth < MAX_INLINE_DEPTH;
  /** The start of the closing run of each backtick run (by the run's start), -1 when it has none. */
  const codeCloses = new Map<number, number>();
  /** The `]` matching each `[` (by index), code spans and escapes skipped. */
  const brackets = new Map<number, number>();
  {
    const lastOfLength = new Map<number, number>();
    const runs = [...text.matchAll(/`+/g)];
    for (let k = runs.length - 1; k >= 0; k--) {
      const length = runs[k]![0].length;
      codeCloses.set(runs[k]!.index, lastOfLength.get(length) ?? -1);
      lastOfLength.set(length, runs[k]!.index);
    }
    const opens: number[] = [];
    for (let k = 0; k < text.length; k++) {
      const char = text[k];
      if (char === '\\') k++;
      else if (char === '`') k = codeEnd(k) - 1;
      else if (char === '[') opens.push(k);
      else if (char === ']' && opens.length) brackets.set(opens.pop()!, k);
    }
  }
  /** The index just past the code span starting at `i`, or past its backtick run when it is not closed. */
  function codeEnd(i: number): number {
    const length = runLength(text, i, '`');
    const close = codeCloses.get(i) ?? -1;
    return close < 0 ? i + length : close + length;
  }
  /** Kinds of closing runs already searched for in vain: a later search would not find one either. */
  const noCloser = new Set<string>();
  /** Finds a closing emphasis run of `length` (exactly, or at least 2 for strong) after `from`. */
  function closingRun(from: number, char: string, length: number): number {
    if (!noCloser.has(char + length)) {
      for (let i = from; i < text.length; i++) {
        if (text[i] === '\\') {
          i++;
          continue;
        }
        if (text[i] === '`') {
          i = codeEnd(i) - 1;
          continue;
        }
        if (text[i] !== char) continue;
        const run = runLength(text, i, char);
        const before = text[i - 1] ?? ' ';
        const after = text[i + run] ?? ' ';
        const rightFlanking = !SPACE.test(before);
        const wordAfter = char === '_' && WORD.test(after);
        // A longer closing run closes with its last characters, so `**b *c***` nests the emphasis inside.
        if (rightFlanking && !wordAfter && (run === length || (length > 1 && run > length))) return i + run - length;
        i += run - 1;
      }
      noCloser.add(char + length);
    }
    return -1;
  }
  const nodes: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = '';
  };
  const push = (node: Inline) => {
    flush();
    nodes.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (char === '\n') {
      push({ type: 'break' });
      i++;
      continue;
    }
    if (char === '`') {
      const length = runLength(text, i, '`');
      const close = codeCloses.get(i) ?? -1;
      if (close >= 0 || options.open) {
        let code = text.slice(i + length, close >= 0 ? close : text.length).replace(/\n/g, ' ');
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim()) code = code.slice(1, -1);
        push({ type: 'code', text: code });
        i = close >= 0 ? close + length : text.length;
        continue;
      }
      plain += '`'.repeat(length);
      i += length;
      continue;
    }
    if (char === '*' || char === '_' || char === '~') {
      const run = runLength(text, i, char);
      const after = text[i + run] ?? ' ';
      const before = text[i - 1] ?? ' ';
      const leftFlanking = !SPACE.test(after);
      const intraword = char === '_' && WORD.test(before);
      const usable = char === '~' ? run === 2 : run <= 3;
      if (nested && leftFlanking && !intraword && usable) {
        const length = char === '~' ? 2 : run;
        const close = closingRun(i + length, char, length);
        if (close >= 0 || (options.open && i + length < text.length)) {
          const end = close >= 0 ? close : text.length;
          const inner = parseInline(text.slice(i + length, end), options, depth + 1, inLink);
          const node: Inline =
            char === '~'
              ? { type: 'del', children: inner }
              : length === 1
                ? { type: 'em', children: inner }
                : length === 2
                  ? { type: 'strong', children: inner }
                  : { type: 'strong', children: [{ type: 'em', children: inner }] };
          push(node);
          i = close >= 0 ? close + length : text.length;
          continue;
        }
      }
      plain += char.repeat(run);
      i += run;
      continue;
    }
    if (char === '[') {
      const close = brackets.get(i) ?? -2;
      // Inside link text, brackets stay text: links never nest.
      if (nested && !inLink && text[close + 1] === '(') {
        const tail = linkTail(text, close + 1);
        if (tail || (options.open && text.lastIndexOf(')') < close)) {
          push({
            type: 'link',
            href: tail ? safeHref(tail.href) : null,
            title: '',
            children: parseInline(text.slice(i + 1, close), tail ? {} : options, depth + 1, true),
          });
          i = tail?.end ?? text.length;
          continue;
        }
      }
    }
    if (char === '<' && !inLink) {
      AUTOLINK.lastIndex = i;
      const match = AUTOLINK.exec(text);
      if (match) {
        const target = match[1]!;
        push({ type: 'link', href: safeHref(target.includes(':') ? target : `mailto:${target}`), title: '', children: [target] });
        i += match[0].length;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && !inLink && !WORD.test(text[i - 1] ?? ' ')) {
      BARE_URL.lastIndex = i;
      const match = BARE_URL.exec(text);
      if (match) {
        const url = trimBareUrl(match[0]);
        if (url.length > 8) {
          push({ type: 'link', href: safeHref(url), title: '', children: [url] });
          i += url.length;
          continue;
        }
      }
    }
    plain += char;
    i++;
  }
  flush();
  return nodes;
}

/** The visible text of inline nodes (for announcements and copying). */
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
