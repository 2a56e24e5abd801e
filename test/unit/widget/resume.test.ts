// The widget's resume module against a real HTTP server on 127.0.0.1 that writes the service's answer events
// with the shared formatter: the answer is looked up by its key (never asked), the text the widget shows
// already is dropped at any split, a dropped lookup is tried again within its bound, and a service that
// keeps no answers ends it with its error.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeEach, describe, it } from 'node:test';
import { ApiError, NetworkError } from '../../../src/api/errors.js';
import { NotResumableError } from '../../../src/api/resumable-answer.js';
import { formatAnswer } from '../../../src/stream/answer-format.js';
import { ANSWER_DONE_EVENT, formatAnswerChunkEvent, formatAnswerStartEvent } from '../../../src/stream/answer-events.js';
import { AnswerParser, type AnswerEvent } from '../../../src/stream/answer-parser.js';
import type { Conversation } from '../../../src/widget/chat-state.js';
import { RESUME_ATTEMPTS, afterKnownText, resumeAnswerEvents, type ResumingChat } from '../../../src/widget/on-demand/resume.js';
import { collect, serveLocally } from '../api/local-event-server.js';

const BOT_ID = '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11';
const ANSWER_ID = 'BBBBBBBBBBBBBBBBBBBBBB';
const ANSWER = 'Water roses deeply once a week, and feed them in spring. 🌹 Prune in March.';
const BODY = formatAnswer({ answer: ANSWER, suggestions: ['When do I prune?', 'Which fertiliser?'] });
const CHUNKS = [BODY.slice(0, 12), BODY.slice(12, 40), BODY.slice(40, 70), BODY.slice(70)];

let answerLookup: (request: IncomingMessage, response: ServerResponse, count: number) => void;
let seen: { method: string; path: string; query: URLSearchParams; sessionId: string | undefined }[] = [];

const local = serveLocally((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  seen.push({ method: request.method!, path: url.pathname, query: url.searchParams, sessionId: request.headers['x-session-id'] as string | undefined });
  request.resume();
  if (url.pathname === '/api/chat/answers/events') answerLookup(request, response, seen.filter((entry) => entry.path === url.pathname).length);
  else if (url.pathname === `/api/chat/answers/${ANSWER_ID}/events`) writeAnswer(response, Number((request.headers['last-event-id'] as string).split(':')[1]));
  else {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ detail: 'Not Found' }));
  }
});
beforeEach(() => {
  seen = [];
});

const SSE_HEAD = { 'content-type': 'text/event-stream; charset=utf-8' };

/** Writes the answer from `offset` (a chunk boundary) to the end, or only `count` chunks and then drops. */
function writeAnswer(response: ServerResponse, offset: number, count = Infinity): void {
  response.writeHead(200, SSE_HEAD);
  response.write(formatAnswerStartEvent({ answerId: ANSWER_ID, offset }));
  let at = 0;
  let written = 0;
  for (const chunk of CHUNKS) {
    at += chunk.length;
    if (at <= offset) continue;
    if (written++ === count) {
      response.socket?.end(() => response.socket?.destroy());
      return;
    }
    response.write(formatAnswerChunkEvent(chunk, { answerId: ANSWER_ID, offset: at }));
  }
  response.end(ANSWER_DONE_EVENT);
}

async function* eventsOf(list: AnswerEvent[]): AsyncGenerator<AnswerEvent> {
  yield* list;
}

/** A conversation whose answer `answer-msg-1` shows `known` characters of the answer already. */
function conversationShowing(known: number): Conversation {
  return {
    sessionId: 'session-1',
    messages: [
      { id: 'question-1', role: 'user', text: 'How do I care for roses?', at: 0 },
      { id: 'answer-msg-1', role: 'assistant', text: ANSWER.slice(0, known), suggestions: [], status: 'streaming', feedback: null, replyTo: 'question-1', at: 0 },
    ],
    lead: { status: 'open', values: {} },
  };
}

/**
 * Resumes `answer-msg-1`, of which the widget shows `shown` characters and holds `pending` more unshown;
 * `onReconnecting` is called each time the chat is set reconnecting again (its element re-rendered).
 */
const resume = (shown: number, signal: AbortSignal, onReconnecting: () => void, firstWaitMs: number, pending = 0) => {
  const chat: ResumingChat = {
    conversation: conversationShowing(shown),
    reconnecting: false,
    host: { requestUpdate: () => chat.reconnecting && onReconnecting() },
  };
  return resumeAnswerEvents(chat, { baseUrl: local.baseUrl, botId: BOT_ID }, 'answer-msg-1', ANSWER.slice(shown, shown + pending), signal, firstWaitMs);
};

describe('resume: the text the widget shows already', () => {
  it('drops exactly the known characters, whatever the text events and however much is known', async () => {
    const body = BODY;
    // Every split of the body into two text pushes, and every known length up to the whole answer.
    for (let split = 0; split <= body.length; split += 3) {
      const parser = new AnswerParser();
      const events = [...parser.push(body.slice(0, split)), ...parser.push(body.slice(split)), ...parser.end()];
      for (let known = 0; known <= ANSWER.length; known++) {
        const rest = await collect(afterKnownText(eventsOf(events), known));
        assert.equal(rest.text, ANSWER.slice(known), `split ${split}, known ${known}`);
        assert.deepEqual(rest.suggestions, ['When do I prune?', 'Which fertiliser?']);
        assert.equal(rest.dones, 1);
      }
    }
  });
});

describe('resume: looking an answer up by its key', () => {
  it('reads the rest of the answer on the route that never asks, with the session and the key', async () => {
    answerLookup = (_request, response) => writeAnswer(response, 0);
    // 20 characters shown and 6 received but not shown yet: the rest starts after both.
    const result = await collect(resume(20, new AbortController().signal, () => assert.fail('no reconnection'), 1, 6));
    assert.equal(result.text, ANSWER.slice(26));
    assert.equal(result.dones, 1);
    assert.deepEqual(seen.map((entry) => `${entry.method} ${entry.path}`), ['GET /api/chat/answers/events']);
    assert.equal(seen[0]!.query.get('bot_id'), BOT_ID);
    assert.equal(seen[0]!.query.get('message_id'), 'answer-msg-1');
    assert.equal(seen[0]!.query.get('session_id'), 'session-1');
    assert.equal(seen[0]!.sessionId, 'session-1');
  });

  it('looks the answer up again when a lookup drops, then follows the named answer on its own route', async () => {
    // The first lookup drops before the answer is named; the second names it and drops after one chunk, so
    // it is followed with Last-Event-ID on the answer's own route.
    answerLookup = (_request, response, count) => (count === 1 ? response.socket?.destroy() : writeAnswer(response, 0, 1));
    let reconnections = 0;
    const result = await collect(resume(5, new AbortController().signal, () => reconnections++, 1));
    assert.equal(result.text, ANSWER.slice(5));
    assert.equal(result.dones, 1);
    assert.equal(reconnections, 2);
    assert.deepEqual(seen.map((entry) => `${entry.method} ${entry.path}`), [
      'GET /api/chat/answers/events',
      'GET /api/chat/answers/events',
      `GET /api/chat/answers/${ANSWER_ID}/events`,
    ]);
  });

  it('clears the reconnecting state with the first event of a lookup, and sets it again before the next lookup', async () => {
    answerLookup = (_request, response, count) => (count === 1 ? writeAnswer(response, 0, 1) : writeAnswer(response, 0));
    const states: boolean[] = [];
    const chat: ResumingChat = { conversation: conversationShowing(0), reconnecting: true, host: { requestUpdate: () => states.push(!!chat.reconnecting) } };
    let text = '';
    for await (const event of resumeAnswerEvents(chat, { baseUrl: local.baseUrl, botId: BOT_ID }, 'answer-msg-1', '', new AbortController().signal, 1)) {
      assert.equal(chat.reconnecting, false, 'an event arrived');
      if (event.type === 'text') text += event.text;
    }
    assert.equal(text, ANSWER);
    // The first lookup dropped after one chunk: reconnecting again before the answer's own route, re-rendered.
    assert.deepEqual(states, [true]);
    assert.equal(chat.reconnecting, false);
  });

  it(`gives up with the NetworkError after ${RESUME_ATTEMPTS} lookups that bring nothing`, async () => {
    answerLookup = (_request, response) => response.socket?.destroy();
    let reconnections = 0;
    await assert.rejects(collect(resume(0, new AbortController().signal, () => reconnections++, 1)), NetworkError);
    assert.equal(seen.length, RESUME_ATTEMPTS);
    assert.equal(reconnections, RESUME_ATTEMPTS - 1);
  });

  it('ends at once with the error of a service that keeps no answers: a 404, or a body that is no event stream', async () => {
    answerLookup = (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'Not Found' }));
    };
    await assert.rejects(collect(resume(0, new AbortController().signal, () => assert.fail('no reconnection'), 1)), ApiError);
    assert.equal(seen.length, 1);
    seen = [];
    answerLookup = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(BODY);
    };
    await assert.rejects(collect(resume(0, new AbortController().signal, () => assert.fail('no reconnection'), 1)), NotResumableError);
    assert.equal(seen.length, 1);
  });

  // A wait of an hour: an abort that did not end it would run into the test's timeout.
  it('stops waiting and looking when the widget aborts', { timeout: 30_000 }, async () => {
    answerLookup = (_request, response) => response.socket?.destroy();
    const abort = new AbortController();
    const events = resume(0, abort.signal, () => abort.abort(), 3_600_000);
    await assert.rejects(collect(events), (error: Error) => error.name === 'AbortError');
    assert.equal(seen.length, 1);
  });
});
