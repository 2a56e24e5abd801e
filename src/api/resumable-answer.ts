// The resumable answer stream (src/stream/answer-events.ts) read with fetch-event-source: asked once by POST,
// and, when the connection drops, resumed with Last-Event-ID by GET on the answer's own route, but only
// once the service said the answer is resumable. A question is never sent twice. This module is loaded
// with import() where it is used, so the raw-text path of the widget does not carry it.
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { ANSWER_START_EVENT, parseAnswerEventId, parseAnswerStart, type AnswerPosition } from '../stream/answer-events.js';
import { AnswerParser, type AnswerEvent } from '../stream/answer-parser.js';
import { isEventStreamContentType, sseAnswerText } from '../stream/sse.js';
import { AbortError, ApiError, ChatbotClientError, NetworkError } from './errors.js';
import {
  createFixedCredentialTransport,
  createTransport,
  parseJsonOrText,
  type Call,
  type ClientOptions,
  type RequestOptions,
  type StreamAnswerParams,
  type Transport,
} from './transport.js';

const STREAM_PATH = '/api/chat/get-streaming-response-with-custom-settings';

/** The service answered, but not with an event stream: there is nothing to resume. */
export class NotResumableError extends ChatbotClientError {
  /** The Content-Type the service answered with. */
  readonly contentType: string | null;

  /** Creates the error for a response of this Content-Type. */
  constructor(contentType: string | null) {
    super(`The service answered ${contentType ?? 'without a Content-Type'}, not an event stream`);
    this.name = 'NotResumableError';
    this.contentType = contentType;
  }
}

/** Options of a resumable answer stream. */
export interface ResumableAnswerOptions extends RequestOptions {
  /** The conversation's session id: the service lets only this session (or the owner) resume. */
  sessionId: string;
  /** The question's idempotency key: asking again with it reads the same answer. */
  idempotencyKey?: string;
  /** Called with the answer's position each time it advances (its id first, at offset 0 or the resume offset). */
  onPosition?: (position: AnswerPosition) => void;
  /** Most reconnections in a row that bring nothing new before giving up (default 5). */
  maxReconnects?: number;
  /** Called before each reconnection, with its number in the current row (from 1). */
  onReconnect?: (attempt: number) => void;
}

/** Wait before the first reconnection; each further one in a row doubles it, up to RECONNECT_MAX_MS. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 8000;

// fetch-event-source calls back; the answer is read as an async generator: a queue between the two. Requests
// go through a transport made by `transportOf` from the options (each caller names its own, so that a bundle
// keeps only the one it uses).
async function* answerEvents(
  transportOf: (options: ClientOptions) => Transport,
  options: ClientOptions,
  first: { call: Call; position: AnswerPosition | undefined },
  { signal, sessionId, idempotencyKey, onPosition, maxReconnects = 5, onReconnect }: ResumableAnswerOptions,
): AsyncGenerator<AnswerEvent, void> {
  if (signal?.aborted) throw new AbortError(signal.reason);
  const queue: AnswerEvent[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const push = (...events: AnswerEvent[]) => {
    queue.push(...events);
    wake?.();
  };

  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const parser = new AnswerParser();
  // Known once the service names the answer (or from the start, when resuming a known one).
  let answerId = first.position?.answerId;
  let lastEventId = first.position ? `${first.position.answerId}:${first.position.offset}` : undefined;
  let reconnects = 0;
  let finished = false;

  // Every request goes through the client's transport (credentials, typed errors), with the headers of a
  // resumable answer added. Once the answer is known, only its own GET route is asked.
  const transportFor = (headers: Record<string, string>) =>
    transportOf({
      ...options,
      fetch: (url, init) => (options.fetch ?? globalThis.fetch)(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
    });
  const request = (init: RequestInit | undefined): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'text/event-stream', 'x-session-id': sessionId };
    if (answerId === undefined) {
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      return transportFor(headers).send(first.call, init?.signal ?? undefined);
    }
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    return transportFor(headers).send({ method: 'GET', path: `/api/chat/answers/${encodeURIComponent(answerId)}/events` }, init?.signal ?? undefined);
  };

  const onmessage = (message: EventSourceMessage) => {
    if (message.event === ANSWER_START_EVENT) {
      const start = parseAnswerStart(message.data);
      if (start) {
        answerId = start.answer_id;
        lastEventId = message.id || lastEventId;
        onPosition?.({ answerId: start.answer_id, offset: start.offset });
      }
      return;
    }
    if (message.event === 'done' || message.data.trim() === '[DONE]') {
      finished = true;
      push(...parser.end());
      stop.abort();
      return;
    }
    if (message.event === 'error') throw new ApiError(200, parseJsonOrText(message.data) ?? message.data);
    const text = sseAnswerText(message.data);
    if (text) push(...parser.push(text));
    const position = parseAnswerEventId(message.id);
    if (position && position.answerId === answerId) {
      lastEventId = message.id;
      reconnects = 0;
      onPosition?.(position);
    }
  };

  const running = fetchEventSource(`${STREAM_PATH}`, {
    signal: stop.signal,
    openWhenHidden: true,
    fetch: (_input, init) => request(init),
    async onopen(response) {
      const contentType = response.headers.get('content-type');
      if (!isEventStreamContentType(contentType)) {
        await response.body?.cancel().catch(() => undefined);
        throw new NotResumableError(contentType);
      }
    },
    onmessage,
    onclose() {
      // The body ended without `done` or `error`: the answer is not finished.
      throw new NetworkError(new Error('The answer stream ended before the answer did'));
    },
    onerror(error: unknown) {
      // Only a dropped connection of an answer the service said it keeps is worth asking for again; an
      // answer the service refused, failed or cut off, and any stream that cannot be resumed, ends here.
      const dropped = !(error instanceof ChatbotClientError) || error instanceof NetworkError;
      if (!dropped) throw error;
      const networkError = error instanceof NetworkError ? error : new NetworkError(error);
      if (answerId === undefined || reconnects >= maxReconnects) throw networkError;
      reconnects += 1;
      onReconnect?.(reconnects);
      return Math.min(RECONNECT_FIRST_MS * 2 ** (reconnects - 1), RECONNECT_MAX_MS);
    },
  });
  running.then(
    () => {
      ended = true;
      wake?.();
    },
    (error: unknown) => {
      failure = error;
      ended = true;
      wake?.();
    },
  );

  try {
    for (;;) {
      while (queue.length > 0) yield queue.shift()!;
      if (ended) {
        if (failure !== undefined) throw failure;
        if (!finished) throw new AbortError(signal?.reason);
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}

/**
 * Asks a question as a resumable answer (POST with `Accept: text/event-stream`); yields the same events as
 * `streamAnswer`. A dropped connection is resumed by itself, from the last event id, on the answer's own
 * route, when the service named the answer; otherwise it ends with a NetworkError. A response that is not
 * an event stream is a NotResumableError, a refused one an ApiError, a cut-off or failed answer an ApiError
 * after the text received.
 */
export function streamResumableAnswer(options: ClientOptions, params: StreamAnswerParams, streamOptions: ResumableAnswerOptions): AsyncGenerator<AnswerEvent, void> {
  const { is_get_suggest_question, ...body } = params;
  const call: Call = { method: 'POST', path: STREAM_PATH, query: { type_qa: body.type_qa, is_get_suggest_question }, json: { ...body, session_id: streamOptions.sessionId } };
  return answerEvents(createTransport, options, { call, position: undefined }, streamOptions);
}

/**
 * Reads a known answer from a position (GET /api/chat/answers/{id}/events with Last-Event-ID), then
 * follows it to its end, reconnecting as `streamResumableAnswer` does. From offset 0 it yields the whole
 * answer; from a later offset, the events of the text after it.
 */
export function resumeAnswer(options: ClientOptions, position: AnswerPosition, streamOptions: ResumableAnswerOptions): AsyncGenerator<AnswerEvent, void> {
  const call: Call = { method: 'GET', path: `/api/chat/answers/${encodeURIComponent(position.answerId)}/events` };
  return answerEvents(createTransport, options, { call, position }, streamOptions);
}

/**
 * Reads the answer a session asked with an idempotency key (GET /api/chat/answers/events), from its start,
 * then follows it as `resumeAnswer` does. This never asks the question: a service that has no such answer,
 * or knows nothing of resuming, answers with an error (ApiError, NotResumableError). This is the chat widget's
 * lookup, so it sends the credentials it is given (`token`, `apiKey`) as the widget's own requests do
 * (createFixedCredentialTransport): `getToken` and `onUnauthorized` are not used, and the script-tag widget
 * does not carry createTransport for it.
 */
export function resumeAnswerByKey(options: ClientOptions, key: { botId: string; idempotencyKey: string }, streamOptions: ResumableAnswerOptions): AsyncGenerator<AnswerEvent, void> {
  const call: Call = { method: 'GET', path: '/api/chat/answers/events', query: { bot_id: key.botId, message_id: key.idempotencyKey, session_id: streamOptions.sessionId } };
  return answerEvents(createFixedCredentialTransport, options, { call, position: undefined }, streamOptions);
}
