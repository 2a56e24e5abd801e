// The demo page (demo/index.html) served by Vite, with `/demo-config.json` telling it where the reference
// service is. Shared by `npm run demo` and the example check. Lit is served as its production build, as a
// site would ship it (no "Lit is in dev mode" in the console).
import { createServer } from 'vite';

/**
 * Starts the page server for a running reference service (`startServer` of demo/server) on `host:port`
 * (port 0 picks a free one). Resolves to the Vite server; its page is `${url}demo/`.
 */
export async function startDemoPage({ service, host = '127.0.0.1', port = 0, strictPort = false }) {
  const demo = service.demo ?? {};
  const page = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    server: { host, port, strictPort },
    resolve: { conditions: ['module', 'browser', 'production'] },
    plugins: [
      {
        name: 'demo-config',
        configureServer(server) {
          server.middlewares.use('/demo-config.json', (_req, res) => {
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify({ serviceUrl: service.url, botId: demo.botId, username: demo.username, password: demo.password }));
          });
        },
      },
    ],
  });
  await page.listen();
  const url = page.resolvedUrls?.local[0] ?? `http://${host}:${page.config.server.port}/`;
  return { url, close: () => page.close() };
}
