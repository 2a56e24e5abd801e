// Lit templates for parsed Markdown. Every piece of answer text reaches the DOM through a Lit text or
// attribute binding, or as a text node or attribute value set one by one in the items of a list that the extras
// build (inline-dom.ts): never innerHTML. A link's href is only ever a URL that passed safeHref.
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { copyIcon, iconButton } from '../icons.js';
import { memo } from '../memo.js';
import { EXTRAS_MARKERS, IncrementalBlocks, parseBlocks, useBlockReaders, type Block, type BlockReaders } from './blocks.js';
import { inlineText, parseInline, safeHref, useRawHtmlReader, type Inline, type InlineOptions, type RawHtmlReader, type References } from './inline.js';

/** Draws a table, each cell's text drawn by `cell` (the widget imports it on demand). */
export type TableView = (table: Extract<Block, { type: 'table' }>, cell: (text: string) => unknown[]) => TemplateResult;

/** Draws a task item's box before its text. */
export type TaskView = (checked: boolean, content: unknown[]) => TemplateResult;

/** Draws code, highlighted in a language the highlighter reads, in blocks of lines when it is long. */
export type CodeView = (code: string, language: string) => unknown;

/**
 * The Markdown most answers never use: the readers of tables, task items, definitions and raw HTML, the views
 * of tables and task items, and the syntax highlighter of fenced code.
 */
export interface MarkdownExtras extends BlockReaders {
  /** Reads inline raw HTML, which is shown as the text it was written as. */
  readRawHtml: RawHtmlReader;
  /** Draws a table. */
  drawTable: TableView;
  /** Draws a task item's box and text. */
  drawTask: TaskView;
  /** Draws fenced code, highlighted in a language the highlighter reads. */
  drawCode: CodeView;
  /** Builds a list item of paragraphs as DOM, to be drawn once (undefined for any other item; see inline-dom.ts). */
  drawItem: (item: readonly Block[], list: Extract<Block, { type: 'list' }>, options: InlineOptions) => HTMLLIElement | undefined;
}

/** The extras, once they arrived. */
let extras: MarkdownExtras | undefined;

/** The view of tables, once the extras arrived (a host that guards its finished answers lists it among their dependencies). */
export let drawTable: TableView | undefined;
let extrasWanted = false;

/**
 * Teaches the parsers and the renderer GFM tables and task items, link reference definitions, reference
 * links and raw HTML, and highlights fenced code (answers already drawn are read again on their next update).
 */
export function useMarkdownExtras(given: MarkdownExtras): void {
  extras = given;
  drawTable = given.drawTable;
  useRawHtmlReader(given.readRawHtml);
  useBlockReaders(given);
}

/** The `onLoad` of every answer drawn while the extras were on their way: each is drawn again once they are in. */
const waitingForExtras = new Set<() => void>();

/** The extras' import, until it settles. */
let extrasLoading: Promise<void> | undefined;

/** Characters of answer text past which the extras are wanted, markers or not (see prepareMarkdown). */
const LONG_ANSWER = 2e4;

function wantExtras(): void {
  if (extrasWanted) return;
  extrasWanted = true;
  // Asked for in the frame after the coming one (or after 100 ms on a hidden page, which draws no frames):
  // requesting a module costs the main thread several milliseconds, which would delay the answer's first words.
  extrasLoading = new Promise((resolve) => {
    setTimeout(resolve, 100);
    requestAnimationFrame(() => requestAnimationFrame(resolve));
  })
    .then(() => import('../../widget/on-demand/markdown-extras.js'))
    .then(
      (given) => {
        useMarkdownExtras(given);
        for (const onLoad of waitingForExtras) onLoad();
      },
      // Not imported (offline): tables and definitions stay the text they were written as.
      () => undefined,
    );
  void extrasLoading.then(() => {
    extrasLoading = undefined;
    waitingForExtras.clear();
  });
}

/**
 * Imports the extras when `text` (answer text as it arrives, before it is drawn) holds one of their markers or
 * is longer than 20,000 characters (an answer that arrives in one piece: its list items are then built as DOM
 * from its first frame, see inline-dom.ts). Returns the import while it is on its way: text drawn after it is
 * drawn once, with them, rather than first as plain text and then again.
 */
export function prepareMarkdown(text: string): Promise<void> | undefined {
  if (!extrasWanted && (text.length > LONG_ANSWER || EXTRAS_MARKERS.test(text))) wantExtras();
  return extrasLoading;
}

/** What the rendered Markdown needs from its host. */
export interface MarkdownContext {
  /** Called when the part of the renderer loaded on demand (tables, definitions) arrives: the host draws its answers again. */
  onLoad?: () => void;
  /** Label of the copy button of code blocks. */
  copyCodeLabel: string;
  /** Called when a code block's copy button is pressed. */
  onCopyCode: (code: string, button: HTMLButtonElement) => void;
}


function renderInline(nodes: readonly Inline[]): unknown[] {
  return nodes.map((node): unknown => {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'break':
        return html`<br />`;
      case 'code':
        return html`<code>${node.text}</code>`;
      case 'em':
        return html`<em>${renderInline(node.children)}</em>`;
      case 'strong':
        return html`<strong>${renderInline(node.children)}</strong>`;
      case 'del':
        return html`<del>${renderInline(node.children)}</del>`;
      case 'link': {
        const href = safeHref(node.href);
        return href
          ? html`<a href=${href} title=${node.title ?? ''} target="_blank" rel="noopener noreferrer"
              >${renderInline(node.children)}</a
            >`
          : html`<span class="inert-link">${renderInline(node.children)}</span>`;
      }
      default:
        // Every kind of node is drawn above (checked by the compiler; no code in the bundle).
        node satisfies never;
    }
  });
}

/** Items of one list of a long list drawn as lists that continue each other. */
const LIST_PIECE_ITEMS = 256;
/** Most items of a list drawn as a plain list rather than as pieces skipped off screen. */
const PLAIN_LIST_ITEMS = 64;

const inline = (text: string, options: InlineOptions) => renderInline(parseInline(text, options));

function renderBlock(block: Block, context: MarkdownContext, options: InlineOptions, tight = false): unknown {
  switch (block.type) {
    case 'paragraph': {
      const content = block.checked === undefined ? inline(block.text, options) : extras!.drawTask(block.checked, inline(block.text, options));
      // A piece of a long paragraph (see blocks.ts) ends a line, without the space between paragraphs. A tight
      // paragraph (a list item's) is its content itself, not a template around it: one template instance and
      // two parts fewer for the collector to copy per item of a long list.
      return tight ? (block.cut ? [content, '\n'] : content) : html`<p class=${ifDefined(block.cut ? 'piece cut' : undefined)}>${content}</p>`;
    }
    case 'html':
      // An HTML block is its source as text in the place of the block, never HTML (as CommonMark writes raw HTML).
      return block.text;
    case 'heading':
      return html`<p class="heading level-${block.level}"><strong>${inline(block.text, options)}</strong></p>`;
    case 'code':
      return html`<div class="code-block" part="code-block"><div class="code-bar"><span class="code-lang">${block.lang}</span>${iconButton(context.copyCodeLabel, copyIcon, (event) => context.onCopyCode(block.text, event.currentTarget as HTMLButtonElement))}</div><pre tabindex="0"><code>${extras?.drawCode(block.text, block.lang) ?? block.text}</code></pre></div>`;
    case 'rule':
      return html`<hr />`;
    case 'quote':
      return html`<blockquote>${block.children.map((child) => renderBlock(child, context, options))}</blockquote>`;
    case 'list': {
      // While a list streams, its items before the last complete one are the same objects from one update to
      // the next (IncrementalBlocks keeps them): they are not read or drawn again. A list of more than 256
      // items is drawn as lists of 256 that continue each other, each left alone once its items are: the
      // browser lays out the growing one only, and a frame of a list of thousands costs little more than its
      // new text. Each of them is skipped off screen (`piece`) from the start. A list on screen that turns
      // into one lays all its items out again, and paints them: only the first does, once, when it passes
      // 64 items (at 257, in two traces of a 200 KB list, that frame spent 12 and 15 ms in layout, 12 and 6 in
      // pre-paint, 13 and 12 in paint). A shorter list is no piece, so one off screen is never held at a
      // piece's 3,000 px before its first layout. The pieces before the last are `cut` too (no space after them).
      // Once the extras are in (every answer of more than 20,000 characters has them), an item of paragraphs is
      // built as DOM by them, which keeps no template instance alive per line of a long list (inline-dom.ts).
      const lists = [];
      for (let index = 0; index < block.items.length; index += LIST_PIECE_ITEMS) {
        const items = block.items.slice(index, index + LIST_PIECE_ITEMS);
        const start = block.start + index;
        const pieceClass = block.items.length > PLAIN_LIST_ITEMS ? (index + LIST_PIECE_ITEMS < block.items.length ? 'piece cut' : 'piece') : undefined;
        lists.push(
          memo([...items, block.tight, start, pieceClass], () => {
            const drawn = items.map((item) => memo([item, block.tight], () => extras?.drawItem(item, block, options) ?? html`<li>${item.map((child) => renderBlock(child, context, options, block.tight))}</li>`));
            return block.ordered ? html`<ol class=${ifDefined(pieceClass)} start=${start}>${drawn}</ol>` : html`<ul class=${ifDefined(pieceClass)}>${drawn}</ul>`;
          }),
        );
      }
      return lists;
    }
    case 'table':
      return drawTable!(block, (text) => inline(text, options));
    default:
      block satisfies never;
  }
}

/** Renders a whole Markdown text at once; text that cannot be read as Markdown is shown as plain text. */
export function renderMarkdown(text: string, context: MarkdownContext): unknown {
  try {
    const references = new Map();
    return parseBlocks(text, references).map((block) => renderBlock(block, context, { references }));
  } catch {
    return text;
  }
}

/**
 * Renders a growing answer: each finished block is turned into a template once and then left alone by Lit
 * (its DOM is never touched again); only the open tail is parsed and rendered on each update.
 */
export class MarkdownStream {
  #blocks = new IncrementalBlocks();
  #finished: unknown[] = [];
  /** How much of the text has been searched for the markers of the extras. */
  #searched = 0;

  /** Creates a renderer for one answer. */
  constructor(private readonly context: MarkdownContext) {}

  /**
   * The template for the text so far; `complete` once the answer has ended. Never throws: text that cannot
   * be read as Markdown is shown as plain text (and read afresh on the next update).
   */
  render(text: string, complete: boolean): unknown {
    try {
      // Most answers have no table, task item, raw HTML or code in a language and define no link: those are
      // imported the first time an answer has a pipe, `]:`, a task marker, `<` followed by a letter, `/`, `!`
      // or `?`, or a fence followed by a word in it, or is longer than 20,000 characters (its code, if any, is
      // then drawn in blocks of lines; the whole text is passed for its length). While it streams, only the text
      // added since the last frame is searched, with the eight characters before it that a marker may span
      // (substring reads a negative start as 0), so a long answer is not searched again on every frame; a
      // finished answer is searched whole.
      const added = complete || text.length > LONG_ANSWER ? text : text.substring(this.#searched - 8);
      this.#searched = text.length;
      prepareMarkdown(added);
      if (extrasLoading && this.context.onLoad) waitingForExtras.add(this.context.onLoad);
      const blocks = this.#blocks;
      const { finished, open, reset } = blocks.update(text, complete);
      const { references } = blocks;
      if (reset) this.#finished = [];
      for (const block of finished) {
        const template = renderBlock(block, this.context, { references });
        this.#finished.push(memo([template], () => template));
      }
      // One list, so that a block keeps its place (and its DOM) when it turns from open to finished.
      return [...this.#finished, ...open.map((block) => renderBlock(block, this.context, { open: true, references }))];
    } catch {
      return text;
    }
  }
}

function blockText(block: Block, references: References): string {
  const plainText = (text: string): string => inlineText(parseInline(text, { references }));
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return plainText(block.text);
    case 'code':
    case 'html':
      return block.text;
    case 'rule':
      return '';
    case 'quote':
    case 'list':
      return (block.type === 'list' ? block.items.flat() : block.children).map((child) => blockText(child, references)).join('\n');
    case 'table':
      return [block.header, ...block.rows].map((row) => row.map(plainText).join(' ')).join('\n');
  }
}

/**
 * The plain text of a Markdown answer for a screen reader announcement: markers, link targets and table
 * rules dropped, one line per block, read by the same parsers that render the answer.
 */
export function markdownToText(text: string): string {
  try {
    const references = new Map();
    return parseBlocks(text, references).map((block) => blockText(block, references)).join('\n').replace(/\n+/g, '\n').trim();
  } catch {
    return text;
  }
}
