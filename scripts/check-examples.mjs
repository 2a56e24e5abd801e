// The two examples, consuming the built package the way a user would (after `npm run build`):
// - demo/spa: a Vite + React app. The packed tarball is installed into a temporary copy of the app
//   (node_modules/chatbot-widget; its dependencies resolve from this project's node_modules), the app is
//   type-checked and built with Vite, served, and driven in Chromium: the widget loads, a question streams
//   an answer with suggestion chips, and the React `onChatbotAnswerComplete` prop updates the page.
// - demo/plain: a plain HTML page with the script tag from the CDN (requests to jsDelivr and unpkg are
//   answered from the packed tarball), under its own strict Content-Security-Policy: the launcher appears,
//   opens the panel, and a question streams an answer with chips.
// - demo/index.html (`npm run demo`), on a 390 px phone: the launcher bubble never covers the inline chat's
//   send button, the admin stays signed in across a reload, and the page loads with no failed request (a
//   favicon 404) and no console warning (Lit's development build).
// All talk to the reference service (demo/server) with its seeded demo bot. Every page must also be free of
// page errors, console errors and axe violations.
//   node scripts/check-examples.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { axeViolations, installPackage, launchChromium, packPackage, serveStatic } from './check-helpers.mjs';

const project = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let passed = 0;
let failed = 0;

function report(label, problems) {
  if (problems.length === 0) {
    passed++;
    console.log(`  ✓ ${label}`);
  } else {
    failed++;
    console.log(`  ✗ ${label}`);
    for (const problem of problems) console.log(`      ${String(problem).replace(/\n/g, '\n      ')}`);
  }
}

if (!existsSync('dist/chatbot-widget.js') || !existsSync('dist/react.js')) {
  console.error('dist/ is incomplete: run `npm run build` first.');
  console.log('examples: 0 passed, 1 failed');
  process.exit(1);
}

/** Watches the last answer of the widget in the page and records how its text grew. */
function watchAnswerGrowth() {
  window.__answerGrowth = [];
  const seen = window.__answerGrowth;
  const poll = () => {
    const hosts = [document.querySelector('chatbot-widget')].filter(Boolean);
    const root = hosts[0]?.shadowRoot;
    const answers = root ? root.querySelectorAll('.message.bot [part~="bubble"]') : [];
    const last = answers[answers.length - 1];
    const length = last ? last.textContent.trim().length : 0;
    if (length > 0 && seen[seen.length - 1] !== length) seen.push(length);
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

function trackProblems(page, problems) {
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack || error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
}

async function waitInShadow(page, selector, what, timeout = 20_000) {
  try {
    await page.waitForFunction(
      (selector) => {
        const host = document.querySelector('chatbot-widget');
        return !!host?.shadowRoot?.querySelector(selector);
      },
      selector,
      { timeout, polling: 50 },
    );
    return true;
  } catch {
    throw new Error(`timed out waiting for ${what}`);
  }
}

// Asks a question in the widget's own composer and waits for the streamed answer and its chips.
async function askInWidget(page, question, problems) {
  await page.evaluate((question) => {
    const root = document.querySelector('chatbot-widget').shadowRoot;
    const field = root.querySelector('textarea');
    field.focus();
    field.value = question;
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }, question);
  await page.waitForFunction(() => {
    const button = document.querySelector('chatbot-widget').shadowRoot.querySelector('button.send');
    return button && !button.disabled;
  });
  await page.evaluate(() => document.querySelector('chatbot-widget').shadowRoot.querySelector('button.send').click());
  await checkAnswer(page, problems);
}

async function checkAnswer(page, problems) {
  await waitInShadow(page, '[part~="suggestions"] button', 'the suggestion chips after the answer', 30_000);
  const answer = await page.evaluate(() => {
    const root = document.querySelector('chatbot-widget').shadowRoot;
    const bubbles = root.querySelectorAll('.message.bot [part~="bubble"]');
    return {
      text: bubbles[bubbles.length - 1]?.textContent.trim() ?? '',
      chips: root.querySelectorAll('[part~="suggestions"] button').length,
      growth: window.__answerGrowth,
    };
  });
  if (answer.text.length === 0) problems.push('the answer has no text');
  if (answer.chips === 0) problems.push('no suggestion chips');
  if (answer.growth.length < 3) {
    problems.push(`the answer did not stream: its text grew in ${answer.growth.length} step(s) (${answer.growth.join(', ')})`);
  }
  return answer;
}

const { dir: packageDir, tmp } = await packPackage();
const { tsImport } = await import('tsx/esm/api');
const { startServer } = await tsImport(pathToFileURL(join(project, 'demo/server/index.ts')).href, import.meta.url);
// A small pause between word groups, so the answer really streams and the check can see it grow.
const service = await startServer({ port: 0, host: '127.0.0.1', seedDemo: true, answerDelayMs: 30 });
const botId = service.demo?.botId;
const browser = await launchChromium();
const servers = [];

try {
  console.log(`Examples against the packed ${pkg.name}@${pkg.version} and the reference service at ${service.url}`);
  if (!botId) throw new Error('the reference service seeded no demo bot');

  // 1. The React app: type-check and build against the installed package.
  const app = join(tmp, 'spa');
  cpSync(join(project, 'demo/spa'), app, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)([/\\]|$)/.test(source.slice(join(project, 'demo/spa').length)),
  });
  installPackage(app, packageDir, { move: true });

  const typecheck = spawnSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.json')], {
    encoding: 'utf8',
    cwd: app,
  });
  report('demo/spa type-checks against the published types (chatbot-widget, chatbot-widget/react/chatbot-widget.js)', typecheck.status === 0 ? [] : [typecheck.stdout + typecheck.stderr]);

  const build = spawnSync(process.execPath, [join(project, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    encoding: 'utf8',
    cwd: app,
    env: { ...process.env, VITE_CHATBOT_BASE_URL: service.url, VITE_CHATBOT_BOT_ID: botId },
  });
  const built = build.status === 0 && existsSync(join(app, 'dist/index.html'));
  report('demo/spa builds with Vite from the installed package', built ? [] : [build.stdout + build.stderr]);

  if (built) {
    const problems = [];
    const server = await serveStatic({ '/': join(app, 'dist') });
    servers.push(server);
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    trackProblems(page, problems);
    await page.addInitScript(watchAnswerGrowth);
    try {
      await page.goto(server.url);
      await waitInShadow(page, 'textarea', 'the widget with the bot loaded');
      await page.getByRole('button', { name: 'What can you help me with?' }).click();
      await checkAnswer(page, problems);
      const status = await page.getByTestId('answer-count').textContent({ timeout: 10_000 });
      if (!/Answers so far: 1\./.test(status ?? '')) problems.push(`onChatbotAnswerComplete did not update the page: "${status}"`);
      for (const violation of await axeViolations(page, 'body')) problems.push(`axe: ${violation}`);
    } catch (error) {
      problems.push(error.message);
    }
    await context.close();
    report('demo/spa: the React app chats with streaming, chips and the onChatbotAnswerComplete prop', problems);
  }

  // 2. The plain page with the script tag from the CDN.
  const page = readFileSync('demo/plain/index.html', 'utf8');
  const scriptTag = /<script\s+src="(https:\/\/cdn\.jsdelivr\.net\/npm\/chatbot-widget@[^/]+\/dist\/chatbot-widget\.js)"[^>]*data-bot-id="([^"]*)"[^>]*data-base-url="([^"]*)"/s.exec(page);
  const plainProblems = [];
  if (!scriptTag) {
    plainProblems.push('demo/plain/index.html has no <script src="https://cdn.jsdelivr.net/npm/chatbot-widget@…/dist/chatbot-widget.js" data-bot-id data-base-url>');
  } else {
    const [, , documentedBotId, documentedBaseUrl] = scriptTag;
    // Configured the way a user configures it: the two data attributes (and the CSP's connect-src).
    const configured = page
      .replace(`data-bot-id="${documentedBotId}"`, `data-bot-id="${botId}"`)
      .replaceAll(documentedBaseUrl, service.url);
    const server = await serveStatic({ '/': 'demo/plain' }, (req, res) => {
      if (req.url !== '/' && req.url !== '/index.html') return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(configured);
      return true;
    });
    servers.push(server);
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    // The CDNs serve the published files; here they come from the packed tarball, with the CDN's CORS header.
    await context.route(/^https:\/\/(cdn\.jsdelivr\.net\/npm|unpkg\.com)\/chatbot-widget@[^/]+\//, async (route) => {
      const path = new URL(route.request().url()).pathname.replace(/^\/(npm\/)?chatbot-widget@[^/]+\//, '');
      const file = join(tmp, 'spa/node_modules', pkg.name, path);
      if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not in the package' });
      await route.fulfill({
        status: 200,
        body: readFileSync(file),
        headers: {
          'content-type': file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream',
          'access-control-allow-origin': '*',
        },
      });
    });
    const tab = await context.newPage();
    trackProblems(tab, plainProblems);
    await tab.addInitScript(watchAnswerGrowth);
    try {
      await tab.goto(server.url);
      await waitInShadow(tab, '[part~="launcher"]', 'the launcher');
      await tab.evaluate(() => document.querySelector('chatbot-widget').shadowRoot.querySelector('[part~="launcher"]').click());
      await waitInShadow(tab, '[part~="panel"]:not([hidden]) textarea', 'the open panel with the bot loaded');
      await askInWidget(tab, 'What can you help me with?', plainProblems);
      for (const violation of await axeViolations(tab, 'body')) plainProblems.push(`axe: ${violation}`);
    } catch (error) {
      plainProblems.push(error.message);
    }
    await context.close();
  }
  report('demo/plain: the script tag from the CDN mounts a launcher that chats with streaming and chips, under a strict CSP', plainProblems);

  // 3. The demo page on a phone.
  const demoProblems = [];
  const { startDemoPage } = await import('./demo-page.mjs');
  const demoPage = await startDemoPage({ service });
  servers.push(demoPage);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  const tab = await phone.newPage();
  trackProblems(tab, demoProblems);
  tab.on('console', (message) => {
    if (message.type() === 'warning') demoProblems.push(`console warning: ${message.text()}`);
  });
  tab.on('response', (response) => {
    if (response.status() >= 400) demoProblems.push(`${response.status()} for ${response.url()}`);
  });
  try {
    await tab.goto(`${demoPage.url}demo/`);
    const inline = tab.locator('#inline-slot chatbot-widget');
    const send = inline.getByRole('button', { name: 'Send' });
    await send.waitFor({ timeout: 20_000 });
    // Scroll the inline chat's send button to every height of the viewport and ask what is on top of it there.
    const covered = await tab.evaluate(async () => {
      const host = document.querySelector('#inline-slot chatbot-widget');
      const button = host.shadowRoot.querySelector('[part~="send-button"]');
      const hits = [];
      for (let bottom = 60; bottom <= window.innerHeight; bottom += 40) {
        const rect = button.getBoundingClientRect();
        window.scrollBy(0, rect.bottom - bottom);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const now = button.getBoundingClientRect();
        if (now.bottom <= 0 || now.top >= window.innerHeight) continue;
        const x = now.left + now.width / 2;
        const y = now.top + now.height / 2;
        const top = document.elementFromPoint(x, y);
        const inner = top?.shadowRoot?.elementFromPoint(x, y);
        if (top !== host || !button.contains(inner)) hits.push(`at ${Math.round(now.top)} px: ${top?.localName}${top !== host ? ` (mode ${top?.getAttribute('mode')})` : ''}`);
      }
      return hits;
    });
    for (const hit of covered) demoProblems.push(`the inline send button is covered ${hit}`);

    const admin = tab.locator('#admin-slot bot-admin');
    await admin.getByLabel('User name').fill(service.demo.username);
    await admin.getByLabel('Password').fill(service.demo.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 20_000 });
    await tab.reload();
    await admin.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 20_000 });
    if ((await admin.getByRole('button', { name: 'Sign in' }).count()) > 0) demoProblems.push('the admin asks to sign in again after a reload');
  } catch (error) {
    demoProblems.push(error.message);
  }
  await phone.close();
  report('demo page at 390 px: the launcher leaves the inline send button free, the admin stays signed in across a reload, no 404, no console warning', demoProblems);
} catch (error) {
  report('examples could run', [error.stack || error.message]);
} finally {
  await browser.close();
  for (const server of servers) await server.close();
  await service.close();
  rmSync(tmp, { recursive: true, force: true });
}

console.log(`examples: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
