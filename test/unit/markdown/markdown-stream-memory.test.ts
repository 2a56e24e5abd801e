// What a streamed answer's blocks keep alive. In V8 a string cut out of another keeps all of that one alive:
// blocks read from each version of a growing answer, and kept, once kept every version of it (a 200 KB list
// streamed in 1,000-character pieces, some 20 MB; a long paragraph's finished pieces the same). In a process
// of its own, which measures its heap.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IncrementalBlocks, type Block } from '../../../src/ui/markdown/blocks.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapAfterCollecting(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Streams `answer` in 1,000-character pieces and keeps what the widget keeps: every finished block. */
function streamAndKeep(answer: string): Block[] {
  const blocks = new IncrementalBlocks();
  const kept: Block[] = [];
  let text = '';
  for (let at = 0; at < answer.length; at += 1_000) {
    text += answer.slice(at, at + 1_000);
    kept.push(...blocks.update(text).finished);
  }
  kept.push(...blocks.update(text, true).finished);
  return kept;
}

/** Answers streamed, each with a check that it was read as the widget reads it. */
const answers: [name: string, answer: string, readAs: (kept: Block[]) => void][] = [
  [
    'a list of 4,000 items',
    Array.from({ length: 4_000 }, (_, index) => `${index + 1}. item **${index + 1}** [link](https://example.com/${index + 1})`).join('\n'),
    (kept) => assert.deepEqual(kept.map((block) => block.type === 'list' && block.items.length), [4_000]),
  ],
  [
    'one paragraph of 20,000 words',
    Array.from({ length: 20_000 }, (_, index) => `word${index}`).join(' '),
    // Read in pieces (blocks.ts): every piece but the last is finished while the paragraph grows.
    (kept) => assert.ok(kept.length > 1 && kept.every((block) => block.type === 'paragraph'), 'the paragraph was not read in pieces'),
  ],
  [
    '3,000 short paragraphs with a NUL in each',
    Array.from({ length: 3_000 }, (_, index) => `Para\u0000graph ${index} with text.`).join('\n\n'),
    (kept) => assert.equal(kept.length, 3_000),
  ],
];

for (const [name, answer, readAs] of answers) {
  it(`keeps about one copy of ${name} streamed in 1,000-character pieces, not one per piece`, () => {
    const kept = streamAndKeep(answer);
    readAs(kept);
    const withBlocks = heapAfterCollecting();
    kept.length = 0;
    const retained = withBlocks - heapAfterCollecting();
    // The text about once, and the blocks' objects: measured 5.1x the list's length (106x before), 2.1x the
    // paragraph's (22.6x before) and 4.0x the short paragraphs' (45x before).
    assert.ok(retained < 10 * answer.length, `the blocks kept ${(retained / 1e6).toFixed(1)} MB of a ${(answer.length / 1e3).toFixed(0)} KB answer`);
  });
}
