// Linear time on hostile input, measured as a ratio in one run (never as an absolute time): every pattern
// of the adversarial corpus (scripts/markdown-corpus.ts) is parsed at 10 KB and at 200 KB, finished and as
// the open block of a streaming answer, and must not throw.
// Linear work grows 20x from 10 KB to 200 KB in principle, but not on a real machine: 10 KB of parser
// objects live in the processor's caches and die young, 200 KB of them do not, so each costs more (the
// bench measured 265x for a plain loop on a busy machine). So the same run measures the growth of work that
// is linear by construction and allocates like the parser (a linked list of one cell per character), and a
// pattern may grow at most twice as much as that reference, and at least 40x. On a quiet machine the
// reference grows about 20x and the bound is 40x; on a loaded one the bound follows the reference up, so
// this check catches runaway growth, and `npm run bench:markdown` gives the finer figures.
// Times are medians of CPU-time samples, and a 10 KB time below FLOOR_MS counts as FLOOR_MS, so noise on
// sub-millisecond inputs cannot fail it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS, parse, repeat } from '../../../scripts/markdown-corpus.js';

const SMALL = 10_000;
const LARGE = 200_000;
const GROWTH = LARGE / SMALL;
const FLOOR_MS = 1;
const SAMPLES = 3;

const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU time in ms of `work` on each of `texts`, every result kept until the end (as the garbage collector sees it). */
function cpuMs(texts: readonly string[], work: (text: string) => unknown): number {
  const kept: unknown[] = [];
  const start = process.cpuUsage();
  for (const text of texts) kept.push(work(text));
  const used = process.cpuUsage(start);
  assert.equal(kept.length, texts.length);
  return (used.user + used.system) / 1000;
}

/**
 * Medians of the CPU time per parse at each size, after a warm-up. A 10 KB sample parses twenty copies back
 * to back and keeps every result, so the sizes hand the garbage collector the same work.
 */
function timeSizes(build: (size: number) => string, work: (text: string) => unknown): { small: number; large: number } {
  const small = Array.from({ length: GROWTH }, () => build(SMALL));
  for (let k = 0; k < 5; k++) work(small[0]!);
  const samples = (texts: string[]) => median(Array.from({ length: SAMPLES }, () => cpuMs(texts, work) / texts.length));
  return { small: samples(small), large: samples([build(LARGE)]) };
}

interface ReferenceCell {
  char: string;
  prev?: ReferenceCell;
  next?: ReferenceCell;
}

/** Linear by construction: a doubly linked list of one cell per character. */
function linearReference(text: string): number {
  const head: ReferenceCell = { char: '' };
  let tail = head;
  for (const char of text) tail = tail.next = { char, prev: tail };
  let count = 0;
  for (let cell = tail; cell.prev; cell = cell.prev) count++;
  return count;
}

describe('Markdown parsers on the adversarial corpus', () => {
  it('grow linearly from 10 KB to 200 KB and never throw, finished or streaming', () => {
    const reference = timeSizes((size) => repeat('ab', size), linearReference);
    const referenceRatio = reference.large / Math.max(reference.small, FLOOR_MS / GROWTH);
    const bound = 2 * Math.max(GROWTH, referenceRatio);
    const rows: string[] = [];
    const superLinear: string[] = [];
    for (const [name, build] of Object.entries(CORPUS)) {
      let times: { small: number; large: number };
      try {
        times = timeSizes(build, (text) => parse(text, false) + parse(text, true));
      } catch (error) {
        superLinear.push(`${name}: throws ${(error as Error).message}`);
        continue;
      }
      const { small, large } = times;
      const ratio = large / Math.max(small, FLOOR_MS);
      rows.push(`${name.padEnd(42)} ${small.toFixed(2).padStart(7)} ms ${large.toFixed(1).padStart(8)} ms ${ratio.toFixed(1).padStart(6)}x`);
      if (ratio > bound) superLinear.push(`${name}: ${ratio.toFixed(1)}x`);
    }
    console.log(`Growth 200 KB / 10 KB (linear reference ${referenceRatio.toFixed(1)}x, bound ${bound.toFixed(1)}x):\n${rows.join('\n')}`);
    assert.deepEqual(superLinear, []);
  });
});
