// Streaming-friendly Markdown for answers: pure parsers and their Lit rendering.
export { IncrementalBlocks, parseBlocks, useBlockReaders, type Block, type BlockReaders, type DefinitionReader, type HtmlBlockReader, type TableAlign, type TableReader } from './blocks.js';
export { normalizeLabel, resolveReference, takeDefinitions } from './definitions.js';
export { readHtmlBlock } from './html-blocks.js';
export { LIVE_LINK_PROTOCOLS, inlineText, parseInline, safeHref, useRawHtmlReader, type Inline, type InlineOptions, type LinkReference, type LinkTarget, type RawHtmlReader, type ReferenceResolver, type References } from './inline.js';
export { readRawHtml } from './raw-html.js';
export { MarkdownStream, markdownToText, renderMarkdown, useMarkdownExtras, type MarkdownContext, type MarkdownExtras, type TableView, type TaskView } from './render.js';
export { readTable, splitTableRow } from './tables.js';
export { markTask } from './tasks.js';
