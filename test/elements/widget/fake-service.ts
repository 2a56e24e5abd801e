// A fake of the service for element tests, injected through the widget's `fetch` property: bot information,
// streamed answers (scripted or pushed by hand), lead submissions, and a record of every request.
import { ANSWER_DONE_EVENT, formatAnswer, formatAnswerChunkEvent, formatAnswerStartEvent } from '../../../src/stream/index.js';
import type { Bot } from '../../../src/api/index.js';

/** A request the fake received. */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A complete bot as the service answers it. */
export function botRecord(overrides: Partial<Bot> = {}): Bot {
  return {
    id: 'bot-1',
    user_id: 'owner-1',
    bot_name: 'Helper',
    case_study: '1',
    is_visibility: true,
    domain: [],
    collect_customer_info: {},
    rules: [],
    gpt_model_name: 'gpt-3.5-turbo-16k',
    temperature: 0,
    custom_prompt: '',
    bot_tone_type: 0,
    custom_error_message: '',
    is_enable_citation: false,
    is_activate: true,
    bot_language: 'en',
    num_message_left: 100,
    created_at: '2024-01-19T17:53:51Z',
    updated_at: '2024-01-19T17:53:51.643870',
    ...overrides,
  };
}

const encoder = new TextEncoder();

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A JSON response whose headers come at once and whose body only once `held` settles (a slow service). */
export function heldJsonResponse(body: unknown, held: Promise<unknown>): Response {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      await held;
      controller.enqueue(encoder.encode(JSON.stringify(body)));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'application/json' } });
}

/** An answer body pushed by the test, chunk by chunk. */
export class ManualStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private closed = false;
  /** The stream the response carries. */
  readonly body = new ReadableStream<Uint8Array>({ start: (controller) => (this.controller = controller) });

  /** Sends a chunk of text. */
  push(text: string): void {
    if (!this.closed) this.controller.enqueue(encoder.encode(text));
  }

  /** Ends the body normally. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.close();
  }

  /** Breaks the connection mid-stream. */
  fail(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.error(new TypeError('network error'));
  }
}

/** One reader of a kept answer: a response body the test can drop. */
interface KeptReader {
  write(text: string, offset: number): void;
  end(): void;
  drop(): void;
}

let keptAnswers = 0;

/**
 * An answer the fake keeps, as a service with resumable answers does: pushed by the test, it goes on when its
 * readers leave or are dropped, and any number of connections read it (raw text for the question, events
 * for a lookup by its key or a resume from a position).
 */
export class KeptAnswer {
  /** The answer's id. */
  readonly id = `kept${(keptAnswers += 1)}AAAAAAAAAAAAAA`;
  /** The body written so far (markers included). */
  body = '';
  /** Whether it is complete. */
  ended = false;
  private readonly readers = new Set<KeptReader>();

  /** Adds text to the answer (every reader gets it). */
  push(text: string): void {
    this.body += text;
    for (const reader of this.readers) reader.write(text, this.body.length);
  }

  /** Completes the answer. */
  end(): void {
    this.ended = true;
    for (const reader of this.readers) reader.end();
    this.readers.clear();
  }

  /** Breaks every connection reading it; the answer itself goes on. */
  drop(): void {
    for (const reader of this.readers) reader.drop();
    this.readers.clear();
  }

  /** How many connections read it now. */
  get readerCount(): number {
    return this.readers.size;
  }

  /** A response reading the answer from `offset`, raw text or (`events`) the resumable event stream. */
  response(signal: AbortSignal | null | undefined, events: boolean, offset = 0): Response {
    let reader: KeptReader;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        reader = {
          write: (text, at) => send(events ? formatAnswerChunkEvent(text, { answerId: this.id, offset: at }) : text),
          end: () => {
            if (events) send(ANSWER_DONE_EVENT);
            controller.close();
          },
          drop: () => controller.error(new TypeError('network error')),
        };
        if (events) send(formatAnswerStartEvent({ answerId: this.id, offset }));
        if (this.body.length > offset) reader.write(this.body.slice(offset), this.body.length);
        if (this.ended) return reader.end();
        this.readers.add(reader);
        signal?.addEventListener('abort', () => {
          if (this.readers.delete(reader)) reader.drop();
        });
      },
      cancel: () => void this.readers.delete(reader),
    });
    return new Response(body, { status: 200, headers: { 'content-type': events ? 'text/event-stream' : 'text/plain; charset=utf-8' } });
  }
}

/** How the fake answers one streaming request. */
export type AnswerScript =
  | { kind: 'text'; body: string; chunkSize?: number; delayMs?: number }
  | { kind: 'manual'; stream: ManualStream }
  | { kind: 'kept'; answer: KeptAnswer }
  | { kind: 'response'; response: () => Response }
  | { kind: 'network' };

/** Options of the fake service. */
export interface FakeServiceOptions {
  /** The bot it serves (or a function answering the information request). */
  bot?: Partial<Bot> | (() => Response);
  /** Whether POST /api/lead exists (default true). */
  leadEndpoint?: boolean;
  /** The body of GET /api/bot/bot-widget-setting (or a function answering it); a route-level 404 when absent. */
  widgetSetting?: unknown;
  /**
   * Whether answers are kept by their idempotency key (`message_id`) and can be looked up and resumed
   * (GET /api/chat/answers/events, GET /api/chat/answers/{id}/events); without it those routes are 404, as
   * on the deployed service. A question asked again with a kept key reads the kept answer.
   */
  resumable?: boolean;
}

/** The fake service. */
export interface FakeService {
  /** The fetch to put on the element. */
  fetch: typeof fetch;
  /** Every request, in order. */
  requests: RecordedRequest[];
  /** The bodies of the streaming requests, in order. */
  readonly streamBodies: Record<string, unknown>[];
  /** Queues how the next streaming request is answered (else a default answer). */
  queue(script: AnswerScript): void;
  /** Queues an answer formatted like the service's (markers, suggestions), sent in chunks. */
  queueAnswer(answer: string, suggestions?: string[], options?: { chunkSize?: number; delayMs?: number }): void;
  /** Queues a hand-pushed answer and returns its stream. */
  queueManual(): ManualStream;
  /** Queues a hand-pushed answer the fake keeps (see FakeServiceOptions.resumable) and returns it. */
  queueKept(): KeptAnswer;
  /** The streaming requests that asked a question (each one a credit), in order. */
  readonly questionsAsked: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunkedResponse(body: string, chunkSize: number, delayMs: number, signal?: AbortSignal | null): Response {
  const bytes = encoder.encode(body);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (delayMs) await sleep(delayMs);
      if (signal?.aborted) return controller.error(new DOMException('Aborted', 'AbortError'));
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** Creates a fake service. */
export function createFakeService(options: FakeServiceOptions = {}): FakeService {
  const requests: RecordedRequest[] = [];
  const scripts: AnswerScript[] = [];
  const keptByKey = new Map<string, KeptAnswer>();
  let questionsAsked = 0;
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Form bodies stay text.
    }
    requests.push({ url, method, headers: new Headers(init.headers), body });
    await sleep(0);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    if (url.pathname.endsWith('/api/bot/information')) {
      if (typeof options.bot === 'function') return options.bot();
      return jsonResponse(botRecord({ id: url.searchParams.get('bot_id') ?? 'bot-1', ...options.bot }));
    }
    if (url.pathname.endsWith('/api/bot/bot-widget-setting') && options.widgetSetting !== undefined) {
      return typeof options.widgetSetting === 'function' ? (options.widgetSetting as () => Response)() : jsonResponse(options.widgetSetting);
    }
    if (url.pathname.endsWith('/api/lead')) {
      if (options.leadEndpoint === false) return jsonResponse({ detail: 'Not Found' }, 404);
      return jsonResponse({ ok: true });
    }
    const key = (body as { message_id?: unknown } | undefined)?.message_id;
    const sessionKey = (sessionId: unknown, messageId: unknown) => `${String(sessionId)} ${String(messageId)}`;
    if (options.resumable && url.pathname.endsWith('/api/chat/answers/events')) {
      const kept = keptByKey.get(sessionKey(url.searchParams.get('session_id'), url.searchParams.get('message_id')));
      return kept ? kept.response(init.signal, true) : jsonResponse({ message: 'Answer not found.', message_code: 1006 }, 404);
    }
    const byId = options.resumable && /\/api\/chat\/answers\/([^/]+)\/events$/.exec(url.pathname);
    if (byId) {
      const kept = [...keptByKey.values()].find((answer) => answer.id === byId[1]);
      const offset = Number(new Headers(init.headers).get('last-event-id')?.split(':')[1] ?? 0);
      return kept ? kept.response(init.signal, true, offset) : jsonResponse({ message: 'Answer not found.', message_code: 1006 }, 404);
    }
    if (url.pathname.endsWith('/api/chat/get-streaming-response-with-custom-settings')) {
      const session = (body as { session_id?: unknown } | undefined)?.session_id;
      const again = options.resumable && key !== undefined ? keptByKey.get(sessionKey(session, key)) : undefined;
      if (again) return again.response(init.signal, false);
      questionsAsked += 1;
      const script = scripts.shift() ?? { kind: 'text', body: formatAnswer({ answer: 'Hello there!', suggestions: ['What else?'] }) };
      if (script.kind === 'kept') {
        if (options.resumable && key !== undefined) keptByKey.set(sessionKey(session, key), script.answer);
        return script.answer.response(init.signal, false);
      }
      if (script.kind === 'response') return script.response();
      if (script.kind === 'network') throw new TypeError('Failed to fetch');
      if (script.kind === 'manual') {
        init.signal?.addEventListener('abort', () => script.stream.fail());
        return new Response(script.stream.body, { status: 200, headers: { 'content-type': 'text/plain' } });
      }
      return chunkedResponse(script.body, script.chunkSize ?? 16, script.delayMs ?? 0, init.signal);
    }
    return jsonResponse({ detail: 'Not Found' }, 404);
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    get streamBodies() {
      return requests
        .filter((request) => request.url.pathname.endsWith('get-streaming-response-with-custom-settings'))
        .map((request) => request.body as Record<string, unknown>);
    },
    queue: (script) => scripts.push(script),
    queueAnswer: (answer, suggestions = [], { chunkSize, delayMs } = {}) =>
      scripts.push({ kind: 'text', body: formatAnswer({ answer, suggestions }), chunkSize, delayMs }),
    queueManual: () => {
      const stream = new ManualStream();
      scripts.push({ kind: 'manual', stream });
      return stream;
    },
    queueKept: () => {
      const answer = new KeptAnswer();
      scripts.push({ kind: 'kept', answer });
      return answer;
    },
    get questionsAsked() {
      return questionsAsked;
    },
  };
}
