// An answer that arrives in one piece longer than 20,000 characters asks for the Markdown extras before any of
// it is drawn, markers or not, so that its list items are built as DOM from its first frame. A module holds
// whether the extras are wanted for the whole page: this file runs in a process of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { drawTable, prepareMarkdown } from '../../../src/ui/markdown/render.js';

// The renderer asks for the extras a frame or two later; Node has no frames.
globalThis.requestAnimationFrame ??= (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number;

describe('prepareMarkdown', () => {
  it('asks for the extras for a piece of answer longer than 20,000 characters, and for no shorter one without markers', async () => {
    const item = (n: number) => `${n}. item **${n}** and more words\n`;
    let short = '';
    for (let n = 1; short.length + item(n).length <= 20_000; n++) short += item(n);
    assert.equal(prepareMarkdown(short), undefined);
    assert.equal(drawTable, undefined);
    const arriving = prepareMarkdown(short + item(10_000));
    assert.ok(arriving instanceof Promise);
    await arriving;
    assert.equal(typeof drawTable, 'function');
  });
});
