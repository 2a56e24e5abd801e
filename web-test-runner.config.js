// @ts-check
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
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
 * so element-only runs do not pay for the embedded database's start; `?answer-delay-ms=` starts another
 * one whose answers stream that slowly (tests that act while an answer is still being written).
 * @type {Map<number, Promise<{ url: string, close(): Promise<void>, demo?: { username: string, password: string, botId: string } }>>}
 */
const services = new Map();
/** @type {string[]} */
const dataDirs = [];
function referenceService(answerDelayMs = 5) {
  if (!services.has(answerDelayMs)) {
    services.set(answerDelayMs, (async () => {
      const { startServer } = await tsImport('./demo/server/index.ts', import.meta.url);
      const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-wtr-'));
      dataDirs.push(dataDir);
      const started = await startServer({ port: 0, dataDir, seedDemo: true, answerDelayMs });
      // A slow service is reached through a TCP relay on 127.0.0.1 whose connections a test can cut
      // (`drop-service-connections`), as a lost network cuts them.
      return answerDelayMs === 5 ? started : { ...started, url: await relayTo(new URL(started.url)) };
    })());
  }
  return services.get(answerDelayMs);
}

/** @type {Set<import('node:net').Socket>} */
const relayed = new Set();
/** @param {URL} target @returns {Promise<string>} */
function relayTo(target) {
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      relayed.add(socket);
      socket.on('close', () => relayed.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return new Promise((resolve) => relay.listen(0, '127.0.0.1', () => {
    relay.unref();
    resolve(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (relay.address()).port}`);
  }));
}

/** @type {import('@web/test-runner').TestRunnerPlugin} */
const dropConnectionsPlugin = {
  name: 'drop-service-connections',
  executeCommand({ command }) {
    if (command !== 'drop-service-connections') return undefined;
    const count = relayed.size;
    for (const socket of relayed) socket.destroy();
    return count;
  },
};
process.once('exit', () => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
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
        const delay = Number(ctx.query['answer-delay-ms'] ?? 5);
        const { url, demo } = await referenceService(Number.isInteger(delay) && delay >= 0 && delay <= 1000 ? delay : 5);
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ url, ...demo });
      } catch (error) {
        ctx.status = 503;
        ctx.body = String(error instanceof Error ? error.stack : error);
      }
    },
  ],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }), cdpCommandsPlugin(), dropConnectionsPlugin],
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
