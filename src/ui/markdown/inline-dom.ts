// List items built as DOM, once the extras are in (every answer longer than 20,000 characters has them). A Lit
// template per element keeps its instance, its parts and the comments that mark them alive for as long as its
// text is shown: several per line of a list, with which a list of thousands of lines filled the heap, and a
// full collection of that heap paused a frame for 9 to 14 ms. Built as DOM, an item keeps nothing alive
// but its nodes. Text becomes text nodes and attributes are set one by one (never innerHTML), and a link's
// href is only ever a URL that passed safeHref.
import type { Block } from './blocks.js';
import { parseInline, safeHref, type Inline, type InlineOptions } from './inline.js';

/** Appends `nodes` to `parent` (returned), as the renderer's templates draw them. */
export function appendInline<T extends Node>(parent: T, nodes: readonly Inline[]): T {
  for (const node of nodes) {
    if (typeof node === 'string') {
      parent.appendChild(document.createTextNode(node));
      continue;
    }
    let element: HTMLElement;
    if (node.type === 'link') {
      const href = safeHref(node.href);
      element = href
        ? Object.assign(document.createElement('a'), { href, title: node.title ?? '', target: '_blank', rel: 'noopener noreferrer' })
        : Object.assign(document.createElement('span'), { className: 'inert-link' });
      appendInline(element, node.children);
    } else if (node.type === 'code') {
      (element = document.createElement('code')).textContent = node.text;
    } else {
      // The other kinds are named as their elements (a new kind of node fails here, at compile time).
      node.type satisfies 'em' | 'strong' | 'del' | 'break';
      element = document.createElement(node.type === 'break' ? 'br' : node.type);
      if (node.type !== 'break') appendInline(element, node.children);
    }
    parent.appendChild(element);
  }
  return parent;
}

const isPlainParagraph = (block: Block): block is Extract<Block, { type: 'paragraph' }> => block.type === 'paragraph' && block.checked === undefined;

/**
 * An item of `list` as DOM, as the renderer's templates draw it: a tight item's paragraphs are their text
 * itself (a piece of a long one ends a line), a loose item's are paragraphs. Undefined for an item that holds
 * any other block, or is a task item: the renderer's templates draw those.
 */
export function drawItem(item: readonly Block[], { tight }: Extract<Block, { type: 'list' }>, options: InlineOptions): HTMLLIElement | undefined {
  if (!item.every(isPlainParagraph)) return undefined;
  const li = document.createElement('li');
  for (const block of item) {
    const nodes = parseInline(block.text, options);
    if (tight) appendInline(li, block.cut ? [...nodes, '\n'] : nodes);
    else li.appendChild(appendInline(Object.assign(document.createElement('p'), block.cut ? { className: 'piece cut' } : {}), nodes));
  }
  return li;
}
