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
const AUTOLINK = /<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>/iy;

function runLength(text: string, i: number, char: string): number {
  let j = i;
  while (text[j] === char) j++;
  return j - i;
}

function trimBareUrl(url: string): string {
  let end = url.length;
  while (end > 0 && /[?!.,:;*_~'"]/.test(url[end - 1]!)) end--;
  let result = url.slice(0, end);
  while (result.endsWith(')') && (result.match(/\(/g)?.length ?? 0) < (result.match(/\)/g)?.length ?? 0)) {
    result = result.slice(0, -1);
  }
  return result;
}

/** Finds the `)` closing a link destination and title, returning the destination, title and end index. */
function linkTail(text: string, open: number): { href: string; title: string; end: number } | undefined {
  let i = open + 1;
  while (text[i] === ' ' || text[i] === '\n') i++;
  let href: string;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close < 0 || text.slice(i, close).includes('\n')) return undefined;
    href = text.slice(i + 1, close);
    i = close + 1;
  } else {
    let depth = 0;
    const from = i;
    while (i < text.length) {
      const char = text[i]!;
      if (char === '\\' && i + 1 < text.length) {
        i += 2;
        continue;
      }
      if (char === ' ' || char === '\n') break;
      if (char === '(') depth++;
      if (char === ')') {
        if (depth === 0) break;
        depth--;
      }
      i++;
    }
    href = text.slice(from, i);
  }
  while (text[i] === ' ' || text[i] === '\n') i++;
  let title = '';
  const quote = text[i];
  if (quote === '"' || quote === "'" || quote === '(') {
    const closer = quote === '(' ? ')' : quote;
    let j = i + 1;
    while (j < text.length && text[j] !== closer) j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length) return undefined;
    title = text.slice(i + 1, j).replace(/\\(.)/g, '$1');
    i = j + 1;
    while (text[i] === ' ' || text[i] === '\n') i++;
  }
  if (text[i] !== ')') return undefined;
  return { href: href.replace(/\\([!-/:-@[-`{-~])/g, '$1'), title, end: i + 1 };
}

function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '`') {
      const length = runLength(text, i, '`');
      const close = text.indexOf('`'.repeat(length), i + length);
      if (close > 0) i = close + length - 1;
    } else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) return i;
  }
  return -1;
}

/** Finds a closing emphasis run of `length` (exactly, or at least 2 for strong) after `from`. */
function closingRun(text: string, from: number, char: string, length: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '`') {
      const ticks = runLength(text, i, '`');
      const close = text.indexOf('`'.repeat(ticks), i + ticks);
      if (close > 0) i = close + ticks - 1;
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
  return -1;
}

/** Options of the inline parser. */
export interface InlineOptions {
  /**
   * The text is still being written: an emphasis or link with no closer yet is shown as if closed at the
   * end, so streaming text does not flash raw asterisks and brackets.
   */
  open?: boolean;
}

/** Parses inline Markdown into nodes. */
export function parseInline(text: string, options: InlineOptions = {}): Inline[] {
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
      const close = text.indexOf('`'.repeat(length), i + length);
      const closeExact = close >= 0 && text[close + length] !== '`' ? close : -1;
      if (closeExact >= 0 || options.open) {
        let code = text.slice(i + length, closeExact >= 0 ? closeExact : text.length).replace(/\n/g, ' ');
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim()) code = code.slice(1, -1);
        push({ type: 'code', text: code });
        i = closeExact >= 0 ? closeExact + length : text.length;
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
      if (leftFlanking && !intraword && usable) {
        const length = char === '~' ? 2 : run;
        const close = closingRun(text, i + length, char, length);
        if (close >= 0 || (options.open && i + length < text.length)) {
          const end = close >= 0 ? close : text.length;
          const inner = parseInline(text.slice(i + length, end), options);
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
    if (char === '[' || (char === '!' && text[i + 1] === '[')) {
      const open = char === '!' ? i + 1 : i;
      const close = closingBracket(text, open);
      if (close > 0 && text[close + 1] === '(') {
        const tail = linkTail(text, close + 1);
        if (tail) {
          push({
            type: 'link',
            href: safeHref(tail.href),
            title: tail.title,
            children: parseInline(text.slice(open + 1, close), { open: false }),
          });
          i = tail.end;
          continue;
        }
        if (options.open && !text.includes(')', close + 1)) {
          push({ type: 'link', href: null, title: '', children: parseInline(text.slice(open + 1, close)) });
          i = text.length;
          continue;
        }
      }
      plain += text.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    if (char === '<') {
      AUTOLINK.lastIndex = i;
      const match = AUTOLINK.exec(text);
      if (match) {
        const target = match[1]!;
        const href = target.includes(':') ? safeHref(target) : safeHref(`mailto:${target}`);
        push({ type: 'link', href, title: '', children: [target] });
        i += match[0].length;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && !WORD.test(text[i - 1] ?? ' ')) {
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
