// `npm run bench:render`: how much main-thread time the script-tag widget spends rendering streamed
// answers. Headless Chromium loads the built widget (dist/) from a local page; the page's service streams
// Markdown answers of 500, 2,000 and 8,000 tokens (one word each, written as one burst) made with
// formatAnswer. Per run it reads Chromium's own counters (CDP Performance.getMetrics: TaskDuration and
// ScriptDuration) around the answer, the long tasks the page saw (PerformanceObserver 'longtask'), and the
// time from the first byte of the body to the first painted answer text. It prints medians and exits 1
// when a bar is missed:
//   main thread < 500 ms for 8,000 tokens · no task over 50 ms · first token painted ≤ 50 ms after the
//   first byte · cost per token at 8,000 ≤ 1.5 × the cost per token at 500.
// Options: --runs N (default 5), --no-build (use dist/ as it is).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { formatAnswer, splitIntoWords } from '../src/stream/answer-format.js';
import { startWidgetFixture } from './widget-fixture-server.js';

const SIZES = [500, 2000, 8000] as const;
const args = process.argv.slice(2);
const runsArgument = args.indexOf('--runs');
const RUNS = runsArgument >= 0 ? Math.max(1, Number(args[runsArgument + 1]) || 5) : 5;
const BARS = { mainThreadMsAt8000: 500, longestTaskMs: 50, firstTokenMs: 50, perTokenRatio: 1.5 };

const FILLER = (
  'the widget renders streamed answers block by block so that finished paragraphs lists tables and code ' +
  'are drawn once while only the open block is read again when new words arrive from the service'
).split(' ');

/** A Markdown answer of exactly `tokens` words, mixing paragraphs, lists, tables, code and quotes. */
export function benchmarkAnswer(tokens: number): string {
  const blocks: string[] = [];
  let count = 0;
  let index = 0;
  const words = (n: number) => {
    const out: string[] = [];
    for (let k = 0; k < n; k++) out.push(FILLER[(index + k) % FILLER.length]!);
    index += n;
    return out;
  };
  while (count < tokens) {
    const left = tokens - count;
    const kind = blocks.length % 6;
    let block: string;
    if (kind === 1) {
      block = [0, 1, 2, 3].map((item) => `${item + 1}. **${words(1).join(' ')}** ${words(5).join(' ')}`).join('\n');
    } else if (kind === 3) {
      block = `| Name | Value | Note |\n|---|---:|---|\n${[0, 1, 2].map(() => `| ${words(1)} | ${index} | ${words(3).join(' ')} |`).join('\n')}`;
    } else if (kind === 5) {
      block = `\`\`\`ts\n${[0, 1, 2, 3].map(() => `const ${words(1)} = '${words(2).join(' ')}';`).join('\n')}\n\`\`\``;
    } else {
      const text = words(Math.min(40, left));
      text[3] = `*${text[3]}*`;
      text[7] = `\`${text[7]}\``;
      block = (kind === 4 ? '> ' : '') + text.join(' ');
    }
    const blockWords = splitIntoWords(block).length;
    if (blockWords > left) block = words(left).join(' ');
    count += splitIntoWords(block).length;
    blocks.push(block);
  }
  return blocks.join('\n\n');
}

interface RunResult {
  /** From sending the question to the first byte of the answer body. */
  requestMs: number;
  /** From the first byte to the first answer text in the DOM. */
  textMs: number;
  mainThreadMs: number;
  scriptMs: number;
  firstTokenMs: number;
  longTasks: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// Runs in the page before anything else: notes the first byte of every streamed body. (Functions handed to
// the page are sent as source text: no named arrow functions in object literals, which tsx wraps in a helper.)
export function instrumentPage(): void {
  const state = { firstByte: 0 };
  (window as unknown as { __bench: typeof state }).__bench = state;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    if (!String(input instanceof Request ? input.url : input).includes('streaming') || !response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        if (!state.firstByte) state.firstByte = performance.now();
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

// Runs in the page: asks the question and resolves with the timings once the answer is complete.
export async function askInPage(question: string): Promise<{ firstByte: number; firstPaint: number; firstText: number; start: number; longTasks: number[] }> {
  const state = (window as unknown as { __bench: { firstByte: number } }).__bench;
  state.firstByte = 0;
  const widget = document.querySelector('chatbot-widget') as (HTMLElement & { send(text: string): void }) | null;
  if (!widget) throw new Error('no <chatbot-widget> on the benchmark page');
  const root = widget.shadowRoot!;
  const answersBefore = root.querySelectorAll('.message.bot').length;
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let firstPaint = 0;
  let firstText = 0;
  const mutations = new MutationObserver(() => {
    const bubble = root.querySelectorAll('.message.bot')[answersBefore]?.querySelector('.bubble p, .bubble li, .bubble td, .bubble pre');
    if (!bubble || firstPaint) return;
    firstPaint = -1;
    firstText = performance.now();
    // The text is in the DOM; it is on screen once the next frame has been painted: a message posted from
    // that frame's animation callbacks runs right after its paint.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (firstPaint = performance.now());
      channel.port2.postMessage(0);
    });
  });
  mutations.observe(root, { subtree: true, childList: true, characterData: true });
  const start = performance.now();
  await new Promise<void>((resolve) => {
    widget.addEventListener('chatbot-answer-complete', () => resolve(), { once: true });
    widget.send(question);
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  mutations.disconnect();
  observer.disconnect();
  return { firstByte: state.firstByte, firstPaint, firstText, start, longTasks };
}

async function metricsReader(page: Page): Promise<() => Promise<Record<string, number>>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  };
}

async function run(browser: Browser, pageUrl: string, tokens: number): Promise<RunResult> {
  const page = await browser.newPage();
  page.on('crash', () => console.error('the page crashed'));
  page.on('pageerror', (error) => console.error('page error:', error.message));
  try {
    await page.addInitScript(instrumentPage);
    await page.goto(pageUrl);
    await page.waitForFunction(() => document.querySelector('chatbot-widget')?.shadowRoot?.querySelector('textarea'), undefined, {
      timeout: 15000,
    });
    // A small answer first, so code paths are warm as on a page where the visitor has chatted already.
    await page.evaluate(askInPage, 'warm-up');
    const metrics = await metricsReader(page);
    const before = await metrics();
    const timings = await page.evaluate(askInPage, `tokens:${tokens}`);
    const after = await metrics();
    if (timings.firstPaint <= 0 || timings.firstByte <= 0) throw new Error('no first byte or first paint was seen');
    return {
      mainThreadMs: (after['TaskDuration']! - before['TaskDuration']!) * 1000,
      scriptMs: (after['ScriptDuration']! - before['ScriptDuration']!) * 1000,
      firstTokenMs: timings.firstPaint - timings.firstByte,
      textMs: timings.firstText - timings.firstByte,
      requestMs: timings.firstByte - timings.start,
      longTasks: timings.longTasks,
    };
  } finally {
    await page.close();
  }
}

function build(): void {
  for (const mode of ['app', 'loader']) {
    const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', mode, '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`vite build --mode ${mode} failed`);
  }
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) build();
  if (!existsSync('dist/chatbot-widget.js') || !existsSync('dist/chatbot-widget-app.js')) {
    throw new Error('dist/chatbot-widget.js is missing: run npm run build first.');
  }
  const fixture = await startWidgetFixture({
    scriptData: { mode: 'inline', storage: 'none', target: '#chat-slot' },
    answer: async ({ message }, response) => {
      const tokens = Number(/^tokens:(\d+)$/.exec(message)?.[1] ?? 20);
      const body = formatAnswer({ answer: benchmarkAnswer(tokens), suggestions: ['What else can it do?', 'How fast is it?'] });
      // One burst: every token written at once, as a fast model behind a buffering proxy would.
      for (const token of splitIntoWords(body)) response.write(token);
      response.end();
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = new Map<number, RunResult[]>();
  try {
    // One untimed page first: the browser's own start-up work (caches, compilers) is not the widget's.
    await run(browser, fixture.url, SIZES[0]);
    for (const tokens of SIZES) {
      const runs: RunResult[] = [];
      for (let index = 0; index < RUNS; index++) runs.push(await run(browser, fixture.url, tokens));
      if (args.includes('--verbose')) console.log(tokens, JSON.stringify(runs));
      results.set(tokens, runs);
    }
  } finally {
    await browser.close();
    await fixture.close();
  }

  const rows = SIZES.map((tokens) => {
    const runs = results.get(tokens)!;
    const mainThreadMs = median(runs.map((entry) => entry.mainThreadMs));
    return {
      tokens,
      mainThreadMs,
      scriptMs: median(runs.map((entry) => entry.scriptMs)),
      firstTokenMs: median(runs.map((entry) => entry.firstTokenMs)),
      longestTaskMs: median(runs.map((entry) => Math.max(0, ...entry.longTasks))),
      worstTaskMs: Math.max(0, ...runs.flatMap((entry) => entry.longTasks)),
      perTokenUs: (mainThreadMs / tokens) * 1000,
    };
  });
  console.log(`\nRender benchmark: medians of ${RUNS} runs per size (tasks over 50 ms are long tasks; 0 = none)\n`);
  console.log(
    `${'tokens'.padStart(7)}${'main thread'.padStart(14)}${'script'.padStart(10)}${'per token'.padStart(12)}${'first token'.padStart(14)}${'long task'.padStart(12)}${'worst'.padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `${String(row.tokens).padStart(7)}${`${row.mainThreadMs.toFixed(1)} ms`.padStart(14)}${`${row.scriptMs.toFixed(1)} ms`.padStart(10)}` +
        `${`${row.perTokenUs.toFixed(1)} µs`.padStart(12)}${`${row.firstTokenMs.toFixed(1)} ms`.padStart(14)}` +
        `${`${row.longestTaskMs.toFixed(0)} ms`.padStart(12)}${`${row.worstTaskMs.toFixed(0)} ms`.padStart(9)}`,
    );
  }
  const small = rows[0]!;
  const large = rows.at(-1)!;
  const ratio = large.perTokenUs / small.perTokenUs;
  console.log(`\ncost per token at ${large.tokens} ÷ at ${small.tokens}: ${ratio.toFixed(2)} (bar ≤ ${BARS.perTokenRatio})`);

  const failures: string[] = [];
  if (large.mainThreadMs >= BARS.mainThreadMsAt8000) failures.push(`main thread ${large.mainThreadMs.toFixed(0)} ms at ${large.tokens} tokens`);
  for (const row of rows) {
    if (row.longestTaskMs > BARS.longestTaskMs) failures.push(`a ${row.longestTaskMs.toFixed(0)} ms task at ${row.tokens} tokens`);
    if (row.firstTokenMs > BARS.firstTokenMs) failures.push(`first token after ${row.firstTokenMs.toFixed(0)} ms at ${row.tokens} tokens`);
  }
  if (ratio > BARS.perTokenRatio) failures.push(`per-token cost ratio ${ratio.toFixed(2)}`);
  if (failures.length > 0) {
    console.error(`\nBars missed: ${failures.join('; ')}.`);
    process.exit(1);
  }
  console.log('All bars met: main thread < 500 ms at 8,000 tokens, no task over 50 ms, first token ≤ 50 ms, ratio ≤ 1.5.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
