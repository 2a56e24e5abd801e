// Opens every story of the built Storybook (storybook-static/, from `npm run build-storybook`) in Chromium and
// fails on a render error, a failing play function, an uncaught page error, a console error, or an axe-core
// violation inside the story root. Docs pages must render without page errors. Story tags change the page:
// `mobile` opens a 390×844 touch viewport, `dark-scheme` emulates prefers-color-scheme: dark, and `live`
// points the story at the reference service, started here (demo/server) with its seeded demo bot.
//   node scripts/check-stories.mjs [--filter <part of a story id>] [--dir storybook-static] [--concurrency 2]
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { axeViolations, launchChromium, serveStatic } from './check-helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const dir = option('dir', 'storybook-static');
const filter = option('filter', '');
// Stories wait on paced streams more than on the CPU, so two at a time suits a two-core machine.
const concurrency = Math.max(1, Number(option('concurrency', '2')) || 1);
const STORY_TIMEOUT_MS = 30_000;

if (!existsSync(`${dir}/index.json`)) {
  console.error(`${dir}/index.json not found: run \`npm run build-storybook\` first.`);
  console.log('stories: 0 passed, 1 failed');
  process.exit(1);
}

const index = JSON.parse(readFileSync(`${dir}/index.json`, 'utf8'));
const entries = Object.values(index.entries).filter((entry) => entry.id.includes(filter));
const stories = entries.filter((entry) => entry.type === 'story');
const docs = entries.filter((entry) => entry.type === 'docs');
if (stories.length === 0) {
  console.error(`No stories${filter ? ` matching "${filter}"` : ''} in ${dir}/index.json.`);
  console.log('stories: 0 passed, 1 failed');
  process.exit(1);
}

// Subscribes to the preview's channel before any story code runs (an init script), so no event is missed.
function watchStoryEvents() {
  const state = { finished: false, status: undefined, errors: [] };
  window.__storyCheck = state;
  const fail = (text) => state.errors.push(text);
  const describe = (error) => (error && (error.stack || error.message)) || String(error);
  let channel;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value) {
      channel = value;
      value.on('storyFinished', ({ status }) => {
        state.status = status;
        state.finished = true;
      });
      value.on('docsRendered', () => {
        state.status = 'success';
        state.finished = true;
      });
      value.on('storyErrored', ({ title, description }) => {
        fail(`render error: ${title} ${description ?? ''}`);
        state.finished = true;
      });
      value.on('storyMissing', (id) => {
        fail(`story missing: ${id}`);
        state.finished = true;
      });
      value.on('storyThrewException', (error) => {
        fail(`story threw: ${describe(error)}`);
        state.finished = true;
      });
      value.on('playFunctionThrewException', (error) => fail(`play function failed: ${describe(error)}`));
      value.on('unhandledErrorsWhilePlaying', (errors) => {
        for (const error of errors) fail(`unhandled error while playing: ${describe(error)}`);
      });
    },
  });
}

// The reference service for `live` stories, started once and only when a live story is checked.
let liveService;
async function referenceService() {
  if (liveService) return liveService;
  const entry = 'demo/server/index.ts';
  if (!existsSync(entry)) throw new Error(`${entry} not found: the live story needs the reference service`);
  const { tsImport } = await import('tsx/esm/api');
  const { startServer } = await tsImport(pathToFileURL(entry).href, import.meta.url);
  // A small pause between word groups, so the answer really streams.
  liveService = await startServer({ port: 0, host: '127.0.0.1', seedDemo: true, answerDelayMs: 30 });
  return liveService;
}

const server = await serveStatic({ '/': dir });
const browser = await launchChromium();
const started = Date.now();
let passed = 0;
let failed = 0;
let docsPassed = 0;
let docsFailed = 0;

// Runs `check` over the entries with `concurrency` pages at once; reports come out in the entries' order.
async function checkAll(list) {
  const results = new Array(list.length);
  let next = 0;
  let printed = 0;
  const flush = () => {
    while (printed < list.length && results[printed]) console.log(results[printed++].lines.join('\n'));
  };
  const worker = async () => {
    while (next < list.length) {
      const index = next++;
      results[index] = await check(list[index]);
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  return results.map((result) => result.ok);
}

async function check(entry) {
  const tags = entry.tags ?? [];
  const isStory = entry.type === 'story';
  const problems = [];
  const context = await browser.newContext({
    viewport: tags.includes('mobile') ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: tags.includes('mobile'),
    hasTouch: tags.includes('mobile'),
    colorScheme: tags.includes('dark-scheme') ? 'dark' : 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack || error.message}`));
  page.on('console', (message) => {
    if (process.env.STORY_CHECK_VERBOSE) console.log(`      [${message.type()}] ${message.text()}`);
    if (message.type() !== 'error') return;
    const where = message.location()?.url ?? '';
    // Error statuses the fake service answers on purpose (a story about a failure) are logged by Chromium.
    if (message.text().startsWith('Failed to load resource') && where.includes('/fake-service/')) return;
    // Docs pages render every story of a file at once, including the failure stories, without their handlers.
    if (!isStory && message.text().startsWith('Failed to load resource')) return;
    problems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  await page.addInitScript(watchStoryEvents);

  const query = new URLSearchParams({ id: entry.id, viewMode: isStory ? 'story' : 'docs' });
  if (tags.includes('live')) {
    try {
      const service = await referenceService();
      query.set('serviceUrl', service.url);
      if (service.demo?.botId) query.set('botId', service.demo.botId);
      else problems.push('the reference service seeded no demo bot for the live story');
    } catch (error) {
      problems.push(error.message);
    }
  }
  const began = Date.now();
  try {
    await page.goto(`${server.url}/iframe.html?${query}`);
    await page.waitForFunction(() => window.__storyCheck?.finished || window.__storyCheck?.errors.length > 0, null, {
      timeout: STORY_TIMEOUT_MS,
      polling: 50,
    });
    // Let late errors (an exception after the play function, a rejected promise) surface.
    await page.waitForTimeout(150);
    const state = await page.evaluate(() => window.__storyCheck);
    problems.push(...state.errors);
    if (state.finished && state.status !== 'success' && state.errors.length === 0) {
      problems.push(`story finished with status ${state.status}`);
    }
    if (isStory && problems.length === 0) {
      for (const violation of await axeViolations(page, '#storybook-root')) problems.push(`axe: ${violation}`);
    }
  } catch (error) {
    const state = await page.evaluate(() => window.__storyCheck).catch(() => undefined);
    problems.push(...(state?.errors ?? []));
    problems.push(error.name === 'TimeoutError' ? `did not finish within ${STORY_TIMEOUT_MS / 1000} s` : String(error));
  } finally {
    await context.close();
  }
  const label = `${entry.title} › ${entry.name}`;
  const ms = Date.now() - began;
  if (problems.length === 0) return { ok: true, lines: [`  ✓ ${label} (${ms} ms)`] };
  return {
    ok: false,
    lines: [`  ✗ ${label} (${entry.id})`, ...problems.map((problem) => `      ${problem.replace(/\n/g, '\n      ')}`)],
  };
}

try {
  console.log(`Checking ${stories.length} stories and ${docs.length} docs pages from ${dir} in Chromium, ${concurrency} at a time`);
  for (const ok of await checkAll(stories)) {
    if (ok) passed++;
    else failed++;
  }
  for (const ok of await checkAll(docs)) {
    if (ok) docsPassed++;
    else docsFailed++;
  }
} finally {
  await browser.close();
  await server.close();
  await liveService?.close();
}

console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`docs pages: ${docsPassed} passed, ${docsFailed} failed`);
console.log(`stories: ${passed} passed, ${failed} failed`);
process.exit(failed + docsFailed > 0 ? 1 : 0);
