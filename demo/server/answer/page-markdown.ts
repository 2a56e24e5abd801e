// Page text is plain text written by whoever runs the page, and the service quotes it inside Markdown it
// writes itself. Before it becomes part of an answer it is neutralised: the Markdown that would make a link,
// an image or raw HTML is backslash-escaped, a line that looks like the answer framing (`Answer:`,
// `Suggest Questions:`, in any emphasis and spacing) is defused, suggestions carry no Markdown or HTML at
// all, and links to pages are built only from URLs the widget's own `safeHref` accepts. Pure.
import { safeHref } from '../../../src/ui/markdown/inline.js';

// Backslash first, so the escapes added for the others are not escaped again.
const LINK_AND_HTML_CHARACTERS = /[\\[\]<>]/g;
// Any space a page may use between words (no-break, thin, ideographic …), but not line ends.
const SPACES = /[^\S\n\r]+/gu;
// A line start that a reader of the answer format could take for a marker: indentation, a heading or list
// mark, emphasis, then the label, then emphasis and a colon (or the end of the line).
const FRAMING_LINE = /^([ \t]*(?:#{1,6}[ \t]*)?(?:[-+>][ \t]*)?)([*_~`\\]*[ \t]*)(answer|suggest(?:ed)?[ \t]+questions?)([ \t]*[*_~`\\]*[ \t]*)([:：]|$)/i;

/** Escapes what would make Markdown links, images or HTML, and defuses lines that look like the answer framing. */
export function escapePageText(text: string): string {
  return text
    .replace(SPACES, (space) => (space === ' ' ? space : ' '))
    .replace(LINK_AND_HTML_CHARACTERS, '\\$&')
    .split('\n')
    .map(defuseFramingLine)
    .join('\n');
}

function defuseFramingLine(line: string): string {
  const match = FRAMING_LINE.exec(line);
  if (!match) return line;
  const [whole, lead, opening, label, closing, colon] = match as unknown as [string, string, string, string, string, string];
  const escapeEmphasis = (part: string) => part.replace(/(?<!\\)[*_~`]/g, '\\$&');
  // An escaped colon (`\:`) reads as a colon in Markdown but is no marker for any parser of the format; a
  // label alone on its line gets one, so it cannot end a marker either.
  return `${lead}${escapeEmphasis(opening)}${label}${escapeEmphasis(closing)}${colon ? `\\${colon}` : '\\:'}${line.slice(whole.length)}`;
}

// `[text](destination)` or `![text](destination)`, the destination with one level of parentheses inside.
const MARKDOWN_LINK = /!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g;

/** A page's heading or title as plain text for a suggested question: no Markdown or HTML characters, one line. */
export function plainSuggestionText(text: string): string {
  return text
    .replace(MARKDOWN_LINK, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\\[\]<>*_`~|#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Tells whether a text could be taken for the answer framing at the start of a line. */
export function looksLikeFraming(text: string): boolean {
  return FRAMING_LINE.test(text.replace(SPACES, ' '));
}

// Characters a URL may keep (it is normalised by the URL parser) that would end or confuse `(...)` in Markdown.
const LINK_DESTINATION_BREAKERS = /[()[\]<>\\ ]/g;

/**
 * A Markdown link to a page: the title escaped as page text, the URL only when `safeHref` accepts it (http,
 * https, mailto) and with every character that could break out of `(...)` percent-encoded. A URL that is not
 * safe gives the title alone, as text.
 */
export function pageLink(title: string, url: string): string {
  const label = escapePageText((title.trim() || url).replace(/\s+/g, ' '));
  const href = safeHref(url);
  if (!href) return label;
  const destination = href.replace(LINK_DESTINATION_BREAKERS, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${label}](${destination})`;
}
