// Growth on hostile input, measured as a ratio in one run (never as an absolute time): every pattern of the
// adversarial corpus (scripts/markdown-corpus.ts) is parsed at 10 KB and at 200 KB, finished and as the open
// block of a streaming answer, and must not throw.
// The goal is linear growth, 20x. On a real machine even linear work grows more: 10 KB of objects live in
// the processor's caches and die young, 200 KB of them do not. The same run measures work that is linear by
// construction and allocates like a parser (a linked list of one cell per character); on the shared 2-core
// machine this was written on it grew from 4x to over 280x from one run to the next. The inline parser keeps
// its tokens, delimiters, brackets and pairs in typed arrays (no object per delimiter, no array that grows),
// and every pattern grew 20x to 75x there, against 4x to 40x for the reference in the same runs. So this
// check fails above twice the reference's growth, and never below MIN_BOUND: it catches a quadratic parser
// (400x) and most of the way to one, not a constant factor of cache misses (`npm run bench:markdown` shows
// those figures).
// Times are CPU time: one sample per size when the ratio is within half the bound, else medians of three;
// a 10 KB time below FLOOR_MS counts as FLOOR_MS, so noise on sub-millisecond inputs cannot fail it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS, HIGHLIGHT_CORPUS, highlight, parse, repeat } from '../../../scripts/markdown-corpus.js';

const SMALL = 10_000;
const LARGE = 200_000;
const GROWTH = LARGE / SMALL;
const FLOOR_MS = 1;
/** The bound when linear work grew less than half of it: quadratic work grows 400x. */
const MIN_BOUND = 150;
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
 * CPU time per parse at each size, after a warm-up. A 10 KB sample parses twenty copies back to back and
 * keeps every result, so the sizes hand the garbage collector the same work. One sample of each size is
 * taken; when `clearlyWithin` says their ratio leaves no doubt, that is the answer, otherwise the medians of
 * SAMPLES samples are (so a pass needs no more time than it takes, and a failure is never one sample's).
 */
function timeSizes(build: (size: number) => string, work: (text: string) => unknown, clearlyWithin: (small: number, large: number) => boolean): { small: number; large: number } {
  const small = Array.from({ length: GROWTH }, () => build(SMALL));
  const large = [build(LARGE)];
  for (let k = 0; k < 5; k++) work(small[0]!);
  const smallSamples = [cpuMs(small, work) / GROWTH];
  const largeSamples = [cpuMs(large, work)];
  if (!clearlyWithin(smallSamples[0]!, largeSamples[0]!)) {
    while (smallSamples.length < SAMPLES) smallSamples.push(cpuMs(small, work) / GROWTH);
    while (largeSamples.length < SAMPLES) largeSamples.push(cpuMs(large, work));
  }
  return { small: median(smallSamples), large: median(largeSamples) };
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
    const reference = timeSizes((size) => repeat('ab', size), linearReference, () => false);
    const referenceRatio = reference.large / Math.max(reference.small, FLOOR_MS / GROWTH);
    const bound = Math.max(2 * referenceRatio, MIN_BOUND);
    const rows: string[] = [];
    const superLinear: string[] = [];
    const patterns = [
      ...Object.entries(CORPUS).map(([name, build]) => [name, build, (text: string) => parse(text, false) + parse(text, true)] as const),
      ...Object.entries(HIGHLIGHT_CORPUS).map(([name, [language, build]]) => [`highlight ${name}`, build, (text: string) => highlight(language, text)] as const),
    ];
    for (const [name, build, work] of patterns) {
      let times: { small: number; large: number };
      try {
        times = timeSizes(build, work, (small, large) => large / Math.max(small, FLOOR_MS) <= bound / 2);
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
