// Shared helpers of the service tests: the storage engines to run against, a started service with small
// request helpers, a throwaway website served by the test itself on 127.0.0.1, and the answer-body parse.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { startServer, type RunningServer, type StartServerOptions } from '../../demo/server/index.js';
import { AnswerParser } from '../../src/stream/answer-parser.js';

/** A storage engine the suites run against. */
export interface TestEngine {
  /** `pglite` or `postgres`. */
  name: string;
  /** Options that put a service on a fresh, empty database of this engine. */
  freshDatabase(): Promise<Pick<StartServerOptions, 'databaseUrl' | 'databaseSchema' | 'dataDir'>>;
}

const createdSchemas: string[] = [];

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (each service in its own new schema). */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: 'pglite', freshDatabase: async () => ({}) }];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) {
    engines.push({
      name: 'postgres',
      async freshDatabase() {
        const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
        createdSchemas.push(schema);
        return { databaseUrl: url, databaseSchema: schema };
      },
    });
  }
  return engines;
}

/** Drops the schemas the PostgreSQL engine created in this process. */
export async function dropTestSchemas(): Promise<void> {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url || createdSchemas.length === 0) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of createdSchemas.splice(0)) await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

/**
 * A JSON response body: many shapes, read field by field in assertions, where a wrong shape fails loudly.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResponseBody = any;

/** A started service with request helpers. */
export interface TestService {
  /** The running server. */
  server: RunningServer;
  /** Its base URL. */
  url: string;
  /** Sends a request; `json` is sent as a JSON body, `token` as a bearer credential. */
  request(method: string, path: string, init?: { json?: unknown; body?: BodyInit; token?: string; headers?: Record<string, string> }): Promise<Response>;
  /** Sends a request and reads `{status, body}` with the body parsed as JSON. */
  call(method: string, path: string, init?: { json?: unknown; body?: BodyInit; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: ResponseBody; headers: Headers }>;
  /** Creates a user and logs in; resolves to its id and token. */
  user(name?: string): Promise<{ id: string; username: string; token: string }>;
  /** Creates a bot for a token with the given fields (bot_name defaults); resolves to the bot. */
  bot(token: string, fields?: Record<string, unknown>): Promise<ResponseBody>;
}

let userCounter = 0;

/** Wraps a running server with the request helpers. */
export function wrapService(server: RunningServer): TestService {
  const request: TestService['request'] = (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(`${server.url}${path}`, { method, headers, body });
  };
  const call: TestService['call'] = async (method, path, init) => {
    const response = await request(method, path, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the text is the body.
    }
    return { status: response.status, body, headers: response.headers };
  };
  return {
    server,
    url: server.url,
    request,
    call,
    async user(name) {
      const username = name ?? `user${++userCounter}_${randomBytes(3).toString('hex')}`;
      const password = `pw-${username}-secret`;
      const { id } = await server.createUser(username, password);
      const response = await fetch(`${server.url}/token`, { method: 'POST', body: new URLSearchParams({ username, password }) });
      const body = (await response.json()) as { access_token: string };
      return { id, username, token: body.access_token };
    },
    async bot(token, fields = {}) {
      const { status, body } = await call('POST', '/api/bot', { token, json: { bot_name: 'Test bot', ...fields } });
      if (status !== 200) throw new Error(`Creating a bot failed with ${status}: ${JSON.stringify(body)}`);
      return body;
    },
  };
}

/**
 * Starts one service per engine for the enclosing describe block (shared by its tests) and closes it after.
 * Options may be a function, read when the service starts (after earlier `before` hooks). Returns a getter,
 * since the service exists only once `before` has run. Rate limits are off unless the options set them
 * (every test client is 127.0.0.1; the limits have their own tests).
 */
export function useService(engine: TestEngine, options: StartServerOptions | (() => StartServerOptions) = {}): () => TestService {
  let service: TestService | undefined;
  before(async () => {
    const resolved = typeof options === 'function' ? options() : options;
    const server = await startServer({ port: 0, rateLimits: false, ...(await engine.freshDatabase()), ...resolved });
    service = wrapService(server);
  });
  after(async () => {
    await service?.server.close();
    await dropTestSchemas();
  });
  return () => {
    if (!service) throw new Error('The service has not started.');
    return service;
  };
}

/** A route of the test website: a status, headers and body, or a handler of its own. */
export type SiteRoute =
  | { status?: number; type?: string; body: string | Buffer; headers?: Record<string, string> }
  | ((request: IncomingMessage, response: ServerResponse) => void);

/** A website on 127.0.0.1 serving fixed routes. */
export interface TestSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** `127.0.0.1:<port>`, for scrapeAllowedHosts. */
  host: string;
  /** The paths requested so far, in order. */
  requests: string[];
  /** Adds or replaces a route. */
  route(path: string, route: SiteRoute): void;
  /** Stops the site. */
  close(): Promise<void>;
}

/** Starts a test website. */
export async function startSite(routes: Record<string, SiteRoute> = {}): Promise<TestSite> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push(path);
    const route = table.get(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof route === 'function') {
      route(request, response);
      return;
    }
    response.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/html; charset=utf-8', ...route.headers });
    response.end(route.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    route: (path, route) => table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An HTML page with a title, headings and paragraphs, and links. */
export function htmlPage(title: string, sections: Record<string, string>, links: string[] = []): string {
  const body = Object.entries(sections)
    .map(([heading, text]) => `<h2>${heading}</h2><p>${text}</p>`)
    .join('\n');
  const nav = links.map((href) => `<a href="${href}">${href}</a>`).join(' ');
  return `<!doctype html><html><head><title>${title}</title></head><body><nav>${nav}</nav><main><article><h1>${title}</h1>${body}</article></main><footer>Footer text that is not content.</footer></body></html>`;
}

/** A UUID that names no bot. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Reads a response body as text chunks, in arrival order. */
export async function readChunks(response: Response): Promise<string[]> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(decoder.decode(bytes, { stream: true }));
  return chunks;
}

/** Parses an answer body the way every client does. */
export function parseAnswer(text: string): { answer: string; suggestions: string[] | undefined } {
  const parser = new AnswerParser();
  let answer = '';
  let suggestions: string[] | undefined;
  for (const event of [...parser.push(text), ...parser.end()]) {
    if (event.type === 'text') answer += event.text;
    if (event.type === 'suggestions') suggestions = event.questions;
  }
  return { answer, suggestions };
}
