// Link reference definitions and reference links: CommonMark's rules (label matching, first definition
// wins, definitions anywhere in the answer), the safety rules they must keep (links never nest, labels at
// most 999 characters), and what streaming does with a definition that comes after its use.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalBlocks, parseBlocks, useBlockReaders, type Block } from '../../../src/ui/markdown/blocks.js';
import { resolveReference, takeDefinitions } from '../../../src/ui/markdown/definitions.js';
import { parseInline, type Inline, type References } from '../../../src/ui/markdown/inline.js';
import { readTable } from '../../../src/ui/markdown/tables.js';
import { readHtmlBlock } from '../../../src/ui/markdown/html-blocks.js';
import { markTask } from '../../../src/ui/markdown/tasks.js';

// The widget imports the reader of definitions the first time an answer has `]:` in it.
useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });

/** The blocks of a text and the inline nodes of its first block, read with its definitions. */
function read(markdown: string): { blocks: Block[]; references: References; first: Inline[] } {
  const references: References = new Map();
  const blocks = parseBlocks(markdown, references);
  const first = blocks[0];
  return { blocks, references, first: first && 'text' in first ? parseInline(first.text, { references }) : [] };
}

const link = (href: string, children: Inline[], title?: string): Inline => ({ type: 'link', href, title, children });

describe('Link reference definitions', () => {
  it('are taken off the text and give full, collapsed and shortcut references their destination and title', () => {
    const { blocks, first } = read('[full][Ref] [ref][] [ref] ![alt][ref]\n\n[ref]: https://example.com/a "Title"');
    assert.equal(blocks.length, 1);
    const target = (children: Inline[]) => link('https://example.com/a', children, 'Title');
    assert.deepEqual(first, [target(['full']), ' ', target(['ref']), ' ', target(['ref']), ' ', target(['alt'])]);
  });

  it('match labels by Unicode case fold and collapsed whitespace, and the first definition wins', () => {
    const { first } = read('[ẞ] [Foo\n  bar]\n\n[SS]: https://a.example\n[foo bar]: https://b.example\n[ss]: https://c.example');
    assert.deepEqual(first, [link('https://a.example', ['ẞ']), ' ', link('https://b.example', ['Foo\nbar'])]);
  });

  it('read a destination in angle brackets and a title over several lines', () => {
    const { references } = read("[a]:\n  <https://x.example/a b>\n  'one\n  two'");
    assert.deepEqual([...references], [['A', { href: 'https://x.example/a b', title: 'one\ntwo' }]]);
  });

  it('cannot interrupt a paragraph, and a title with text after it on its line is not part of them', () => {
    assert.deepEqual(read('text\n[a]: https://x.example').blocks, [{ type: 'paragraph', text: 'text\n[a]: https://x.example' }]);
    const { blocks, references } = read('[a]: https://x.example\n"title" and more');
    assert.deepEqual(blocks, [{ type: 'paragraph', text: '"title" and more' }]);
    assert.deepEqual(references.get('A'), { href: 'https://x.example', title: undefined });
    assert.equal(read('[a]: https://x.example "title" and more').references.size, 0);
  });

  it('are found inside quotes and lists, for references anywhere in the answer', () => {
    const { first } = read('[a] and [b]\n\n> [a]: https://a.example\n\n- [b]: https://b.example');
    assert.deepEqual(first, [link('https://a.example', ['a']), ' and ', link('https://b.example', ['b'])]);
  });

  it('leave a reference without a definition as text, and a full reference does not fall back to a shortcut', () => {
    assert.deepEqual(read('[a][nowhere] [b]\n\n[a]: https://a.example').first, ['[a][nowhere] [b]']);
  });

  it('have labels of at most 999 characters', () => {
    const long = 'x'.repeat(1000);
    assert.equal(read(`[${long}]: https://x.example`).references.size, 0);
    const references: References = new Map([['X'.repeat(999), { href: 'https://x.example' }]]);
    assert.equal(parseInline(`[${'x'.repeat(999)}]`, { references }).length, 1);
    assert.deepEqual(parseInline(`[${long}]`, { references: new Map([['X'.repeat(1000), { href: 'https://x.example' }]]) }), [`[${long}]`]);
  });

  it('never make a link inside a link', () => {
    const references: References = new Map([['A', { href: 'https://a.example' }]]);
    for (const text of ['[x [a] y][a]', '[[a]][a]', '[[a][a]](https://b.example)', '[x [y](https://b.example)][a]']) {
      const nodes = parseInline(text, { references });
      const nested = JSON.stringify(nodes).match(/"type":"link"/g)?.length ?? 0;
      const outer = nodes.filter((node) => typeof node !== 'string' && node.type === 'link');
      assert.equal(nested, outer.length, text);
    }
  });

  it('let an image hold a link, drawn as the image link with the text only', () => {
    assert.deepEqual(parseInline('![a [b](https://b.example)](https://i.example)'), [link('https://i.example', ['a b'], '')]);
  });
});

describe('Reference links while an answer streams', () => {
  const answer = 'See [the guide][1].\n\nMore text.\n\nAnd more.\n\n[1]: https://example.com/guide\n';

  it('draw the finished blocks again once, with every definition, when the answer ends', () => {
    const blocks = new IncrementalBlocks();
    const finished: Block[] = [];
    for (let end = 1; end <= answer.length; end++) finished.push(...blocks.update(answer.slice(0, end)).finished);
    assert.ok(finished.length > 0, 'blocks were finished before the definition arrived');
    const last = blocks.update(answer, true);
    assert.equal(last.reset, true);
    assert.deepEqual(last.finished, parseBlocks(answer));
    assert.deepEqual(parseInline((last.finished[0] as { text: string }).text, { references: blocks.references })[1], link('https://example.com/guide', ['the guide']));
    // Drawn once: later updates with the same text read nothing again.
    assert.deepEqual(blocks.update(answer, true), { finished: [], open: [], reset: false });
  });

  it('do not draw an answer without definitions again', () => {
    const blocks = new IncrementalBlocks();
    const text = 'See [the guide][1].\n\nMore text.\n\nAnd more.';
    for (let end = 1; end <= text.length; end++) blocks.update(text.slice(0, end));
    assert.equal(blocks.update(text, true).reset, false);
  });
});
