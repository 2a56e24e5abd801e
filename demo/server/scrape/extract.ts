// Main-text extraction: a real HTML parser (linkedom) and Mozilla's Readability pick the content of a page;
// the content is then walked into blocks (headings, paragraphs, list items, table rows) and cut into
// passages of a few sentences that keep their nearest heading.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** One block of page text. */
export interface TextBlock {
  /** A heading (with its level) or body text. */
  kind: 'heading' | 'text';
  /** Heading level 1..6 (0 for text). */
  level: number;
  /** The text; list items start with `- `. */
  text: string;
}

/** What a page holds, ready to be indexed. */
export interface ExtractedPage {
  /** The page title. */
  title: string;
  /** The main text as blocks, in order. */
  blocks: TextBlock[];
  /** The absolute http(s) URLs the page links to, without fragments, in order, each once. */
  links: string[];
  /** Words in the main text (headings included): the entry's num_token. */
  wordCount: number;
}

/** A piece of a page, the unit of retrieval. */
export interface Passage {
  /** The nearest heading above it, or the page title. */
  heading: string;
  /** Its text: paragraphs separated by blank lines, list items one per line. */
  content: string;
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'OBJECT', 'FORM', 'BUTTON', 'SELECT', 'INPUT', 'TEXTAREA']);
const TEXT_BLOCKS = new Set(['P', 'PRE', 'DT', 'DD', 'FIGCAPTION', 'CAPTION', 'SUMMARY', 'ADDRESS']);
const CONTAINERS = new Set([
  'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'UL', 'OL', 'DL', 'TABLE', 'THEAD', 'TBODY',
  'TFOOT', 'FIGURE', 'DETAILS', 'BLOCKQUOTE', 'BODY', 'HTML', 'CENTER', 'FIELDSET',
]);
const NON_PAGE_EXTENSIONS = /\.(?:pdf|png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|xml|zip|gz|tar|mp3|mp4|webm|avi|mov|woff2?|ttf|eot|exe|dmg|apk)$/i;

type Node = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<Node> };
type Element = Node & { getAttribute(name: string): string | null; querySelectorAll(selector: string): ArrayLike<Element> };

function clean(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Counts the words of a text (runs of letters or digits). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)?.length ?? 0;
}

function textWithoutLists(element: Node): string {
  let text = '';
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 3) text += child.textContent ?? '';
    else if (child.nodeType === 1 && child.nodeName !== 'UL' && child.nodeName !== 'OL' && !SKIPPED.has(child.nodeName)) {
      text += textWithoutLists(child);
    }
  }
  return text;
}

// Walks the content in document order: blocks are read whole, containers are entered, inline text between
// blocks is gathered into paragraphs.
function collectBlocks(root: Node): TextBlock[] {
  const blocks: TextBlock[] = [];
  let inline = '';
  const flush = () => {
    const text = clean(inline);
    if (text) blocks.push({ kind: 'text', level: 0, text });
    inline = '';
  };
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        inline += child.textContent ?? '';
        continue;
      }
      if (child.nodeType !== 1) continue;
      const name = child.nodeName.toUpperCase();
      if (SKIPPED.has(name)) continue;
      if (/^H[1-6]$/.test(name)) {
        flush();
        const text = clean(child.textContent);
        if (text) blocks.push({ kind: 'heading', level: Number(name[1]), text });
      } else if (name === 'LI') {
        flush();
        const text = clean(textWithoutLists(child));
        if (text) blocks.push({ kind: 'text', level: 0, text: `- ${text}` });
        for (const nested of Array.from(child.childNodes)) if (nested.nodeName === 'UL' || nested.nodeName === 'OL') walk(nested);
      } else if (name === 'TR') {
        flush();
        const cells = Array.from(child.childNodes).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH').map((cell) => clean(cell.textContent));
        if (cells.some(Boolean)) blocks.push({ kind: 'text', level: 0, text: cells.join(' | ') });
      } else if (TEXT_BLOCKS.has(name)) {
        flush();
        const text = clean(child.textContent);
        if (text) blocks.push({ kind: 'text', level: 0, text });
      } else if (CONTAINERS.has(name)) {
        flush();
        walk(child);
        flush();
      } else if (name === 'BR') {
        inline += ' ';
      } else {
        inline += ' ' + (child.textContent ?? '') + ' ';
      }
    }
  };
  walk(root);
  flush();
  return blocks;
}

function pageLinks(document: { querySelectorAll(selector: string): ArrayLike<Element> }, baseUrl: string): string[] {
  const links = new Set<string>();
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    const href = anchor.getAttribute('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, baseUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (NON_PAGE_EXTENSIONS.test(url.pathname)) continue;
    url.hash = '';
    links.add(url.href);
  }
  return [...links];
}

/** Extracts the title, main text and links of an HTML (or plain text) page. */
export function extractPage(body: string, mediaType: string, url: string): ExtractedPage {
  if (mediaType === 'text/plain') {
    const blocks = body
      .split(/\n\s*\n/)
      .map((paragraph) => clean(paragraph))
      .filter(Boolean)
      .map((text): TextBlock => ({ kind: 'text', level: 0, text }));
    return { title: new URL(url).pathname.split('/').pop() || url, blocks, links: [], wordCount: countWords(body) };
  }
  // A fragment (no <html> or <body>) is put in a document, so the parser and Readability see a whole page.
  const html = /<(html|body)[\s>]/i.test(body) ? body : `<!doctype html><html><head></head><body>${body}</body></html>`;
  const { document } = parseHTML(html);
  const links = pageLinks(document as unknown as Element, url);
  const pageTitle = clean(document.querySelector('title')?.textContent ?? '');
  const firstHeading = clean(document.querySelector('h1')?.textContent ?? '');
  // Readability changes the document it reads, so it gets its own copy; a page it cannot read (no root
  // element, no article) is read whole instead.
  const copy = parseHTML(html).document;
  const article = copy.documentElement ? new Readability(copy as unknown as Document, { charThreshold: 100 }).parse() : null;
  let blocks: TextBlock[];
  if (article?.content) {
    blocks = collectBlocks(parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as Node);
  } else {
    const root = (document.body ?? document.documentElement) as unknown as Node | null;
    blocks = root ? collectBlocks(root) : [];
  }
  const title = firstHeading || clean(article?.title ?? '') || pageTitle || url;
  const wordCount = blocks.reduce((sum, block) => sum + countWords(block.text), 0);
  return { title, blocks, links, wordCount };
}

const TARGET_WORDS = 120;
const MAX_WORDS = 200;

/**
 * Cuts blocks into passages: a new passage starts at every heading and when the current one would pass
 * about 120 words (a single long paragraph is cut at sentence ends near 200 words).
 */
export function splitIntoPassages(page: ExtractedPage): Passage[] {
  const passages: Passage[] = [];
  let heading = page.title;
  let parts: string[] = [];
  let words = 0;
  const emit = () => {
    if (parts.length > 0) {
      // List items stay on consecutive lines; anything else is its own paragraph.
      const content = parts.reduce((text, part, index) => {
        if (index === 0) return part;
        const tight = part.startsWith('- ') && parts[index - 1]!.startsWith('- ');
        return `${text}${tight ? '\n' : '\n\n'}${part}`;
      }, '');
      passages.push({ heading, content });
    }
    parts = [];
    words = 0;
  };
  const add = (text: string) => {
    const count = countWords(text);
    if (words > 0 && words + count > TARGET_WORDS) emit();
    parts.push(text);
    words += count;
  };
  for (const block of page.blocks) {
    if (block.kind === 'heading') {
      emit();
      heading = block.text;
      continue;
    }
    if (countWords(block.text) <= MAX_WORDS) {
      add(block.text);
      continue;
    }
    let sentenceGroup = '';
    for (const sentence of block.text.match(/[^.!?]+[.!?]*\s*/g) ?? [block.text]) {
      if (sentenceGroup && countWords(sentenceGroup + sentence) > MAX_WORDS) {
        add(sentenceGroup.trim());
        sentenceGroup = '';
      }
      sentenceGroup += sentence;
    }
    if (sentenceGroup.trim()) add(sentenceGroup.trim());
  }
  emit();
  return passages;
}
