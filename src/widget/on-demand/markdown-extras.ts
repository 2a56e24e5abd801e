// The Markdown most answers never use, a chunk of its own: GFM tables and task items, HTML blocks (read as
// their source text), link reference definitions, reference links, inline raw HTML (shown as text), the
// syntax highlighter of fenced code, and list items built as DOM. The answer renderer imports it the first
// time an answer has a pipe, `]:`, a task marker, `<` followed by a letter, `/`, `!` or `?`, or a fence with a
// language in it, or is longer than 20,000 characters, and draws its answers again when it arrives (until
// then those are read as if they were plain text, an HTML block as a paragraph, and code is plain).
import { html } from 'lit';
import { withStyles } from '../../ui/adopted-styles.js';
import type { TableView, TaskView } from '../../ui/markdown/render.js';

export { drawCode } from '../../ui/markdown/code-view.js';
export { resolveReference, takeDefinitions } from '../../ui/markdown/definitions.js';
export { readHtmlBlock } from '../../ui/markdown/html-blocks.js';
export { readRawHtml } from '../../ui/markdown/raw-html.js';
export { readTable } from '../../ui/markdown/tables.js';
export { drawItem } from '../../ui/markdown/inline-dom.js';
export { markTask } from '../../ui/markdown/tasks.js';

/** Draws a task item's box, a disabled checkbox labelled by the item's text. */
export const drawTask: TaskView = (checked, content) => html`<label><input type="checkbox" disabled ?checked=${checked} />${content}</label>`;

/** Styles of tables, which only this chunk draws (the widget's and the admin's style sheets have none). */
export const TABLE_CSS =
  '.table-wrap{overflow-x:auto;max-width:100%}.table-wrap table{border-collapse:collapse;font-size:.92em}' +
  '.table-wrap :is(th,td){padding:4px 8px;border:1px solid var(--_border);text-align:start;overflow-wrap:normal}' +
  '.table-wrap .center{text-align:center}.table-wrap .right{text-align:right}.table-wrap .left{text-align:left}';

/** Draws a table: header cells are column headers, each column aligned as its delimiter row says. */
export const drawTable: TableView = (table, cell) =>
  html`${withStyles(
    TABLE_CSS,
    html`<div class="table-wrap" tabindex="0"><table><thead><tr>${table.header.map((text, column) => html`<th scope="col" class=${table.align[column] ?? 'start'}>${cell(text)}</th>`)}</tr></thead><tbody>${table.rows.map((row) => html`<tr>${row.map((text, column) => html`<td class=${table.align[column] ?? 'start'}>${cell(text)}</td>`)}</tr>`)}</tbody></table></div>`,
  )}`;
