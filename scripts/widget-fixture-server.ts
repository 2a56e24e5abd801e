// A tiny local page for the widget's browser scripts (bench-render, check-csp): serves a host page that
// loads the built script-tag widget from dist/, plus just enough of the service (bot information, widget
// settings and the streaming answer) on the same origin. 127.0.0.1 only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WIDGET_SETTINGS } from '../demo/server/storage/widget-settings.js';

/** What the fixture serves. */
export interface WidgetFixtureOptions {
  /** Content-Security-Policy header of every response, if any. */
  csp?: string;
  /** data-* attributes of the widget's script tag (without `data-`); bot-id and base-url are filled in. */
  scriptData?: Record<string, string>;
  /**
   * Style attribute of the page's #chat-slot, where an inline widget is mounted (a page with `csp` has none:
   * a strict style-src blocks it).
   */
  slotStyle?: string;
  /** The bot's fields (merged over a demo bot). */
  bot?: Record<string, unknown>;
  /**
   * The bot's widget settings (`GET /api/bot/bot-widget-setting`), merged over those the reference service
   * gives a bot that never saved any; `null`: the endpoint answers 404, as a service without it does.
   */
  widgetSetting?: Record<string, unknown> | null;
  /** Writes the answer to one streaming request. */
  answer: (request: { message: string; body: Record<string, unknown> }, response: ServerResponse) => Promise<void> | void;
  /** Directory holding the built files (default dist/). */
  distDir?: string;
  /** More HTML pages by path (`/floor`: a benchmark's page without the widget), served as they are. */
  pages?: Record<string, string>;
}

/** A running fixture. */
export interface WidgetFixture {
  /** The host page's address. */
  url: string;
  /** Stops the server. */
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolveBody(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the fixture on a free port. */
export async function startWidgetFixture(options: WidgetFixtureOptions): Promise<WidgetFixture> {
  const distDir = resolve(options.distDir ?? 'dist');
  const botId = '00000000-0000-4000-8000-000000000001';
  const headers = (type: string): Record<string, string> => ({
    'content-type': type,
    'cache-control': 'no-store',
    ...(options.csp ? { 'content-security-policy': options.csp } : {}),
  });
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/') {
        const data = { 'bot-id': botId, 'base-url': `http://${request.headers.host}`, ...options.scriptData };
        const attributes = Object.entries(data)
          .map(([key, value]) => ` data-${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
          .join('');
        response.writeHead(200, headers('text/html; charset=utf-8'));
        response.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget fixture</title></head>` +
            `<body><main><h1>Host page</h1><p>Some content of the host page.</p><div id="chat-slot"${options.slotStyle ? ` style="${options.slotStyle}"` : ''}></div></main>` +
            `<script src="/dist/chatbot-widget.js"${attributes}></script></body></html>`,
        );
        return;
      }
      const page = options.pages?.[url.pathname];
      if (page !== undefined) {
        response.writeHead(200, headers('text/html; charset=utf-8'));
        response.end(page);
        return;
      }
      if (url.pathname.startsWith('/dist/')) {
        const file = normalize(join(distDir, url.pathname.slice('/dist/'.length)));
        if (!file.startsWith(distDir)) {
          response.writeHead(403).end();
          return;
        }
        try {
          const content = await readFile(file);
          response.writeHead(200, headers(TYPES[extname(file)] ?? 'application/octet-stream'));
          response.end(content);
        } catch {
          response.writeHead(404, headers('text/plain')).end('not found');
        }
        return;
      }
      const json = (value: unknown) => response.writeHead(200, headers('application/json')).end(JSON.stringify(value));
      const id = url.searchParams.get('bot_id') ?? botId;
      if (url.pathname === '/api/bot/information') {
        json({ id, bot_name: 'Fixture bot', bot_language: 'en', is_activate: true, num_message_left: 1000, collect_customer_info: {}, ...options.bot });
        return;
      }
      if (url.pathname === '/api/bot/bot-widget-setting' && options.widgetSetting !== null) {
        // As the reference service answers for a bot that never saved settings (its name as display_name).
        json({ bot_id: id, ...DEFAULT_WIDGET_SETTINGS, display_name: 'Fixture bot', ...options.widgetSetting });
        return;
      }
      if (url.pathname === '/api/chat/get-streaming-response-with-custom-settings' && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
        response.writeHead(200, headers('text/plain; charset=utf-8'));
        await options.answer({ message: String(body['message'] ?? ''), body }, response);
        return;
      }
      response.writeHead(404, headers('application/json')).end('{"message":"Not found","message_code":404}');
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
