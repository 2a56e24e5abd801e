// Growth of the Markdown parsers on hostile input: `npm run bench:markdown`.
// Every pattern of the adversarial corpus is parsed at 10 KB and at 200 KB (blocks, then the inline text of
// every block, once as a finished answer and once as the open block of a streaming one), measured as the
// growth test measures it (scripts/markdown-growth.ts: CPU time, both sides parse 200 KB of text, a full
// garbage collection before each sample, the least of samples taken in turn), with more samples: ROUNDS of
// each size per pattern. Prints the growth 200 KB / 10 KB of each pattern (linear: 20x) and of work linear by
// construction measured the same way before and after; exits 1 when a pattern throws or grows more than
// GROWTH_TOLERANCE times as much as that work (or as 20x, when that is larger), as the growth test does.
// `npm run bench:markdown -- word` runs only the patterns whose name contains the word.
import { CORPUS, HIGHLIGHT_CORPUS, highlight, parse } from './markdown-corpus.js';
import { COPIES, GROWTH_TOLERANCE, growthBound, linearReference, measureGrowth, referenceText, type Growth } from './markdown-growth.js';

const ROUNDS = 5;
const REFERENCE_ROUNDS = 15;

const started = process.cpuUsage();
const before = measureGrowth(referenceText, linearReference, { rounds: REFERENCE_ROUNDS });
const only = process.argv[2] ?? '';
const patterns = [
  ...Object.entries(CORPUS).map(([name, build]) => [name, build, (text: string) => parse(text, false) + parse(text, true)] as const),
  ...Object.entries(HIGHLIGHT_CORPUS).map(([name, [language, build]]) => [`highlight ${name}`, build, (text: string) => highlight(language, text)] as const),
];
const measured: [string, Growth | Error][] = [];
for (const [name, build, work] of patterns.filter(([pattern]) => pattern.includes(only))) {
  try {
    measured.push([name, measureGrowth(build, work, { rounds: ROUNDS })]);
  } catch (error) {
    measured.push([name, error as Error]);
  }
}
const after = measureGrowth(referenceText, linearReference, { rounds: REFERENCE_ROUNDS });
const bound = growthBound(Math.max(before.ratio, after.ratio));

let failures = 0;
const cells = ({ small, large, ratio }: Growth): string[] => [small.toFixed(2), large.toFixed(1), `${ratio.toFixed(1)}x`, (ratio / bound).toFixed(2)];
const rows: string[][] = [
  ['pattern', '10 KB ms', '200 KB ms', 'growth', 'of bound', ''],
  ['linear reference (words split into objects), before', ...cells(before), ''],
];
for (const [name, growth] of measured) {
  const fails = growth instanceof Error || growth.ratio > bound;
  if (fails) failures++;
  rows.push(growth instanceof Error ? [name, '', '', '', '', `THROWS: ${growth.message}`] : [name, ...cells(growth), fails ? 'SUPER-LINEAR' : '']);
}
rows.push(['linear reference, after', ...cells(after), '']);
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
const used = process.cpuUsage(started);
console.log(
  `Bound: ${GROWTH_TOLERANCE} x the larger growth of the linear reference (at least ${COPIES}x): ${bound.toFixed(1)}x. ` +
    `${((used.user + used.system) / 1e6).toFixed(0)} s of CPU time.`,
);
console.log(failures ? `${failures} pattern(s) grew beyond the bound or threw.` : 'Every pattern grew within the bound, and nothing threw.');
process.exit(failures ? 1 : 0);
