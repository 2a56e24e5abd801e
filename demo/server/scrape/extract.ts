// Main-text extraction: a real HTML parser (linkedom) and Mozilla's Readability pick the content of a page;
// the content is then walked into blocks (headings, paragraphs, list items, table rows) and cut into
// passages of a few sentences that keep their nearest heading. Navigation is left out on the way: menus,
// footers and sidebars, blocks that are mostly links, "Next: …" and "See also: …" lines, and sentences or
// closing lines that only point elsewhere ("Read the full list on the features page.").
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { sentencesOf } from '../answer/text.js';

/** One block of page text. */
export interface TextBlock {
  /** A heading (with its level) or body text. */
  kind: 'heading' | 'text';
  /** Heading level 1..6 (0 for text). */
  level: number;
  /** The text; list items start with `- `. */
  text: string;
}

/** The most nodes the walk over one page's content visits; text past them is left out. */
export const MAX_WALKED_NODES = 100_000;
/** Pages with more elements than this are read whole, without Readability (its cost grows faster than the page). */
const READABILITY_MAX_ELEMENTS = 20_000;
/** Pages nested deeper than this are read whole, without Readability (parts of it recurse once per level). */
const READABILITY_MAX_DEPTH = 200;
/** The most links kept from one page. */
const MAX_LINKS = 1_000;

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
  /** Whether the page was larger than MAX_WALKED_NODES and its text is cut there. */
  truncated: boolean;
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

const NAVIGATION_ELEMENTS = new Set(['NAV', 'FOOTER', 'ASIDE']);
const NAVIGATION_ROLES = /^(navigation|contentinfo|complementary|menu|menubar|search)$/i;
const NAVIGATION_NAMES = /(^|[\s_-])(nav|navbar|navigation|menu|footer|breadcrumbs?|sidebar|cookies?|skip-link|pagination|share|social)($|[\s_-])/i;
/** A line that introduces links elsewhere: "Next:", "See also:", "Related:", "Read more:". */
const NAVIGATION_LABEL = /^(next|previous|prev|see also|related( pages| articles)?|read more|more|up next|continue reading|further reading)\s*[:：]/i;
/** A sentence that only sends the reader elsewhere, when it holds a link: "Read the full list on…", "Back to…". */
const POINTER_SENTENCE = /^(see|read|visit|go to|back to|start with|continue (to|with)|learn more|find out more|more (on|about)|check out|head (over )?to|jump to|return to)\b/i;
/** Blocks at least this share of whose words are link text are menus or link lists. */
const LINK_DENSITY = 0.5;
/** A closing block this short whose every sentence holds a link only points elsewhere. */
const POINTER_BLOCK_WORDS = 15;
// Private-use characters mark link text while a block is read; page text never keeps them.
const LINK_START = '\uE000';
const LINK_END = '\uE001';
const LINK_MARKS = /[\uE000\uE001]/g;

type Node = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<Node> };
type Element = Node & { getAttribute(name: string): string | null; querySelectorAll(selector: string): ArrayLike<Element> };

function clean(text: string | null): string {
  return (text ?? '').replace(LINK_MARKS, '').replace(/\s+/g, ' ').trim();
}

function isNavigation(element: Node): boolean {
  if (NAVIGATION_ELEMENTS.has(element.nodeName.toUpperCase())) return true;
  const { getAttribute } = element as Partial<Element>;
  if (!getAttribute) return false;
  const attribute = (name: string) => getAttribute.call(element, name) ?? '';
  return NAVIGATION_ROLES.test(attribute('role')) || NAVIGATION_NAMES.test(`${attribute('class')} ${attribute('id')}`) || attribute('aria-hidden') === 'true';
}

/** How many more nodes a page's walk may visit; shared by every walk over one page. */
interface NodeBudget {
  /** Nodes left; the walks stop at 0. */
  left: number;
}

/**
 * A block's text with its link text between LINK_START and LINK_END (lists inside it left out when asked).
 * Iterative, so no nesting depth can overflow the stack.
 */
function markedText(node: Node, budget: NodeBudget, withoutLists = false): string {
  let text = '';
  const pending: (Node | string)[] = Array.from(node.childNodes).reverse();
  while (pending.length > 0 && budget.left > 0) {
    const item = pending.pop()!;
    if (typeof item === 'string') {
      text += item;
      continue;
    }
    budget.left--;
    if (item.nodeType === 3) text += item.textContent ?? '';
    else if (item.nodeType === 1 && !SKIPPED.has(item.nodeName) && !(withoutLists && (item.nodeName === 'UL' || item.nodeName === 'OL'))) {
      if (item.nodeName === 'A') {
        text += LINK_START;
        pending.push(LINK_END);
      } else if (item.nodeName === 'BR') {
        pending.push(' ');
      }
      for (let index = item.childNodes.length - 1; index >= 0; index--) pending.push(item.childNodes[index]!);
    }
  }
  return text;
}

function linkWordShare(marked: string): number {
  const words = countWords(marked.replace(LINK_MARKS, ' '));
  if (words === 0) return 0;
  const linked = (marked.match(/\uE000[^\uE001]*\uE001?/g) ?? []).reduce((sum, part) => sum + countWords(part.replace(LINK_MARKS, ' ')), 0);
  return linked / words;
}

/**
 * The text of a block without what only navigates, or '' when the whole block navigates: a menu or link
 * list, a "Next:" or "See also:" line, or a sentence that points elsewhere through a link.
 */
export function contentOfBlock(marked: string): { text: string; pointsElsewhere: boolean } {
  const text = clean(marked);
  if (!text || NAVIGATION_LABEL.test(text) || linkWordShare(marked) >= LINK_DENSITY) return { text: '', pointsElsewhere: true };
  const sentences = sentencesOf(marked.replace(/\s+/g, ' '), { code: 'en' });
  const kept = sentences.filter((sentence) => !(sentence.includes(LINK_START) && POINTER_SENTENCE.test(clean(sentence))));
  const allLinked = sentences.length > 0 && sentences.every((sentence) => sentence.includes(LINK_START));
  return { text: clean(kept.join(' ')), pointsElsewhere: allLinked && countWords(text) <= POINTER_BLOCK_WORDS };
}

/** Counts the words of a text (runs of letters or digits). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)?.length ?? 0;
}

// Walks the content in document order: blocks are read whole, containers are entered, inline text between
// blocks is gathered into paragraphs. A short closing block that only points elsewhere ("Start with the
// embedding guide.") is dropped once the next heading or the end shows it closed its section. The walk is
// iterative (a stack of nodes still to read, and marks where a container ends) and stops when the node
// budget is spent, keeping the blocks read so far.
function collectBlocks(root: Node, budget: NodeBudget): TextBlock[] {
  const blocks: TextBlock[] = [];
  let closingPointer = -1;
  let inline = '';
  const push = (marked: string, prefix = '') => {
    const { text, pointsElsewhere } = contentOfBlock(marked);
    if (!text) return;
    blocks.push({ kind: 'text', level: 0, text: `${prefix}${text}` });
    closingPointer = pointsElsewhere && !prefix ? blocks.length - 1 : -1;
  };
  const dropClosingPointer = () => {
    if (closingPointer >= 0 && closingPointer === blocks.length - 1) blocks.pop();
    closingPointer = -1;
  };
  const flush = () => {
    if (inline.trim()) push(inline);
    inline = '';
  };
  const CONTAINER_END = null;
  const pending: (Node | typeof CONTAINER_END)[] = [];
  const enter = (nodes: readonly Node[]) => {
    for (let index = nodes.length - 1; index >= 0; index--) pending.push(nodes[index]!);
  };
  enter(Array.from(root.childNodes));
  while (pending.length > 0 && budget.left > 0) {
    const child = pending.pop()!;
    if (child === CONTAINER_END) {
      flush();
      continue;
    }
    budget.left--;
    if (child.nodeType === 3) {
      inline += child.textContent ?? '';
      continue;
    }
    if (child.nodeType !== 1) continue;
    const name = child.nodeName.toUpperCase();
    if (SKIPPED.has(name) || isNavigation(child)) continue;
    if (/^H[1-6]$/.test(name)) {
      flush();
      dropClosingPointer();
      const text = clean(child.textContent);
      if (text) blocks.push({ kind: 'heading', level: Number(name[1]), text });
    } else if (name === 'LI') {
      flush();
      push(markedText(child, budget, true), '- ');
      const nestedLists = Array.from(child.childNodes).filter((nested) => nested.nodeName === 'UL' || nested.nodeName === 'OL');
      enter(nestedLists.flatMap((list) => Array.from(list.childNodes)));
    } else if (name === 'TR') {
      flush();
      const cells = Array.from(child.childNodes).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH').map((cell) => clean(cell.textContent));
      if (cells.some(Boolean)) blocks.push({ kind: 'text', level: 0, text: cells.join(' | ') });
    } else if (TEXT_BLOCKS.has(name)) {
      flush();
      push(markedText(child, budget));
    } else if (CONTAINERS.has(name)) {
      flush();
      pending.push(CONTAINER_END);
      enter(Array.from(child.childNodes));
    } else if (name === 'BR') {
      inline += ' ';
    } else {
      inline += ` ${child.nodeName === 'A' ? `${LINK_START}${markedText(child, budget)}${LINK_END}` : markedText(child, budget)} `;
    }
  }
  flush();
  dropClosingPointer();
  return blocks;
}

/**
 * Whether a document is within what Readability reads in reasonable time and stack: at most
 * READABILITY_MAX_ELEMENTS elements, nested at most READABILITY_MAX_DEPTH deep. Counted iteratively; the
 * count stops as soon as a limit is passed.
 */
function readableBySize(root: Node): boolean {
  let elements = 0;
  const pending: [Node, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > READABILITY_MAX_DEPTH || ++elements > READABILITY_MAX_ELEMENTS) return false;
    for (const child of Array.from(node.childNodes)) if (child.nodeType === 1) pending.push([child, depth + 1]);
  }
  return true;
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
    if (links.size >= MAX_LINKS) break;
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
    return { title: new URL(url).pathname.split('/').pop() || url, blocks, links: [], wordCount: countWords(body), truncated: false };
  }
  // A fragment (no <html> or <body>) is put in a document, so the parser and Readability see a whole page.
  const html = /<(html|body)[\s>]/i.test(body) ? body : `<!doctype html><html><head></head><body>${body}</body></html>`;
  const { document } = parseHTML(html);
  const links = pageLinks(document as unknown as Element, url);
  const pageTitle = clean(document.querySelector('title')?.textContent ?? '');
  const firstHeading = clean(document.querySelector('h1')?.textContent ?? '');
  // Readability changes the document it reads, so it gets its own copy; a page it cannot read (no root
  // element, no article), or one too large or too deep for it, is read whole instead.
  const root = (document.body ?? document.documentElement) as unknown as Node | null;
  const readable = document.documentElement !== null && readableBySize(document.documentElement as unknown as Node);
  const copy = readable ? parseHTML(html).document : undefined;
  const article = copy ? new Readability(copy as unknown as Document, { charThreshold: 100 }).parse() : null;
  const budget: NodeBudget = { left: MAX_WALKED_NODES };
  let blocks: TextBlock[];
  if (article?.content) {
    blocks = collectBlocks(parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as Node, budget);
  } else {
    blocks = root ? collectBlocks(root, budget) : [];
  }
  const title = firstHeading || clean(article?.title ?? '') || pageTitle || url;
  const wordCount = blocks.reduce((sum, block) => sum + countWords(block.text), 0);
  return { title, blocks, links, wordCount, truncated: budget.left <= 0 };
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
    // Cut at real sentence ends only: a "." inside "example.com", "e.g." or "widget.open()" is not one.
    for (const sentence of sentencesOf(block.text, { code: 'en' }).map((text) => `${text} `)) {
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
