// Test-side HTML for the Markdown parsers: the parser's output tree written as the HTML a CommonMark
// renderer would give, and a normal form of any HTML string, so the tree can be compared with the
// CommonMark and GFM spec examples. Whitespace between block tags and attribute order do not count, and an
// image counts as the link the widget draws for it (its alt text linked to its source).
import { decodeHTMLStrict } from 'entities';
import { parseHTML } from 'linkedom';
import { parseBlocks, useBlockReaders, type Block } from '../../../src/ui/markdown/blocks.js';
import { parseInline, setEntityDecoder, useRawHtmlReader, type Inline, type References } from '../../../src/ui/markdown/inline.js';
import { readRawHtml } from '../../../src/ui/markdown/raw-html.js';
import { resolveReference, takeDefinitions } from '../../../src/ui/markdown/definitions.js';
import { readTable } from '../../../src/ui/markdown/tables.js';
import { readHtmlBlock } from '../../../src/ui/markdown/html-blocks.js';
import { markTask } from '../../../src/ui/markdown/tasks.js';

// The widget imports the readers of tables, HTML blocks, definitions and raw HTML on demand; here they are
// given from the start.
useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });
useRawHtmlReader(readRawHtml);

// Node has no document to decode named character references with: the entities package stands in for it.
setEntityDecoder((name) => {
  const value = decodeHTMLStrict(`&${name};`);
  return value === `&${name};` ? undefined : value;
});

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline nodes as HTML. */
export function inlineHtml(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeText(node);
      switch (node.type) {
        case 'break':
          return '<br />\n';
        case 'code':
          return `<code>${escapeText(node.text)}</code>`;
        case 'em':
        case 'strong':
        case 'del':
          return `<${node.type}>${inlineHtml(node.children)}</${node.type}>`;
        case 'link': {
          const title = node.title ? ` title="${escapeText(node.title)}"` : '';
          return `<a href="${escapeText(node.href)}"${title}>${inlineHtml(node.children)}</a>`;
        }
        default: {
          const unknownNode: never = node;
          return unknownNode;
        }
      }
    })
    .join('');
}

/**
 * Blocks as HTML, their reference links resolved with `references`; in a tight list item, paragraphs are
 * drawn without `<p>` (as the widget draws them).
 */
export function blocksHtml(blocks: readonly Block[], references: References, tight = false): string {
  const inline = (text: string): string => inlineHtml(parseInline(text, { references }));
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'paragraph': {
          const box = block.checked === undefined ? '' : `<input type="checkbox" disabled=""${block.checked ? ' checked=""' : ''} />`;
          return tight ? box + inline(block.text) : `<p>${box}${inline(block.text)}</p>`;
        }
        case 'heading':
          return `<h${block.level}>${inline(block.text)}</h${block.level}>`;
        case 'code': {
          const lang = block.lang ? ` class="language-${escapeText(block.lang)}"` : '';
          return `<pre><code${lang}>${escapeText(block.text ? `${block.text}\n` : '')}</code></pre>`;
        }
        case 'rule':
          return '<hr />';
        case 'html':
          // Shown as text, as micromark shows raw HTML when it may not render it: the source alone, no <p>.
          return escapeText(block.text);
        case 'quote':
          return `<blockquote>${blocksHtml(block.children, references)}</blockquote>`;
        case 'list': {
          const items = block.items.map((item) => `<li>${blocksHtml(item, references, block.tight)}</li>`).join('');
          const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : '';
          return block.ordered ? `<ol${start}>${items}</ol>` : `<ul>${items}</ul>`;
        }
        case 'table': {
          const cell = (tag: string, text: string, column: number) => {
            const align = block.align[column];
            return `<${tag}${align ? ` align="${align}"` : ''}>${inline(text)}</${tag}>`;
          };
          const head = `<thead><tr>${block.header.map((text, column) => cell('th', text, column)).join('')}</tr></thead>`;
          const body = block.rows.length ? `<tbody>${block.rows.map((row) => `<tr>${row.map((text, column) => cell('td', text, column)).join('')}</tr>`).join('')}</tbody>` : '';
          return `<table>${head}${body}</table>`;
        }
        default: {
          const unknownBlock: never = block;
          return unknownBlock;
        }
      }
    })
    .join('\n');
}

/** A Markdown text read by the widget's parsers, as HTML. */
export function markdownHtml(markdown: string): string {
  const references: References = new Map();
  return blocksHtml(parseBlocks(markdown, references), references);
}

const BLOCK_TAGS = new Set(['address', 'blockquote', 'div', 'dl', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'ol', 'p', 'pre', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul']);
const BLOCK_CONTAINERS = new Set(['#document-fragment', 'blockquote', 'li', 'ol', 'ul', 'table', 'thead', 'tbody', 'tr']);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'input']);

interface HtmlNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<HtmlNode>;
  attributes?: ArrayLike<{ name: string; value: string }>;
  getAttribute?: (name: string) => string | null;
}

const isBlock = (node: HtmlNode | undefined): boolean => node?.nodeType === 1 && BLOCK_TAGS.has(node.nodeName.toLowerCase());

const decodePercent = (value: string): string => {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
};

function normalNode(node: HtmlNode, parentName: string, previous: HtmlNode | undefined, next: HtmlNode | undefined): string {
  if (node.nodeType === 3) {
    let text = node.textContent ?? '';
    if (text.trim() === '' && (BLOCK_CONTAINERS.has(parentName) || isBlock(previous) || isBlock(next))) return '';
    if (isBlock(previous) || (previous === undefined && BLOCK_CONTAINERS.has(parentName))) text = text.replace(/^\s+/, '');
    if (isBlock(next) || (next === undefined && BLOCK_CONTAINERS.has(parentName))) text = text.replace(/\s+$/, '');
    return escapeText(text);
  }
  if (node.nodeType !== 1) return '';
  let name = node.nodeName.toLowerCase();
  let attributes = Array.from(node.attributes ?? [], (attribute) => [attribute.name, attribute.value] as [string, string]);
  let children = normalChildren(node, name);
  if (name === 'img') {
    // An image is drawn as a link to its source, its alt text as the link's text.
    name = 'a';
    const alt = node.getAttribute?.('alt') ?? '';
    attributes = attributes.filter(([key]) => key !== 'alt').map(([key, value]) => [key === 'src' ? 'href' : key, value]);
    children = escapeText(alt);
  }
  attributes = attributes.map(([key, value]) => [key, key === 'href' ? decodePercent(value) : value]);
  attributes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const attributeText = attributes.map(([key, value]) => ` ${key}="${escapeText(value)}"`).join('');
  return VOID_TAGS.has(name) && name !== 'img' ? `<${name}${attributeText}>` : `<${name}${attributeText}>${children}</${name}>`;
}

function normalChildren(node: HtmlNode, name: string): string {
  const children = Array.from(node.childNodes);
  return children.map((child, index) => normalNode(child, name, children[index - 1], children[index + 1])).join('');
}

const { document } = parseHTML('<!doctype html><html><body></body></html>');

/**
 * The normal form of an HTML string: attributes sorted, whitespace between block tags dropped, percent
 * escapes in hrefs decoded, images written as links.
 */
export function normalHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return normalChildren(template.content as unknown as HtmlNode, '#document-fragment');
}
