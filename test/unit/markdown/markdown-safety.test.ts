import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_BLOCK_DEPTH, parseBlocks, useBlockReaders, type Block } from '../../../src/ui/markdown/blocks.js';
import { resolveReference, takeDefinitions } from '../../../src/ui/markdown/definitions.js';
import { readTable } from '../../../src/ui/markdown/tables.js';
import { readHtmlBlock } from '../../../src/ui/markdown/html-blocks.js';
import { markTask } from '../../../src/ui/markdown/tasks.js';
import { MAX_INLINE_DEPTH, parseInline, type Inline } from '../../../src/ui/markdown/inline.js';

function blockDepth(blocks: readonly Block[]): number {
  let deepest = 0;
  for (const block of blocks) {
    if (block.type === 'quote') deepest = Math.max(deepest, 1 + blockDepth(block.children));
    if (block.type === 'list') for (const item of block.items) deepest = Math.max(deepest, 1 + blockDepth(item));
  }
  return deepest;
}

function inlineDepth(nodes: readonly Inline[]): number {
  let deepest = 0;
  for (const node of nodes) if (typeof node !== 'string' && 'children' in node) deepest = Math.max(deepest, 1 + inlineDepth(node.children));
  return deepest;
}

function links(nodes: readonly Inline[], inside = false): { count: number; nested: number } {
  let count = 0;
  let nested = 0;
  for (const node of nodes) {
    if (typeof node === 'string' || !('children' in node)) continue;
    const isLink = node.type === 'link';
    if (isLink) count++;
    if (isLink && inside) nested++;
    const below = links(node.children, inside || isLink);
    count += below.count;
    nested += below.nested;
  }
  return { count, nested };
}

// Tables and definitions are read too (the widget imports their readers on demand).
useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });

describe('Markdown safety: nesting is capped', () => {
  it('reads 5,000 nested quotes as 32 quotes around text', () => {
    const blocks = parseBlocks(`${'>'.repeat(5000)} deep *a*`);
    assert.equal(blockDepth(blocks), MAX_BLOCK_DEPTH);
  });

  it('reads 3,000 nested list markers as 32 lists around text', () => {
    assert.equal(blockDepth(parseBlocks(`${'- '.repeat(3000)}item`)), MAX_BLOCK_DEPTH);
    assert.equal(blockDepth(parseBlocks(`${'1. '.repeat(3000)}item`)), MAX_BLOCK_DEPTH);
  });

  it('keeps nesting below the cap as it was', () => {
    assert.equal(blockDepth(parseBlocks('> > > a')), 3);
    assert.equal(blockDepth(parseBlocks('- a\n  - b\n    - c')), 3);
  });

  it('caps emphasis nesting, keeping the text', () => {
    const text = `${'*_'.repeat(2000)}a${'_*'.repeat(2000)}`;
    for (const open of [false, true]) {
      const nodes = parseInline(text, { open });
      assert.ok(inlineDepth(nodes) <= MAX_INLINE_DEPTH);
      assert.ok(JSON.stringify(nodes).includes('a'));
    }
    assert.ok(inlineDepth(parseInline(`${'**a '.repeat(3000)}`, { open: true })) <= MAX_INLINE_DEPTH);
  });
});

describe('Markdown safety: links never nest', () => {
  it('gives one link for links written inside link text', () => {
    for (const depth of [1, 3, 300]) {
      const text = `${'['.repeat(depth)}a](https://x.y)${']'.repeat(depth - 1)}`;
      assert.deepEqual(links(parseInline(text)), { count: 1, nested: 0 }, `depth ${depth}`);
    }
  });

  it('never puts a link, an autolink or a bare URL inside link text', () => {
    for (const text of ['[a [b](https://b.c) c](https://d.e)', '[see https://x.y/z](https://a.b)', '[<https://x.y>](https://a.b)', '[[a](https://x.y)](https://a.b)']) {
      assert.equal(links(parseInline(text)).nested, 0, text);
      assert.equal(links(parseInline(text, { open: true })).nested, 0, text);
    }
  });
});

describe('Markdown safety: hostile input', () => {
  it('reads a link title, and ends links at 32 nested parentheses', () => {
    assert.deepEqual(parseInline('[a](https://x.y "t")'), [{ type: 'link', href: 'https://x.y', title: 't', children: ['a'] }]);
    // Not a link: the text stays, and only the bare URL in it is linked.
    assert.equal(parseInline(`[a](https://x.y/${'('.repeat(40)})`)[0], '[a](');
  });

  it('trims unbalanced closing parentheses from bare URLs', () => {
    const text = 'http://a.b)'.repeat(50);
    const [link] = parseInline(text);
    assert.ok(typeof link !== 'string' && link?.type === 'link');
    assert.ok(!link.href?.endsWith(')'));
  });

  it('never scans the rest of a line for a bare URL that cannot start there', () => {
    for (const unit of ['http://)', '(www.(']) {
      const text = unit.repeat(2000);
      const slice = String.prototype.slice;
      let sliced = 0;
      String.prototype.slice = function (this: string, start?: number, end?: number): string {
        const result = slice.call(this, start, end);
        sliced += result.length;
        return result;
      };
      let nodes: Inline[];
      try {
        nodes = parseInline(text);
      } finally {
        String.prototype.slice = slice;
      }
      assert.deepEqual(nodes, [text], unit);
      // Each character is sliced a bounded number of times (into the plain text run once).
      assert.ok(sliced < 4 * text.length, `${unit}: ${sliced} characters sliced for ${text.length}`);
    }
  });

  it('reads a text alike whatever was read before it in the same memory', () => {
    // The inline parser keeps its typed arrays between calls and zeroes a token's pairs only when it makes the
    // token (filling them all touched every page of a long text's fresh memory): what a text read before left
    // in them must not show.
    for (const before of ['*a* '.repeat(50), '**a** '.repeat(50), '***a*** [b](https://c.d) ~~e~~ '.repeat(3000)]) {
      parseInline(before);
      assert.deepEqual(parseInline('x *y* z'), ['x ', { type: 'em', children: ['y'] }, ' z']);
      assert.deepEqual(parseInline('a b c'), ['a b c']);
    }
  });

  it('reads ATX headings with long runs of spaces and closing hashes', () => {
    assert.deepEqual(parseBlocks(`# #${' '.repeat(5000)}a`), [{ type: 'heading', level: 1, text: `#${' '.repeat(5000)}a` }]);
    assert.deepEqual(parseBlocks('## Title ##  '), [{ type: 'heading', level: 2, text: 'Title' }]);
    assert.deepEqual(parseBlocks('# Title#'), [{ type: 'heading', level: 1, text: 'Title#' }]);
    assert.deepEqual(parseBlocks('# #'), [{ type: 'heading', level: 1, text: '' }]);
  });

  it('joins lines in time linear in the text, over blank lines inside a list item', () => {
    const text = `- a\n${'\n  b\n'.repeat(4000)}`;
    const join = Array.prototype.join;
    let joined = 0;
    Array.prototype.join = function (this: unknown[], separator?: string): string {
      const result = join.call(this, separator);
      joined += result.length;
      return result;
    };
    try {
      const [list] = parseBlocks(text);
      assert.equal(list?.type === 'list' && list.items[0]!.length, 4001);
    } finally {
      Array.prototype.join = join;
    }
    // Each line is joined into a block's text a bounded number of times (a line once per block around it).
    assert.ok(joined < 4 * text.length, `${joined} characters joined for ${text.length}`);
  });

  it('never throws on random strings of Markdown metacharacters, finished or streaming', () => {
    const pieces = ['*', '_', '~', '`', '[', ']', '(', ')', '<', '>', '!', '\\', '#', '-', '+', '1.', '|', ':', '"', "'", ' ', '\n', '\r', '\t', 'a', 'http://x.y', 'www', '@', '&amp;', '<!--', '-->', '<?', '?>', '<![CDATA[', ']]>', '<div>', '</p>', '<a b="c">', '<pre>', '</pre>'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 300 }), fc.boolean(), (parts, open) => {
        const text = parts.join('');
        const blocks = parseBlocks(text);
        const visit = (block: Block): void => {
          if (block.type === 'paragraph' || block.type === 'heading') parseInline(block.text, { open });
          else if (block.type === 'quote') block.children.forEach(visit);
          else if (block.type === 'list') block.items.forEach((item) => item.forEach(visit));
          else if (block.type === 'table') [block.header, ...block.rows].forEach((row) => row.forEach((cell) => parseInline(cell, { open })));
        };
        blocks.forEach(visit);
        parseInline(text, { open });
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });
});
