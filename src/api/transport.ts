// The zod-free half of the client: options, requests, credentials, bodies, envelopes, error mapping, and the
// endpoint that needs no schema (streamed answers).
// Every function stands alone so that a bundle keeps only what it calls: the widget needs neither zod nor the
// admin's endpoints, nor the credentials and bodies only those use (createFixedCredentialTransport).
import { AnswerParser, type AnswerEvent } from '../stream/answer-parser.js';
import { isEventStreamContentType } from '../stream/content-type.js';
import { AbortError, ApiError, ChatbotClientError, NetworkError, ResponseShapeError, isRecord, responseShapeErrorOf, type ResponseIssue } from './errors.js';
import type { StreamingRequest } from './schemas.js';

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

/** A message to answer, with the question-type and suggestion switches of the service. */
export type StreamAnswerParams = StreamingRequest & {
  /** The type of the question message, sent in the query and in the body. */
  type_qa?: string;
  /** Asks for (or against) suggested follow-up questions, sent as a query parameter. */
  is_get_suggest_question?: boolean;
};

/** Query parameters of a call; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** One request to the service, before credentials and the base address are added. */
export interface Call {
  /** The HTTP method. */
  method: string;
  /** The path under the base address. */
  path: string;
  /** Query parameters. */
  query?: Query;
  /** A JSON body. */
  json?: unknown;
  /** A form body (wins over `json`). */
  form?: URLSearchParams;
  /** False for login: no credentials, and a 401 is a wrong password rather than a lost session. */
  auth?: boolean;
}

/** Sends calls to one service with one set of credentials. */
export interface Transport {
  /** Sends a call; resolves to the 2xx response, or rejects with ApiError, NetworkError or AbortError. */
  send(call: Call, signal: AbortSignal | undefined): Promise<Response>;
}

/** Reads an unwrapped body into its type or lists what is wrong (a schema's safeParse). */
export type BodyReader<T> = (value: unknown) => { success: true; data: T } | { success: false; issues: readonly ResponseIssue[] };

/** The path of streamed answers. */
export const STREAM_PATH = '/api/chat/get-streaming-response-with-custom-settings';

function transportError(error: unknown, signal: AbortSignal | undefined): ChatbotClientError {
  if (error instanceof ChatbotClientError) return error;
  if (signal?.aborted) return new AbortError(signal.reason);
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return new AbortError(error);
  return new NetworkError(error);
}

/**
 * Reads a body chunk by chunk; maps a dropped connection to NetworkError and an abort to AbortError even when
 * the fetch in use does not tie the body to the signal; releases the connection on early exit.
 */
export async function* readBody(response: Response, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array, void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  try {
    if (signal?.aborted) throw new AbortError(signal.reason);
    for (;;) {
      // A try around the read rather than .catch(): no extra promise or closure per streamed chunk.
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        throw transportError(error, signal);
      }
      // Checked after the read: an abort cancels the reader, which then reads as done.
      if (signal?.aborted) throw new AbortError(signal.reason);
      if (result.done) return;
      yield result.value;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Releases the connection when the reading stopped early (cancelling a finished body does nothing).
    void reader.cancel().catch(() => undefined);
  }
}

/** Decodes UTF-8 chunks into text, piece by piece; a character split between chunks comes out whole. */
async function* decodeChunks(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<string, void> {
  const decoder = new TextDecoder();
  for await (const bytes of chunks) yield decoder.decode(bytes, { stream: true });
  yield decoder.decode();
}

/** Decodes UTF-8 chunks into one string. */
export async function textOf(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
  let text = '';
  for await (const piece of decodeChunks(chunks)) text += piece;
  return text;
}

/** Reads a whole body as text. */
export function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  return textOf(readBody(response, signal));
}

/** Reads chunks until the first non-whitespace character ('' for an empty body), keeping what it read. */
export async function peek(chunks: AsyncIterator<Uint8Array>): Promise<{ first: string; held: Uint8Array[] }> {
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

/** The chunks a peek held, then the rest; closes the rest when stopped early. */
export async function* replay(held: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array, void> {
  try {
    yield* held;
    for (let result = await rest.next(); !result.done; result = await rest.next()) yield result.value;
  } finally {
    await rest.return?.();
  }
}

/** Parses JSON, keeping the text when it is not JSON; undefined for a blank body. */
export function parseJsonOrText(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error for a 2xx body that should be JSON and is not. */
export function invalidJson(context: string, text: string): ResponseShapeError {
  const preview = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return new ResponseShapeError(
    `Unexpected response from ${context}: not JSON: ${JSON.stringify(preview)}`,
    [{ code: 'custom', path: [], message: 'Invalid JSON', input: text }],
    text,
  );
}

/**
 * Takes the data out of a `{message_code, message, data}` envelope (a bare body is returned as it is); throws
 * ApiError when the envelope reports a failure.
 */
export function unwrap(body: unknown, response: Response): unknown {
  // The service wraps some bodies and not others: this is the one place that tells them apart. A non-zero
  // message_code is the service reporting a failure, whatever the HTTP status.
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

/** Reads a 2xx body as JSON (undefined when blank); a body that is not JSON is a ResponseShapeError. */
export async function readJson(response: Response, signal: AbortSignal | undefined, context: string): Promise<unknown> {
  const text = await readText(response, signal);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidJson(context, text);
  }
}

/** GETs a bot's record from `path` (`?bot_id=`): the body as received, and the data of its envelope. */
export async function getBotRecord(transport: Transport, path: string, botId: string, signal?: AbortSignal): Promise<{ body: unknown; data: unknown }> {
  const response = await transport.send({ method: 'GET', path, query: { bot_id: botId } }, signal);
  const body = await readJson(response, signal, `GET ${path}`);
  return { body, data: unwrap(body, response) };
}

/** Reads a value with a reader; what is wrong becomes a ResponseShapeError that keeps the raw body. */
export function readWith<T>(read: BodyReader<T>, value: unknown, body: unknown, context: string): T {
  const result = read(value);
  if (!result.success) throw responseShapeErrorOf(context, result.issues, body, value);
  return result.data;
}

/** Sends a call and reads its JSON answer: unwrapped, shaped (lists may come empty as null), then read. */
export async function requestJson<T>(
  transport: Transport,
  call: Call,
  read: BodyReader<T>,
  signal: AbortSignal | undefined,
  shape: (value: unknown) => unknown = (value) => value,
): Promise<T> {
  const context = `${call.method} ${call.path}`;
  const response = await transport.send(call, signal);
  const body = await readJson(response, signal, context);
  return readWith(read, shape(unwrap(body, response)), body, context);
}

function stripBearer(credential: string | undefined): string | undefined {
  return credential?.replace(/^bearer\s+/i, '') || undefined;
}

/** The headers and the body of a call, ready to be sent. */
interface PreparedCall {
  /** Credentials and content type. */
  headers: Record<string, string>;
  /** The encoded body, if any. */
  body?: string;
}

/** The credential headers: the API key in its own header, and the token (else the API key) as a bearer. */
function credentialHeaders({ apiKey, apiKeyHeader = 'authorization' }: ClientOptions, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (apiKey && apiKeyHeader === 'chatfly-api-key') headers['chatfly-api-key'] = apiKey;
  const bearer = token ?? (apiKeyHeader === 'authorization' ? stripBearer(apiKey) : undefined);
  if (bearer) headers['authorization'] = `Bearer ${bearer}`;
  return headers;
}

function withJsonBody(headers: Record<string, string>, json: unknown): PreparedCall {
  if (json === undefined) return { headers };
  headers['content-type'] = 'application/json';
  return { headers, body: JSON.stringify(json) };
}

/** Sends calls prepared by `prepare`; `onRefused` sees each ApiError before it is thrown. */
function transportWith(
  options: ClientOptions,
  prepare: (call: Call) => PreparedCall | Promise<PreparedCall>,
  onRefused?: (error: ApiError, call: Call) => void,
): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  function urlOf(path: string, query: Query = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  return {
    async send(call, signal) {
      if (signal?.aborted) throw new AbortError(signal.reason);
      const { headers, body } = await prepare(call);
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
      const error = new ApiError(response.status, errorBody, response.statusText, response.headers.get('retry-after'));
      onRefused?.(error, call);
      throw error;
    },
  };
}

/** Creates the transport of one service: base address, credentials, fetch and the 401 handler. */
export function createTransport(options: ClientOptions): Transport {
  return transportWith(
    options,
    async (call) => {
      let headers: Record<string, string> = {};
      if (call.auth !== false) {
        let token: string | undefined;
        try {
          token = stripBearer((await options.getToken?.()) ?? options.token);
        } catch (cause) {
          throw new ChatbotClientError('Could not read the access token', { cause });
        }
        headers = credentialHeaders(options, token);
      }
      if (!call.form) return withJsonBody(headers, call.json);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return { headers, body: call.form.toString() };
    },
    (error, call) => {
      if (error.isUnauthorized && call.auth !== false) {
        try {
          options.onUnauthorized?.(error);
        } catch {
          // A failing handler must not replace the ApiError the caller is waiting for.
        }
      }
    },
  );
}

/**
 * The transport the chat widget uses: the credentials it was given (`token`, `apiKey`), JSON bodies, and no
 * 401 handler; `getToken`, `onUnauthorized`, form bodies and calls without credentials (`auth: false`) are left
 * to createTransport, so the script-tag widget, which never uses them, does not carry them.
 */
export function createFixedCredentialTransport(options: ClientOptions): Transport {
  return transportWith(options, (call) => withJsonBody(credentialHeaders(options, stripBearer(options.token)), call.json));
}

// Raw UTF-8 answer text, whatever the content type says. A body that starts with '{' is held until its end:
// if it is one JSON object it is read as such, otherwise it is answer text after all and nothing is lost.
async function* rawAnswerEvents(response: Response, chunks: AsyncGenerator<Uint8Array, void>): AsyncGenerator<AnswerEvent> {
  const parser = new AnswerParser();
  // The text read so far while the body may still be one JSON object, else undefined.
  let held: string | undefined = '';
  for await (const text of decodeChunks(chunks)) {
    if (held === undefined) {
      yield* parser.push(text);
      continue;
    }
    held += text;
    if (!/^\s*(\{|$)/.test(held)) {
      yield* parser.push(held);
      held = undefined;
    }
  }
  const json = held === undefined ? undefined : parseJsonOrText(held);
  // Only some services answer with one JSON object: its reader is a chunk of its own, loaded when one comes.
  const text = isRecord(json)
    ? (await import('./on-demand/json-answer.js').catch((error: unknown) => {
        throw new NetworkError(error);
      })).answerTextOfJson(json, response)
    : (held ?? '');
  yield* parser.push(text);
  yield* parser.end();
}

/**
 * POST /api/chat/get-streaming-response-with-custom-settings; yields answer text deltas, the suggested
 * questions, then exactly one done (an empty body yields only done). The framing follows the response:
 * `text/event-stream` is read as SSE, anything else as raw UTF-8 text. The request is sent on the first
 * iteration; stopping early cancels the body.
 */
export async function* streamAnswer(
  transport: Transport,
  params: StreamAnswerParams,
  { signal }: RequestOptions = {},
): AsyncGenerator<AnswerEvent, void> {
  const { is_get_suggest_question, ...body } = params;
  const query = { type_qa: body.type_qa, is_get_suggest_question };
  const response = await transport.send({ method: 'POST', path: STREAM_PATH, query, json: body }, signal);
  const chunks = readBody(response, signal);
  // Event streams come only from services that always stream them (the widget does not ask for one), so their
  // reader is a chunk of its own, loaded when the first one arrives; a chunk that cannot load is a NetworkError.
  // Both readers end with the answer parser's end(), so with exactly one done, and nothing after it.
  yield* isEventStreamContentType(response.headers.get('content-type'))
    ? (await import('./on-demand/sse-answer.js').catch((error: unknown) => {
        void response.body?.cancel().catch(() => undefined);
        throw new NetworkError(error);
      })).sseAnswerEvents(response, chunks)
    : rawAnswerEvents(response, chunks);
}
