// MarkdownStream's search for the markers that need the on-demand extras (a pipe, `]:`, a task marker, what
// may start raw HTML, a fence with a language): on every streamed frame until one is found, so it must read only the text added since
// the last frame, else a long answer streamed in small steps is read again from its start on every frame
// (quadratic).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseInline } from '../../../src/ui/markdown/inline.js';
import { searches } from './stream-searches.js';

describe('MarkdownStream', () => {
  // Runs first: once a marker is found, no stream searches again (the extras are on their way).
  it('searches only the text added since the last frame for the markers of the extras', () => {
    // Under 20,000 characters, past which an answer loads the extras whatever it holds.
    const answer = 'A line of an answer with *some* words.\n\n'.repeat(480);
    const frames = Array.from({ length: answer.length / 40 }, (_, k) => answer.slice(0, 40 * (k + 1)));
    const recorded = searches(frames);
    assert.equal(recorded.length, frames.length);
    assert.ok(recorded.every((search) => !search.found));
    const read = recorded.reduce((sum, search) => sum + search.read, 0);
    // 19,680 characters in 492 frames: about 24 K characters read; reading from the start each time is about 4.8 M.
    assert.ok(read <= answer.length + 8 * frames.length, `read ${read} characters for ${answer.length}`);
  });

  // Raw HTML's marker, `<` and a letter, `/`, `!` or `?`, split after its `<`.

  it('finds a marker that arrives split over two frames, and the extras teach the inline parser raw HTML', async () => {
    assert.deepEqual(parseInline('<b title="*x*">'), ['<b title="', { type: 'em', children: ['x'] }, '">']);
    let loaded!: () => void;
    const arrived = new Promise<void>((resolve) => (loaded = resolve));
    const recorded = searches(['Shown as written: <', 'Shown as written: <b title="*x*">'], () => loaded());
    assert.deepEqual(
      recorded.map((search) => search.found),
      [false, true],
    );
    await arrived;
    assert.deepEqual(parseInline('<b title="*x*">'), ['<b title="*x*">']);
  });
});
