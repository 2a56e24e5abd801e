// Checks that the built script-tag widget works under a strict Content-Security-Policy (docs/csp.md): a
// local page sends the policy as a header and loads dist/chatbot-widget.js; headless Chromium opens the
// launcher, loads the rest of the widget and a translation pack, chats (streamed Markdown, suggestions),
// switches theme, and closes it; for a bot that collects customer information it loads the lead form's
// on-demand chunk and sends the form. Exits 1 on any securitypolicyviolation event, any console message about
// the policy, a page error, or a step that did not work. Uses dist/ as built (builds it when missing).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { formatAnswer } from '../src/stream/answer-format.js';
import { startWidgetFixture } from './widget-fixture-server.js';

/** The policy documented in docs/csp.md, as strict as the widget allows: no inline code or styles, no eval. */
export const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

const ANSWER = formatAnswer({
  answer: [
    'Here is **bold**, *emphasis*, `code` and a [link](https://example.com).',
    '| Plan | Price |\n|---|---:|\n| Pro | 9 |',
    '```js\nconsole.log("hello");\n```',
  ].join('\n\n'),
  suggestions: ['What else?', 'Show pricing'],
});

// Runs in the page before anything else: records every policy violation, wherever it happens.
function recordViolations(): void {
  const violations: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = violations;
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
  });
}

async function step(name: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
    console.log(`  ✓ ${name}`);
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
  }
}

const shadow = (selector: string) => `chatbot-widget >> ${selector}`;

async function chat(page: Page, lang: string): Promise<void> {
  await step(`[${lang}] the loader draws the launcher`, () => page.locator(shadow('button.launcher')).waitFor({ timeout: 10000 }));
  await step(`[${lang}] a click loads the widget and opens the panel`, async () => {
    await page.locator(shadow('button.launcher')).click();
    await page.locator(shadow('[part="panel"] textarea')).waitFor({ state: 'visible', timeout: 15000 });
  });
  await step(`[${lang}] a question streams a Markdown answer with suggestions`, async () => {
    await page.locator(shadow('textarea')).fill('Show me everything');
    // Send waits for the bot's information (the field is drawn before it).
    await page.locator(shadow('[part~="send-button"]:not([disabled])')).waitFor({ timeout: 10000 });
    await page.locator(shadow('textarea')).press('Enter');
    await page.locator(shadow('.chip')).first().waitFor({ timeout: 10000 });
    // The table is drawn once its on-demand chunk has arrived, which may be after the answer ended.
    const rendered = await page
      .waitForFunction(() => {
        const root = document.querySelector('chatbot-widget')!.shadowRoot!;
        return ['strong', 'em', 'table', 'pre code', 'a[href="https://example.com/"]'].every((selector) => root.querySelector(`.markdown ${selector}`));
      }, undefined, { timeout: 10000 })
      .then(() => true, () => false);
    if (!rendered) throw new Error('the answer Markdown was not rendered');
  });
  await step(`[${lang}] a suggestion is sent`, async () => {
    await page.locator(shadow('.chip')).first().click();
    await page.waitForFunction(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll('.message.bot[aria-busy="false"]').length === 2);
  });
  await step(`[${lang}] the dark theme and the close button work`, async () => {
    await page.evaluate(() => document.querySelector('chatbot-widget')!.setAttribute('theme', 'dark'));
    await page.locator(shadow('.header button[aria-label]')).last().click();
    await page.locator(shadow('[part="panel"]')).waitFor({ state: 'hidden' });
  });
}

// A bot that asks for an email before the first question: the lead form's on-demand chunk loads, its styles
// join the shadow root's adopted sheets, and the form is sent.
async function leadForm(page: Page): Promise<void> {
  await step('[lead] the launcher opens on the lead form, loaded on demand and styled', async () => {
    await page.locator(shadow('button.launcher')).waitFor({ timeout: 10000 });
    await page.locator(shadow('button.launcher')).click();
    await page.locator(shadow('form.lead input[name="email"]')).waitFor({ state: 'visible', timeout: 15000 });
    const display = await page.evaluate(() => getComputedStyle(document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('form.lead')!).display);
    if (display !== 'grid') throw new Error(`the lead form's styles did not apply (display: ${display})`);
  });
  await step('[lead] the form is sent and the chat goes on', async () => {
    await page.locator(shadow('form.lead input[name="email"]')).fill('ada@example.com');
    await page.locator(shadow('form.lead button[type="submit"]')).click();
    await page.locator(shadow('[part~="lead-form"]:not(form)')).waitFor({ timeout: 10000 });
    await page.locator(shadow('textarea:not([disabled])')).waitFor({ timeout: 10000 });
  });
}

async function main(): Promise<void> {
  if (!existsSync('dist/chatbot-widget.js') || !existsSync('dist/chatbot-widget-app.js')) {
    for (const mode of ['app', 'loader']) {
      const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', mode, '--logLevel', 'warn'], { stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`vite build --mode ${mode} failed`);
    }
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const problems: string[] = [];
  console.log(`Content-Security-Policy: ${STRICT_CSP}`);
  try {
    for (const lang of ['en', 'vi', 'lead']) {
      const fixture = await startWidgetFixture({
        csp: STRICT_CSP,
        scriptData: { lang: lang === 'lead' ? 'en' : lang, storage: 'none' },
        bot: lang === 'lead' ? { collect_customer_info: { numberShowing: 0, email: true } } : {},
        answer: (_request, response) => {
          response.write(ANSWER.slice(0, 40));
          response.end(ANSWER.slice(40));
        },
      });
      const page = await browser.newPage();
      page.on('console', (message) => {
        const text = message.text();
        if (/content security policy|refused to|trusted type/i.test(text)) problems.push(`[${lang}] console: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`[${lang}] page error: ${error.message}`));
      await page.addInitScript(recordViolations);
      try {
        const response = await page.goto(fixture.url);
        if (!response?.headers()['content-security-policy']) throw new Error('the page was served without the policy');
        await (lang === 'lead' ? leadForm(page) : chat(page, lang));
        const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
        problems.push(...violations.map((violation) => `[${lang}] violation: ${violation}`));
      } catch (error) {
        problems.push(`[${lang}] ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await page.close();
        await fixture.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length > 0) {
    console.error(`\nThe widget does not work under the strict policy:\n${problems.map((problem) => `  ✗ ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\nThe widget works under the strict policy: no violations, no policy errors.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
