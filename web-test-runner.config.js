// @ts-check
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { tsImport } from 'tsx/esm/api';
import { cdpCommandsPlugin } from './scripts/wtr-cdp-commands.js';
import { countReporter } from './scripts/wtr-count-reporter.js';

const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * The reference service, started on first use by an integration test (GET /__reference-service.json)
 * so element-only runs do not pay for the embedded database's start.
 * @type {Promise<{ url: string, close(): Promise<void>, demo?: { username: string, password: string, botId: string } }> | undefined}
 */
let service;
let dataDir = '';
function referenceService() {
  service ??= (async () => {
    const { startServer } = await tsImport('./demo/server/index.ts', import.meta.url);
    dataDir = mkdtempSync(join(tmpdir(), 'chatbot-wtr-'));
    return startServer({ port: 0, dataDir, seedDemo: true, answerDelayMs: 5 });
  })();
  return service;
}
process.once('exit', () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/elements/**/*.test.ts', 'test/integration/**/*.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  middleware: [
    async (ctx, next) => {
      if (ctx.path === '/mockServiceWorker.js') ctx.path = '/public/mockServiceWorker.js';
      if (ctx.path !== '/__reference-service.json') return next();
      try {
        const { url, demo } = await referenceService();
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ url, ...demo });
      } catch (error) {
        ctx.status = 503;
        ctx.body = String(error instanceof Error ? error.stack : error);
      }
    },
  ],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }), cdpCommandsPlugin()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
          '--disable-component-update', '--disable-sync', '--no-first-run',
        ],
      },
    }),
  ],
  reporters: [defaultReporter(), countReporter()],
  // The progress bar redraws itself with terminal escape codes: only on a terminal, never into a pipe or a log.
  staticLogging: !process.stdout.isTTY,
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  concurrency: 1,
  concurrentBrowsers: 1,
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 180000,
  testFramework: { config: { timeout: 20000 } },
};
