// Syntax-highlighted code blocks, part of the Markdown extras (src/widget/on-demand/markdown-extras.ts), which
// the widget imports only when an answer needs them. Tokens come from the pure lexer (code-tokens.ts) and
// are drawn as text nodes and spans made with DOM calls, never as HTML; copying a block still copies its plain text.
import { Directive, directive } from 'lit/directive.js';
import { withStyles } from '../adopted-styles.js';
import { memo } from '../memo.js';
import { codeTokens, TOKEN_KINDS, type CodeToken, type TokenKind } from './code-tokens.js';

/**
 * Default colour of each kind of token, each overridable with a `--chatbot-code-<kind>` property. Code
 * blocks are dark in both themes (`--chatbot-code-background`), so these are light tints, each with a
 * contrast of at least 4.5:1 against the code background of the light and of the dark theme (tested).
 */
export const TOKEN_COLORS: Record<TokenKind, string> = {
  keyword: '#c4b5fd',
  string: '#86efac',
  number: '#fdba74',
  comment: '#9ca3af',
  name: '#7dd3fc',
};

/** Lines of code drawn in one block of lines (see drawCode). */
export const CODE_BLOCK_LINES = 64;

/**
 * Styles of highlighted tokens, and of the spans that hold the lines: blocks, so that a change in the growing
 * one repaints what changed, not all the lines of an inline span (traced, a 60-line block streamed at 50 tokens
 * a second: paint and pre-paint of its last frames 1.5 and 0.7 ms inline, 0.5 and 0.15 ms as a block). A long
 * block's blocks of lines are skipped by style, layout and paint once off screen (a frame of a growing block
 * then costs its new lines, not every line above them). A block of lines is as wide as its longest line (at
 * least the code's width), so that paint containment clips none of it, and keeps its last size, both ways,
 * while skipped: the code scrolls sideways to its longest line wherever it is.
 */
export const CODE_CSS: string =
  TOKEN_KINDS.map((kind) => `.code-${kind}{color:var(--chatbot-code-${kind},${TOKEN_COLORS[kind]})}`).join('') +
  `.code-comment{font-style:italic}pre>code,code>span{display:block}.code-lines{width:max-content;min-width:100%;content-visibility:auto;contain-intrinsic-size:auto 0px auto ${CODE_BLOCK_LINES}lh}`;

/** A token as DOM: a text node, or a span with its kind's class when highlighted; its text goes in as text. */
const tokenNode = (token: CodeToken): ChildNode => {
  if (typeof token === 'string') return document.createTextNode(token);
  const span = document.createElement('span');
  span.className = `code-${token[0]}`;
  span.textContent = token[1];
  return span;
};

/**
 * A block of lines, made with DOM calls rather than a Lit template per token (which costs a template instance
 * and a marker comment each, most of a frame of a long code block); made anew for each part that draws it (a
 * node can be in one place only).
 */
const drawLines = (tokens: readonly CodeToken[]): Node => {
  const lines = document.createElement('span');
  lines.className = 'code-lines';
  lines.append(...tokens.map(tokenNode));
  return lines;
};

const sameToken = (a: CodeToken, b: CodeToken): boolean =>
  a === b || (typeof a !== 'string' && typeof b !== 'string' && a[0] === b[0] && a[1] === b[1]);

/**
 * The growing rest of a code block, in an element of its part's own (a block of lines once the code has one,
 * a plain span before): on each update only the nodes of the tokens that changed since the last (the last
 * token, and those after it) are taken out and the new ones put in, so a code block streamed a few characters
 * a frame costs its new tokens, not its last block of lines again.
 */
class CodeRun extends Directive {
  #element = document.createElement('span');
  /** The tokens drawn, one child node of the element each. */
  #drawn: readonly CodeToken[] = [];

  render(tokens: readonly CodeToken[], lines: boolean): Node {
    const element = this.#element;
    const drawn = this.#drawn;
    let same = 0;
    while (same < tokens.length && same < drawn.length && sameToken(tokens[same]!, drawn[same]!)) same++;
    while (element.childNodes.length > same) element.lastChild!.remove();
    element.classList.toggle('code-lines', lines);
    element.append(...tokens.slice(same).map(tokenNode));
    this.#drawn = tokens;
    return element;
  }
}
const codeRun = directive(CodeRun);

/** The code last drawn (the one being written, while an answer streams), its blocks of lines drawn, and where the rest starts. */
let last: { code: string; language: string; blocks: CodeToken[][]; end: number } | undefined;

/**
 * The code with its tokens in spans (plain text in a language the highlighter does not read). Code of more
 * than CODE_BLOCK_LINES lines is drawn in blocks of that many lines, each ending at a line end outside any
 * token once a whole line follows it. While a code block grows, its blocks drawn are kept (the same code
 * again, longer) and only the rest is read and drawn again: a frame of a long block costs its new lines,
 * and the browser lays out its last block only.
 */
export function drawCode(code: string, language: string): unknown {
  if (!(last?.language === language && code.startsWith(last.code))) last = { code, language, blocks: [], end: 0 };
  const growing = last;
  growing.code = code;
  const rest = code.slice(growing.end);
  let position = growing.end;
  let block: CodeToken[] = [];
  let lines = 0;
  for (const token of codeTokens(rest, language) ?? [rest]) {
    const text = typeof token === 'string' ? token : token[1];
    let from = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
      if (++lines >= CODE_BLOCK_LINES && typeof token === 'string' && code.includes('\n', position + at + 1)) {
        block.push(text.slice(from, at + 1));
        growing.blocks.push(block);
        growing.end = position + at + 1;
        block = [];
        lines = 0;
        from = at + 1;
      }
    }
    if (from < text.length) block.push(from ? text.slice(from) : token);
    position += text.length;
  }
  // A block of lines drawn is left alone while its part draws the same tokens again; the rest changes only
  // where its tokens did.
  return withStyles(CODE_CSS, [
    ...growing.blocks.map((tokens) => memo([tokens], () => drawLines(tokens))),
    codeRun(block, growing.blocks.length > 0),
  ]);
}
