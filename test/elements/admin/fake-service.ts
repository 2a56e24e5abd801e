// A scripted stand-in for the service, injected through the elements' `fetch` property: routes by method and
// path, records every request, and can stream chunks or break a stream on purpose.
import { DEFAULT_WIDGET_SETTINGS } from '../../../demo/server/storage/widget-settings.js';
import {
  INITIAL_MESSAGE_MAX_LENGTH,
  SUGGEST_MESSAGES_MAX_COUNT,
  SUGGEST_MESSAGE_MAX_LENGTH,
  TEASER_DELAY_MAX_SECONDS,
} from '../../../src/api/schemas.js';

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

// The reference service's 422: the message and one FastAPI-style issue naming the field.
function invalidField(loc: (string | number)[], msg: string): Response {
  return json({ message: `${loc.slice(1).join('.')}: ${msg}`, message_code: 1001, detail: [{ loc, msg, type: 'value_error' }] }, 422);
}

// The reference service's checks of the greeting fields (demo/server/routes/compat.ts), with its caps.
function checkGreetingFields(body: Record<string, unknown>): Response | undefined {
  const message = body['initial_message'];
  if (typeof message === 'string' && message.trim().length > INITIAL_MESSAGE_MAX_LENGTH) {
    return invalidField(['body', 'initial_message'], `Text must be at most ${INITIAL_MESSAGE_MAX_LENGTH} characters`);
  }
  const questions = body['suggest_messages'];
  if (Array.isArray(questions)) {
    if (questions.length > SUGGEST_MESSAGES_MAX_COUNT) return invalidField(['body', 'suggest_messages'], `List must have at most ${SUGGEST_MESSAGES_MAX_COUNT} items`);
    const long = questions.findIndex((question) => typeof question === 'string' && question.trim().length > SUGGEST_MESSAGE_MAX_LENGTH);
    if (long >= 0) return invalidField(['body', 'suggest_messages', long], `Text must be at most ${SUGGEST_MESSAGE_MAX_LENGTH} characters`);
  }
  const seconds = body['auto_show_initial_message_after'];
  if (seconds !== undefined && seconds !== null) {
    const value = typeof seconds === 'string' && /^\d+(\.\d+)?$/.test(seconds.trim()) ? Number(seconds) : seconds;
    if (typeof value !== 'number' || !(value >= 0 && value <= TEASER_DELAY_MAX_SECONDS)) {
      return invalidField(['body', 'auto_show_initial_message_after'], `auto_show_initial_message_after must be between 0 and ${TEASER_DELAY_MAX_SECONDS} seconds`);
    }
    body['auto_show_initial_message_after'] = value;
  }
  return undefined;
}

/**
 * Adds the reference service's `GET` and `PUT /api/bot/bot-widget-setting`, holding `saved` over the defaults
 * for the bot of the tests (any other bot starts from the defaults): the answer is the bare settings with
 * `bot_id` (`display_name` the bot's name when empty); a PUT changes the fields it sends, `null` resets one,
 * blank starter questions are dropped, text is trimmed, and a value beyond the service's caps is a 422 naming
 * the field that changes nothing.
 */
export function withWidgetSettings(service: FakeService, saved: Record<string, unknown> = {}, botName = 'Helpdesk'): FakeService {
  const stored = new Map<string, Record<string, unknown>>([[BOT_ID, { ...DEFAULT_WIDGET_SETTINGS, ...saved }]]);
  const settingsOf = (botId: string) => stored.get(botId) ?? { ...DEFAULT_WIDGET_SETTINGS };
  const answer = (botId: string) => {
    const settings = settingsOf(botId);
    return json({ bot_id: botId, ...settings, display_name: settings['display_name'] || botName });
  };
  return service
    .on('GET', '/api/bot/bot-widget-setting', (request) => answer(request.url.searchParams.get('bot_id') ?? ''))
    .on('PUT', '/api/bot/bot-widget-setting', (request) => {
      const { bot_id: botId, ...fields } = JSON.parse(request.body) as Record<string, unknown>;
      const refusal = checkGreetingFields(fields);
      if (refusal) return refusal;
      const merged = { ...settingsOf(String(botId)) };
      for (const [field, value] of Object.entries(fields)) {
        merged[field] = value === null ? DEFAULT_WIDGET_SETTINGS[field as keyof typeof DEFAULT_WIDGET_SETTINGS] : typeof value === 'string' ? value.trim() : value;
      }
      const questions = merged['suggest_messages'] as unknown[];
      merged['suggest_messages'] = questions.map((question) => (typeof question === 'string' ? question.trim() : question)).filter((question) => question !== '');
      stored.set(String(botId), merged);
      return answer(String(botId));
    });
}
