// Growth of the Markdown parsers on hostile input: `npm run bench:markdown`.
// Every pattern of the adversarial corpus is parsed at 10 KB and at 200 KB (blocks, then the inline text of
// every block, once as a finished answer and once as the open block of a streaming one). Times are CPU
// time (other load on the machine does not count), the best of a few runs after a warm-up. The 10 KB figure
// is the time per copy when twenty 10 KB copies are parsed back to back, so both sizes hand the garbage
// collector the same amount of work.
// Linear work does not take exactly 20 times as long at 20 times the size: once the working set outgrows
// the processor's caches, each object costs more. So the script first measures that factor on this machine
// with a loop that is linear by construction (one small object per character), and allows each pattern the
// growth of linear work: 20x times that factor (1 on a quiet machine with large caches), plus 30 ms for
// noise. A quadratic parser grows 400x. Exits 1 when a pattern throws or grows faster than allowed.
import { CORPUS, HIGHLIGHT_CORPUS, highlight, parse, repeat } from './markdown-corpus.js';

const SMALL = 10_000;
const LARGE = 200_000;
const COPIES = LARGE / SMALL;
const RUNS = 3;
const NOISE_MS = 30;

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Best CPU time in ms of `work` on each of `texts`, keeping every result until the end of the run. */
function cpuTime(texts: readonly string[], work: (text: string) => unknown): number {
  let best = Infinity;
  for (let run = 0; run <= RUNS; run++) {
    collect();
    const kept: unknown[] = [];
    const start = process.cpuUsage();
    for (const text of texts) kept.push(work(text));
    const used = process.cpuUsage(start);
    // Run 0 warms the code up and is not counted.
    if (run > 0) best = Math.min(best, (used.user + used.system) / 1000);
    if (kept.length !== texts.length) throw new Error('lost a result');
  }
  return best;
}

/** Times one kind of work at both sizes: per 10 KB copy (twenty in a row) and for 200 KB. */
function growth(build: (size: number) => string, work: (text: string) => unknown): { small: number; large: number; ratio: number } {
  const smallText = build(SMALL);
  const small = cpuTime(Array.from({ length: COPIES }, () => smallText), work) / COPIES;
  const large = cpuTime([build(LARGE)], work);
  return { small, large, ratio: large / Math.max(small, 0.001) };
}

/** Linear by construction: one small object per character, all kept until the end. */
const linearReference = (text: string): number => {
  const objects: { index: number; char: string }[] = [];
  for (let index = 0; index < text.length; index++) objects.push({ index, char: text[index]! });
  return objects.length;
};
const reference = growth((size) => repeat('ab', size), linearReference);
const machineFactor = Math.max(1, reference.ratio / COPIES);
const allowedRatio = COPIES * machineFactor;

let failures = 0;
const rows: string[][] = [
  ['pattern', '10 KB ms', '200 KB ms', 'ratio', ''],
  ['linear reference (one object per character)', reference.small.toFixed(2), reference.large.toFixed(1), `${reference.ratio.toFixed(1)}x`, ''],
];
// `npm run bench:markdown -- word` runs only the patterns whose name contains the word.
const only = process.argv[2] ?? '';
const patterns = [
  ...Object.entries(CORPUS).map(([name, build]) => [name, build, (text: string) => parse(text, false) + parse(text, true)] as const),
  ...Object.entries(HIGHLIGHT_CORPUS).map(([name, [language, build]]) => [`highlight ${name}`, build, (text: string) => highlight(language, text)] as const),
];
for (const [name, build, work] of patterns.filter(([pattern]) => pattern.includes(only))) {
  try {
    const { small, large, ratio } = growth(build, work);
    const linear = large <= allowedRatio * small + NOISE_MS;
    if (!linear) failures++;
    rows.push([name, small.toFixed(2), large.toFixed(1), `${ratio.toFixed(1)}x`, linear ? 'ok' : 'SUPER-LINEAR']);
  } catch (error) {
    failures++;
    rows.push([name, '', '', '', `THROWS: ${(error as Error).message}`]);
  }
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
console.log(`Machine factor (linear reference / ${COPIES}): ${machineFactor.toFixed(1)}; allowed growth ${allowedRatio.toFixed(0)}x + ${NOISE_MS} ms.`);
console.log(
  failures
    ? `${failures} pattern(s) grew faster than linear work or threw.`
    : `Every pattern grew like linear work at 200 KB, and nothing threw.`,
);
process.exit(failures ? 1 : 0);
