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
  | { type: 'paragraph'; text: string; checked?: boolean }
  | { type: 'heading'; level: number; text: string }
  | { type: 'code'; lang: string; text: string }
  | { type: 'rule' }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'table'; align: TableAlign[]; header: string[]; rows: string[][] };

/** A block with the index of the line it starts on. */
export interface PlacedBlock {
  /** The block. */
  block: Block;
  /** Index of its first line. */
  line: number;
}

const BLANK = /^[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*(\S*)(.*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t](.*))?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:(=+)|-+)[ \t]*$/;


/** The line with the tabs of its indentation expanded to spaces (tab stops of four columns). */
function expandTabs(line: string): string {
  return line.replace(/^ *\t[ \t]*/, (indent) => {
    let width = 0;
    for (const char of indent) width += char === '\t' ? 4 - (width % 4) : 1;
    return ' '.repeat(width);
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
  const contentIndent = indent + marker.length + (spaces === 0 || spaces > 4 ? 1 : spaces);
  return { marker, content, contentIndent };
}

/** The fence that `line` opens, if it does: a backtick fence's info string has no backtick. */
function fenceOf(line: string): RegExpExecArray | null {
  const fence = FENCE.exec(line);
  return fence && !(fence[2]![0] === '`' && (fence[3]! + fence[4]!).includes('`')) ? fence : null;
}

/** A lazy continuation line is paragraph text: one that would underline a setext heading is escaped. */
const lazy = (line: string): string => (SETEXT_UNDERLINE.test(line) ? `\\${line.trim()}` : line);

/**
 * Reads the GFM table that starts at line `i`, if one does: the table and the index of the line after it.
 */
export type TableReader = (lines: readonly string[], i: number) => [Block, number] | undefined;

/** Takes the link reference definitions off the start of a paragraph's text into `references`; the rest. */
export type DefinitionReader = (text: string, references: References) => string;

/** The readers of the constructs most answers never use, which the widget imports on demand. */
export interface BlockReaders {
  /** Reads GFM tables (tables.ts). */
  readTable: TableReader;
  /** Reads link reference definitions (definitions.ts). */
  takeDefinitions: DefinitionReader;
  /** Resolves reference links in the inline parser (definitions.ts). */
  resolveReference: ReferenceResolver;
  /** Makes the first block of a list item a GFM task if it is one (tasks.ts). */
  markTask: (first: Block | undefined) => void;
}

let readers: Partial<BlockReaders> = {};

/**
 * Teaches the parsers GFM tables and task items, link reference definitions and reference links (until
 * then they are text); an IncrementalBlocks reads its text again on its next update.
 */
export function useBlockReaders(given: BlockReaders): void {
  readers = given;
  useReferenceResolver(given.resolveReference);
}

/** Tells whether a line starts a block that ends a paragraph. */
function interruptsParagraph(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  if (fenceOf(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const item = listMarker(line);
  // An ordered list interrupts a paragraph only when it starts at 1.
  if (item && item.content.trim() !== '' && !/^(?!1\D)\d/.test(item.marker)) return true;
  return !!readers.readTable?.(lines, i);
}

/**
 * Block quotes and lists nest at most this deep (as in cmark); deeper markers are read as text, so no input
 * can exhaust the stack and the work stays linear in the length of the text.
 */
export const MAX_BLOCK_DEPTH = 32;

/**
 * Parses lines into blocks, each with the line it starts on; link reference definitions go to `references`;
 * `depth` counts the quotes and lists around them.
 */
export function parseBlockLines(input: readonly string[], references: References = new Map(), depth = 0): PlacedBlock[] {
  const lines = input.map(expandTabs);
  const blocks: PlacedBlock[] = [];
  const nest = depth < MAX_BLOCK_DEPTH;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const start = i;
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    if (indentOf(line) > 3) {
      // An indented code block: lines indented four columns, and blank lines between them.
      const body: string[] = [];
      while (i < lines.length && (indentOf(lines[i]!) > 3 || BLANK.test(lines[i]!))) body.push(lines[i++]!.slice(4));
      while (!body.at(-1)!.trim()) body.pop();
      blocks.push({ block: { type: 'code', lang: '', text: body.join('\n') }, line: start });
      continue;
    }
    const fence = fenceOf(line);
    if (fence) {
      const [, fenceIndent, marker, lang] = fence;
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const closing = new RegExp(`^ {0,3}${marker![0]}{${marker!.length},}[ \\t]*$`);
        if (closing.test(lines[i]!)) {
          i++;
          break;
        }
        const content = lines[i]!;
        body.push(content.slice(Math.min(indentOf(content), fenceIndent!.length)));
        i++;
      }
      blocks.push({ block: { type: 'code', lang: unescapeText(lang!), text: body.join('\n') }, line: start });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ block: { type: 'heading', level: heading[1]!.length, text: (heading[2] ?? '').replace(/(^|[ \t])#+[ \t]*$/, '').trim() }, line: start });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ block: { type: 'rule' }, line: start });
      i++;
      continue;
    }
    if (nest && QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (QUOTE.test(current)) body.push(current.replace(QUOTE, ''));
        else if (!BLANK.test(current) && !BLANK.test(body.at(-1)!) && !interruptsParagraph(lines, i)) body.push(lazy(current));
        else break;
        i++;
      }
      blocks.push({ block: { type: 'quote', children: parseBlocks(body.join('\n'), references, depth + 1) }, line: start });
      continue;
    }
    const item = nest && listMarker(line);
    if (item) {
      const ordered = /\d/.test(item.marker[0]!);
      const items: string[][] = [[item.content]];
      let contentIndent = item.contentIndent;
      i++;
      while (i < lines.length) {
        const current = lines[i]!;
        const currentItem = listMarker(current);
        if (BLANK.test(current)) {
          items.at(-1)!.push('');
        } else if (indentOf(current) >= contentIndent) {
          items.at(-1)!.push(current.slice(contentIndent));
        } else if (currentItem && !RULE.test(current)) {
          // A marker of another kind starts another list: a bullet is one character, an ordered marker ends
          // with its delimiter, so the last characters tell.
          if (item.marker.at(-1) !== currentItem.marker.at(-1)) break;
          items.push([currentItem.content]);
          contentIndent = currentItem.contentIndent;
        } else if (!BLANK.test(lines[i - 1]!) && !interruptsParagraph(lines, i)) {
          items.at(-1)!.push(lazy(current).trim());
        } else {
          break;
        }
        i++;
      }
      while (items.at(-1)!.length > 1 && items.at(-1)!.at(-1) === '') items.at(-1)!.pop();
      // A list is loose when a blank line separates two of its items or two blocks of one item.
      let tight = true;
      const parsed = items.map((body, index) => {
        const children = parseBlockLines(body, references, depth + 1);
        readers.markTask?.(children[0]?.block);
        if ((index < items.length - 1 && body.length > 1 && body.at(-1) === '') || children.some((child, k) => k && !body[child.line - 1])) tight = false;
        return children.map((child) => child.block);
      });
      blocks.push({ block: { type: 'list', ordered, start: ordered ? Number.parseInt(item.marker, 10) : 1, tight, items: parsed }, line: start });
      continue;
    }
    const table = readers.readTable?.(lines, i);
    if (table) {
      blocks.push({ block: table[0], line: start });
      i = table[1];
      continue;
    }
    // A paragraph, or a setext heading when a line of `=` or `-` ends it; definitions at its start are taken off.
    const body = [line.trimStart()];
    let underline: RegExpExecArray | null = null;
    i++;
    while (i < lines.length && !BLANK.test(lines[i]!) && !(underline = SETEXT_UNDERLINE.exec(lines[i]!)) && !interruptsParagraph(lines, i)) {
      body.push(lines[i]!.trimStart());
      i++;
    }
    let text = body.join('\n');
    text = (readers.takeDefinitions?.(text, references) ?? text).trim();
    // With nothing left above it, the underline is read again as a block of its own.
    if (underline && text) i++;
    if (text) blocks.push({ block: underline ? { type: 'heading', level: underline[1] ? 1 : 2, text } : { type: 'paragraph', text }, line: start });
  }
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
 * `finished`; only the still-open tail is parsed again on the next update, so the total work stays linear
 * in the length of the answer.
 */
export class IncrementalBlocks {
  #source = '';
  #offset = 0;
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
    // Replaced text, or readers arrived since: everything is read again.
    if (text.length < this.#source.length || !text.startsWith(this.#source.slice(this.#offset), this.#offset) || this.#readers !== readers) {
      this.#readers = readers;
      this.#offset = 0;
      this.#defined = false;
      reset = true;
    }
    this.#source = text;
    // Answer text has LF line ends only: the answer parser turns every other line end into LF.
    const lines = text.slice(this.#offset).split('\n');
    let placed = parseBlockLines(lines, (this.references = new Map()));
    this.#defined ||= this.references.size > 0;
    if (complete) {
      // A definition usually comes after the references to it, in blocks already handed out: when the
      // answer has definitions, all of it is read again once, so every block is drawn with all of them.
      if (this.#defined && this.#offset && this.#offset < text.length) {
        placed = parseBlockLines(text.split('\n'), (this.references = new Map()));
        reset = true;
      }
      this.#offset = text.length;
      return { finished: placed.map((entry) => entry.block), open: [], reset };
    }
    // The last block can still grow; a block that starts on the unfinished last line may still turn out to
    // be something else, so the block before it stays open too.
    let keep = placed.length > 0 ? 1 : 0;
    if (placed.length > 1 && placed.at(-1)!.line === lines.length - 1) keep = 2;
    const finishedCount = placed.length - keep;
    if (finishedCount > 0) {
      const nextLine = placed[finishedCount]!.line;
      let advance = 0;
      for (let k = 0; k < nextLine; k++) advance += lines[k]!.length + 1;
      this.#offset += advance;
    }
    return {
      finished: placed.slice(0, finishedCount).map((entry) => entry.block),
      open: placed.slice(finishedCount).map((entry) => entry.block),
      reset,
    };
  }
}
