// Streaming answers: the open block is read with `open`, so syntax that is not closed yet is drawn as it
// will end, and the tree does not change when the closing marker arrives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalBlocks, parseBlocks, useBlockReaders, type Block } from '../../../src/ui/markdown/blocks.js';
import { resolveReference, takeDefinitions } from '../../../src/ui/markdown/definitions.js';
import { readTable } from '../../../src/ui/markdown/tables.js';
import { readHtmlBlock } from '../../../src/ui/markdown/html-blocks.js';
import { markTask } from '../../../src/ui/markdown/tasks.js';
import { inlineText, parseInline, type Inline } from '../../../src/ui/markdown/inline.js';

const streamed = (text: string): Inline[] => parseInline(text, { open: true });

/** Every piece of plain text in the tree. */
function texts(nodes: readonly Inline[]): string[] {
  return nodes.flatMap((node) => (typeof node === 'string' ? [node] : 'children' in node ? texts(node.children) : []));
}

describe('Markdown while it streams', () => {
  it('draws open emphasis, strikethrough and code as the closed text will be', () => {
    for (const [open, closed] of [
      ['so **bold', 'so **bold**'],
      ['a *b* and _c', 'a *b* and _c_'],
      ['cut ~~this', 'cut ~~this~~'],
      ['run `npm i', 'run `npm i`'],
      ['**outer *inner', '**outer *inner***'],
    ]) {
      assert.deepEqual(streamed(open!), parseInline(closed!), open);
    }
  });

  it('leaves unclosed syntax as written once the answer is finished', () => {
    assert.deepEqual(parseInline('so **bold'), ['so **bold']);
    assert.deepEqual(parseInline('see [docs'), ['see [docs']);
  });

  it('shows the text of a half-written link, without brackets, inert until its destination ends', () => {
    for (const text of ['see [docs', 'see [docs]', 'see [docs](', 'see [docs](https://exa', 'see [docs](https://example.com "Ti']) {
      assert.deepEqual(streamed(text), ['see ', { type: 'link', href: '', title: undefined, children: ['docs'] }], text);
    }
    assert.deepEqual(streamed('see [docs](https://example.com)'), ['see ', { type: 'link', href: 'https://example.com', title: '', children: ['docs'] }]);
  });

  it('never shows raw ** [ or ]( at any point of a streamed sentence that ends in a word', () => {
    const answer = 'Read **the [setup guide](https://example.com/a) first**, then *try ~~it~~ `npm start`*.';
    for (let end = 1; end <= answer.length; end++) {
      const prefix = answer.slice(0, end);
      if (!/\w$/.test(prefix)) continue;
      const shown = texts(streamed(prefix)).join('');
      assert.ok(!/\*\*|\[|\]\(|~~|`/.test(shown), `${prefix} shows ${shown}`);
      assert.ok(inlineText(streamed(prefix)).length > 0);
    }
  });

  it('finishes setext headings as the whole text reads them, streamed character by character', () => {
    const text = 'Title\n=====\n\nSub\ntitle\n---\n\nText\n\n---\n\n> quote\nlazy\n===\n\n- item\n--\n';
    const blocks = new IncrementalBlocks();
    const finished: Block[] = [];
    for (let end = 1; end <= text.length; end++) finished.push(...blocks.update(text.slice(0, end)).finished);
    finished.push(...blocks.update(text, true).finished);
    assert.deepEqual(finished, parseBlocks(text));
    assert.deepEqual(
      finished.map((block) => (block.type === 'heading' ? `h${block.level} ${block.text}` : block.type)),
      ['h1 Title', 'h2 Sub\ntitle', 'paragraph', 'rule', 'quote', 'list'],
    );
  });

  it('reads an unclosed fence as code', () => {
    assert.deepEqual(parseBlocks('```js\nconst a = 1;\nconst b'), [{ type: 'code', lang: 'js', text: 'const a = 1;\nconst b' }]);
  });
});

// Last in this file: it gives the block parser its readers, as the widget does when they arrive.
describe('Tables, task items and definitions arriving on demand', () => {
  it('are read, in answers finished and streaming, from the next update on', () => {
    const text = 'Plans, see [a]:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n[a]: https://x.y';
    const finished = new IncrementalBlocks();
    const streaming = new IncrementalBlocks();
    assert.deepEqual(finished.update(text, true).finished.map((block) => block.type), ['paragraph', 'paragraph', 'list', 'paragraph']);
    streaming.update(`${text}\n\nmore`);
    useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });
    const again = finished.update(text, true);
    assert.equal(again.reset, true);
    assert.deepEqual(again.finished.map((block) => block.type), ['paragraph', 'table', 'list']);
    assert.deepEqual(again.finished[2], { type: 'list', ordered: false, start: 1, tight: true, items: [[{ type: 'paragraph', text: ' done', checked: true }]] });
    assert.deepEqual([...finished.references.keys()], ['A']);
    const next = streaming.update(`${text}\n\nmore text`);
    assert.equal(next.reset, true);
    assert.deepEqual([...next.finished, ...next.open].map((block) => block.type), ['paragraph', 'table', 'list', 'paragraph']);
    // Read again once only.
    assert.deepEqual(finished.update(text, true), { finished: [], open: [], reset: false });
  });
});
