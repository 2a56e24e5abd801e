// Link reference definitions in answers. The block parser reads them only once this reader is given to it
// (useBlockReaders): the widget imports it, with tables, the first time an answer has `]:` or a pipe in it
// (src/widget/on-demand/markdown-extras.ts), as most answers define no link. Pure: no DOM, no Lit.
import { DESTINATION, TITLE, normalizeLabel, unescapeText, type References } from './inline.js';

/**
 * A link reference definition, `[label]: destination "title"`, at the start of a paragraph's text (sticky).
 * No two runs of spaces are adjacent, so a failed match backtracks linearly; the title may span lines
 * (a paragraph has no blank line), and with text after it on its line it is not part of the definition.
 */
const DEFINITION = new RegExp(String.raw`\[((?:[^\\[\]]|\\.)*)\]:[ \t]*(?:\n[ \t]*)?${DESTINATION}(?:[ \t]*(?:\n[ \t]*)?(?<=\s)${TITLE})?[ \t]*(?:\n|$)`, 'y');

/**
 * Takes the link reference definitions off the start of a paragraph's text into `references` (the first
 * definition of a label wins) and returns the rest of the text.
 */
export function takeDefinitions(text: string, references: References): string {
  for (let at = 0; ; at = DEFINITION.lastIndex) {
    DEFINITION.lastIndex = at;
    const match = DEFINITION.exec(text);
    if (!match || match[1]!.length > 999 || !/\S/.test(match[1]!)) return text.slice(at);
    const label = normalizeLabel(match[1]!);
    if (!references.has(label)) references.set(label, { href: unescapeText(match[2] ?? match[3]!), title: match[4] && unescapeText(match[4].slice(1, -1)) });
  }
}
