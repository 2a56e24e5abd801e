// Streaming-friendly Markdown for answers: pure parsers and their Lit rendering.
export { IncrementalBlocks, parseBlocks, type Block, type TableAlign } from './blocks.js';
export { LIVE_LINK_PROTOCOLS, inlineText, parseInline, safeHref, type Inline, type InlineOptions } from './inline.js';
export { MarkdownStream, markdownToText, renderMarkdown, type MarkdownContext } from './render.js';
