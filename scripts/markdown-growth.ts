// How the time of the Markdown parsers (or the highlighter) grows from 10 KB to 200 KB of hostile input,
// measured so that the figures state the growth of the code and not the noise of a shared machine. Used by
// `npm run bench:markdown` and by the growth test (test/unit/markdown/markdown-growth.test.ts).
// - Both sides parse 200 KB of text: the 10 KB side is twenty separate 10 KB parses, the 200 KB side one,
//   every result kept until the sample ends, so both hand the garbage collector the same live data and the
//   10 KB figure is not a sub-millisecond reading.
// - CPU time of this process (other processes' load does not count), after a full garbage collection (no
//   sample pays for the garbage of the one before), and per side the least of several samples taken in
//   turn (small, large, large, small, ...): noise only ever adds time, and a slow spell falls on both sides.
// The growth is the time of the 200 KB parse over that of one 10 KB parse (linear work: 20x). Work that is
// linear by construction grows more than 20x on a real machine (its working set leaves the processor's
// caches, its arrays move to V8's large-object space past 128 KB, fresh memory costs a page fault per 4 KB
// page), so the same run measures such work the same way (`linearReference`), and a pattern may grow at most
// GROWTH_TOLERANCE times as much as it did (or as 20x, when it grew less).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const SMALL = 10_000;
export const LARGE = 200_000;
/** Linear growth: LARGE / SMALL. */
export const COPIES = LARGE / SMALL;

/** How many times the growth of the linear reference (at least 20x) a pattern may grow. */
export const GROWTH_TOLERANCE = 3;

/**
 * Work linear by construction that allocates as the parsers do: the text's words as strings, one object per
 * word, kept in arrays that pass V8's large-object size (128 KB) at 200 KB, as the parsers' arrays do.
 */
export const linearReference = (text: string): unknown => text.split(' ').map((word) => ({ word }));

/** The text the linear reference is measured on: `ab cd ` repeated to `size` characters. */
export const referenceText = (size: number): string => 'ab cd '.repeat(Math.ceil(size / 6)).slice(0, size);

/** The largest growth allowed to a pattern when linear work grew `referenceRatio` in the same run. */
export const growthBound = (referenceRatio: number): number => GROWTH_TOLERANCE * Math.max(COPIES, referenceRatio);

/** A full garbage collection: `gc` when Node runs with --expose-gc, else the same function taken from V8 now. */
export const collectGarbage: () => void = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** CPU time in ms of `work` on each of `texts`, after a full collection, every result kept until the end. */
function cpuMs(texts: readonly string[], work: (text: string) => unknown): number {
  collectGarbage();
  const kept: unknown[] = [];
  const start = process.cpuUsage();
  for (const text of texts) kept.push(work(text));
  const used = process.cpuUsage(start);
  if (kept.length !== texts.length) throw new Error('a result was lost');
  return (used.user + used.system) / 1000;
}

/** The growth of one kind of work on one pattern. */
export interface Growth {
  /** The least CPU time in ms of one 10 KB parse (a twentieth of twenty). */
  small: number;
  /** The least CPU time in ms of one 200 KB parse. */
  large: number;
  /** large / small (linear: 20). */
  ratio: number;
  /** Samples taken of each size. */
  rounds: number;
}

/**
 * Measures `work` on texts built by `build` at 10 KB (twenty copies) and 200 KB: `rounds` samples of each,
 * then more, up to `maxRounds`, while `settled` says the figures so far are not conclusive (the least time
 * only falls with more samples, so a ratio can only move towards the truth). Throws what `work` throws.
 */
export function measureGrowth(
  build: (size: number) => string,
  work: (text: string) => unknown,
  { rounds = 2, maxRounds = rounds, settled = () => true }: { rounds?: number; maxRounds?: number; settled?: (growth: Growth) => boolean } = {},
): Growth {
  const small = Array.from({ length: COPIES }, () => build(SMALL));
  const large = [build(LARGE)];
  // Warm-up: the code is compiled and optimised, and scratch memory sized, before anything counts.
  work(large[0]!);
  for (let k = 0; k < 3; k++) work(small[0]!);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  const growth = (round: number): Growth => ({ small: bestSmall / COPIES, large: bestLarge, ratio: (bestLarge / bestSmall) * COPIES, rounds: round });
  let round = 0;
  while (round < maxRounds && (round < rounds || !settled(growth(round)))) {
    if (round % 2) bestLarge = Math.min(bestLarge, cpuMs(large, work));
    bestSmall = Math.min(bestSmall, cpuMs(small, work));
    if (!(round % 2)) bestLarge = Math.min(bestLarge, cpuMs(large, work));
    round++;
  }
  return growth(round);
}
