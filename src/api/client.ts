// The typed client: one method per endpoint, injected fetch, every body parsed by its schema, typed errors.
import * as z from 'zod/mini';
import { AnswerParser, createAnswerDecoder, type AnswerEvent } from '../stream/answer-parser.js';
import { SseErrorEvent, StreamFormatError } from '../stream/errors.js';
import { parseJsonObjectStream } from '../stream/progress-parser.js';
import { isEventStreamContentType, readSseAnswerChunks } from '../stream/sse.js';
import { AbortError, ApiError, ChatbotClientError, NetworkError, ResponseShapeError, isRecord } from './errors.js';
import {
  AccessTokenSchema,
  BotSchema,
  DataSourceSchema,
  HistoryRecordSchema,
  ScrapeProgressSchema,
  formatServiceDateTime,
  type AccessToken,
  type Bot,
  type BotCreateBody,
  type BotUpdateBody,
  type DataSource,
  type HistoryOrder,
  type HistoryRecord,
  type LoginForm,
  type ScrapeProgress,
  type StreamingRequest,
} from './schemas.js';

/** How the client reaches and authenticates with the service. */
export interface ClientOptions {
  /** Base address of the service (`https://api.example.com`); paths are appended to it. */
  baseUrl: string;
  /** A fixed access token sent as `Authorization: Bearer`. */
  token?: string;
  /** Reads the current access token before every call (wins over `token` when it returns one). */
  getToken?: () => string | undefined | Promise<string | undefined>;
  /** An API key, sent as a bearer credential or in the `CHATFLY-API-KEY` header. */
  apiKey?: string;
  /** Where the API key goes: `authorization` (default, as a bearer credential) or `chatfly-api-key`. */
  apiKeyHeader?: 'authorization' | 'chatfly-api-key';
  /** The fetch to use (defaults to the global one at call time). */
  fetch?: typeof fetch;
  /** Called with the error when an authenticated call answers 401 (the app then logs out). */
  onUnauthorized?: (error: ApiError) => void;
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call; the call then rejects (or the stream throws) with AbortError. */
  signal?: AbortSignal;
}

/** Parameters of a history query; dates are Dates or zone-less UTC strings (`2023-01-01T00:00:00`). */
export interface HistoryParams {
  /** The bot whose conversations to read. */
  bot_id: string;
  /** Start of the period (default 2023-01-01T00:00:00). */
  date_from?: Date | string;
  /** End of the period (default 2030-12-31T00:00:00). */
  date_to?: Date | string;
  /** Sort order (default `created_at.desc`). */
  order?: HistoryOrder;
}

/** The body of a data-source upload. */
export interface UploadDataSourceParams {
  /** The bot that receives the data source. */
  bot_id: string;
  /** The website URL to import. */
  scrape_url: string;
  /** 1 the URL and its child pages (depth 2), 2 that page only. */
  scrape_type: number;
  /** The owner, when the service wants it in the body. */
  user_id?: string;
}

/** A message to answer, with the question-type and suggestion switches of the service. */
export type StreamAnswerParams = StreamingRequest & {
  /** The type of the question message, sent in the query and in the body. */
  type_qa?: string;
  /** Asks for (or against) suggested follow-up questions, sent as a query parameter. */
  is_get_suggest_question?: boolean;
};

/** The typed client of the service, one method per endpoint. */
export interface ChatbotClient {
  /** POST /token with the OAuth2 password form; resolves to the access token. */
  login(form: LoginForm, options?: RequestOptions): Promise<AccessToken>;
  /** POST /api/bot; resolves to the created bot. */
  createBot(body: BotCreateBody, options?: RequestOptions): Promise<Bot>;
  /** PUT /api/bot; resolves to the updated bot. */
  updateBot(body: BotUpdateBody, options?: RequestOptions): Promise<Bot>;
  /** GET /api/bot/information?bot_id=; resolves to the bot. */
  getBotInformation(botId: string, options?: RequestOptions): Promise<Bot>;
  /**
   * POST /api/scraping/url; yields the progress events the service streams while it reads the site (the
   * request is sent on the first iteration; stopping early cancels the body).
   */
  uploadDataSource(params: UploadDataSourceParams, options?: RequestOptions): AsyncGenerator<ScrapeProgress, void>;
  /** GET /api/scraping/url/{bot_id}; resolves to the bot's knowledge-base entries. */
  listDataSources(botId: string, options?: RequestOptions): Promise<DataSource[]>;
  /** DELETE /api/scraping/url?bot_id=&base64_url=; removes one knowledge-base URL. */
  deleteDataSource(botId: string, url: string, options?: RequestOptions): Promise<void>;
  /** Reads the stored conversations of a bot in a period (query form, else path form, else POST form). */
  getHistory(params: HistoryParams, options?: RequestOptions): Promise<HistoryRecord[]>;
  /**
   * POST /api/chat/get-streaming-response-with-custom-settings; yields answer text deltas, the suggested
   * questions, then exactly one done (an empty body yields only done). The framing follows the response:
   * `text/event-stream` is read as SSE, anything else as raw UTF-8 text. The request is sent on the first
   * iteration; stopping early cancels the body.
   */
  streamAnswer(params: StreamAnswerParams, options?: RequestOptions): AsyncGenerator<AnswerEvent, void>;
}

const DEFAULT_DATE_FROM = '2023-01-01T00:00:00';
const DEFAULT_DATE_TO = '2030-12-31T00:00:00';
const STREAM_PATH = '/api/chat/get-streaming-response-with-custom-settings';

type Query = Record<string, string | number | boolean | undefined>;

interface Call {
  method: string;
  path: string;
  query?: Query;
  json?: unknown;
  form?: URLSearchParams;
  /** False for login: no credentials, and a 401 is a wrong password rather than a lost session. */
  auth?: boolean;
}

function transportError(error: unknown, signal: AbortSignal | undefined): ChatbotClientError {
  if (error instanceof ChatbotClientError) return error;
  if (signal?.aborted) return new AbortError(signal.reason);
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return new AbortError(error);
  return new NetworkError(error);
}

// Reads a body chunk by chunk; maps a dropped connection to NetworkError and an abort to AbortError even
// when the fetch in use does not tie the body to the signal; releases the connection on early exit.
async function* readBody(response: Response, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array, void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  let finished = false;
  try {
    if (signal?.aborted) throw new AbortError(signal.reason);
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        finished = true;
        throw transportError(error, signal);
      }
      if (signal?.aborted) throw new AbortError(signal.reason);
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) void reader.cancel().catch(() => undefined);
  }
}

async function textOf(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const bytes of chunks) text += decoder.decode(bytes, { stream: true });
  return text + decoder.decode();
}

function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  return textOf(readBody(response, signal));
}

// Reads chunks until the first non-whitespace character ('' for an empty body), keeping what it read.
async function peek(chunks: AsyncIterator<Uint8Array>): Promise<{ first: string; held: Uint8Array[] }> {
  const decoder = new TextDecoder();
  const held: Uint8Array[] = [];
  for (;;) {
    const result = await chunks.next();
    if (result.done) return { first: decoder.decode().trim().charAt(0), held };
    held.push(result.value);
    const first = decoder.decode(result.value, { stream: true }).trim().charAt(0);
    if (first) return { first, held };
  }
}

async function* replay(held: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array, void> {
  try {
    yield* held;
    for (let result = await rest.next(); !result.done; result = await rest.next()) yield result.value;
  } finally {
    await rest.return?.();
  }
}

function parseJsonOrText(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function invalidJson(context: string, text: string): ResponseShapeError {
  const preview = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return new ResponseShapeError(
    `Unexpected response from ${context}: not JSON: ${JSON.stringify(preview)}`,
    [{ code: 'custom', path: [], message: 'Invalid JSON', input: text }],
    text,
  );
}

// The service wraps some bodies in {message_code, message, data} and not others: this is the one place that
// tells them apart. A non-zero message_code is the service reporting a failure, whatever the HTTP status.
function unwrap(body: unknown, response: Response): unknown {
  if (!isRecord(body)) return body;
  const keys = Object.keys(body);
  const isEnvelope = 'message_code' in body || ('data' in body && keys.every((key) => key === 'data' || key === 'message'));
  if (!isEnvelope) return body;
  const code = body['message_code'];
  if (code !== undefined && code !== null && Number(code) !== 0) {
    throw new ApiError(response.status, body);
  }
  return body['data'];
}

function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown, body: unknown, context: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw ResponseShapeError.fromIssues(context, parsed.error.issues, body, value);
  return parsed.data;
}

// A 404 that is not the service's own answer (which carries message or message_code) means the route is
// missing, as does 405: the history call then tries its next form.
function isRouteMissing(error: ApiError): boolean {
  if (error.status === 405) return true;
  return error.status === 404 && error.messageCode === undefined && !(isRecord(error.body) && 'message' in error.body);
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function serviceDateTime(value: Date | string): string {
  return typeof value === 'string' ? value : formatServiceDateTime(value);
}

function stripBearer(credential: string | undefined): string | undefined {
  return credential?.replace(/^bearer\s+/i, '') || undefined;
}

// The answer of a 200 body that turned out to be one JSON object rather than answer text: a string (bare or
// in an envelope's data) or an object with a string `answer` is answer text; {detail} or {message} is an error.
function answerTextOfJson(body: unknown, response: Response): string {
  const data = unwrap(body, response);
  if (typeof data === 'string') return data;
  if (isRecord(data) && typeof data['answer'] === 'string') return data['answer'];
  if (isRecord(body) && ('detail' in body || 'message' in body)) {
    throw new ApiError(response.status, body);
  }
  throw new ResponseShapeError(
    `Unexpected response from POST ${STREAM_PATH}: a JSON object without answer text`,
    [{ code: 'custom', path: ['answer'], message: 'Expected answer text', input: body }],
    body,
  );
}

// Raw UTF-8 answer text, whatever the content type says. A body that starts with '{' is held until its end:
// if it is one JSON object it is read as such, otherwise it is answer text after all and nothing is lost.
async function* rawAnswerEvents(response: Response, chunks: AsyncGenerator<Uint8Array, void>): AsyncGenerator<AnswerEvent> {
  const { first, held } = await peek(chunks);
  let body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = replay(held, chunks);
  if (first === '{') {
    const all: Uint8Array[] = [];
    for await (const chunk of body) all.push(chunk);
    const json = parseJsonOrText(await textOf(all));
    if (isRecord(json)) {
      const parser = new AnswerParser();
      yield* parser.push(answerTextOfJson(json, response));
      yield* parser.end();
      return;
    }
    body = all;
  }
  const decoder = createAnswerDecoder();
  for await (const chunk of body) yield* decoder.push(chunk);
  yield* decoder.end();
}

// The body as a stream again, so that the SSE reader sees the client's NetworkError and AbortError.
function toStream(chunks: AsyncGenerator<Uint8Array, void>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const result = await chunks.next();
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    async cancel() {
      await chunks.return();
    },
  });
}

// An event-stream answer: each message's text goes through the same answer parser as a raw body.
async function* sseAnswerEvents(response: Response, chunks: AsyncGenerator<Uint8Array, void>): AsyncGenerator<AnswerEvent> {
  const parser = new AnswerParser();
  try {
    for await (const text of readSseAnswerChunks(toStream(chunks))) yield* parser.push(text);
  } catch (error) {
    if (error instanceof SseErrorEvent) throw new ApiError(response.status, parseJsonOrText(error.data) ?? error.message);
    throw error;
  }
  yield* parser.end();
}

const DataSourceListSchema = z.array(DataSourceSchema);
const HistoryListSchema = z.array(HistoryRecordSchema);

/** Creates the typed client of the service. */
export function createClient(options: ClientOptions): ChatbotClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Index into the history forms of the form that last answered (0 query, 1 path, 2 POST).
  let historyForm = 0;

  async function authHeaders(): Promise<Record<string, string>> {
    let token: string | undefined;
    try {
      token = stripBearer((await options.getToken?.()) ?? options.token);
    } catch (cause) {
      throw new ChatbotClientError('Could not read the access token', { cause });
    }
    const { apiKey, apiKeyHeader = 'authorization' } = options;
    const headers: Record<string, string> = {};
    if (apiKey && apiKeyHeader === 'chatfly-api-key') headers['chatfly-api-key'] = apiKey;
    const bearer = token ?? (apiKeyHeader === 'authorization' ? stripBearer(apiKey) : undefined);
    if (bearer) headers['authorization'] = `Bearer ${bearer}`;
    return headers;
  }

  function urlOf(path: string, query: Query = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function send(call: Call, signal: AbortSignal | undefined): Promise<Response> {
    if (signal?.aborted) throw new AbortError(signal.reason);
    const headers = call.auth === false ? {} : await authHeaders();
    let body: string | undefined;
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = call.form.toString();
    } else if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(urlOf(call.path, call.query), { method: call.method, headers, body, signal });
    } catch (error) {
      throw transportError(error, signal);
    }
    if (response.ok) return response;
    let errorBody: unknown;
    try {
      errorBody = parseJsonOrText(await readText(response, signal));
    } catch (error) {
      if (error instanceof AbortError) throw error;
    }
    const error = new ApiError(response.status, errorBody, response.statusText);
    if (error.isUnauthorized && call.auth !== false) {
      try {
        options.onUnauthorized?.(error);
      } catch {
        // A failing handler must not replace the ApiError the caller is waiting for.
      }
    }
    throw error;
  }

  async function readJson(response: Response, signal: AbortSignal | undefined, context: string): Promise<unknown> {
    const text = await readText(response, signal);
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw invalidJson(context, text);
    }
  }

  async function callJson<T extends z.ZodMiniType>(
    call: Call,
    schema: T,
    signal: AbortSignal | undefined,
    shape: (value: unknown) => unknown = (value) => value,
  ): Promise<z.output<T>> {
    const context = `${call.method} ${call.path}`;
    const response = await send(call, signal);
    const body = await readJson(response, signal, context);
    return parseWith(schema, shape(unwrap(body, response)), body, context);
  }

  const historyForms: ((query: Required<Record<keyof HistoryParams, string>>) => Call)[] = [
    (query) => ({ method: 'GET', path: '/api/chat/history', query }),
    (query) => ({
      method: 'GET',
      path: `/api/chat/history/${[query.bot_id, query.date_from, query.date_to, query.order].map(encodeURIComponent).join('/')}`,
    }),
    (query) => ({ method: 'POST', path: '/api/chat/history', json: query }),
  ];

  return {
    login(form, { signal } = {}) {
      const fields = new URLSearchParams({
        grant_type: form.grant_type ?? 'password',
        username: form.username,
        password: form.password,
        scope: form.scope ?? '',
        client_id: form.client_id ?? '',
        client_secret: form.client_secret ?? '',
      });
      return callJson({ method: 'POST', path: '/token', form: fields, auth: false }, AccessTokenSchema, signal);
    },

    createBot(body, { signal } = {}) {
      return callJson({ method: 'POST', path: '/api/bot', json: body }, BotSchema, signal);
    },

    updateBot(body, { signal } = {}) {
      return callJson({ method: 'PUT', path: '/api/bot', json: body }, BotSchema, signal);
    },

    getBotInformation(botId, { signal } = {}) {
      return callJson({ method: 'GET', path: '/api/bot/information', query: { bot_id: botId } }, BotSchema, signal);
    },

    async *uploadDataSource(params, { signal } = {}) {
      const context = 'POST /api/scraping/url';
      const response = await send({ method: 'POST', path: '/api/scraping/url', json: params }, signal);
      const chunks = readBody(response, signal);
      const { first, held } = await peek(chunks);
      const progressOf = (value: unknown): ScrapeProgress[] => {
        const data = unwrap(value, response);
        const items = data == null ? [] : Array.isArray(data) ? data : [data];
        return items.map((item) => parseWith(ScrapeProgressSchema, item, value, context));
      };
      if (first === '[') {
        // Not streamed: one JSON array (of events, or wrapped).
        const text = await textOf(replay(held, chunks));
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw invalidJson(context, text);
        }
        yield* progressOf(body);
        return;
      }
      try {
        for await (const value of parseJsonObjectStream(replay(held, chunks))) yield* progressOf(value);
      } catch (error) {
        if (!(error instanceof StreamFormatError)) throw error;
        throw new ResponseShapeError(
          `Unexpected response from ${context}: ${error.message}`,
          [{ code: 'custom', path: [], message: error.message, input: error.text }],
          error.text,
        );
      }
    },

    listDataSources(botId, { signal } = {}) {
      const call = { method: 'GET', path: `/api/scraping/url/${encodeURIComponent(botId)}` };
      return callJson(call, DataSourceListSchema, signal, (value) => value ?? []);
    },

    async deleteDataSource(botId, url, { signal } = {}) {
      const call = { method: 'DELETE', path: '/api/scraping/url', query: { bot_id: botId, base64_url: base64Utf8(url) } };
      const response = await send(call, signal);
      // Whatever the body says is ignored, except a wrapped failure.
      unwrap(parseJsonOrText(await readText(response, signal)), response);
    },

    async getHistory(params, { signal } = {}) {
      const query = {
        bot_id: params.bot_id,
        date_from: serviceDateTime(params.date_from ?? DEFAULT_DATE_FROM),
        date_to: serviceDateTime(params.date_to ?? DEFAULT_DATE_TO),
        order: params.order ?? 'created_at.desc',
      };
      const order = [historyForm, ...[0, 1, 2].filter((index) => index !== historyForm)];
      let firstError: ApiError | undefined;
      for (const index of order) {
        const call = historyForms[index]!(query);
        const context = `${call.method} ${call.path}`;
        let response: Response;
        try {
          response = await send(call, signal);
        } catch (error) {
          if (!(error instanceof ApiError) || !isRouteMissing(error)) throw error;
          firstError ??= error;
          continue;
        }
        historyForm = index;
        const body = await readJson(response, signal, context);
        const value = unwrap(body, response);
        // The service wraps the list in an outer array ([[records]]); accept it flat too.
        const records = value == null ? [] : Array.isArray(value) ? value.flat() : value;
        return parseWith(HistoryListSchema, records, body, context);
      }
      throw firstError!;
    },

    async *streamAnswer(params, { signal } = {}) {
      const { is_get_suggest_question, ...body } = params;
      const query = { type_qa: body.type_qa, is_get_suggest_question };
      const response = await send({ method: 'POST', path: STREAM_PATH, query, json: body }, signal);
      const chunks = readBody(response, signal);
      let done = false;
      const events = isEventStreamContentType(response.headers.get('content-type'))
        ? sseAnswerEvents(response, chunks)
        : rawAnswerEvents(response, chunks);
      for await (const event of events) {
        if (done) continue;
        done = event.type === 'done';
        yield event;
      }
      if (!done) yield { type: 'done' };
    },
  };
}
