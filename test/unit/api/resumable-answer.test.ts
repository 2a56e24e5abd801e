// The resumable answer stream against a real HTTP server on 127.0.0.1 that writes the service's events
// with the shared formatter and drops connections on purpose: a dropped answer the service named is
// resumed from the last event id on the answer's own route (never a second POST); one it did not name, or
// a response that is no event stream, ends with a typed error.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeEach, describe, it } from 'node:test';
import { ApiError, NetworkError } from '../../../src/api/errors.js';
import { NotResumableError, resumeAnswer, resumeAnswerByKey, streamResumableAnswer } from '../../../src/api/resumable-answer.js';
import { formatAnswer } from '../../../src/stream/answer-format.js';
import { ANSWER_DONE_EVENT, formatAnswerChunkEvent, formatAnswerStartEvent, type AnswerPosition } from '../../../src/stream/answer-events.js';
import { formatSseAnswer, formatSseError } from '../../../src/stream/sse.js';
import { collect, serveLocally } from './local-event-server.js';

const BOT_ID = '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11';
const ANSWER_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const BODY = formatAnswer({ answer: 'Water roses deeply once a week, and feed them in spring.', suggestions: ['When do I prune?', 'Which fertiliser?'] });
const CHUNKS = [BODY.slice(0, 12), BODY.slice(12, 30), BODY.slice(30, 45), BODY.slice(45)];

/** What the test server does with each request, and what it saw. */
interface Script {
  post(request: IncomingMessage, response: ServerResponse): void;
  resume(request: IncomingMessage, response: ServerResponse, lastEventId: string | undefined): void;
}

let script: Script;
let seen: {
  method: string;
  path: string;
  query: string;
  lastEventId: string | undefined;
  sessionId: string | undefined;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  apiKey: string | undefined;
}[] = [];

const local = serveLocally((request, response) => {
  const path = (request.url ?? '/').split('?')[0]!;
  const lastEventId = request.headers['last-event-id'] as string | undefined;
  seen.push({ method: request.method!, path, query: (request.url ?? '').split('?')[1] ?? '', lastEventId, sessionId: request.headers['x-session-id'] as string | undefined, idempotencyKey: request.headers['idempotency-key'] as string | undefined, authorization: request.headers['authorization'], apiKey: request.headers['chatfly-api-key'] as string | undefined });
  request.resume();
  if (request.method === 'POST') script.post(request, response);
  else script.resume(request, response, lastEventId);
});
beforeEach(() => {
  seen = [];
});

const SSE_HEAD = { 'content-type': 'text/event-stream; charset=utf-8' };

/** Writes the answer's first event and chunks [from, to), with their ids. */
function writeChunks(response: ServerResponse, from: number, to: number): void {
  let offset = CHUNKS.slice(0, from).join('').length;
  for (const chunk of CHUNKS.slice(from, to)) {
    offset += chunk.length;
    response.write(formatAnswerChunkEvent(chunk, { answerId: ANSWER_ID, offset }));
  }
}

/** Cuts the connection once what was written has gone out. */
function drop(response: ServerResponse): void {
  response.socket?.end(() => response.socket?.destroy());
}

/** Opens an answer's stream, writes its first `chunks` chunks and cuts the connection. */
function startThenDrop(response: ServerResponse, chunks: number): void {
  response.writeHead(200, SSE_HEAD);
  response.write(formatAnswerStartEvent({ answerId: ANSWER_ID, offset: 0 }));
  writeChunks(response, 0, chunks);
  drop(response);
}

/** The chunk index whose end is `offset`. */
function chunkAfter(offset: number): number {
  let length = 0;
  for (let index = 0; index < CHUNKS.length; index++) {
    if (length === offset) return index;
    length += CHUNKS[index]!.length;
  }
  return length === offset ? CHUNKS.length : -1;
}

const QUESTION = { bot_id: BOT_ID, message: 'How do I care for roses?', chat_history: [] };

describe('resumable answer stream (fetch-event-source)', () => {
  it('resumes a dropped answer from its last event id on the answer\'s own route, without a second POST', async () => {
    script = {
      post(_request, response) {
        startThenDrop(response, 2);
      },
      resume(_request, response, lastEventId) {
        const offset = Number(lastEventId?.split(':')[1]);
        const from = chunkAfter(offset);
        response.writeHead(200, SSE_HEAD);
        response.write(formatAnswerStartEvent({ answerId: ANSWER_ID, offset }));
        if (seen.filter((request) => request.method === 'GET').length === 1) {
          // The first resume drops too, after one more chunk.
          writeChunks(response, from, from + 1);
          drop(response);
          return;
        }
        writeChunks(response, from, CHUNKS.length);
        response.end(ANSWER_DONE_EVENT);
      },
    };
    const positions: AnswerPosition[] = [];
    const reconnects: number[] = [];
    const result = await collect(streamResumableAnswer({ baseUrl: local.baseUrl }, QUESTION, { sessionId: 'session-1', idempotencyKey: 'question-1', onPosition: (position) => positions.push(position), onReconnect: (attempt) => reconnects.push(attempt) }));
    assert.equal(result.text, 'Water roses deeply once a week, and feed them in spring.');
    assert.deepEqual(result.suggestions, ['When do I prune?', 'Which fertiliser?']);
    assert.equal(result.dones, 1);
    assert.deepEqual(seen.map((request) => request.method), ['POST', 'GET', 'GET'], 'one question, two resumes');
    assert.equal(seen[0]!.idempotencyKey, 'question-1');
    assert.equal(seen[1]!.path, `/api/chat/answers/${ANSWER_ID}/events`);
    assert.equal(seen[1]!.lastEventId, `${ANSWER_ID}:${CHUNKS[0]!.length + CHUNKS[1]!.length}`);
    assert.equal(seen[2]!.lastEventId, `${ANSWER_ID}:${CHUNKS[0]!.length + CHUNKS[1]!.length + CHUNKS[2]!.length}`);
    assert.ok(seen.every((request) => request.sessionId === 'session-1'));
    assert.deepEqual(reconnects, [1, 1], 'each reconnection that brought text starts the count again');
    assert.deepEqual(positions.at(-1), { answerId: ANSWER_ID, offset: BODY.length });
  });

  it('stops with a NetworkError when a stream the service did not name as resumable drops, asking nothing again', async () => {
    script = {
      post(_request, response) {
        response.writeHead(200, SSE_HEAD);
        response.write(formatSseAnswer(CHUNKS.slice(0, 2)).replace(/event: done[\s\S]*$/, ''));
        drop(response);
      },
      resume() {
        throw new Error('A stream that was not resumable must not be asked again.');
      },
    };
    const texts: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of streamResumableAnswer({ baseUrl: local.baseUrl }, QUESTION, { sessionId: 'session-2' })) if (event.type === 'text') texts.push(event.text);
      })(),
      NetworkError,
    );
    assert.ok(texts.join('').startsWith('Water roses'), 'the text received is kept');
    assert.deepEqual(seen.map((request) => request.method), ['POST']);
  });

  it('stops with a NotResumableError when the service answers raw text, and an ApiError when it refuses', async () => {
    script = {
      post(_request, response) {
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(BODY);
      },
      resume() {
        throw new Error('Not asked.');
      },
    };
    await assert.rejects(collect(streamResumableAnswer({ baseUrl: local.baseUrl }, QUESTION, { sessionId: 'session-3' })), (error: unknown) => error instanceof NotResumableError && /text\/plain/.test(error.contentType ?? ''));
    script.post = (_request, response) => {
      response.writeHead(402, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'This bot has no messages left.', message_code: 1004 }));
    };
    await assert.rejects(collect(streamResumableAnswer({ baseUrl: local.baseUrl }, QUESTION, { sessionId: 'session-3' })), (error: unknown) => error instanceof ApiError && error.status === 402);
    assert.deepEqual(seen.map((request) => request.method), ['POST', 'POST'], 'one request each, no retry');
  });

  it('ends a cut-off answer with an ApiError after its text, without reconnecting', async () => {
    script = {
      post(_request, response) {
        response.writeHead(200, SSE_HEAD);
        response.write(formatAnswerStartEvent({ answerId: ANSWER_ID, offset: 0 }));
        writeChunks(response, 0, 2);
        response.end(formatSseError('The answer was cut off.'));
      },
      resume() {
        throw new Error('Not asked.');
      },
    };
    const texts: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of streamResumableAnswer({ baseUrl: local.baseUrl }, QUESTION, { sessionId: 'session-4' })) if (event.type === 'text') texts.push(event.text);
      })(),
      (error: unknown) => error instanceof ApiError && error.message.includes('cut off'),
    );
    assert.ok(texts.length > 0);
    assert.deepEqual(seen.map((request) => request.method), ['POST']);
  });

  it('gives up with a NetworkError after maxReconnects resumes that bring nothing', async () => {
    script = {
      post(_request, response) {
        startThenDrop(response, 1);
      },
      resume(_request, response) {
        drop(response);
      },
    };
    await assert.rejects(collect(streamResumableAnswer({ baseUrl: local.baseUrl }, QUESTION, { sessionId: 'session-5', maxReconnects: 2 })), NetworkError);
    assert.deepEqual(seen.map((request) => request.method), ['POST', 'GET', 'GET']);
  });

  it('looks for an answer by its key with a GET that never asks, and follows it on its own route', async () => {
    script = {
      post() {
        throw new Error('Looking for an answer never asks the question.');
      },
      resume(request, response, lastEventId) {
        if (request.url!.startsWith('/api/chat/answers/events?')) {
          if (!request.url!.includes('message_id=known')) {
            response.writeHead(404, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ message: 'Answer not found.', message_code: 1006 }));
            return;
          }
          startThenDrop(response, 1);
          return;
        }
        const offset = Number(lastEventId?.split(':')[1]);
        response.writeHead(200, SSE_HEAD);
        writeChunks(response, chunkAfter(offset), CHUNKS.length);
        response.end(ANSWER_DONE_EVENT);
      },
    };
    const found = await collect(resumeAnswerByKey({ baseUrl: local.baseUrl }, { botId: BOT_ID, idempotencyKey: 'known' }, { sessionId: 'session-7' }));
    assert.equal(found.text, 'Water roses deeply once a week, and feed them in spring.');
    assert.deepEqual(seen.map((request) => [request.method, request.path]), [['GET', '/api/chat/answers/events'], ['GET', `/api/chat/answers/${ANSWER_ID}/events`]]);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(seen[0]!.query)), { bot_id: BOT_ID, message_id: 'known', session_id: 'session-7' });
    assert.equal(seen[1]!.lastEventId, `${ANSWER_ID}:${CHUNKS[0]!.length}`);
    await assert.rejects(collect(resumeAnswerByKey({ baseUrl: local.baseUrl }, { botId: BOT_ID, idempotencyKey: 'unknown' }, { sessionId: 'session-7' })), (error: unknown) => error instanceof ApiError && error.status === 404);
    assert.equal(seen.filter((request) => request.method === 'POST').length, 0);
  });

  it('looks for an answer by its key with the credentials it is given, on every request', async () => {
    script = {
      post() {
        throw new Error('Looking for an answer never asks the question.');
      },
      resume(request, response, lastEventId) {
        response.writeHead(200, SSE_HEAD);
        if (request.url!.startsWith('/api/chat/answers/events?')) {
          response.write(formatAnswerStartEvent({ answerId: ANSWER_ID, offset: 0 }));
          writeChunks(response, 0, 1);
          drop(response);
          return;
        }
        writeChunks(response, chunkAfter(Number(lastEventId?.split(':')[1])), CHUNKS.length);
        response.end(ANSWER_DONE_EVENT);
      },
    };
    const key = { botId: BOT_ID, idempotencyKey: 'known' };
    await collect(resumeAnswerByKey({ baseUrl: local.baseUrl, token: 'Bearer visitor-token', apiKey: 'bot-key', apiKeyHeader: 'chatfly-api-key' }, key, { sessionId: 'session-8' }));
    await collect(resumeAnswerByKey({ baseUrl: local.baseUrl, apiKey: 'bot-key' }, key, { sessionId: 'session-8' }));
    assert.deepEqual(seen.map((request) => [request.authorization, request.apiKey]), [
      ['Bearer visitor-token', 'bot-key'],
      ['Bearer visitor-token', 'bot-key'],
      ['Bearer bot-key', undefined],
      ['Bearer bot-key', undefined],
    ]);
  });

  it('asks getToken for the token of every request of an answer it streams', async () => {
    script = {
      post(_request, response) {
        startThenDrop(response, 1);
      },
      resume(_request, response, lastEventId) {
        response.writeHead(200, SSE_HEAD);
        writeChunks(response, chunkAfter(Number(lastEventId?.split(':')[1])), CHUNKS.length);
        response.end(ANSWER_DONE_EVENT);
      },
    };
    let tokens = 0;
    const options = { baseUrl: local.baseUrl, token: 'fixed', getToken: () => `fresh-${++tokens}` };
    const result = await collect(streamResumableAnswer(options, QUESTION, { sessionId: 'session-9' }));
    assert.equal(result.text, 'Water roses deeply once a week, and feed them in spring.');
    assert.deepEqual(seen.map((request) => [request.method, request.authorization]), [['POST', 'Bearer fresh-1'], ['GET', 'Bearer fresh-2']]);
  });

  it('reads a known answer from a position with Last-Event-ID on its route', async () => {
    script = {
      post() {
        throw new Error('Not asked.');
      },
      resume(_request, response, lastEventId) {
        const offset = Number(lastEventId?.split(':')[1]);
        response.writeHead(200, SSE_HEAD);
        response.write(formatAnswerStartEvent({ answerId: ANSWER_ID, offset }));
        writeChunks(response, chunkAfter(offset), CHUNKS.length);
        response.end(ANSWER_DONE_EVENT);
      },
    };
    const whole = await collect(resumeAnswer({ baseUrl: local.baseUrl }, { answerId: ANSWER_ID, offset: 0 }, { sessionId: 'session-6' }));
    assert.equal(whole.text, 'Water roses deeply once a week, and feed them in spring.');
    assert.deepEqual(seen.map((request) => [request.method, request.lastEventId]), [['GET', `${ANSWER_ID}:0`]]);
  });
});
