// `npm run size`: raw, gzip and brotli bytes of the script-tag files and the npm entry points, checked
// against the budgets. Exits 1 when a budget is passed or a file is missing (run `npm run build`
// first).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const KB = 1000;
/**
 * Budgets in gzip bytes: the script-tag loader alone; the widget a visitor downloads to open the chat and
 * read answers (loader, app, every lazy chunk of the chat itself, one language pack); and each on-demand
 * feature chunk (modules in `src/widget/on-demand/` and `src/api/on-demand/`: the lead form, a page's own
 * language pack, the teaser, the reader of event-stream answers...), which only a visitor
 * who uses that feature loads. The sum of all of them is reported as well.
 */
const budgets = { loader: 5 * KB, widget: 30 * KB, onDemandFeature: 6 * KB };

function measure(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const files = {
  loader: 'dist/chatbot-widget.js',
  app: 'dist/chatbot-widget-app.js',
  'npm, unminified: index': 'dist/index.js',
  'npm, unminified: chatbot-widget': 'dist/chatbot-widget-element.js',
  'npm, unminified: bot-admin': 'dist/bot-admin-element.js',
  'npm, unminified: api': 'dist/api.js',
  'npm, unminified: stream': 'dist/stream.js',
};
const missing = Object.values(files).filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`Missing build output: ${missing.join(', ')} (run npm run build).`);
  process.exit(1);
}

const sum = (sizes) => sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });

/** The chunks a module pulls in: its static imports (always loaded) and its dynamic ones (on demand). */
function chunkGraph(entry) {
  const staticChunks = new Set([entry]);
  const lazyChunks = new Set();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop();
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)["'`](\.\/[^"'`]+\.js)["'`]/g)) {
      const target = join(dirname(file), match[1]);
      const dynamic = match[0].includes('(');
      if (dynamic) {
        if (!staticChunks.has(target)) lazyChunks.add(target);
      } else if (!staticChunks.has(target)) {
        staticChunks.add(target);
        lazyChunks.delete(target);
        queue.push(target);
      }
    }
  }
  return { staticChunks: [...staticChunks], lazyChunks: [...lazyChunks].filter((file) => !staticChunks.has(file)) };
}

// Every entry is measured with the chunks it imports statically (npm entries without lit, zod and react,
// which stay imports).
const sizes = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, sum(chunkGraph(file).staticChunks.map(measure))]));
const app = chunkGraph(files.app);
const lazy = app.lazyChunks.map((file) => ({ file, ...measure(file) }));
// Language packs are alternatives (a visitor loads at most one); every other lazy chunk may be loaded by
// any visitor, so all of them count.
const isLanguagePack = (file) => /chatbot-widget-(vi|ja|fr|es|de|ar)-[\w-]+\.js$/.test(file);
const isOnDemandFeature = (file) => /chatbot-widget-on-demand-[\w-]+\.js$/.test(file);
// An on-demand feature is measured with the chunks it imports statically that the app does not carry already
// (a chunk that two features share, such as the event-stream parser, counts in each of them).
const appChunks = new Set(app.staticChunks);
const withOwnChunks = (file) => chunkGraph(file).staticChunks.filter((chunk) => chunk === file || !appChunks.has(chunk));
const onDemand = lazy.filter((chunk) => isOnDemandFeature(chunk.file))
  .map((chunk) => ({ file: chunk.file, ...sum(withOwnChunks(chunk.file).map(measure)) }));
const largestPack = lazy.filter((chunk) => isLanguagePack(chunk.file))
  .reduce((a, b) => (b.gzip > a.gzip ? b : a), { file: '(none)', raw: 0, gzip: 0, brotli: 0 });
const otherLazy = sum(lazy.filter((chunk) => !isLanguagePack(chunk.file) && !isOnDemandFeature(chunk.file)));
// The widget a visitor downloads to chat: the loader, the app with its chunks, and one language pack.
const widget = sum([sizes.loader, sizes.app, otherLazy, largestPack]);
// Everything, on-demand features included.
const complete = sum([widget, ...[...new Set(onDemand.flatMap((chunk) => withOwnChunks(chunk.file)))].map(measure)]);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const rows = [
  ...Object.entries(sizes),
  ['lazy chunks other than language packs', otherLazy],
  [`largest language pack (${largestPack.file.replace('dist/', '')})`, largestPack],
  ['script-tag widget (chat and answers)', widget],
  ...onDemand.map((chunk) => [`on-demand feature: ${chunk.file.replace('dist/', '')}`, chunk]),
  ['script-tag widget with every on-demand feature', complete],
];
console.log(`${'file'.padEnd(56)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
for (const [name, size] of rows) {
  console.log(`${name.padEnd(56)}${kb(size.raw).padStart(10)}${kb(size.gzip).padStart(10)}${kb(size.brotli).padStart(10)}`);
}
console.log(`app: ${app.staticChunks.length} static chunk(s), ${lazy.length} lazy chunk(s) loaded on demand`);

const bytes = (n) => `${n.toLocaleString('en')} B`;
const verdicts = [
  ['Loader', sizes.loader.gzip, budgets.loader],
  ['Widget', widget.gzip, budgets.widget],
  ...onDemand.map((chunk) => [`On-demand feature ${chunk.file.replace('dist/', '')}`, chunk.gzip, budgets.onDemandFeature]),
].map(([name, size, budget]) => ({ name, size, budget, met: size <= budget }));
mkdirSync('reports', { recursive: true });
writeFileSync('reports/size.json', JSON.stringify({ budgets, sizes, lazy, widget, onDemand, complete }, null, 2));
for (const { name, size, budget, met } of verdicts) {
  const margin = met ? `${bytes(budget - size)} to spare` : `${bytes(size - budget)} over`;
  console.log(`${name}: ${bytes(size)} gzip, budget ${bytes(budget)}: ${met ? 'met' : 'MISSED'} (${margin}).`);
}
const failures = verdicts.filter((verdict) => !verdict.met);
if (failures.length) {
  console.error(`Size budget exceeded: ${failures.map((verdict) => verdict.name.toLowerCase()).join(', ')}.`);
  process.exit(1);
}
