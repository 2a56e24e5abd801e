// Block-level Markdown for answers: a small, forward-only grammar (paragraphs, ATX and setext headings,
// fenced code, thematic breaks, block quotes, nested lists; GFM tables and link reference definitions
// through the readers in tables.ts and definitions.ts once they are given). Forward-only means later lines never change how
// earlier blocks are read, which is what lets IncrementalBlocks freeze finished blocks while text streams in.
// Pure: no DOM, no Lit.
import { unescapeText, useReferenceResolver, type ReferenceResolver, type References } from './inline.js';

/** Column alignment of a table. */
export type TableAlign = 'left' | 'center' | 'right' | null;

/** One block of an answer. */
export type Block =
  | { type: 'paragraph'; text: string; checked?: boolean; cut?: boolean }
  | { type: 'heading'; level: number; text: string }
  | { type: 'code'; lang: string; text: string }
  | { type: 'rule' }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'table'; align: TableAlign[]; header: string[]; rows: string[][] }
  | { type: 'html'; text: string };

/** A block with the index of the line it starts on. */
export interface PlacedBlock {
  /** The block. */
  block: Block;
  /** Index of its first line. */
  line: number;
  /** Of a block that starts inside its first line (after a paragraph cut there): the length of the line from its start. */
  rest?: number;
  /** Of a list: the index of the first line of each item. */
  items?: number[];
  /** Of a list: whether the items before each one are tight. */
  tight?: boolean[];
}

const BLANK = /^[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*(\S*)(.*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t](.*))?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:(=+)|-+)[ \t]*$/;
// Where a paragraph may be cut: before a character that a paragraph read alone from there starts with too
// (no block marker, indentation or opening bracket of a definition, whose label holds no unescaped `[`).
const PARAGRAPH_START = String.raw`[^\s#>*+\-=_\d\x60~<|[\udc00-\udfff]|[-+*_\d]{1,3}\p{L}|\[\[`;
// The patterns are made for the first paragraph, not when the module loads (before the widget's first paint):
// a pattern with a Unicode property takes a fraction of a millisecond to make.
let cutPatterns: [line: RegExp, afterSpace: RegExp, anywhere: RegExp] | undefined;
const paragraphCuts = () =>
  (cutPatterns ??= [new RegExp(`^ {0,3}(?:${PARAGRAPH_START})`, 'u'), new RegExp(`[ \t](?=${PARAGRAPH_START})`, 'gu'), new RegExp(`(?=${PARAGRAPH_START})`, 'gu')]);
/** Characters of a paragraph after which it may be cut into pieces (see the paragraph's reading). */
export const PIECE = 2048;


/**
 * The line with the tabs of its indentation, and of the quote and list markers before its content, expanded
 * to spaces (tab stops of four columns), so a tab after `>` or `-` is consumed in part, as columns count.
 */
function expandTabs(line: string): string {
  return line.replace(/^(?:[ \t>*+-]|\d{1,9}[.)])*\t[ \t]*/, (prefix) => {
    let expanded = '';
    for (const char of prefix) expanded += char === '\t' ? ' '.repeat(4 - (expanded.length % 4)) : char;
    return expanded;
  });
}

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length;
}

function listMarker(line: string): { marker: string; content: string; contentIndent: number } | undefined {
  const match = LIST_ITEM.exec(line);
  if (!match) return undefined;
  const indent = match[1]!.length;
  const marker = match[2]!;
  const spaces = match[3]?.length ?? 0;
  const content = match[4] ?? '';
  // An item that starts blank, or with five spaces or more (indented code), has its content one column
  // after the marker.
  const width = content && spaces < 5 ? spaces : 1;
  return { marker, content: content && ' '.repeat(spaces - width) + content, contentIndent: indent + marker.length + width };
}

/** The fence that `line` opens, if it does: a backtick fence's info string has no backtick. */
function fenceOf(line: string): RegExpExecArray | null {
  const fence = FENCE.exec(line);
  return fence && !(fence[2]![0] === '`' && (fence[3]! + fence[4]!).includes('`')) ? fence : null;
}

/** The pattern of the line that closes a fence opened by `marker`. */
const closingFence = (marker: string): RegExp => new RegExp(`^ {0,3}${marker[0]}{${marker.length},}[ \\t]*$`);

/** What is open at the end of a quote's or list item's text: a paragraph (true), a fence (its closing line) or neither. */
type OpenBlock = boolean | RegExp;

/**
 * What is open after `line` of a quote's or list item's text, given what was open before it: only an open
 * paragraph takes lazy continuation lines (an indented line continues a paragraph, else it is code).
 */
function openAfter(line: string, open: OpenBlock): OpenBlock {
  if (open instanceof RegExp) return !open.test(line) && open;
  const fence = fenceOf(line);
  return fence ? closingFence(fence[2]!) : !BLANK.test(line) && (open || indentOf(line) < 4) && !(HEADING.test(line) || RULE.test(line));
}

/** A lazy continuation line is paragraph text: one that would underline a setext heading is escaped. */
const lazy = (line: string): string => (SETEXT_UNDERLINE.test(line) ? `\\${line.trim()}` : line);

/**
 * Reads the GFM table that starts at line `i`, if one does: the table and the index of the line after it.
 */
export type TableReader = (lines: readonly string[], i: number) => [Block, number] | undefined;

/**
 * Reads the HTML block that starts at line `i`, if one does: the block (its source, shown as text) and the
 * index of the line after it; with `interrupting`, only a block that may end a paragraph.
 */
export type HtmlBlockReader = (lines: readonly string[], i: number, interrupting?: boolean) => [Block, number] | undefined;

/** Takes the link reference definitions off the start of a paragraph's text into `references`; the rest. */
export type DefinitionReader = (text: string, references: References) => string;

/** The readers of the constructs most answers never use, which the widget imports on demand. */
export interface BlockReaders {
  /** Reads GFM tables (tables.ts). */
  readTable: TableReader;
  /** Reads HTML blocks as their source text (html-blocks.ts). */
  readHtmlBlock: HtmlBlockReader;
  /** Reads link reference definitions (definitions.ts). */
  takeDefinitions: DefinitionReader;
  /** Resolves reference links in the inline parser (definitions.ts). */
  resolveReference: ReferenceResolver;
  /** Makes the first block of a list item a GFM task if it is one (tasks.ts). */
  markTask: (first: Block | undefined) => void;
}

let readers: Partial<BlockReaders> = {};

/**
 * What the readers above (and the extras' inline reader and highlighter) may read differently: a pipe, `]:`,
 * a task marker, `<` followed by a letter, `/`, `!` or `?`, a fence followed by a word.
 */
export const EXTRAS_MARKERS = /\||]:|\[[ x]]|<[a-z/!?]|[`~]{3} *\w/i;

/**
 * Teaches the parsers GFM tables and task items, HTML blocks, link reference definitions and reference links
 * (until then they are text, HTML blocks paragraphs of it); an IncrementalBlocks reads its text again on its
 * next update.
 */
export function useBlockReaders(given: BlockReaders): void {
  readers = given;
  useReferenceResolver(given.resolveReference);
}

/** Tells whether a line ends a paragraph: a blank line, or one that starts a block that may interrupt it. */
function endsParagraph(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  if (BLANK.test(line) || fenceOf(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const item = listMarker(line);
  // An ordered list interrupts a paragraph only when it starts at 1.
  if (item?.content && !/^(?!1\D)\d/.test(item.marker)) return true;
  return !!(readers.readHtmlBlock?.(lines, i, true) ?? readers.readTable?.(lines, i));
}

/**
 * Block quotes and lists nest at most this deep (as in cmark); deeper markers are read as text, so no input
 * can exhaust the stack and the work stays linear in the length of the text.
 */
export const MAX_BLOCK_DEPTH = 32;

/** Whether the text read by the last parseBlockLines had a blank line between two of its blocks (a list item's text makes its list loose). */
let blankBetweenBlocks = false;

/**
 * Parses lines into blocks, each with the line it starts on; link reference definitions go to `references`;
 * `depth` counts the quotes and lists around them.
 */
export function parseBlockLines(input: readonly string[], references: References = new Map(), depth = 0): PlacedBlock[] {
  const lines = input.map(expandTabs);
  const blocks: PlacedBlock[] = [];
  /** Of a line cut inside a paragraph: the length of its rest, read from where the cut is. */
  const rests: number[] = [];
  const nest = depth < MAX_BLOCK_DEPTH;
  let i = 0;
  let gap = false;
  while (i < lines.length) {
    const line = lines[i]!;
    const start = i;
    const rest = rests[i];
    const place = (block: Block, items?: number[], tight?: boolean[]): number => blocks.push({ block, line: start, rest, items, tight });
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    // A blank line before a block that is not the first (one of definitions only too, after the first).
    gap ||= blocks.length > 0 && BLANK.test(lines[i - 1]!);
    if (indentOf(line) > 3) {
      // An indented code block: lines indented four columns, and blank lines between them.
      const body: string[] = [];
      while (i < lines.length && (indentOf(lines[i]!) > 3 || BLANK.test(lines[i]!))) body.push(lines[i++]!.slice(4));
      while (!body.at(-1)!.trim()) body.pop();
      place({ type: 'code', lang: '', text: body.join('\n') });
      continue;
    }
    const fence = fenceOf(line);
    if (fence) {
      const [, fenceIndent, marker, lang] = fence;
      const body: string[] = [];
      const closing = closingFence(marker!);
      for (i++; i < lines.length && !closing.test(lines[i]!); i++) body.push(lines[i]!.slice(Math.min(indentOf(lines[i]!), fenceIndent!.length)));
      // Past the closing line, if there is one.
      i++;
      place({ type: 'code', lang: unescapeText(lang!), text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading || RULE.test(line)) {
      place(heading ? { type: 'heading', level: heading[1]!.length, text: (heading[2] ?? '').replace(/(^|[ \t])#+[ \t]*$/, '').trim() } : { type: 'rule' });
      i++;
      continue;
    }
    if (nest && QUOTE.test(line)) {
      const body: string[] = [];
      let open: OpenBlock = false;
      while (i < lines.length) {
        const current = lines[i]!;
        if (QUOTE.test(current)) body.push(current.replace(QUOTE, ''));
        else if (open === true && !endsParagraph(lines, i)) body.push(lazy(current));
        else break;
        open = openAfter(body.at(-1)!, open);
        i++;
      }
      place({ type: 'quote', children: parseBlocks(body.join('\n'), references, depth + 1) });
      continue;
    }
    const item = nest && listMarker(line);
    if (item) {
      const ordered = /\d/.test(item.marker[0]!);
      let body = [item.content];
      const items = [body];
      const itemLines = [i];
      let contentIndent = item.contentIndent;
      let open = openAfter(item.content, false);
      i++;
      while (i < lines.length) {
        const current = lines[i]!;
        const currentItem = listMarker(current);
        if (BLANK.test(current)) {
          // An item can begin with at most one blank line: after a second one it holds nothing more.
          if (body.length < 2 && !body[0]) contentIndent = Infinity;
          body.push('');
        } else if (indentOf(current) >= contentIndent) {
          body.push(current.slice(contentIndent));
        } else if (currentItem && !RULE.test(current)) {
          // A marker of another kind starts another list: a bullet is one character, an ordered marker ends
          // with its delimiter, so the last characters tell.
          if (item.marker.at(-1) !== currentItem.marker.at(-1)) break;
          items.push((body = [currentItem.content]));
          itemLines.push(i);
          contentIndent = currentItem.contentIndent;
          open = false;
        } else if (open === true && !endsParagraph(lines, i)) {
          // Kept indented, so that the item's paragraph reads it as its own next line, never as a block.
          body.push(lazy(current));
        } else {
          break;
        }
        open = openAfter(body.at(-1)!, open);
        i++;
      }
      while (body.length > 1 && body.at(-1) === '') body.pop();
      // A list is loose when a blank line separates two of its items or two blocks of one item.
      let tight = true;
      const tights: boolean[] = [];
      const parsed = items.map((body, index) => {
        tights.push(tight);
        const children = parseBlockLines(body, references, depth + 1);
        readers.markTask?.(children[0]?.block);
        if ((index < items.length - 1 && body.length > 1 && body.at(-1) === '') || blankBetweenBlocks) tight = false;
        return children.map((child) => child.block);
      });
      place({ type: 'list', ordered, start: ordered ? +item.marker.slice(0, -1) : 1, tight, items: parsed }, itemLines, tights);
      continue;
    }
    const read = readers.readHtmlBlock?.(lines, i) ?? readers.readTable?.(lines, i);
    if (read) {
      place(read[0]);
      i = read[1];
      continue;
    }
    // A paragraph, or a setext heading when a line of `=` or `-` ends it; definitions at its start are taken off.
    // A paragraph of more than PIECE characters is cut into pieces, so that a streaming one is read again only
    // from its last piece: before its next line that a paragraph of its own would start with the same text,
    // else, in a line that takes it past twice PIECE, after a space before such a character, else past three
    // times PIECE before such a character. The rest of a line cut is read as a line of its own.
    const body: string[] = [];
    const [CUT_LINE, CUT_AFTER_SPACE, CUT] = paragraphCuts();
    let size = 0;
    let cut: boolean;
    let underline: RegExpExecArray | null | undefined;
    for (let rest = line; ; rest = lines[i]!) {
      const reach = Math.max(2 * PIECE - size, 1);
      let at = 0;
      if (rest.length > reach) {
        CUT_AFTER_SPACE.lastIndex = reach;
        CUT.lastIndex = reach + PIECE;
        at = CUT_AFTER_SPACE.exec(rest.slice(0, reach + PIECE)) ? CUT_AFTER_SPACE.lastIndex : CUT.exec(rest) ? CUT.lastIndex : 0;
      }
      body.push(rest.slice(0, at || undefined).trimStart());
      size += rest.length;
      if ((cut = at > 0)) {
        rests[i] = (lines[i] = rest.slice(at)).length;
        break;
      }
      i++;
      if (i >= lines.length || (underline = SETEXT_UNDERLINE.exec(lines[i]!)) || endsParagraph(lines, i) || (cut = size > PIECE && CUT_LINE.test(lines[i]!))) break;
    }
    let text = body.join('\n');
    text = (readers.takeDefinitions?.(text, references) ?? text).trim();
    // With nothing left above it, the underline is read again as a block of its own.
    if (underline && text) i++;
    if (text) place(underline ? { type: 'heading', level: underline[1] ? 1 : 2, text } : cut ? { type: 'paragraph', text, cut } : { type: 'paragraph', text });
  }
  blankBetweenBlocks = gap;
  return blocks;
}

/**
 * Parses a whole Markdown text into blocks; its link reference definitions go to `references`, where
 * rendering finds them (`depth`: the quotes and lists it is inside).
 */
export function parseBlocks(text: string, references: References = new Map(), depth = 0): Block[] {
  return parseBlockLines(text.replace(/\r?\n$/, '').split(/\r?\n/), references, depth).map((placed) => placed.block);
}

/**
 * Reads a growing text block by block: blocks that later text cannot change are handed out once, as
 * `finished`; only the still-open tail is parsed again on the next update. An open list is read again from
 * its last item whose first line is complete (later lines cannot change the items before it), so the total
 * work stays linear in the length of the answer, long lists included.
 */
export class IncrementalBlocks {
  #source = '';
  /** Where reading starts: the first open block, or the last complete item of an open list. */
  #offset = 0;
  /** Of an open list read from one of its items: the items before it, its start number, whether they are tight. */
  #list: [Block[][], number, boolean] | undefined;
  #defined = false;
  #readers = readers;
  /**
   * The link reference definitions of the text read by the last update: the open tail while the answer
   * streams, the whole answer once it is complete.
   */
  references: References = new Map();

  /**
   * Takes the whole text so far (the previous text plus new characters) and returns the blocks finished by
   * it and the blocks still open; with `complete`, every block is finished.
   */
  update(text: string, complete = false): { finished: Block[]; open: Block[]; reset: boolean } {
    let reset = false;
    // Replaced text, or readers arrived since that read differently some text already read: everything is read
    // again. (The blocks before the offset, drawn already, stay when none of them has a marker.)
    if (
      text.length < this.#source.length ||
      !text.startsWith(this.#source.slice(this.#offset), this.#offset) ||
      (this.#readers !== readers && EXTRAS_MARKERS.test(this.#source.slice(0, this.#offset)))
    ) {
      this.#offset = 0;
      this.#list = undefined;
      this.#defined = false;
      reset = true;
    }
    this.#readers = readers;
    this.#source = text;
    const base = this.#offset;
    const list = this.#list;
    // Answer text has LF line ends only: the answer parser turns every other line end into LF. The lines are
    // cut from a copy of the open tail: in V8 a string cut from another keeps all of it alive, and the blocks
    // kept from this update would keep this version of the whole answer (the widget drawing a 200 KB list kept
    // some 50 of them, 10 MB; markdown-stream-memory.test.ts).
    const lines = (' ' + text.slice(base)).slice(1).split('\n');
    let placed = parseBlockLines(lines, (this.references = new Map()));
    this.#defined ||= this.references.size > 0;
    const head = placed[0]?.block;
    // Read from a list item, the text starts with a list: the items kept go before its items.
    if (list && head?.type === 'list') {
      head.items = [...list[0], ...head.items];
      head.start = list[1];
      head.tight &&= list[2];
    }
    if (complete) {
      // A definition usually comes after the references to it, in blocks already handed out: when the
      // answer has definitions, all of it is read again once, so every block is drawn with all of them.
      if (this.#defined && this.#offset && this.#offset < text.length) {
        placed = parseBlockLines(text.split('\n'), (this.references = new Map()));
        reset = true;
      }
      this.#offset = text.length;
      this.#list = undefined;
      return { finished: placed.map((entry) => entry.block), open: [], reset };
    }
    // The last block can still grow; a block that starts on the unfinished last line may still turn out to
    // be something else, so the block before it stays open too.
    let keep = placed.length > 0 ? 1 : 0;
    if (placed.length > 1 && placed.at(-1)!.line === lines.length - 1) keep = 2;
    const finishedCount = placed.length - keep;
    // Of a line, or of the rest of a line from where a paragraph was cut in it.
    const offsetOf = (line: number, rest = lines[line]!.length): number => base + lines.slice(0, line).join('\n').length + (line && 1) + lines[line]!.length - rest;
    if (finishedCount > 0) {
      this.#offset = offsetOf(placed[finishedCount]!.line, placed[finishedCount]!.rest);
      this.#list = undefined;
    }
    const open = placed[finishedCount];
    const itemLines = open?.items;
    if (itemLines) {
      let last = itemLines.length - 1;
      if (itemLines[last] === lines.length - 1) last--;
      if (last > 0) {
        const block = open.block as Extract<Block, { type: 'list' }>;
        this.#offset = offsetOf(itemLines[last]!);
        this.#list = [block.items.slice(0, block.items.length - itemLines.length + last), block.start, (this.#list?.[2] ?? true) && open.tight![last]!];
      }
    }
    return {
      finished: placed.slice(0, finishedCount).map((entry) => entry.block),
      open: placed.slice(finishedCount).map((entry) => entry.block),
      reset,
    };
  }
}
