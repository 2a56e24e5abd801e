// A fence with a language makes MarkdownStream import the extras (the syntax highlighter rides in them), even
// when its marker arrives split over two frames: the search of the text added since the last frame starts eight
// characters before it. In a file of its own: once a marker is found, no stream of this process searches again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { searches } from './stream-searches.js';

describe('MarkdownStream and fenced code', () => {
  // Runs first: once a marker is found, no stream searches again.
  it('does not take a fence without a language, or a backtick run in the text, for one', () => {
    const recorded = searches(['Plain:\n\n```\nnot highlighted\n```\n', 'Plain:\n\n```\nnot highlighted\n```\n\nand `` a `` b']);
    assert.deepEqual(
      recorded.map((search) => search.found),
      [false, false],
    );
  });

  it('finds a fence with a language that arrives split over two frames', () => {
    const recorded = searches(['Run this:\n\n```', 'Run this:\n\n```  js\n']);
    assert.deepEqual(
      recorded.map((search) => search.found),
      [false, true],
    );
  });
});
