// `npm run demo`: the reference service (embedded PostgreSQL, seeded demo account and bot) and the demo
// page with both elements, in one process. Nothing to configure: open the printed URL.
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
const { tsImport } = await import('tsx/esm/api');
const { startDemoPage } = await import('./demo-page.mjs');

const servicePort = Number(process.env.PORT ?? 8787);
const pagePort = Number(process.env.DEMO_PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

const { startServer } = await tsImport('../demo/server/index.ts', import.meta.url);
const service = await startServer({
  port: servicePort,
  host,
  dataDir: process.env.DATA_DIR ?? '.data/pglite',
  databaseUrl: process.env.DATABASE_URL,
  seedDemo: true,
  // Stream answers word by word at a reading pace, as a hosted model would.
  answerDelayMs: Number(process.env.ANSWER_DELAY_MS ?? 30),
  demoUsername: process.env.DEMO_USERNAME,
  demoPassword: process.env.DEMO_PASSWORD,
});
const demo = service.demo ?? {};
const page = await startDemoPage({ service, host, port: pagePort });
const pageUrl = page.url;

console.log(`
  Demo page:          ${pageUrl}demo/
  Reference service:  ${service.url}
  Demo login:         ${demo.username} / ${demo.password}
  Demo bot:           ${demo.botId}

  Press Ctrl+C to stop.`);

async function stop() {
  await page.close();
  await service.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
