// The service interface faked at the network level with msw, for stories (and any browser test that imports
// them). Answers are written with the same formatter the parser is tested against and streamed word by word
// with delays; every endpoint can be made to fail the ways the real service fails.
import { http, HttpResponse, type HttpHandler } from 'msw';
// Also brings in the addon's typing of the story context's `msw`.
import type { MswApi } from 'msw-storybook-addon/types';
import {
  BotSchema,
  validateBotBody,
  type Bot,
  type ChatMessage,
  type DataSource,
  type HistoryRecord,
  type WidgetSettings,
} from '../src/api/schemas.js';
import { formatAnswer, splitIntoWords, type AnswerFormatStyle } from '../src/stream/answer-format.js';
import { DEFAULT_WIDGET_SETTINGS } from '../demo/server/storage/widget-settings.js';

/** Where the fake service lives: a path of the Storybook origin, so nothing leaves the machine. */
export const FAKE_SERVICE_URL = new URL('fake-service', document.baseURI).href;
/** The id of the bot every story chats with. */
export const FAKE_BOT_ID = '6f1c2a9e-3b7d-4e21-9a55-0c8e4d2b7f10';
/** The id of the bot's owner. */
export const FAKE_USER_ID = 'b3a8d6c2-91f4-4c3e-8d2a-5e7f1a9c0b44';
/** The login the fake service accepts. */
export const FAKE_LOGIN = { username: 'owner@example.com', password: 'storybook-demo' } as const;
/** The access token the fake service hands out on login and accepts as a bearer credential. */
export const FAKE_ACCESS_TOKEN = 'fake-access-token-7d1e';
/** An API key the fake service accepts as a bearer credential or in the `CHATFLY-API-KEY` header. */
export const FAKE_API_KEY = 'fake-api-key-41c9';

/**
 * The endpoints the fake service answers: those of the interface, the data-source removal the deployed service
 * has, and the lead endpoints the reference service adds (`POST /api/lead`, `GET /api/lead/{bot_id}`).
 */
export const FAKE_ENDPOINTS = [
  'login',
  'bot-information',
  'bot-create',
  'bot-update',
  'chat',
  'scrape',
  'sources',
  'source-delete',
  'history',
  'lead-submit',
  'leads',
  'widget-settings',
] as const;
/** One endpoint of the fake service. */
export type FakeEndpoint = (typeof FAKE_ENDPOINTS)[number];

/** The ways an endpoint can fail. */
export const FAKE_FAULTS = [
  'server-error',
  'deactivated',
  'no-messages',
  'not-found',
  'unauthorized',
  'malformed',
  'disconnect',
  'network-error',
] as const;
/**
 * How an endpoint fails, with the statuses and message codes of the reference service (demo/server/errors.ts):
 * `server-error` 500/1000, `unauthorized` 401/1002, `deactivated` 403/1003, `no-messages` 402/1004,
 * `not-found` 404/1006, `malformed` a 200 whose body breaks its shape, `disconnect` a stream cut off halfway,
 * `network-error` no response at all.
 */
export type FakeFault = (typeof FAKE_FAULTS)[number];

/** A fault that lasts for the first `times` requests (then the endpoint works), or for good. */
export type FakeFaultSetting = FakeFault | { fault: FakeFault; times: number };

/** An answer of the fake service before formatting. */
export interface FakeAnswer {
  /** The answer text (Markdown). */
  answer: string;
  /** Suggested follow-up questions. */
  suggestions?: readonly string[];
}

/** What the fake service was asked to answer. */
export interface FakeChatRequest {
  /** The JSON body as sent. */
  body: Record<string, unknown>;
  /** The query parameters as sent. */
  query: Record<string, string>;
}

/** A lead form a visitor sent, as the lead endpoints store it. */
export interface FakeLead {
  /** The lead's id. */
  lead_id: string;
  /** The bot it was sent to. */
  bot_id: string;
  /** The conversation it was sent from. */
  session_id: string;
  /** When it was sent (ISO 8601). */
  created_at: string;
  /** The values by field (`name`, `email`, `phone`, `company`). */
  fields: Record<string, string>;
}

/** How answers are streamed. */
export interface FakeStreamOptions {
  /** Words per chunk. */
  wordsPerChunk?: number;
  /** Pause between chunks, in milliseconds. */
  chunkDelayMs?: number;
  /** Pause before the first byte, in milliseconds. */
  firstChunkDelayMs?: number;
  /** Stop sending after this many characters and keep the stream open until the reader gives up. */
  holdAfterChars?: number;
  /** Marker spelling of the answer body. */
  style?: AnswerFormatStyle;
  /** Frame the chunks as a `text/event-stream` (`data: <JSON string>` each, then `event: done`). */
  sse?: boolean;
}

/** How a scrape's progress is streamed. */
export interface FakeScrapeOptions {
  /** Pages read, in order; each gives one progress object. */
  pages?: readonly string[];
  /** Words found per page. */
  wordsPerPage?: number;
  /** Pause between progress objects, in milliseconds. */
  delayMs?: number;
  /** Stop after this many progress objects and keep the stream open (an upload in progress). */
  holdAfter?: number;
  /** Write the objects concatenated with no newline between them (the service documents no delimiter). */
  concatenated?: boolean;
}

/** Everything a story can set about the fake service. */
export interface FakeServiceOptions {
  /** Base URL the handlers answer under. */
  baseUrl?: string;
  /** Fields of the bot that differ from the default demo bot. */
  bot?: Partial<Bot>;
  /** The answer to a message: fixed, or computed from the request. */
  answer?: FakeAnswer | ((message: string, request: FakeChatRequest) => FakeAnswer);
  /** Streaming pace and shape. */
  stream?: FakeStreamOptions;
  /** Scrape progress pace and shape. */
  scrape?: FakeScrapeOptions;
  /** Knowledge-base entries the bot starts with. */
  sources?: readonly DataSource[];
  /** Stored conversations the bot starts with. */
  history?: readonly HistoryRecord[];
  /** Lead forms visitors sent before. */
  leads?: readonly FakeLead[];
  /** Whether the lead endpoints exist (the deployed service has none: they then answer 404). */
  leadEndpoints?: boolean;
  /** The bot's widget settings (`bot-widget-setting`: greeting, starter questions, teaser delay) over the defaults. */
  widgetSettings?: Partial<WidgetSettings>;
  /** Endpoints that fail, and how. */
  faults?: Partial<Record<FakeEndpoint, FakeFaultSetting>>;
  /** Answer the owner endpoints without checking credentials. */
  openAccess?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const encoder = new TextEncoder();

/** The demo bot: a support assistant with a lead form after two answers. */
export function fakeBot(overrides: Partial<Bot> = {}): Bot {
  return BotSchema.parse({
    id: FAKE_BOT_ID,
    user_id: FAKE_USER_ID,
    bot_name: 'Acme Support',
    case_study: '2',
    is_visibility: true,
    domain: ['acme.example', '*.acme.example'],
    collect_customer_info: {},
    rules: ['Answer in at most three short paragraphs.', 'Never promise delivery dates.'],
    gpt_model_name: 'gpt-3.5-turbo-16k',
    temperature: 0.2,
    custom_prompt: 'You are the support assistant of Acme, a maker of espresso machines.',
    bot_tone_type: 1,
    custom_error_message: 'Sorry, the assistant cannot answer right now. Please try again in a moment.',
    is_enable_citation: false,
    is_activate: true,
    bot_language: 'en',
    num_message_left: 982,
    created_at: '2024-01-19T17:53:51Z',
    updated_at: '2024-03-02T09:12:40.643870',
    ...overrides,
  });
}

/** The knowledge base of the demo bot. */
export const FAKE_SOURCES: readonly DataSource[] = [
  { knowledge_base_id: 'kb-1', url: 'https://acme.example/', num_token: 1840 },
  { knowledge_base_id: 'kb-2', url: 'https://acme.example/support/descaling', num_token: 2315 },
  { knowledge_base_id: 'kb-3', url: 'https://acme.example/warranty', num_token: 962 },
];

/** Three stored conversations of the demo bot, newest first. */
export const FAKE_HISTORY: readonly HistoryRecord[] = [
  {
    bot_name: 'Acme Support',
    bot_id: FAKE_BOT_ID,
    user_id: FAKE_USER_ID,
    session_id: 'a1f0c7e2-5d43-4b8e-9c1a-7e2d4f6b8a01',
    created_at: '2024-03-04T15:20:11.402000Z',
    chat_history_response: [
      { sender_type: 'user', content: 'How do I descale the Barista Pro?' },
      {
        sender_type: 'assistant',
        content: 'Fill the tank with descaling solution, run **Descale** from the menu and rinse twice with clean water.',
      },
      { sender_type: 'user', content: 'How often should I do it?' },
      { sender_type: 'assistant', content: 'Every two to three months, or when the descale light comes on.' },
    ],
  },
  {
    bot_name: 'Acme Support',
    bot_id: FAKE_BOT_ID,
    user_id: FAKE_USER_ID,
    session_id: '7c9e2b14-0f6a-4d3c-b5e8-1a2f3d4c5e6f',
    created_at: '2024-03-03T09:02:45.118000Z',
    chat_history_response: [
      { sender_type: 'user', content: 'Is the grinder covered by the warranty?' },
      { sender_type: 'assistant', content: 'Yes: the grinder is covered for two years, like the rest of the machine.' },
    ],
  },
  {
    bot_name: 'Acme Support',
    bot_id: FAKE_BOT_ID,
    user_id: FAKE_USER_ID,
    session_id: 'e4d3c2b1-a098-4f7e-8d6c-5b4a39281706',
    created_at: '2024-02-27T18:40:02.990000Z',
    chat_history_response: [
      { sender_type: 'user', content: 'Do you ship to Canada?' },
      { sender_type: 'assistant', content: 'We ship to Canada and the United States; delivery takes 5 to 8 working days.' },
      { sender_type: 'user', content: 'What does shipping cost?' },
      { sender_type: 'assistant', content: 'Shipping is free above $150, otherwise $12.' },
    ],
  },
];

/** An answer that uses every piece of Markdown the widget renders. */
export const MARKDOWN_SHOWCASE_ANSWER: FakeAnswer = {
  answer: [
    'Here is how to **descale** the *Barista Pro*, step by step:',
    '',
    '1. Empty the drip tray and the water tank.',
    '2. Mix the descaler with `1 l` of water.',
    '3. Start the cycle from the menu.',
    '',
    'What you need:',
    '',
    '- Acme descaler (or citric acid)',
    '- A container of at least **1.5 l**',
    '',
    '| Model | Cycle | Rinses |',
    '| --- | --- | --- |',
    '| Barista Pro | 25 min | 2 |',
    '| Barista Mini | 18 min | 1 |',
    '',
    'To start the cycle from the service console:',
    '',
    '```sh',
    'acme-cli descale --model barista-pro --rinses 2',
    '```',
    '',
    'Read the full guide at [acme.example/descaling](https://acme.example/support/descaling) or write to',
    '[support@acme.example](mailto:support@acme.example). This link stays inert: [run](javascript:alert(1)).',
  ].join('\n'),
  suggestions: ['Which descaler do you recommend?', 'How long does a cycle take?', 'Can I use vinegar?'],
};

/** The answer the fake service gives when a story sets none: short, with four suggestions. */
export function defaultFakeAnswer(message: string): FakeAnswer {
  if (/markdown|descale/i.test(message)) return MARKDOWN_SHOWCASE_ANSWER;
  return {
    answer:
      'The **Barista Pro** heats up in about 30 seconds and makes two cups at once. ' +
      'It comes with a two-year warranty, and the milk frother is dishwasher safe.',
    suggestions: [
      'How do I descale the machine?',
      'What does the warranty cover?',
      'Which coffee beans work best?',
      'Can I order spare parts?',
    ],
  };
}

function errorBody(fault: FakeFault): { status: number; body: { message: string; message_code: number } } {
  switch (fault) {
    case 'deactivated':
      return { status: 403, body: { message: 'This bot is deactivated.', message_code: 1003 } };
    case 'no-messages':
      return { status: 402, body: { message: 'This bot has no messages left.', message_code: 1004 } };
    case 'not-found':
      return { status: 404, body: { message: 'Bot not found.', message_code: 1006 } };
    case 'unauthorized':
      return { status: 401, body: { message: 'Could not validate credentials.', message_code: 1002 } };
    case 'server-error':
    case 'malformed':
    case 'disconnect':
    case 'network-error':
      return { status: 500, body: { message: 'Internal server error.', message_code: 1000 } };
    default: {
      const unknown: never = fault;
      throw new RangeError(`Unknown fault ${String(unknown)}`);
    }
  }
}

function errorResponse(fault: FakeFault): Response {
  if (fault === 'network-error') return HttpResponse.error();
  const { status, body } = errorBody(fault);
  return HttpResponse.json(body, { status });
}

/** A fake of the whole service for one story: its state starts fresh each time it is installed. */
export class FakeService {
  /** Base URL the handlers answer under. */
  readonly baseUrl: string;
  /** Every message the chat endpoint was asked to answer since the last install, in order. */
  readonly chatRequests: FakeChatRequest[] = [];
  /** Every bot body the create and update endpoints accepted since the last install, in order. */
  readonly savedBots: Record<string, unknown>[] = [];
  /** The bot as the fake service holds it now. */
  bot: Bot;
  /** The knowledge base as the fake service holds it now. */
  sources: DataSource[];
  /** The stored conversations as the fake service holds them now. */
  history: HistoryRecord[];
  /** The lead forms as the fake service holds them now. */
  leads: FakeLead[];
  /** The bot's widget settings (greeting, starter questions, teaser delay, look) as the fake service holds them now. */
  widgetSettings: Omit<WidgetSettings, 'bot_id'>;

  readonly #options: FakeServiceOptions;
  readonly #faultsServed = new Map<FakeEndpoint, number>();

  constructor(options: FakeServiceOptions = {}) {
    this.#options = options;
    this.baseUrl = (options.baseUrl ?? FAKE_SERVICE_URL).replace(/\/+$/, '');
    this.bot = fakeBot(options.bot);
    this.sources = [...(options.sources ?? FAKE_SOURCES)];
    this.history = structuredClone([...(options.history ?? FAKE_HISTORY)]);
    this.leads = structuredClone([...(options.leads ?? [])]);
    this.widgetSettings = { ...DEFAULT_WIDGET_SETTINGS, ...structuredClone(options.widgetSettings ?? {}) };
  }

  /**
   * A `beforeEach` for a story: resets the state and puts the handlers in front of msw's list.
   * Use as `beforeEach: service.install`.
   */
  install = ({ msw }: { msw: MswApi }): void => {
    this.reset();
    msw.use(...this.handlers());
  };

  /** Forgets every request and change since construction. */
  reset(): void {
    this.chatRequests.length = 0;
    this.savedBots.length = 0;
    this.bot = fakeBot(this.#options.bot);
    this.sources = [...(this.#options.sources ?? FAKE_SOURCES)];
    this.history = structuredClone([...(this.#options.history ?? FAKE_HISTORY)]);
    this.leads = structuredClone([...(this.#options.leads ?? [])]);
    this.widgetSettings = { ...DEFAULT_WIDGET_SETTINGS, ...structuredClone(this.#options.widgetSettings ?? {}) };
    this.#faultsServed.clear();
  }

  /** The msw handlers of every endpoint. */
  handlers(): HttpHandler[] {
    const url = (path: string) => `${this.baseUrl}${path}`;
    return [
      http.post(url('/token'), ({ request }) => this.#login(request)),
      http.get(url('/api/bot/information'), ({ request }) => this.#botInformation(request)),
      http.post(url('/api/bot'), ({ request }) => this.#saveBot(request, 'create')),
      http.put(url('/api/bot'), ({ request }) => this.#saveBot(request, 'update')),
      http.post(url('/api/chat/get-streaming-response-with-custom-settings'), ({ request }) => this.#chat(request)),
      http.post(url('/api/scraping/url'), ({ request }) => this.#scrape(request)),
      http.delete(url('/api/scraping/url'), ({ request }) => this.#deleteSource(request)),
      http.get(url('/api/scraping/url/:botId'), ({ request, params }) => this.#listSources(request, String(params['botId']))),
      http.post(url('/api/lead'), ({ request }) => this.#submitLead(request)),
      http.get(url('/api/lead/:botId'), ({ request, params }) => this.#listLeads(request, String(params['botId']))),
      http.get(url('/api/bot/bot-widget-setting'), ({ request }) => this.#widgetSettingsOf(request)),
      http.put(url('/api/bot/bot-widget-setting'), ({ request }) => this.#saveWidgetSettings(request)),
      http.get(url('/api/chat/history'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        return this.#history(request, Object.fromEntries(query), false);
      }),
      http.post(url('/api/chat/history'), async ({ request }) => {
        const body = (await request.clone().json().catch(() => ({}))) as Record<string, string>;
        return this.#history(request, body, false);
      }),
      http.get(url('/api/chat/history/:botId/:dateFrom/:dateTo/:order'), ({ request, params }) =>
        this.#history(
          request,
          {
            bot_id: String(params['botId']),
            date_from: decodeURIComponent(String(params['dateFrom'])),
            date_to: decodeURIComponent(String(params['dateTo'])),
            order: String(params['order']),
          },
          true,
        ),
      ),
    ];
  }

  // The fault of an endpoint for this request, counting it against `times`.
  #fault(endpoint: FakeEndpoint): FakeFault | undefined {
    const setting = this.#options.faults?.[endpoint];
    if (setting === undefined) return undefined;
    if (typeof setting === 'string') return setting;
    const served = this.#faultsServed.get(endpoint) ?? 0;
    if (served >= setting.times) return undefined;
    this.#faultsServed.set(endpoint, served + 1);
    return setting.fault;
  }

  #authorized(request: Request): boolean {
    if (this.#options.openAccess) return true;
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const key = request.headers.get('chatfly-api-key');
    return bearer === FAKE_ACCESS_TOKEN || bearer === FAKE_API_KEY || key === FAKE_API_KEY;
  }

  async #login(request: Request): Promise<Response> {
    const fault = this.#fault('login');
    if (fault === 'malformed') return HttpResponse.json({ message_code: 0, message: 'Login success', data: {} });
    if (fault) return errorResponse(fault);
    const form = new URLSearchParams(await request.text());
    if (form.get('username') !== FAKE_LOGIN.username || form.get('password') !== FAKE_LOGIN.password) {
      return HttpResponse.json({ message: 'Incorrect username or password.', message_code: 1002 }, { status: 401 });
    }
    return HttpResponse.json({
      message_code: 0,
      message: 'Login success',
      data: { access_token: FAKE_ACCESS_TOKEN, token_type: 'bearer' },
    });
  }

  #botInformation(request: Request): Response {
    const fault = this.#fault('bot-information');
    if (fault === 'malformed') return new HttpResponse('{"id": 42, "bot_name": ', { headers: { 'content-type': 'application/json' } });
    if (fault) return errorResponse(fault);
    const botId = new URL(request.url).searchParams.get('bot_id');
    if (botId !== this.bot.id) return errorResponse('not-found');
    return HttpResponse.json(this.bot);
  }

  async #saveBot(request: Request, mode: 'create' | 'update'): Promise<Response> {
    const fault = this.#fault(mode === 'create' ? 'bot-create' : 'bot-update');
    if (fault === 'malformed') return HttpResponse.json({ saved: true });
    if (fault) return errorResponse(fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    const body: unknown = await request.json().catch(() => undefined);
    const checked = mode === 'update' ? validateBotBody(body, 'update') : validateBotBody(body, 'create');
    if (checked.ok && mode === 'update' && checked.value['id'] !== this.bot.id) return errorResponse('not-found');
    if (!checked.ok) {
      const detail = checked.issues.map((issue) => ({
        loc: ['body', ...issue.path.split('.').filter(Boolean)],
        msg: issue.message,
        type: issue.code,
      }));
      return HttpResponse.json({ message: detail[0]?.msg ?? 'Invalid body.', message_code: 1001, detail }, { status: 422 });
    }
    const now = new Date();
    const saved = BotSchema.parse({
      ...this.bot,
      ...checked.value,
      id: mode === 'update' ? this.bot.id : crypto.randomUUID(),
      num_message_left: this.bot.num_message_left,
      created_at: mode === 'update' ? this.bot.created_at : now.toISOString().replace(/\.\d+Z$/, 'Z'),
      updated_at: now.toISOString().replace('Z', '000'),
    });
    this.bot = saved;
    this.savedBots.push(checked.value as Record<string, unknown>);
    return HttpResponse.json(saved);
  }

  async #chat(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    const query = Object.fromEntries(url.searchParams);
    this.chatRequests.push({ body, query });
    const fault = this.#fault('chat');
    const options = this.#options.stream ?? {};
    if (fault && fault !== 'disconnect' && fault !== 'malformed') return errorResponse(fault);
    if (!this.bot.is_activate) return errorResponse('deactivated');
    if (this.bot.num_message_left !== null && this.bot.num_message_left <= 0) return errorResponse('no-messages');
    if (body['bot_id'] !== this.bot.id) return errorResponse('not-found');
    const message = typeof body['message'] === 'string' ? body['message'] : '';
    const chosen = this.#options.answer ?? defaultFakeAnswer;
    const parts = typeof chosen === 'function' ? chosen(message, { body, query }) : chosen;
    const text = formatAnswer({ answer: parts.answer, suggestions: parts.suggestions, style: options.style });
    if (this.bot.num_message_left !== null) this.bot = { ...this.bot, num_message_left: this.bot.num_message_left - 1 };
    this.#record(body, message, parts.answer);
    if (fault === 'malformed') {
      // Bytes that are not UTF-8 in the middle of the answer.
      const bytes = encoder.encode(text.slice(0, 40));
      return new HttpResponse(new Blob([bytes, new Uint8Array([0xff, 0xfe, 0xc3]), encoder.encode(text.slice(40))]), {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const words = splitIntoWords(text);
    const perChunk = Math.max(1, options.wordsPerChunk ?? 2);
    const chunks: string[] = [];
    for (let i = 0; i < words.length; i += perChunk) chunks.push(words.slice(i, i + perChunk).join(''));
    const cutAt = fault === 'disconnect' ? Math.ceil(chunks.length / 2) : undefined;
    if (options.sse) {
      const framed = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
      framed.push('event: done\ndata: \n\n');
      return new HttpResponse(
        this.#paced(framed, {
          firstDelayMs: options.firstChunkDelayMs ?? 150,
          delayMs: options.chunkDelayMs ?? 35,
          cutAfterChunks: cutAt,
        }),
        { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' } },
      );
    }
    return new HttpResponse(
      this.#paced(chunks, {
        firstDelayMs: options.firstChunkDelayMs ?? 150,
        delayMs: options.chunkDelayMs ?? 35,
        holdAfterChars: options.holdAfterChars,
        cutAfterChunks: cutAt,
      }),
      { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } },
    );
  }

  // Keeps the exchange in the history, the way the service stores a session.
  #record(body: Record<string, unknown>, message: string, answer: string): void {
    const sessionId = typeof body['session_id'] === 'string' ? body['session_id'] : 'storybook-session';
    const exchange: ChatMessage[] = [
      { sender_type: 'user', content: message },
      { sender_type: 'assistant', content: answer },
    ];
    const existing = this.history.find((record) => record.session_id === sessionId);
    if (existing) {
      existing.chat_history_response = [...existing.chat_history_response, ...exchange];
      return;
    }
    this.history.unshift({
      bot_name: this.bot.bot_name,
      bot_id: this.bot.id,
      user_id: this.bot.user_id,
      session_id: sessionId,
      created_at: new Date().toISOString(),
      chat_history_response: exchange,
    });
  }

  #paced(
    chunks: readonly string[],
    pace: { firstDelayMs: number; delayMs: number; holdAfterChars?: number; cutAfterChunks?: number },
  ): ReadableStream<Uint8Array> {
    let cancelled = false;
    return new ReadableStream<Uint8Array>({
      async start(controller) {
        await sleep(pace.firstDelayMs);
        let sent = 0;
        for (const [index, chunk] of chunks.entries()) {
          if (cancelled) return;
          if (pace.cutAfterChunks !== undefined && index >= pace.cutAfterChunks) {
            controller.error(new TypeError('The connection was reset.'));
            return;
          }
          if (pace.holdAfterChars !== undefined && sent >= pace.holdAfterChars) return;
          controller.enqueue(encoder.encode(chunk));
          sent += chunk.length;
          if (index < chunks.length - 1) await sleep(pace.delayMs);
        }
        if (!cancelled) controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
  }

  async #scrape(request: Request): Promise<Response> {
    const fault = this.#fault('scrape');
    if (fault && fault !== 'disconnect' && fault !== 'malformed') return errorResponse(fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    const body = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    const scrapeUrl = typeof body['scrape_url'] === 'string' ? body['scrape_url'] : '';
    if (body['bot_id'] !== this.bot.id) return errorResponse('not-found');
    let base: URL;
    try {
      base = new URL(scrapeUrl);
      if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError('not http');
    } catch {
      const detail = [{ loc: ['body', 'scrape_url'], msg: 'Not a valid URL.', type: 'value_error.url' }];
      return HttpResponse.json({ message: 'scrape_url: Not a valid URL.', message_code: 1001, detail }, { status: 422 });
    }
    if (base.hostname.endsWith('.invalid')) {
      return HttpResponse.json({ message: `Could not reach ${base.hostname}.`, message_code: 1007 }, { status: 422 });
    }
    const options = this.#options.scrape ?? {};
    const pages =
      body['scrape_type'] === 2
        ? [base.href]
        : (options.pages ?? [base.href, new URL('about', base).href, new URL('pricing', base).href, new URL('faq', base).href]);
    const wordsPerPage = options.wordsPerPage ?? 420;
    const objects = pages.map((page, index) =>
      JSON.stringify({ url: page, progress: (index + 1) / pages.length, num_token: wordsPerPage * (index + 1) }),
    );
    if (fault === 'malformed') objects.splice(1, 0, '{"url": "https://broken');
    const separator = options.concatenated ? '' : '\n';
    const chunks = objects.map((object) => object + separator);
    const holdAfter = options.holdAfter;
    const cutAfter = fault === 'disconnect' ? Math.ceil(chunks.length / 2) : undefined;
    const finished = holdAfter === undefined && cutAfter === undefined;
    if (finished) {
      this.sources.push({
        knowledge_base_id: `kb-${this.sources.length + 1}-${Date.now()}`,
        url: base.href,
        num_token: wordsPerPage * pages.length,
      });
    }
    const held = holdAfter === undefined ? undefined : chunks.slice(0, holdAfter).join('').length;
    return new HttpResponse(
      this.#paced(chunks, { firstDelayMs: 100, delayMs: options.delayMs ?? 300, holdAfterChars: held, cutAfterChunks: cutAfter }),
      { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } },
    );
  }

  #listSources(request: Request, botId: string): Response {
    const fault = this.#fault('sources');
    if (fault === 'malformed') return HttpResponse.json({ items: this.sources });
    if (fault) return errorResponse(fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    if (botId !== this.bot.id) return errorResponse('not-found');
    return HttpResponse.json(this.sources);
  }

  #deleteSource(request: Request): Response {
    const fault = this.#fault('source-delete');
    if (fault) return errorResponse(fault === 'malformed' ? 'server-error' : fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    const query = new URL(request.url).searchParams;
    if (query.get('bot_id') !== this.bot.id) return errorResponse('not-found');
    let url: string;
    try {
      url = new TextDecoder().decode(Uint8Array.from(atob(query.get('base64_url') ?? ''), (char) => char.charCodeAt(0)));
    } catch {
      return HttpResponse.json({ message: 'base64_url is not base64.', message_code: 1001 }, { status: 422 });
    }
    const before = this.sources.length;
    this.sources = this.sources.filter((source) => source.url !== url);
    if (this.sources.length === before) return HttpResponse.json({ message: 'No such data source.', message_code: 1006 }, { status: 404 });
    return HttpResponse.json({ message_code: 0, message: 'Deleted' });
  }

  async #submitLead(request: Request): Promise<Response> {
    if (this.#options.leadEndpoints === false) return errorResponse('not-found');
    const fault = this.#fault('lead-submit');
    if (fault) return errorResponse(fault === 'malformed' || fault === 'disconnect' ? 'server-error' : fault);
    const body = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    if (body['bot_id'] !== this.bot.id) return errorResponse('not-found');
    const fields = body['fields'];
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      const detail = [{ loc: ['body', 'fields'], msg: 'Expected an object of text fields.', type: 'type_error' }];
      return HttpResponse.json({ message: 'fields: Expected an object of text fields.', message_code: 1001, detail }, { status: 422 });
    }
    const lead: FakeLead = {
      lead_id: crypto.randomUUID(),
      bot_id: this.bot.id,
      session_id: typeof body['session_id'] === 'string' ? body['session_id'] : '',
      created_at: new Date().toISOString(),
      fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    };
    this.leads.push(lead);
    return HttpResponse.json(lead);
  }

  #listLeads(request: Request, botId: string): Response {
    if (this.#options.leadEndpoints === false) return errorResponse('not-found');
    const fault = this.#fault('leads');
    if (fault === 'malformed') return HttpResponse.json({ leads: 3 });
    if (fault) return errorResponse(fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    if (botId !== this.bot.id) return errorResponse('not-found');
    return HttpResponse.json(this.leads);
  }

  // GET /api/bot/bot-widget-setting: anyone who may chat reads them, bare, `display_name` the bot's name when empty.
  #widgetSettingsOf(request: Request): Response {
    const fault = this.#fault('widget-settings');
    if (fault === 'malformed') return HttpResponse.json(['no settings']);
    if (fault) return errorResponse(fault);
    if (new URL(request.url).searchParams.get('bot_id') !== this.bot.id) return errorResponse('not-found');
    return HttpResponse.json({ bot_id: this.bot.id, ...this.widgetSettings, display_name: this.widgetSettings.display_name || this.bot.bot_name });
  }

  // PUT /api/bot/bot-widget-setting: the owner changes the fields sent (null resets one); text is trimmed and
  // blank starter questions dropped, as the reference service does.
  async #saveWidgetSettings(request: Request): Promise<Response> {
    const fault = this.#fault('widget-settings');
    if (fault) return errorResponse(fault === 'malformed' || fault === 'disconnect' ? 'server-error' : fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    const { bot_id: botId, ...fields } = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    if (botId !== this.bot.id) return errorResponse('not-found');
    const merged: Record<string, unknown> = { ...this.widgetSettings };
    for (const [field, value] of Object.entries(fields)) {
      if (!(field in DEFAULT_WIDGET_SETTINGS)) continue;
      merged[field] = value === null ? DEFAULT_WIDGET_SETTINGS[field as keyof typeof DEFAULT_WIDGET_SETTINGS] : typeof value === 'string' ? value.trim() : value;
    }
    const questions = Array.isArray(merged['suggest_messages']) ? merged['suggest_messages'] : [];
    merged['suggest_messages'] = questions.map((question) => String(question).trim()).filter(Boolean);
    this.widgetSettings = merged as Omit<WidgetSettings, 'bot_id'>;
    return this.#widgetSettingsOf(new Request(`${this.baseUrl}/api/bot/bot-widget-setting?bot_id=${this.bot.id}`));
  }

  #history(request: Request, query: Record<string, string | undefined>, wrapped: boolean): Response {
    const fault = this.#fault('history');
    if (fault === 'malformed') return HttpResponse.json({ records: 'none' });
    if (fault) return errorResponse(fault);
    if (!this.#authorized(request)) return errorResponse('unauthorized');
    if (query['bot_id'] !== this.bot.id) return errorResponse('not-found');
    const from = Date.parse(`${query['date_from'] ?? '2023-01-01T00:00:00'}Z`);
    const to = Date.parse(`${query['date_to'] ?? '2030-12-31T00:00:00'}Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) {
      const detail = [{ loc: ['query', 'date_from'], msg: 'Not a date-time.', type: 'value_error.datetime' }];
      return HttpResponse.json({ message: 'date_from: Not a date-time.', message_code: 1001, detail }, { status: 422 });
    }
    const ascending = query['order'] === 'created_at.asc';
    const records = this.history
      .filter((record) => {
        const at = Date.parse(record.created_at);
        return at >= from && at <= to;
      })
      .sort((a, b) => (Date.parse(a.created_at) - Date.parse(b.created_at)) * (ascending ? 1 : -1));
    return HttpResponse.json(wrapped ? [records] : records);
  }
}
