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
import { parseBlocks, parseInline, type Block } from '../src/ui/markdown/index.js';

const SMALL = 10_000;
const LARGE = 200_000;
const COPIES = LARGE / SMALL;
const RUNS = 3;
const NOISE_MS = 30;

const repeat = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const nested = (open: string, middle: string, close: string, size: number): string => {
  const depth = Math.floor((size - middle.length) / (open.length + close.length));
  return open.repeat(depth) + middle + close.repeat(depth);
};

/** The adversarial corpus: each pattern builds a text of about `size` characters. */
const CORPUS: Record<string, (size: number) => string> = {
  '[ repeated': (size) => repeat('[', size),
  '] repeated': (size) => repeat(']', size),
  'http://a) repeated': (size) => repeat('http://a)', size),
  '**a repeated': (size) => repeat('**a ', size),
  '*a repeated': (size) => repeat('*a ', size),
  '_a repeated': (size) => repeat('_a ', size),
  'a** repeated (closers)': (size) => repeat('a** ', size),
  '*a_ mismatches': (size) => repeat('*a_', size),
  '**a*_b_ mixed runs': (size) => repeat('**a*_b_ ***c__d~~', size),
  '~~a repeated': (size) => repeat('~~a ', size),
  'nested [[[a]]]': (size) => nested('[', 'a', ']', size),
  'nested links [[[a](https://x.y)]]]': (size) => nested('[', 'a](https://x.y)', ']', size),
  'nested emphasis *_*_a_*_*': (size) => nested('*_', 'a', '_*', size),
  'open [ then links [a](x)': (size) => repeat('[', size / 2) + repeat('[a](x)', size / 2),
  '[a](b repeated': (size) => repeat('[a](b', size),
  '[a](<b repeated': (size) => repeat('[a](<b', size),
  '[a](b "c repeated': (size) => repeat('[a](b "c ', size),
  '[a](\\( repeated': (size) => repeat('[a](\\(', size),
  '](( repeated after one [': (size) => '[a' + repeat('](((', size),
  '` repeated': (size) => repeat('`', size),
  '``a` runs of growing length': (size) => {
    let text = '';
    for (let length = 1; text.length < size; length = (length % 40) + 1) text += '`'.repeat(length) + 'a';
    return text.slice(0, size);
  },
  '<a@b.b.b… autolink': (size) => repeat('<a@b.' + 'b.'.repeat(20), size),
  '<http: repeated': (size) => repeat('<http:', size),
  '\\ escapes': (size) => repeat('\\*\\[\\', size),
  'plain words, one 200 KB line': (size) => repeat('plain words ', size),
  '# # + spaces + a': (size) => '# #' + ' '.repeat(size - 4) + 'a',
  '- - - rules + spaces': (size) => '- - -' + ' '.repeat(size - 6) + 'a',
  'answer-marker lines': (size) => repeat('*Answer:* **Suggest Questions:** _a\n', size),
  'deep quote (> repeated) with emphasis': (size) => repeat('>', size - 3) + ' *a',
  'quote lines > > > *a': (size) => repeat('> > > > *a **b\n', size),
  'deep list (- repeated)': (size) => repeat('- ', size - 1) + 'a',
  'deep ordered list (1. repeated)': (size) => repeat('1. ', size - 1) + 'a',
  'indented list, 2,000 levels': (size) => {
    const lines: string[] = [];
    for (let depth = 0, length = 0; length < size; depth = (depth + 1) % 2000) {
      const line = `${'  '.repeat(depth)}- item *${depth}*`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  },
  'numbered list': (size) => {
    const lines: string[] = [];
    for (let n = 1, length = 0; length < size; n++) {
      const line = `${n}. item **${n}** [link](https://example.com/${n})`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  },
  'table, 1,000 columns': (size) => {
    const row = (cell: string) => `|${Array.from({ length: 1000 }, () => cell).join('|')}|`;
    const lines = [row('h'), row('-')];
    while (lines.join('\n').length < size) lines.push(row('*a*'));
    return lines.join('\n');
  },
  'fences ``` repeated': (size) => repeat('```\n', size),
  '| pipes and ` ticks in one row': (size) => 'a|b\n-|-\n' + repeat('|`', size),
};

/** Everything the widget does with an answer's text, short of the DOM: blocks, then each block's inline text. */
function parse(text: string, open: boolean): number {
  let nodes = 0;
  const visit = (block: Block): void => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        nodes += parseInline(block.text, { open }).length;
        break;
      case 'quote':
        block.children.forEach(visit);
        break;
      case 'list':
        block.items.forEach((item) => item.forEach(visit));
        break;
      case 'table':
        for (const row of [block.header, ...block.rows]) for (const cell of row) nodes += parseInline(cell, { open }).length;
        break;
      default:
        nodes++;
    }
  };
  parseBlocks(text).forEach(visit);
  return nodes;
}

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
for (const [name, build] of Object.entries(CORPUS).filter(([pattern]) => pattern.includes(only))) {
  try {
    const { small, large, ratio } = growth(build, (text) => parse(text, false) + parse(text, true));
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
