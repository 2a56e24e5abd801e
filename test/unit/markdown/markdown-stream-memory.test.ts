// What a streamed answer's blocks keep alive. In V8 a string cut out of another keeps all of that one alive:
// blocks read from each version of a growing answer, and kept, once kept every version of it (a 200 KB list
// streamed in 1,000-character pieces, some 20 MB). In a process of its own, which measures its heap.
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

it('keeps about one copy of a 200 KB list streamed in 1,000-character pieces, not one per piece', () => {
  const answer = Array.from({ length: 4_000 }, (_, index) => `${index + 1}. item **${index + 1}** [link](https://example.com/${index + 1})`).join('\n');
  const kept = streamAndKeep(answer);
  assert.deepEqual(kept.map((block) => block.type === 'list' && block.items.length), [4_000]);
  const withBlocks = heapAfterCollecting();
  kept.length = 0;
  const retained = withBlocks - heapAfterCollecting();
  // The text (about 200 KB) about once, and the 4,000 items' objects: 1.1 MB when measured, 22 MB before.
  assert.ok(retained < 10 * answer.length, `the blocks kept ${(retained / 1e6).toFixed(1)} MB of a ${(answer.length / 1e3).toFixed(0)} KB answer`);
});
