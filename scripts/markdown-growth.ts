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
// Fresh memory: a 200 KB paragraph with much markup needs more than the 4 MB of scratch memory the inline
// parser keeps between calls, so its typed arrays are fresh memory, and each 4 KB page of it costs a page
// fault when first touched, a cost the 10 KB side never pays (its memory is reused). On the 2-core machine
// this was written on, a page fault costs about 18 us (about 4.6 ms per MB), and `[` repeated (about 7 MB
// touched per parse) grew 122x with fresh memory (docs/markdown.md has the figures with reused memory). So
// the measurement runs with WARM_MEMORY: the C allocator (glibc; other allocators ignore it) serves every
// size from its heap and keeps what is freed, so the 200 KB side reuses memory faulted in by its warm-up, as
// the 10 KB side reuses the parser's scratch.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const SMALL = 10_000;
export const LARGE = 200_000;
/** Linear growth: LARGE / SMALL. */
export const COPIES = LARGE / SMALL;

/** The two sizes a growth is measured between; the larger is a whole multiple of the smaller. */
export interface Sizes {
  small: number;
  large: number;
}

/** The environment of a measurement: the C allocator keeps freed memory for reuse (see above). */
export const WARM_MEMORY = { MALLOC_MMAP_THRESHOLD_: String(2 ** 32), MALLOC_TRIM_THRESHOLD_: String(2 ** 32) } as const;

/** How many times the growth of the linear reference (at least 20x) a pattern may grow. */
export const GROWTH_TOLERANCE = 2.5;

/**
 * Work linear by construction that allocates as the parsers do: the text's words as strings, one object per
 * word, kept in arrays that pass V8's large-object size (128 KB) at 200 KB, as the parsers' arrays do.
 */
export const linearReference = (text: string): unknown => text.split(' ').map((word) => ({ word }));

/** The text the linear reference is measured on: `ab cd ` repeated to `size` characters. */
export const referenceText = (size: number): string => 'ab cd '.repeat(Math.ceil(size / 6)).slice(0, size);

/**
 * The largest growth allowed to a pattern when linear work grew `referenceRatio` in the same run: GROWTH_TOLERANCE
 * times that growth, or times linear growth (`copies`, the ratio of the sizes) when that is larger.
 */
export const growthBound = (referenceRatio: number, copies = COPIES): number => GROWTH_TOLERANCE * Math.max(copies, referenceRatio);

/** A full garbage collection: `gc` when Node runs with --expose-gc, else the same function taken from V8 now. */
export const collectGarbage: () => void = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** One sample: CPU time in ms, and minor page faults (first touches of fresh memory). */
interface Sample {
  ms: number;
  faults: number;
}

/** A sample of `work` on each of `texts`, after a full collection, every result kept until the end. */
function sample(texts: readonly string[], work: (text: string) => unknown): Sample {
  collectGarbage();
  const kept: unknown[] = [];
  const faults = process.resourceUsage().minorPageFault;
  const start = process.cpuUsage();
  for (const text of texts) kept.push(work(text));
  const used = process.cpuUsage(start);
  if (kept.length !== texts.length) throw new Error('a result was lost');
  return { ms: (used.user + used.system) / 1000, faults: process.resourceUsage().minorPageFault - faults };
}

/**
 * The CPU time in ms of a page fault on this machine, for the benchmark's figures without them: fresh memory
 * (16 MB) written once per 4 KB page, the least of three tries that faulted.
 */
export function pageFaultMs(): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const { ms, faults } = sample([''], () => {
      const memory = new Int32Array(1 << 22);
      for (let i = 0; i < memory.length; i += 1024) memory[i] = 1;
      return memory;
    });
    if (faults > 0) best = Math.min(best, ms / faults);
  }
  return best;
}

/** The growth of one kind of work on one pattern. */
export interface Growth {
  /** The least CPU time in ms of one small parse (10 KB: a twentieth of twenty). */
  small: number;
  /** The least CPU time in ms of one large parse (200 KB). */
  large: number;
  /** large / small (linear: the ratio of the sizes, 20). */
  ratio: number;
  /** The page faults of one small parse in the least sample, and of the large parse. */
  faults: [small: number, large: number];
  /** Samples taken of each size. */
  rounds: number;
}

/**
 * Measures `work` on texts built by `build` at the small size (10 KB, as many copies as make the large size)
 * and the large one (200 KB): `rounds` samples of each, then more, up to `maxRounds`, while `settled` says
 * the figures so far are not conclusive (the least time only falls with more samples, so a ratio can only
 * move towards the truth). Throws what `work` throws.
 */
export function measureGrowth(
  build: (size: number) => string,
  work: (text: string) => unknown,
  {
    rounds = 2,
    maxRounds = rounds,
    settled = () => true,
    sizes = { small: SMALL, large: LARGE },
  }: { rounds?: number; maxRounds?: number; settled?: (growth: Growth) => boolean; sizes?: Sizes } = {},
): Growth {
  const copies = sizes.large / sizes.small;
  const small = Array.from({ length: copies }, () => build(sizes.small));
  const large = [build(sizes.large)];
  // Warm-up: one sample of each size that does not count, so the code is compiled and optimised (which a
  // loaded machine delays) and memory sized before anything counts. With four parses instead of twenty-one,
  // the first samples of `[` repeated at 10 KB took five times as long as later ones.
  sample(large, work);
  sample(small, work);
  let bestSmall: Sample = { ms: Infinity, faults: 0 };
  let bestLarge: Sample = { ms: Infinity, faults: 0 };
  const least = (best: Sample, next: Sample): Sample => (next.ms < best.ms ? next : best);
  const growth = (round: number): Growth => ({
    small: bestSmall.ms / copies,
    large: bestLarge.ms,
    ratio: (bestLarge.ms / bestSmall.ms) * copies,
    faults: [bestSmall.faults / copies, bestLarge.faults],
    rounds: round,
  });
  let round = 0;
  while (round < maxRounds && (round < rounds || !settled(growth(round)))) {
    if (round % 2) bestLarge = least(bestLarge, sample(large, work));
    bestSmall = least(bestSmall, sample(small, work));
    if (!(round % 2)) bestLarge = least(bestLarge, sample(large, work));
    round++;
  }
  return growth(round);
}

/** The growth of every pattern of the corpus, and of the linear reference before and after them. */
export interface CorpusGrowth {
  before: Growth;
  after: Growth;
  /** The largest growth allowed: growthBound of the larger reference growth. */
  bound: number;
  /** Each pattern's growth, or what it threw. */
  patterns: [name: string, growth: Growth | Error][];
}

/**
 * Measures the linear reference (`referenceRounds` samples), every pattern whose name contains `only`
 * (`rounds` samples of each size, up to `maxRounds` while its growth is between two thirds of the bound the
 * reference gave so far and three times that bound), and the reference again, between `sizes` (10 KB and
 * 200 KB unless told).
 */
export function measureCorpus(
  patterns: readonly (readonly [name: string, build: (size: number) => string, work: (text: string) => unknown])[],
  {
    rounds,
    maxRounds = rounds,
    referenceRounds,
    only = '',
    sizes = { small: SMALL, large: LARGE },
  }: { rounds: number; maxRounds?: number; referenceRounds: number; only?: string; sizes?: Sizes },
): CorpusGrowth {
  const copies = sizes.large / sizes.small;
  const before = measureGrowth(referenceText, linearReference, { rounds: referenceRounds, sizes });
  const earlyBound = growthBound(before.ratio, copies);
  const measured: [string, Growth | Error][] = [];
  for (const [name, build, work] of patterns.filter(([name]) => name.includes(only))) {
    try {
      // More samples only lower a growth a little: one far beyond the bound (a quadratic pattern takes minutes
      // at 200 KB) is not sampled again.
      const settled = ({ ratio }: Growth): boolean => ratio <= (2 / 3) * earlyBound || ratio > 3 * earlyBound;
      measured.push([name, measureGrowth(build, work, { rounds, maxRounds, settled, sizes })]);
    } catch (error) {
      measured.push([name, error as Error]);
    }
  }
  const after = measureGrowth(referenceText, linearReference, { rounds: referenceRounds, sizes });
  return { before, after, bound: growthBound(Math.max(before.ratio, after.ratio), copies), patterns: measured };
}
