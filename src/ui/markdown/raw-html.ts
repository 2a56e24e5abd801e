// Inline raw HTML in answers, recognised by CommonMark's grammar and shown as the text it was written as:
// the widget never renders HTML from answer text, but a tag, comment, processing instruction, declaration
// or CDATA section keeps what is inside it from being read as Markdown (`<a href="*">` holds no emphasis,
// `<a title="](x)">` ends no link, no code span, escape, entity or hard break). The inline parser gets this
// reader with the other readers most answers never use (src/widget/on-demand/markdown-extras.ts), the first
// time an answer has `<` followed by a letter, `/`, `!` or `?`. Pure: no DOM, no Lit.
import type { RawHtmlReader } from './inline.js';

/** Spaces, tabs and a line end (a paragraph has no blank line, so a run holds at most one). */
const SPACE = '[ \\t\\n]';
const ATTRIBUTE = `${SPACE}+[A-Za-z_:][\\w.:-]*(?:${SPACE}*=${SPACE}*(?:[^ \\t\\n"'=<>\`]+|'[^']*'|"[^"]*"))?`;
/**
 * An open or closing tag, sticky. It ends at its first `>` outside a quoted attribute value, and no two runs
 * of one class are adjacent, so a failed match backtracks linearly.
 */
const TAG = new RegExp(`<(?:[A-Za-z][A-Za-z\\d-]*(?:${ATTRIBUTE})*${SPACE}*/?|/[A-Za-z][A-Za-z\\d-]*${SPACE}*)>`, 'y');

/** The constructs that run to a closing string: how they start, and the string that ends them. */
const RUNS = [
  ['<!--', '-->'],
  ['<?', '?>'],
  ['<![CDATA[', ']]>'],
] as const;

/**
 * Reads the raw HTML of one text: the end of the construct at each `<` it is asked about, or 0. A search for
 * a closing string that fails is remembered (there is none after that point), so an unclosed `<!--` does not
 * make every later one search to the end again (as cmark does); a search that succeeds ends a construct that
 * the parser then skips, so no text is searched twice.
 */
export const readRawHtml: RawHtmlReader = (text) => {
  /** For each closing string, from where on the text is known not to hold it. */
  const missingFrom = new Map<string, number>();
  const endOf = (close: string, from: number): number => {
    if (from >= (missingFrom.get(close) ?? Infinity)) return 0;
    const at = text.indexOf(close, from);
    if (at < 0) missingFrom.set(close, from);
    return at < 0 ? 0 : at + close.length;
  };
  return (i) => {
    // `<!-->` and `<!--->` are comments too.
    if (/^<!---?>/.test(text.slice(i, i + 6))) return text.indexOf('>', i) + 1;
    for (const [open, close] of RUNS) if (text.startsWith(open, i)) return endOf(close, i + open.length);
    // A declaration: `<!` and a letter, then anything up to `>`.
    if (/[A-Za-z]/.test(text[i + 2] ?? '') && text[i + 1] === '!') return endOf('>', i + 2);
    TAG.lastIndex = i;
    return TAG.test(text) ? TAG.lastIndex : 0;
  };
};
