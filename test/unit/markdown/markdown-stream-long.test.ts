// An answer longer than 20,000 characters loads the Markdown extras whatever it holds, so that its code, if
// any, is drawn in blocks of lines (code-view.ts). In a process of its own: once the extras are wanted, no
// stream asks for them again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { searches } from './stream-searches.js';

describe('MarkdownStream: a long answer', () => {
  it('asks for the extras once it is longer than 20,000 characters, with no marker in it', async () => {
    const answer = '```\n' + 'plain code line\n'.repeat(1_300);
    let loaded!: () => void;
    const arrived = new Promise<void>((resolve) => (loaded = resolve));
    const frames = Array.from({ length: Math.ceil(answer.length / 1000) }, (_, k) => answer.slice(0, 1000 * (k + 1)));
    const recorded = searches(frames, () => loaded());
    // Searched on each frame up to 20,000 characters, then asked for.
    assert.equal(recorded.length, 20);
    assert.ok(recorded.every((search) => !search.found));
    await arrived;
  });
});
