// Growth on hostile input, measured as a ratio in one run (never as an absolute time): every pattern of the
// adversarial corpus (scripts/markdown-corpus.ts) is parsed at 10 KB and at 200 KB, finished and as the open
// block of a streaming answer, and must not throw.
// How (scripts/markdown-growth.ts): CPU time; both sides parse 200 KB of text (the 10 KB side is twenty
// separate 10 KB parses), every result kept, a full garbage collection before each sample, the least of
// samples taken in turn. The goal is linear growth, 20x; but work that is linear by construction grows more
// on a real machine, and by how much depends on the machine and its load. So the same run measures such work
// the same way (`linearReference`: words split into objects), before the patterns and after them, and each
// pattern may grow at most GROWTH_TOLERANCE (3) times as much as the larger of the two, or as 20x when that
// is larger: linear growth within that tolerance for the machine. A quadratic parser grows 400x.
// Each pattern gets ROUNDS samples of each size, and up to MAX_ROUNDS while its ratio is above two thirds of
// its bound (the least time only falls with more samples, so this moves a ratio towards the truth, never
// away from it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS, HIGHLIGHT_CORPUS, highlight, parse } from '../../../scripts/markdown-corpus.js';
import { COPIES, growthBound, linearReference, measureGrowth, referenceText, type Growth } from '../../../scripts/markdown-growth.js';

const ROUNDS = 2;
const MAX_ROUNDS = 6;
/** The linear reference is cheap (about 10 ms at 200 KB): more samples make its least time steady. */
const REFERENCE_ROUNDS = 9;

const row = (name: string, { small, large, ratio, rounds }: Growth, bound: number): string =>
  `${name.padEnd(44)} ${small.toFixed(2).padStart(7)} ms ${large.toFixed(1).padStart(8)} ms ${ratio.toFixed(1).padStart(6)}x ${(ratio / bound).toFixed(2).padStart(5)} of bound (${rounds} rounds)`;

describe('Markdown parsers on the adversarial corpus', () => {
  it('grow linearly from 10 KB to 200 KB, within the tolerance for the machine, and never throw, finished or streaming', () => {
    const started = Date.now();
    const before = measureGrowth(referenceText, linearReference, { rounds: REFERENCE_ROUNDS });
    const patterns = [
      ...Object.entries(CORPUS).map(([name, build]) => [name, build, (text: string) => parse(text, false) + parse(text, true)] as const),
      ...Object.entries(HIGHLIGHT_CORPUS).map(([name, [language, build]]) => [`highlight ${name}`, build, (text: string) => highlight(language, text)] as const),
    ];
    const measured: [string, Growth][] = [];
    const thrown: string[] = [];
    const earlyBound = growthBound(before.ratio);
    for (const [name, build, work] of patterns) {
      try {
        measured.push([name, measureGrowth(build, work, { rounds: ROUNDS, maxRounds: MAX_ROUNDS, settled: ({ ratio }) => ratio <= (2 / 3) * earlyBound })]);
      } catch (error) {
        thrown.push(`${name}: throws ${(error as Error).message}`);
      }
    }
    const after = measureGrowth(referenceText, linearReference, { rounds: REFERENCE_ROUNDS });
    const bound = growthBound(Math.max(before.ratio, after.ratio));
    const superLinear = measured.filter(([, { ratio }]) => ratio > bound).map(([name, { ratio }]) => `${name}: ${ratio.toFixed(1)}x`);
    const largest = Math.max(...measured.map(([, { ratio }]) => ratio));
    console.log(
      [
        `Growth 200 KB / 10 KB (linear: ${COPIES}x); bound ${bound.toFixed(1)}x, largest ${largest.toFixed(1)}x, in ${((Date.now() - started) / 1000).toFixed(0)} s:`,
        row('linear reference, before', before, bound),
        ...measured.map(([name, growth]) => row(name, growth, bound)),
        row('linear reference, after', after, bound),
      ].join('\n'),
    );
    assert.deepEqual([...thrown, ...superLinear], []);
  });
});
