// A scripted stand-in for the service, injected through the elements' `fetch` property: routes by method and
// path, records every request, and can stream chunks or break a stream on purpose.

/** One request the element sent. */
export interface SentRequest {
  /** HTTP method. */
  method: string;
  /** The full address. */
  url: URL;
  /** Request headers (lower-case names). */
  headers: Record<string, string>;
  /** The body as text ('' when none). */
  body: string;
}

/** Answers one request. */
export type Handler = (request: SentRequest, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A stream the test feeds chunk by chunk, and may break mid-way as a dropped connection would. */
export class ControlledStream {
  /** The response to hand to the element. */
  readonly response: Response;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();

  /** Creates the stream and its response. */
  constructor() {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
    });
    this.response = new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }

  /** Sends one chunk. */
  push(text: string): void {
    this.controller.enqueue(this.encoder.encode(text));
  }

  /** Ends the stream normally. */
  close(): void {
    this.controller.close();
  }

  /** Breaks the stream as a dropped connection does. */
  drop(): void {
    this.controller.error(new TypeError('network error'));
  }
}

/** A response whose body is the given chunks, sent one after another. */
export function chunked(chunks: string[], contentType = 'text/plain; charset=utf-8'): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]!));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': contentType } });
}

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

/** The scripted service. */
export class FakeService {
  /** Every request, in order. */
  readonly requests: SentRequest[] = [];
  private routes: Route[] = [];

  /** Answers `method path` (a path string matches exactly, a RegExp matches the path) with the handler. */
  on(method: string, path: string | RegExp, handler: Handler): this {
    this.routes.unshift({ method, path, handler });
    return this;
  }

  /** The requests sent to `method path` (a RegExp matches the path). */
  sent(method: string, path: string | RegExp): SentRequest[] {
    return this.requests.filter((request) => request.method === method && matches(path, request.url.pathname));
  }

  /** The fetch to give the elements. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const request: SentRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      headers,
      body: typeof init?.body === 'string' ? init.body : '',
    };
    this.requests.push(request);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = this.routes.find((item) => item.method === request.method && matches(item.path, url.pathname));
    if (!route) return json({ detail: 'Not Found' }, 404);
    return route.handler(request, signal);
  };
}

function matches(path: string | RegExp, pathname: string): boolean {
  return typeof path === 'string' ? path === pathname : path.test(pathname);
}

/** An unsigned JWT whose payload carries the given subject (the admin only reads it). */
export function fakeJwt(sub: string, exp?: number): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, ...(exp === undefined ? {} : { exp }) })}.signature`;
}

/** The base address the tests give the elements. */
export const BASE_URL = 'https://service.test';
/** The bot of the tests. */
export const BOT_ID = '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
/** The owner of the bot. */
export const OWNER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A bot as the service answers it. */
export function wireBot(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: BOT_ID,
    user_id: OWNER_ID,
    bot_name: 'Helpdesk',
    case_study: '2',
    is_visibility: true,
    domain: ['example.com'],
    collect_customer_info: { numberShowing: 2, name: true, email: true },
    rules: ['Be brief.'],
    gpt_model_name: 'gpt-4',
    temperature: 0.2,
    custom_prompt: 'You answer questions about our shop.',
    bot_tone_type: 1,
    custom_error_message: 'Sorry, something went wrong.',
    is_enable_citation: false,
    is_activate: true,
    bot_language: 'en',
    num_message_left: 1234,
    created_at: '2024-01-19T17:53:51Z',
    updated_at: '2024-01-20T08:05:00.643870',
    ...overrides,
  };
}

/** A service that knows the bot and answers the calls every admin makes on start. */
export function serviceWithBot(bot: Record<string, unknown> = wireBot()): FakeService {
  return new FakeService()
    .on('GET', '/api/bot/information', () => json(bot))
    .on('GET', new RegExp(`^/api/scraping/url/`), () => json([]))
    .on('GET', '/api/chat/history', () => json([[]]))
    .on('GET', new RegExp('^/api/lead/'), () => json({ detail: 'Not Found' }, 404));
}
