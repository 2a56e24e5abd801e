// `npm run size`: raw, gzip and brotli bytes of the script-tag files and the npm entry points, checked
// against the budgets. Exits 1 when a budget is missed or a file is missing (run `npm run build` first).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const KB = 1000;
/** Budgets in gzip bytes: the script-tag loader alone, and the complete script-tag widget (loader + app). */
const budgets = { loader: 5 * KB, widget: 30 * KB };

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
  'npm: index': 'dist/index.js',
  'npm: chatbot-widget': 'dist/chatbot-widget-element.js',
  'npm: bot-admin': 'dist/bot-admin-element.js',
  'npm: api': 'dist/api.js',
  'npm: stream': 'dist/stream.js',
};
const missing = Object.values(files).filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`Missing build output: ${missing.join(', ')} (run npm run build).`);
  process.exit(1);
}

const sizes = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, measure(file)]));
const widget = {
  raw: sizes.loader.raw + sizes.app.raw,
  gzip: sizes.loader.gzip + sizes.app.gzip,
  brotli: sizes.loader.brotli + sizes.app.brotli,
};
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const rows = [...Object.entries(sizes), ['script-tag widget (loader + app)', widget]];
console.log(`${'file'.padEnd(36)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
for (const [name, size] of rows) {
  console.log(`${name.padEnd(36)}${kb(size.raw).padStart(10)}${kb(size.gzip).padStart(10)}${kb(size.brotli).padStart(10)}`);
}

const failures = [];
if (sizes.loader.gzip > budgets.loader) failures.push(`loader is ${kb(sizes.loader.gzip)} gzip, budget ${kb(budgets.loader)}`);
if (widget.gzip > budgets.widget) failures.push(`script-tag widget is ${kb(widget.gzip)} gzip, budget ${kb(budgets.widget)}`);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/size.json', JSON.stringify({ budgets, sizes, widget }, null, 2));
if (failures.length) {
  console.error(`Size budget missed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(`Budgets met: loader ≤ ${kb(budgets.loader)} gzip, widget ≤ ${kb(budgets.widget)} gzip.`);
