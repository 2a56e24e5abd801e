// Streaming answers: the open block is read with `open`, so syntax that is not closed yet is drawn as it
// will end, and the tree does not change when the closing marker arrives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalBlocks, parseBlockLines, parseBlocks, useBlockReaders, type Block } from '../../../src/ui/markdown/blocks.js';
import { resolveReference, takeDefinitions } from '../../../src/ui/markdown/definitions.js';
import { readTable } from '../../../src/ui/markdown/tables.js';
import { readHtmlBlock } from '../../../src/ui/markdown/html-blocks.js';
import { markTask } from '../../../src/ui/markdown/tasks.js';
import { inlineText, parseInline, type Inline } from '../../../src/ui/markdown/inline.js';
import { CountingText } from './counting-text.js';

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

/** The blocks IncrementalBlocks hands out as `text` grows by `step` characters a time, with the characters it read. */
function streamBlocks(text: string, step: number): { frames: { finished: Block[]; open: Block[]; end: number }[]; read: number } {
  const blocks = new IncrementalBlocks();
  const frames = [];
  CountingText.read = 0;
  for (let end = Math.min(step, text.length); ; end = Math.min(end + step, text.length)) {
    frames.push({ ...blocks.update(new CountingText(text.slice(0, end)) as unknown as string), end });
    if (end === text.length) break;
  }
  return { frames, read: CountingText.read };
}

const numberedList = (items: number): string =>
  Array.from({ length: items }, (_, k) => `${k + 1}. item **${k + 1}** [link](https://example.com/${k + 1})`).join('\n');

describe('Markdown while it streams: long lists', () => {
  const LISTS = [
    numberedList(12),
    '1. a\n2. b\n\n3. c\n4. d',
    '- a\n  - b\n  - c\n- d\n  lazy\ncontinued\n- e\n\n  second paragraph\n- f',
    '1. one\n1.5 lazy text\n2. two\n3) another list\n4) item\n\nafter',
    '- a\n- b\n```\ncode\n```\n- c\n- d\n# heading\n- e',
    '* x\n* y\n\n\n* z\n\n* w',
    // A blank line before an unfinished `-` makes the list loose until the line turns out to be a rule.
    '- a\n- b\n\n---\n- c\n- d',
    '- a\n- b\n- c\n\n  more of c\n- d\n- e',
    '3. a\n4. b\n5. c\n\n> quote\n6. d\n7. e',
    // An item that begins blank, items that start with code, a lazy line indented four, definitions.
    '- a\n-\n\n  b\n- c\n-     code\n- d\n - e\n  - f\n   - g\n    - h\n- i\n\n  [r]: /u\n- j',
    '- ```\n  a\nb\n- c\n- <div>\n  d\n- e',
  ];

  // The text so far read whole, line by line as IncrementalBlocks reads it (a final line end is an empty line).
  const whole = (text: string): Block[] => parseBlockLines(text.split('\n')).map((placed) => placed.block);

  it('hands out at every step the blocks a whole parse of the text so far gives', () => {
    for (const text of LISTS) {
      for (const step of [1, 3, 7]) {
        const finished: Block[] = [];
        for (const frame of streamBlocks(text, step).frames) {
          finished.push(...frame.finished);
          assert.deepEqual([...finished, ...frame.open], whole(text.slice(0, frame.end)), `${JSON.stringify(text)} up to ${frame.end}`);
        }
      }
    }
  });

  it('reads a growing 50 KB numbered list from its last complete item, not from its first', () => {
    const text = numberedList(1100);
    assert.ok(text.length > 50_000);
    const { frames, read } = streamBlocks(text, 20);
    const last = frames.at(-1)!;
    assert.deepEqual([...last.finished, ...last.open], parseBlocks(text));
    // Each frame reads the last one or two items, twice (to check the text only grew, then to parse it):
    // about ten times the length in all, where reading the whole list on each of the 2,750 frames would read
    // it about 2,800 times.
    assert.ok(read < 16 * text.length, `read ${read} characters for ${text.length}`);
    console.log(`read ${read} characters for ${text.length}`);
  });
});

// Last in this file: it gives the block parser its readers, as the widget does when they arrive.
describe('Tables, task items and definitions arriving on demand', () => {
  it('are read, in answers finished and streaming, from the next update on (again from the start if read text has a marker)', () => {
    const text = 'Plans, see [a]:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n[a]: https://x.y';
    const finished = new IncrementalBlocks();
    const streaming = new IncrementalBlocks();
    assert.deepEqual(finished.update(text, true).finished.map((block) => block.type), ['paragraph', 'paragraph', 'list', 'paragraph']);
    streaming.update(`${text}\n\nmore`);
    const plain = new IncrementalBlocks();
    const opening = 'First paragraph.\n\n1. one\n2. two\n\nLast paragraph,\nits second';
    assert.deepEqual(plain.update(opening).finished.map((block) => block.type), ['paragraph', 'list']);
    useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });
    // Nothing read before they came has a marker: the blocks handed out stay, only the open tail is read again.
    const table = '\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nend';
    const kept = plain.update(`${opening} line.${table}`);
    assert.equal(kept.reset, false);
    assert.deepEqual([...kept.finished, ...kept.open].map((block) => block.type), ['paragraph', 'table', 'paragraph']);
    assert.deepEqual([...kept.finished, ...kept.open][1], parseBlocks(table)[0]);
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
