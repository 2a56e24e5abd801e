// HTML blocks in answers, read as the text they were written as: the widget never renders an answer's HTML.
// CommonMark's seven kinds of HTML block are read so that their lines are neither Markdown nor paragraphs
// (`<!-- -->` between two lists keeps them apart, `<a href="&ouml;">` keeps its entity as written). The block
// parser reads them only once this reader is given to it (useBlockReaders): the widget imports it, with
// tables and definitions, the first time an answer has `<` before a letter, `/`, `!` or `?`
// (src/widget/on-demand/markdown-extras.ts). Pure: no DOM, no Lit.
import type { Block } from './blocks.js';

const BLANK = /^[ \t]*$/;

/** The tags that start an HTML block of kind 6, ended by a blank line (CommonMark 0.31.2). */
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';

/**
 * An attribute of an open tag. Its parts cannot match the same characters (a name never holds a space or
 * `=`, an unquoted value never a space), so a tag that fails to close backtracks in linear time.
 */
const ATTRIBUTE = String.raw`[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>\x60]+|'[^']*'|"[^"]*"))?`;

/**
 * The start of each kind of HTML block, in CommonMark's order, with its end: a line that holds the end
 * (kinds 1 to 5: that line is the block's last) or, for kinds 6 and 7, a blank line (not the block's).
 */
const KINDS: readonly (readonly [start: RegExp, end: RegExp])[] = [
  [/^ {0,3}<(?:pre|script|style|textarea)(?:[ \t>]|$)/i, /<\/(?:pre|script|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [new RegExp(`^ {0,3}</?(?:${BLOCK_TAGS})(?:[ \\t>]|/>|$)`, 'i'), BLANK],
  // A complete open tag (of a tag that is not kind 1's) or closing tag, alone on its line.
  [new RegExp(String.raw`^ {0,3}(?:<(?!(?:pre|script|style|textarea)[ \t/>])[A-Za-z][A-Za-z\d-]*(?:${ATTRIBUTE})*[ \t]*\/?>|<\/[A-Za-z][A-Za-z\d-]*[ \t]*>)[ \t]*$`, 'i'), BLANK],
];

/**
 * The HTML block that starts at line `i`, if one does, and the index of the line after it (a BlockReader).
 * With `interrupting` (the line would end a paragraph), kind 7 is not one, as in CommonMark. The end is
 * searched once, line by line from the block's start; a block that never ends runs to the end of the text.
 */
export function readHtmlBlock(lines: readonly string[], i: number, interrupting?: boolean): [Block, number] | undefined {
  const kind = KINDS.findIndex(([start]) => start.test(lines[i]!));
  if (kind < 0 || (interrupting && kind > 5)) return undefined;
  const end = KINDS[kind]![1];
  let last = i;
  if (end === BLANK) while (last + 1 < lines.length && !BLANK.test(lines[last + 1]!)) last++;
  else while (last + 1 < lines.length && !end.test(lines[last]!)) last++;
  return [{ type: 'html', text: lines.slice(i, last + 1).join('\n') }, last + 1];
}
