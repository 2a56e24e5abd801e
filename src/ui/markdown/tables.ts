// GFM tables in answers. The block parser reads them only once this reader is given to it
// (useBlockReaders): the widget imports it, with the table's template and styles, in the Markdown extras
// (src/widget/on-demand/markdown-extras.ts) the first time an answer has a pipe in it, as most answers have
// no table. Pure: no DOM, no Lit.
import type { Block, TableAlign } from './blocks.js';

const BLANK = /^[ \t]*$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * Splits a table row into trimmed cells: a cell ends at each pipe that is not escaped (in code spans too, as
 * in GFM), `\|` is a pipe, and a pipe at either end of the row starts or ends no cell.
 */
export function splitTableRow(line: string): string[] {
  // One pipe more at the end, so every cell ends with one; the backslash before it may escape nothing.
  const cells = `${line.trim().replace(/^\|/, '')}|`.match(/(?:\\.?|[^\\|])*\|/g)!;
  if (cells.length > 1 && cells.at(-1) === '|') cells.pop();
  return cells.map((cell) => cell.slice(0, -1).replace(/\\\|/g, '|').trim());
}

function isTableStart(lines: readonly string[], i: number): boolean {
  const header = lines[i];
  const delimiter = lines[i + 1];
  if (header === undefined || delimiter === undefined || !header.includes('|') || !TABLE_DELIMITER.test(delimiter)) return false;
  if (!delimiter.includes('|') && !header.trim().startsWith('|')) return false;
  return splitTableRow(header).length === splitTableRow(delimiter).length;
}

/** The GFM table that starts at line `i`, if one does, and the index of the line after it (a TableReader). */
export function readTable(lines: readonly string[], i: number): [Block, number] | undefined {
  if (!isTableStart(lines, i)) return undefined;
  const header = splitTableRow(lines[i]!);
  const align = splitTableRow(lines[i + 1]!).map((cell): TableAlign => {
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
  });
  const rows: string[][] = [];
  i += 2;
  while (i < lines.length && !BLANK.test(lines[i]!) && lines[i]!.includes('|')) {
    const cells = splitTableRow(lines[i]!);
    rows.push(header.map((_, column) => cells[column] ?? ''));
    i++;
  }
  return [{ type: 'table', align, header, rows }, i];
}
