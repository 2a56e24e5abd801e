// Streaming-friendly Markdown for answers: pure parsers and their Lit rendering.
export { IncrementalBlocks, parseBlocks, useTableReader, type Block, type TableAlign, type TableReader } from './blocks.js';
export { LIVE_LINK_PROTOCOLS, inlineText, normalizeLabel, parseInline, safeHref, type Inline, type InlineOptions, type LinkReference, type References } from './inline.js';
export { MarkdownStream, markdownToText, renderMarkdown, useTables, type MarkdownContext, type MarkdownTables, type TableView } from './render.js';
export { readTable, splitTableRow } from './tables.js';
