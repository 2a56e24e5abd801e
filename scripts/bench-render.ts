// `npm run bench:render`: how much main-thread time the script-tag widget spends where visitors feel it.
// Headless Chromium loads the built widget (dist/) from a local page whose service streams Markdown answers
// made with formatAnswer. Main-thread time is Chromium's own counter (CDP Performance.getMetrics:
// TaskDuration, ScriptDuration); long tasks come from PerformanceObserver('longtask'). Every row is a median,
// and every speed goal is a ratio or a difference to a floor measured in the same run, in turns with it (floor,
// widget, then widget, floor, …), so a busy machine moves both sides:
// - burst: answers of 500, 2,000 and 8,000 tokens written at once; first token painted after the first byte.
//   Bars: main thread < 500 ms at 8,000 tokens, no task over 50 ms, first token ≤ 50 ms, cost per token at
//   8,000 ≤ 1.5 × at 500. And the first answer of a visit (a page's first question, a second after it is ready,
//   500 tokens at once): from the question sent to its first text painted, against the floor page's first
//   plain-text answer, in turns with it. Bar: ≤ 50 ms over the floor.
// - paced: a 500-token answer at 50 tokens/s (one token every 20 ms, so nearly every token is a frame of its
//   own), against the floor of plain text appended to a node of a page without the widget. Bars: extra main
//   thread per token ≤ 0.3 ms, no task over 50 ms.
// - load: page load → ready to chat in inline mode (main thread from navigation until the message field is
//   there and the bot's information has come, waited for in the page on both rows alike), against the same page without the widget; with a 200-message conversation restored from
//   sessionStorage, against the empty conversation. Bars: ≤ 20 ms over the empty page; ≤ 2 × the empty
//   conversation. Two reference widgets (scripts/bench-reference/) are measured in the same turns, without
//   bars: the same panel drawn from the same kind of script tag by a dependency-free element and by a bare
//   LitElement, what any widget drawing that panel pays on this machine at this moment. A peer is measured in
//   the same turns too, without a bar: deep-chat's own script-tag bundle (devDependency, pinned), its element
//   in the same slot, ready when its text input is drawn.
// - long conversation: the 200-message conversation continued with a paced answer: per-token cost against
//   the first answer's (bar ≤ 1.25 ×); DOM nodes and JS heap once 100 and 200 restored messages are drawn (the growth
//   from 100 to 200 must stay linear: bar ≤ 1.25 × the growth from 0 to 100).
// - hostile: answers of 200 KB from the Markdown parsers' adversarial corpus (scripts/markdown-corpus.ts), written
//   at once and streamed in 1,000-character pieces every 20 ms; one run each (a run takes seconds to minutes).
//   Bar: no task over 50 ms.
// Options: --runs N (default 5), --no-build (use dist/ as it is), --only burst,paced,load,long,hostile, --verbose.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { formatAnswer, splitIntoWords } from '../src/stream/answer-format.js';
import { addQuestion, appendAnswerText, completeAnswer, emptyConversation, setSuggestions, type Conversation } from '../src/widget/chat-state.js';
import { conversationKey, serializeConversation } from '../src/widget/conversation-store.js';
import { buildReferenceWidgets, type ReferenceWidgets } from './bench-reference/build.js';
import { CORPUS } from './markdown-corpus.js';
import { startWidgetFixture, type WidgetFixture } from './widget-fixture-server.js';

const SIZES = [500, 2000, 8000] as const;
const args = process.argv.slice(2);
const runsArgument = args.indexOf('--runs');
const RUNS = runsArgument >= 0 ? Math.max(1, Number(args[runsArgument + 1]) || 5) : 5;
const onlyArgument = args.indexOf('--only');
const SECTIONS = new Set(onlyArgument >= 0 ? String(args[onlyArgument + 1]).split(',') : ['burst', 'paced', 'load', 'long', 'hostile']);
const BARS = {
  mainThreadMsAt8000: 500,
  longestTaskMs: 50,
  firstTokenMs: 50,
  firstAnswerOverFloorMs: 50,
  perTokenRatio: 1.5,
  pacedExtraPerTokenMs: 0.3,
  loadOverEmptyPageMs: 20,
  restoredLoadRatio: 2,
  continuedPerTokenRatio: 1.25,
  domGrowthRatio: 1.25,
};
/** Tokens of the paced answer, and its pace. */
const PACED_TOKENS = 500;
const TOKEN_INTERVAL_MS = 20;
/** Messages of the long conversation restored from storage (half questions, half answers). */
const LONG_CONVERSATION = 200;
const BOT_ID = '00000000-0000-4000-8000-000000000001';
/** Hostile answers: patterns of the adversarial corpus (inline-heavy, block-heavy, plain, code), their size and pace. */
const HOSTILE = ['[ repeated', '**a repeated', 'numbered list', 'plain lines', 'long js code block'] as const;
const HOSTILE_SIZE = 200_000;
const HOSTILE_PIECE = 1000;

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
  // Disconnected once the first text is there: its records of every later change are the instrument's work.
  const mutations = new MutationObserver(() => {
    const bubble = root.querySelectorAll('.message.bot')[answersBefore]?.querySelector('.bubble p, .bubble li, .bubble td, .bubble pre');
    if (!bubble) return;
    mutations.disconnect();
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

/** The style of the slot an inline widget is mounted in: the height docs/embedding.md gives it. */
const SLOT_STYLE = 'height: 600px';
/** A page like the widget's host page, without the widget: the floor of the paced and load rows. */
const FLOOR_PAGE =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>` +
  `<body><main><h1>Host page</h1><p>Some content of the host page.</p><div id="chat-slot" style="${SLOT_STYLE}"></div></main></body></html>`;
/**
 * The same page with deep-chat in the slot, embedded as its documentation embeds it from a script tag (its
 * bundle as a module, the element in the page), with a connection to this service and the system font (with its
 * default font it loads Inter from Google Fonts, which a benchmark on 127.0.0.1 must not ask for).
 */
const DEEP_CHAT_PAGE = FLOOR_PAGE.replace(
  '</div></main></body>',
  `<deep-chat connect='{"url":"/api/chat/get-streaming-response-with-custom-settings"}' chatStyle='{"fontFamily":"system-ui, sans-serif","height":"600px"}'></deep-chat></div></main><script type="module" src="/dist/deepChat.bundle.js"></script></body>`,
);
/** Where deep-chat's script-tag bundle is (served as the fixture's dist/). */
const DEEP_CHAT_DIST = 'node_modules/deep-chat/dist';

// Runs in the floor page: streams an answer from the same service and appends its text to a node as it
// arrives (plain text, no parsing), then waits for the frame that paints the end, as askInPage does; the first
// text is painted in the frame after its append, timed as askInPage times it.
export async function askPlainInPage(question: string): Promise<{ longTasks: number[]; start: number; firstPaint: number }> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const slot = document.getElementById('chat-slot')!;
  const text = document.createTextNode('');
  slot.replaceChildren(text);
  let firstPaint = 0;
  const start = performance.now();
  const response = await fetch('/api/chat/get-streaming-response-with-custom-settings', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bot_id: 'floor', message: question }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text.appendData(decoder.decode(value, { stream: true }));
    if (!firstPaint) {
      firstPaint = -1;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (firstPaint = performance.now());
        channel.port2.postMessage(0);
      });
    }
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  observer.disconnect();
  return { longTasks, start, firstPaint };
}

// Runs in the page: resolves at the animation frame after deep-chat's text input is drawn.
export async function deepChatReadyInPage(): Promise<void> {
  await customElements.whenDefined('deep-chat');
  const root = document.querySelector('deep-chat')!.shadowRoot!;
  while (!root.querySelector('#text-input')) {
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => (observer.disconnect(), resolve()));
      observer.observe(root, { childList: true, subtree: true });
    });
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Main-thread time and long tasks of one answer. */
interface AnswerRun {
  mainThreadMs: number;
  scriptMs: number;
  longTasks: number[];
}

/**
 * One answer on a new page, after a small one (warm) or as the page's first (`cold`, a second after the page is
 * ready to chat: no visitor types faster). `sendToPaintMs` is from the question sent to its first text painted.
 */
async function answerRun(
  browser: Browser,
  pageUrl: string,
  question: string,
  options: { floor?: boolean; storage?: string; cold?: boolean } = {},
): Promise<AnswerRun & { firstTokenMs: number; sendToPaintMs: number }> {
  const page = await browser.newPage();
  page.on('crash', () => console.error('the page crashed'));
  page.on('pageerror', (error) => console.error('page error:', error.message));
  try {
    await page.addInitScript(instrumentPage);
    if (options.storage !== undefined) await page.addInitScript(restoreConversation, { key: conversationKey(BOT_ID), json: options.storage });
    await page.goto(options.floor ? `${pageUrl}floor` : pageUrl);
    if (options.floor) {
      if (options.cold) await new Promise((resolve) => setTimeout(resolve, 1000));
      else await page.evaluate(askPlainInPage, 'warm-up');
      const metrics = await metricsReader(page);
      const before = await metrics();
      const { longTasks, start, firstPaint } = await page.evaluate(askPlainInPage, question);
      const after = await metrics();
      if (firstPaint <= 0) throw new Error('the floor page painted no answer text');
      return { ...mainThreadBetween(before, after), longTasks, firstTokenMs: 0, sendToPaintMs: firstPaint - start };
    }
    if (options.cold) {
      await page.evaluate(readyInPage, true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } else {
      await page.waitForFunction(() => document.querySelector('chatbot-widget')?.shadowRoot?.querySelector('textarea'), undefined, {
        timeout: 30000,
      });
      // A small answer first, so code paths are warm as on a page where the visitor has chatted already.
      await page.evaluate(askInPage, 'warm-up');
    }
    const metrics = await metricsReader(page);
    const before = await metrics();
    const timings = await page.evaluate(askInPage, question);
    const after = await metrics();
    if (timings.firstPaint <= 0 || timings.firstByte <= 0) throw new Error('no first byte or first paint was seen');
    return {
      ...mainThreadBetween(before, after),
      longTasks: timings.longTasks,
      firstTokenMs: timings.firstPaint - timings.firstByte,
      sendToPaintMs: timings.firstPaint - timings.start,
    };
  } finally {
    await page.close();
  }
}

function mainThreadBetween(before: Record<string, number>, after: Record<string, number>): { mainThreadMs: number; scriptMs: number } {
  return {
    mainThreadMs: (after['TaskDuration']! - before['TaskDuration']!) * 1000,
    scriptMs: (after['ScriptDuration']! - before['ScriptDuration']!) * 1000,
  };
}

// Runs in the page before anything else: puts a stored conversation where the widget looks for it.
export function restoreConversation({ key, json }: { key: string; json: string }): void {
  sessionStorage.setItem(key, json);
}

// Runs in the page: resolves at the animation frame that draws the widget's message field (on the floor page,
// which has no widget, at the next frame). It watches for the field rather than polling for it frame by
// frame: a poll asks for a frame every 16 ms while the widget loads, work of the instrument that the floor
// would not pay.
export async function readyInPage(widget: boolean): Promise<void> {
  if (widget) {
    await customElements.whenDefined('chatbot-widget');
    const root = document.querySelector('chatbot-widget')!.shadowRoot!;
    // Ready to chat: the message field is there and the bot's information has come (the field is drawn
    // before it, with a loading notice in the thread until then).
    while (!root.querySelector('textarea') || root.querySelector('[part~="notice"]')) {
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => (observer.disconnect(), resolve()));
        observer.observe(root, { childList: true, subtree: true });
      });
    }
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Main thread from navigation until ready, and the DOM and heap then. */
interface LoadRun {
  mainThreadMs: number;
  nodes: number;
  heapBytes: number;
  longTasks: number[];
}

// Runs in the page: the long tasks seen since the page started (buffered), once it is ready.
export function longTasksSoFar(): Promise<number[]> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      resolve(list.getEntries().map((entry) => entry.duration));
    });
    observer.observe({ type: 'longtask', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve([]);
    }, 50);
  });
}

// Runs in the page: resolves once the widget's thread shows `count` messages (a restored conversation draws its
// older messages in the tasks after ready).
export async function messagesDrawnInPage(count: number): Promise<void> {
  const root = document.querySelector('chatbot-widget')!.shadowRoot!;
  while (root.querySelectorAll('.message').length < count) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function loadRun(browser: Browser, pageUrl: string, options: { floor?: boolean; deepChat?: boolean; storage?: string; messages?: number }): Promise<LoadRun> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  try {
    // Every row starts on a page of the same origin (the floor's), so that each measures a navigation of the
    // same kind (same site: no new renderer process), and a stored conversation is written there, before the
    // measurement: writing it is the benchmark's work (an init script wrote it during the measured
    // navigation, a task of 20 ms and more), reading it the widget's.
    await page.goto(`${pageUrl}floor`);
    if (options.storage !== undefined) await page.evaluate(restoreConversation, { key: conversationKey(BOT_ID), json: options.storage });
    const session = await page.context().newCDPSession(page);
    await session.send('Performance.enable', { timeDomain: 'threadTicks' });
    const read = async () => Object.fromEntries((await session.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value]));
    const before = await read();
    // Both rows wait the same way, once, in the page: the instrument's own work (Playwright's injected script,
    // its polls) must not be counted as the widget's, so the floor pays it too.
    await page.goto(options.floor ? `${pageUrl}floor` : options.deepChat ? `${pageUrl}deep-chat` : pageUrl, { waitUntil: 'load' });
    await (options.deepChat ? page.evaluate(deepChatReadyInPage) : page.evaluate(readyInPage, !options.floor));
    const after = await read();
    const longTasks = await page.evaluate(longTasksSoFar);
    // DOM and heap are read once every restored message is drawn, not at ready.
    if (options.messages) await page.evaluate(messagesDrawnInPage, options.messages);
    const drawn = options.messages ? await read() : after;
    return { mainThreadMs: (after['TaskDuration']! - before['TaskDuration']!) * 1000, nodes: drawn['Nodes']!, heapBytes: drawn['JSHeapUsedSize']!, longTasks };
  } finally {
    await page.close();
  }
}

/** A stored conversation of `messages` messages: questions and Markdown answers with suggestions, all complete. */
export function storedConversation(messages: number): string {
  let conversation: Conversation = emptyConversation('00000000-0000-4000-8000-00000000beef');
  for (let index = 0; index < messages / 2; index++) {
    const answerId = `answer-${index}`;
    conversation = addQuestion(conversation, { id: `question-${index}`, text: `Question number ${index}: how does it work?`, at: 1_700_000_000_000 + index * 60_000 }, answerId);
    conversation = appendAnswerText(conversation, answerId, benchmarkAnswer(40 + (index % 5) * 30));
    conversation = completeAnswer(setSuggestions(conversation, answerId, ['What else can it do?', 'How fast is it?']), answerId);
  }
  return serializeConversation(conversation);
}

function build(): void {
  for (const mode of ['app', 'loader']) {
    const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', mode, '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`vite build --mode ${mode} failed`);
  }
}

/**
 * Writes one answer: `tokens:N` at once, `paced:N` one token every TOKEN_INTERVAL_MS, `hostile:K:at-once` or
 * `hostile:K:streamed` the K-th HOSTILE pattern at once or HOSTILE_PIECE characters every TOKEN_INTERVAL_MS.
 */
async function writeAnswer(message: string, response: ServerResponse): Promise<void> {
  const hostile = /^hostile:(\d+):(at-once|streamed)$/.exec(message);
  if (hostile) {
    const body = formatAnswer({ answer: CORPUS[HOSTILE[Number(hostile[1])]!]!(HOSTILE_SIZE) });
    const piece = hostile[2] === 'streamed' ? HOSTILE_PIECE : body.length;
    for (let start = 0; start < body.length && !response.destroyed; start += piece) {
      response.write(body.slice(start, start + piece));
      if (piece < body.length) await new Promise((resolve) => setTimeout(resolve, TOKEN_INTERVAL_MS));
    }
    response.end();
    return;
  }
  const [, mode = 'tokens', count = '20'] = /^(tokens|paced):(\d+)$/.exec(message) ?? [];
  const body = formatAnswer({ answer: benchmarkAnswer(Number(count)), suggestions: ['What else can it do?', 'How fast is it?'] });
  const tokens = splitIntoWords(body);
  if (mode === 'tokens') {
    // One burst: every token written at once, as a fast model behind a buffering proxy would.
    for (const token of tokens) response.write(token);
  } else {
    const start = performance.now();
    for (let index = 0; index < tokens.length && !response.destroyed; index++) {
      response.write(tokens[index]);
      // Against a clock, so a late timer does not slow the whole answer down.
      const wait = start + (index + 1) * TOKEN_INTERVAL_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  response.end();
}

const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
const maxTask = (runs: { longTasks: number[] }[]) => Math.max(0, ...runs.flatMap((entry) => entry.longTasks));

async function main(): Promise<void> {
  if (!args.includes('--no-build')) build();
  if (!existsSync('dist/chatbot-widget.js') || !existsSync('dist/chatbot-widget-app.js')) {
    throw new Error('dist/chatbot-widget.js is missing: run npm run build first.');
  }
  const pages = { '/floor': FLOOR_PAGE };
  const answer = ({ message }: { message: string }, response: ServerResponse) => writeAnswer(message, response);
  const fixtures: WidgetFixture[] = [];
  // The inline widget sits in a slot of 600 px, as docs/embedding.md embeds it.
  const fixture = await startWidgetFixture({ scriptData: { mode: 'inline', storage: 'none', target: '#chat-slot' }, slotStyle: SLOT_STYLE, pages, answer });
  fixtures.push(fixture);
  // The same page keeping its conversation in sessionStorage, for the long-conversation rows.
  const stored = await startWidgetFixture({ scriptData: { mode: 'inline', storage: 'session', target: '#chat-slot' }, slotStyle: SLOT_STYLE, pages, answer });
  fixtures.push(stored);
  /** The load row's reference widgets (built in its section, removed at the end). */
  let references: ReferenceWidgets | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const verbose = args.includes('--verbose');
  // Rows compared with each other are measured in turns (A B C, then C B A, …), so that a busy spell of the
  // machine falls on all of them alike rather than on the runs of one.
  const inTurns = async <T>(makers: (() => Promise<T>)[]): Promise<T[][]> => {
    const runs: T[][] = makers.map(() => []);
    for (let round = 0; round < RUNS; round++) {
      const order = makers.map((_, index) => index);
      if (round % 2) order.reverse();
      for (const index of order) runs[index]!.push(await makers[index]!());
    }
    if (verbose) for (const each of runs) console.log(JSON.stringify(each));
    return runs;
  };
  const times = async <T>(make: () => Promise<T>): Promise<T[]> => (await inTurns([make]))[0]!;
  const failures: string[] = [];
  const lines: string[] = [];
  try {
    // One untimed page first: the browser's own start-up work (caches, compilers) is not the widget's.
    await answerRun(browser, fixture.url, `tokens:${SIZES[0]}`);

    if (SECTIONS.has('burst')) {
      const rows = [];
      for (const tokens of SIZES) {
        const runs = await times(() => answerRun(browser, fixture.url, `tokens:${tokens}`));
        const mainThreadMs = median(runs.map((entry) => entry.mainThreadMs));
        rows.push({
          tokens,
          mainThreadMs,
          scriptMs: median(runs.map((entry) => entry.scriptMs)),
          firstTokenMs: median(runs.map((entry) => entry.firstTokenMs)),
          longestTaskMs: median(runs.map((entry) => Math.max(0, ...entry.longTasks))),
          worstTaskMs: maxTask(runs),
          perTokenUs: (mainThreadMs / tokens) * 1000,
        });
      }
      lines.push(`\nBurst: the whole answer written at once (medians of ${RUNS}; tasks over 50 ms are long tasks, 0 = none)\n`);
      lines.push(
        `${'tokens'.padStart(7)}${'main thread'.padStart(14)}${'script'.padStart(10)}${'per token'.padStart(12)}${'first token'.padStart(14)}${'long task'.padStart(12)}${'worst'.padStart(9)}`,
      );
      for (const row of rows) {
        lines.push(
          `${String(row.tokens).padStart(7)}${ms(row.mainThreadMs).padStart(14)}${ms(row.scriptMs).padStart(10)}` +
            `${`${row.perTokenUs.toFixed(1)} µs`.padStart(12)}${ms(row.firstTokenMs).padStart(14)}` +
            `${ms(row.longestTaskMs, 0).padStart(12)}${ms(row.worstTaskMs, 0).padStart(9)}`,
        );
      }
      const small = rows[0]!;
      const large = rows.at(-1)!;
      const ratio = large.perTokenUs / small.perTokenUs;
      lines.push(`cost per token at ${large.tokens} ÷ at ${small.tokens}: ${ratio.toFixed(2)} (bar ≤ ${BARS.perTokenRatio})`);
      if (large.mainThreadMs >= BARS.mainThreadMsAt8000) failures.push(`burst: main thread ${large.mainThreadMs.toFixed(0)} ms at ${large.tokens} tokens`);
      for (const row of rows) {
        if (row.longestTaskMs > BARS.longestTaskMs) failures.push(`burst: a ${row.longestTaskMs.toFixed(0)} ms task at ${row.tokens} tokens`);
        if (row.firstTokenMs > BARS.firstTokenMs) failures.push(`burst: first token after ${row.firstTokenMs.toFixed(0)} ms at ${row.tokens} tokens`);
      }
      if (ratio > BARS.perTokenRatio) failures.push(`burst: per-token cost ratio ${ratio.toFixed(2)}`);

      // Nothing warm: the work a page does once, on its first answer, is in it.
      const firstQuestion = `tokens:${SIZES[0]}`;
      const [floorFirst = [], oursFirst = []] = await inTurns([
        () => answerRun(browser, fixture.url, firstQuestion, { floor: true, cold: true }),
        () => answerRun(browser, fixture.url, firstQuestion, { cold: true }),
      ]);
      const floorFirstMs = median(floorFirst.map((entry) => entry.sendToPaintMs));
      const oursFirstMs = median(oursFirst.map((entry) => entry.sendToPaintMs));
      const firstLongest = median(oursFirst.map((entry) => Math.max(0, ...entry.longTasks)));
      lines.push(`\nFirst answer of a visit: ${SIZES[0]} tokens at once, the page's first question (medians of ${RUNS})\n`);
      lines.push(`${''.padEnd(34)}${'sent → first text painted'.padStart(27)}${'long task'.padStart(12)}${'worst'.padStart(9)}`);
      lines.push(`${'floor: plain text appended'.padEnd(34)}${ms(floorFirstMs).padStart(27)}${ms(median(floorFirst.map((entry) => Math.max(0, ...entry.longTasks))), 0).padStart(12)}${ms(maxTask(floorFirst), 0).padStart(9)}`);
      lines.push(`${'widget'.padEnd(34)}${ms(oursFirstMs).padStart(27)}${ms(firstLongest, 0).padStart(12)}${ms(maxTask(oursFirst), 0).padStart(9)}`);
      lines.push(`widget − floor: ${ms(oursFirstMs - floorFirstMs)} (bar ≤ ${BARS.firstAnswerOverFloorMs} ms)`);
      if (oursFirstMs - floorFirstMs > BARS.firstAnswerOverFloorMs) failures.push(`first answer: first text painted ${(oursFirstMs - floorFirstMs).toFixed(0)} ms after the floor's`);
      if (firstLongest > BARS.longestTaskMs) failures.push(`first answer: a ${firstLongest.toFixed(0)} ms task`);
    }

    const longJson = storedConversation(LONG_CONVERSATION);
    let firstAnswerPerTokenMs: number | undefined;
    let continued: AnswerRun[] = [];
    if (SECTIONS.has('paced') || SECTIONS.has('long')) {
      const question = `paced:${PACED_TOKENS}`;
      // The long conversation's answer is compared with the first answer: measured in the same turns.
      const [floor = [], ours = [], continuedRuns = []] = await inTurns([
        () => answerRun(browser, fixture.url, question, { floor: true }),
        () => answerRun(browser, fixture.url, question),
        ...(SECTIONS.has('long') ? [() => answerRun(browser, stored.url, question, { storage: longJson })] : []),
      ]);
      continued = continuedRuns;
      const floorMs = median(floor.map((entry) => entry.mainThreadMs));
      const oursMs = median(ours.map((entry) => entry.mainThreadMs));
      const extraPerTokenMs = (oursMs - floorMs) / PACED_TOKENS;
      firstAnswerPerTokenMs = oursMs / PACED_TOKENS;
      const longest = median(ours.map((entry) => Math.max(0, ...entry.longTasks)));
      lines.push(`\nPaced: ${PACED_TOKENS} tokens at ${1000 / TOKEN_INTERVAL_MS} tokens/s (medians of ${RUNS})\n`);
      lines.push(`${''.padEnd(34)}${'main thread'.padStart(14)}${'script'.padStart(12)}${'long task'.padStart(12)}${'worst'.padStart(9)}`);
      lines.push(`${'floor: plain text appended'.padEnd(34)}${ms(floorMs).padStart(14)}${ms(median(floor.map((entry) => entry.scriptMs))).padStart(12)}${ms(median(floor.map((entry) => Math.max(0, ...entry.longTasks))), 0).padStart(12)}${ms(maxTask(floor), 0).padStart(9)}`);
      lines.push(`${'widget'.padEnd(34)}${ms(oursMs).padStart(14)}${ms(median(ours.map((entry) => entry.scriptMs))).padStart(12)}${ms(longest, 0).padStart(12)}${ms(maxTask(ours), 0).padStart(9)}`);
      lines.push(`widget ÷ floor: ${(oursMs / floorMs).toFixed(2)}; extra main thread per token: ${extraPerTokenMs.toFixed(3)} ms (bar ≤ ${BARS.pacedExtraPerTokenMs})`);
      if (extraPerTokenMs > BARS.pacedExtraPerTokenMs) failures.push(`paced: ${extraPerTokenMs.toFixed(2)} ms extra per token`);
      if (longest > BARS.longestTaskMs) failures.push(`paced: a ${longest.toFixed(0)} ms task`);
    }

    if (SECTIONS.has('load')) {
      // Built whether or not the widget is (they are the instrument's).
      references = await buildReferenceWidgets();
      const referenceFixture = async (distDir: string) => {
        const started = await startWidgetFixture({ distDir, scriptData: { mode: 'inline', target: '#chat-slot' }, slotStyle: SLOT_STYLE, pages, answer });
        fixtures.push(started);
        return started;
      };
      const plainReference = await referenceFixture(references.plain);
      const litReference = await referenceFixture(references.lit);
      const deepChat = await startWidgetFixture({ distDir: DEEP_CHAT_DIST, slotStyle: SLOT_STYLE, pages: { ...pages, '/deep-chat': DEEP_CHAT_PAGE }, answer });
      fixtures.push(deepChat);
      const [emptyPage = [], empty = [], restored = [], plain = [], lit = [], peer = []] = await inTurns([
        () => loadRun(browser, fixture.url, { floor: true }),
        () => loadRun(browser, stored.url, {}),
        () => loadRun(browser, stored.url, { storage: longJson }),
        () => loadRun(browser, plainReference.url, {}),
        () => loadRun(browser, litReference.url, {}),
        () => loadRun(browser, deepChat.url, { deepChat: true }),
      ]);
      const emptyPageMs = median(emptyPage.map((entry) => entry.mainThreadMs));
      const emptyMs = median(empty.map((entry) => entry.mainThreadMs));
      const restoredMs = median(restored.map((entry) => entry.mainThreadMs));
      const plainMs = median(plain.map((entry) => entry.mainThreadMs));
      const litMs = median(lit.map((entry) => entry.mainThreadMs));
      const peerMs = median(peer.map((entry) => entry.mainThreadMs));
      lines.push(`\nLoad → ready to chat, inline (main thread from navigation, medians of ${RUNS})\n`);
      lines.push(`${''.padEnd(44)}${'main thread'.padStart(14)}${'worst task'.padStart(12)}`);
      lines.push(`${'floor: the same page without the widget'.padEnd(44)}${ms(emptyPageMs).padStart(14)}${ms(maxTask(emptyPage), 0).padStart(12)}`);
      lines.push(`${'widget, empty conversation'.padEnd(44)}${ms(emptyMs).padStart(14)}${ms(maxTask(empty), 0).padStart(12)}`);
      lines.push(`${`widget, ${LONG_CONVERSATION} messages restored`.padEnd(44)}${ms(restoredMs).padStart(14)}${ms(maxTask(restored), 0).padStart(12)}`);
      lines.push(`${'reference: the panel, no dependencies'.padEnd(44)}${ms(plainMs).padStart(14)}${ms(maxTask(plain), 0).padStart(12)}`);
      lines.push(`${'reference: the panel, a bare LitElement'.padEnd(44)}${ms(litMs).padStart(14)}${ms(maxTask(lit), 0).padStart(12)}`);
      lines.push(`${'peer: deep-chat, its text input drawn'.padEnd(44)}${ms(peerMs).padStart(14)}${ms(maxTask(peer), 0).padStart(12)}`);
      lines.push(`widget − floor: ${ms(emptyMs - emptyPageMs)} (bar ≤ ${BARS.loadOverEmptyPageMs} ms); restored ÷ empty: ${(restoredMs / emptyMs).toFixed(2)} (bar ≤ ${BARS.restoredLoadRatio})`);
      lines.push(`references − floor (no bar): ${ms(plainMs - emptyPageMs)} without dependencies, ${ms(litMs - emptyPageMs)} with Lit; deep-chat − floor (no bar): ${ms(peerMs - emptyPageMs)}`);
      if (emptyMs - emptyPageMs > BARS.loadOverEmptyPageMs) failures.push(`load: ${(emptyMs - emptyPageMs).toFixed(0)} ms over the empty page`);
      if (restoredMs / emptyMs > BARS.restoredLoadRatio) failures.push(`load: restored ÷ empty ${(restoredMs / emptyMs).toFixed(2)}`);
    }

    if (SECTIONS.has('long')) {
      const perTokenMs = median(continued.map((entry) => entry.mainThreadMs)) / PACED_TOKENS;
      const ratio = perTokenMs / firstAnswerPerTokenMs!;
      const longest = median(continued.map((entry) => Math.max(0, ...entry.longTasks)));
      const sizes = [0, LONG_CONVERSATION / 2, LONG_CONVERSATION];
      const dom = [];
      for (const messages of sizes) {
        const runs = await times(() => loadRun(browser, stored.url, messages ? { storage: storedConversation(messages), messages } : {}));
        dom.push({ messages, nodes: median(runs.map((entry) => entry.nodes)), heap: median(runs.map((entry) => entry.heapBytes)) });
      }
      const [none, half, full] = dom as [(typeof dom)[0], (typeof dom)[0], (typeof dom)[0]];
      const growth = (full.nodes - half.nodes) / (half.nodes - none.nodes);
      lines.push(`\nLong conversation: ${LONG_CONVERSATION} messages restored, then a ${PACED_TOKENS}-token answer at ${1000 / TOKEN_INTERVAL_MS} tokens/s (medians of ${RUNS})\n`);
      lines.push(`per token: ${ms(perTokenMs, 3)} against ${ms(firstAnswerPerTokenMs!, 3)} for the first answer: ${ratio.toFixed(2)} (bar ≤ ${BARS.continuedPerTokenRatio}); longest task ${ms(longest, 0)}`);
      for (const row of dom) lines.push(`${String(row.messages).padStart(5)} messages: ${String(Math.round(row.nodes)).padStart(7)} DOM nodes, ${(row.heap / 1e6).toFixed(1).padStart(6)} MB JS heap`);
      lines.push(`DOM growth from ${half.messages} to ${full.messages} messages ÷ from 0 to ${half.messages}: ${growth.toFixed(2)} (bar ≤ ${BARS.domGrowthRatio})`);
      if (ratio > BARS.continuedPerTokenRatio) failures.push(`long: per-token cost ${ratio.toFixed(2)} × the first answer's`);
      if (longest > BARS.longestTaskMs) failures.push(`long: a ${longest.toFixed(0)} ms task`);
      if (growth > BARS.domGrowthRatio) failures.push(`long: DOM growth ratio ${growth.toFixed(2)}`);
    }

    if (SECTIONS.has('hostile')) {
      lines.push(`\nHostile answers of ${HOSTILE_SIZE / 1000} KB (scripts/markdown-corpus.ts), one run each\n`);
      lines.push(`${'pattern'.padEnd(20)}${'written'.padEnd(11)}${'main thread'.padStart(13)}${'tasks > 50 ms'.padStart(15)}${'longest'.padStart(11)}`);
      for (const [index, pattern] of HOSTILE.entries()) {
        for (const way of ['at-once', 'streamed']) {
          const run = await answerRun(browser, fixture.url, `hostile:${index}:${way}`);
          const longest = Math.max(0, ...run.longTasks);
          lines.push(`${pattern.padEnd(20)}${way.padEnd(11)}${ms(run.mainThreadMs, 0).padStart(13)}${String(run.longTasks.length).padStart(15)}${ms(longest, 0).padStart(11)}`);
          if (longest > BARS.longestTaskMs) failures.push(`hostile: a ${longest.toFixed(0)} ms task (${pattern}, ${way})`);
        }
      }
    }
  } finally {
    await browser.close();
    for (const each of fixtures) await each.close();
    if (references) await rm(references.directory, { recursive: true, force: true });
  }
  console.log(lines.join('\n'));
  if (failures.length > 0) {
    console.error(`\nBars missed: ${failures.join('; ')}.`);
    process.exit(1);
  }
  console.log('\nAll bars met.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
