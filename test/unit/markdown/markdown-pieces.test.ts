// Long paragraphs are read in pieces (blocks.ts, PIECE): a paragraph is cut only where the rest, read alone, is a
// paragraph with the same text, and the cuts depend on the text only, so an answer streamed in any steps is
// drawn as the whole answer is, while each update reads only the paragraph's last piece.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { IncrementalBlocks, PIECE, parseBlocks, type Block } from '../../../src/ui/markdown/blocks.js';
import { CORPUS } from '../../../scripts/markdown-corpus.js';
import { CountingText } from './counting-text.js';
// Gives the block parser its on-demand readers (tables, HTML blocks, definitions, task items), as the widget has them.
import './markdown-html.js';

const paragraphs = (blocks: readonly Block[]) => blocks.filter((block): block is Extract<Block, { type: 'paragraph' }> => block.type === 'paragraph');
const letters = (text: string): string => text.replace(/\s/g, '');

/** Streams `text` in the given steps (repeated), checking each update against a whole parse of the text so far. */
function streamAndCompare(text: string, steps: readonly number[], check = true): { blocks: Block[]; read: number } {
  const stream = new IncrementalBlocks();
  const finished: Block[] = [];
  CountingText.read = 0;
  for (let end = 0, k = 0; end < text.length; k++) {
    end = Math.min(end + steps[k % steps.length]!, text.length);
    const { finished: done, open, reset } = stream.update(new CountingText(text.slice(0, end)) as unknown as string);
    if (reset) finished.length = 0;
    finished.push(...done);
    if (check) assert.deepEqual([...finished, ...open], parseBlocks(text.slice(0, end)), `${JSON.stringify(text.slice(0, 40))}… up to ${end}`);
  }
  const read = CountingText.read;
  finished.push(...stream.update(text, true).finished);
  return { blocks: finished, read };
}

// Lines of a paragraph: some start the way another block would if they were not inside a paragraph (an
// ordered item not at 1, indentation, a definition, an HTML tag that cannot interrupt a paragraph).
const LINE = fc.oneof(
  fc.constantFrom('2. not an item', '    indented four', '[a]: /definition', '<span>inline tag</span>', '10) ten', '#hashtag', '|a|b|', '***a** b', '_a_ b', '[[x]] y', '=a', '-a b', 'a | b', '😀 emoji'),
  fc.array(fc.constantFrom('word', 'and', 'a', '**bold', 'text**', '[link](https://example.com)', '`code`', 'ä', '😀', '\\*', '&amp;', 'nul\u0000'), { minLength: 40, maxLength: 400, size: 'max' }).map((words) => words.join(' ')),
);

describe('Markdown: long paragraphs read in pieces', () => {
  it('cuts a paragraph only where the rest read alone is a paragraph, keeping all of its text', () => {
    let long = 0;
    fc.assert(
      fc.property(fc.array(LINE, { minLength: 10, maxLength: 120, size: 'max' }), (lines) => {
        const text = `first line\n${lines.join('\n')}`;
        // Only texts that CommonMark with GFM reads as one paragraph.
        const html = micromark(text, { extensions: [gfm()] });
        fc.pre(/^<p>[^]*<\/p>$/.test(html) && html.indexOf('<p>', 1) < 0);
        long += text.length > 4 * PIECE ? 1 : 0;
        const blocks = parseBlocks(text);
        assert.deepEqual(blocks.map((block) => block.type), blocks.map(() => 'paragraph'), text.slice(0, 200));
        const pieces = paragraphs(blocks);
        assert.equal(letters(pieces.map((piece) => piece.text).join('')), letters(text));
        pieces.forEach((piece, index) => assert.equal(piece.cut, index < pieces.length - 1 ? true : undefined));
        if (text.length > 4 * PIECE) assert.ok(pieces.length > 1, 'a paragraph this long is cut');
      }),
      { seed: 20261126, numRuns: 150 },
    );
    assert.ok(long > 50, `${long} paragraphs long enough to be cut`);
  });

  it('cuts a long line after a space, never inside a word it can avoid, nor between the halves of a surrogate pair', () => {
    const words = 'lorem ipsum dolor sit amet '.repeat(2000);
    const pieces = paragraphs(parseBlocks(words));
    assert.ok(pieces.length > 1);
    // Each piece but the last ends with a whole word (the text is trimmed, so its cut space is gone).
    for (const piece of pieces.slice(0, -1)) assert.match(piece.text, /(?:^|\s)(?:lorem|ipsum|dolor|sit|amet)$/);
    const emoji = paragraphs(parseBlocks('😀'.repeat(20_000)));
    assert.ok(emoji.length > 1);
    for (const piece of emoji) assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(piece.text), 'a lone surrogate');
  });

  it('hands out at every step the blocks a whole parse of the text so far gives', () => {
    for (const name of ['[ repeated', '**a repeated', 'plain lines', 'numbered list'] as const) {
      const text = CORPUS[name]!(30_000);
      const { blocks } = streamAndCompare(text, [997, 4099, 1, 313]);
      assert.deepEqual(blocks, parseBlocks(text), name);
    }
    fc.assert(
      fc.property(fc.array(LINE, { minLength: 20, maxLength: 80 }), fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 8 }), (lines, steps) => {
        const text = `first line\n${lines.join('\n')}\n\nnext paragraph`;
        assert.deepEqual(streamAndCompare(text, steps).blocks, parseBlocks(text));
      }),
      { seed: 7, numRuns: 25 },
    );
  });

  it('reads a growing 200 KB paragraph from its last piece, not from its start', () => {
    for (const name of ['[ repeated', '**a repeated', 'plain lines'] as const) {
      const text = CORPUS[name]!(200_000);
      const { blocks, read } = streamAndCompare(text, [1000], false);
      assert.deepEqual(blocks, parseBlocks(text), name);
      // Each of the 200 updates reads the last piece or two (at most three times PIECE and a step), twice:
      // about 30 times the length in all, where reading the whole paragraph each time reads it 200 times.
      assert.ok(read < 40 * text.length, `${name}: read ${read} characters for ${text.length}`);
    }
  });
});
