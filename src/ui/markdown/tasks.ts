// GFM task list items in answers. The block parser marks them only once this is given to it
// (useBlockReaders): the widget imports it, with tables and definitions, the first time an answer has a
// task marker in it (src/widget/on-demand/markdown-extras.ts). Pure: no DOM, no Lit.
import type { Block } from './blocks.js';

/**
 * Makes the first block of a list item a task when it is a paragraph that starts with `[ ]`, `[x]` or
 * `[X]` and a space or a line end: it says whether it is checked, and keeps its text after the marker.
 */
export function markTask(first: Block | undefined): void {
  if (first?.type === 'paragraph' && /^\[[ xX]\]\s/.test(first.text)) {
    first.checked = first.text[1] !== ' ';
    first.text = first.text.slice(3);
  }
}
