import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client.js';
import { AbortError, ApiError, NetworkError, ResponseShapeError } from '../../../src/api/errors.js';
import type { AnswerEvent } from '../../../src/stream/answer-parser.js';
import { formatAnswer } from '../../../src/stream/answer-format.js';
import { formatSseAnswer, formatSseError } from '../../../src/stream/sse.js';
import { collect, fakeFetch, hangingStream, json, streamed, text } from './fake-fetch.js';

const BASE = 'http://127.0.0.1:8000';
const BOT_ID = '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11';
const events = [
  { url: 'https://docs.example/', progress: 0.25, num_token: 120 },
  { url: 'https://docs.example/a?q="}{"', progress: 0.5, num_token: 480 },
  { url: 'https://docs.example/ü', progress: 1, num_token: 900 },
];

function clientWith(...responses: ((body: string | undefined) => Response)[]) {
  const fake = fakeFetch(...responses.map((respond) => (request: { body: string | undefined }) => respond(request.body)));
  return { client: createClient({ baseUrl: BASE, fetch: fake.fetch }), requests: fake.requests };
}

/** Every way to cut a text in two, plus single characters. */
function splits(whole: string): string[][] {
  const cuts = Array.from({ length: whole.length - 1 }, (_, index) => [whole.slice(0, index + 1), whole.slice(index + 1)]);
  return [[whole], ...cuts, [...whole]];
}

/** Every way to cut the UTF-8 bytes of a text in two (splitting multi-byte characters too). */
function byteSplits(whole: string): Uint8Array[][] {
  const bytes = new TextEncoder().encode(whole);
  return Array.from({ length: bytes.length + 1 }, (_, index) => [bytes.slice(0, index), bytes.slice(index)]);
}

function summary(answerEvents: AnswerEvent[]) {
  return {
    text: answerEvents.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join(''),
    suggestions: answerEvents.flatMap((event) => (event.type === 'suggestions' ? [event.questions] : [])),
    last: answerEvents.at(-1)?.type,
    dones: answerEvents.filter((event) => event.type === 'done').length,
  };
}

describe('createClient uploadDataSource', () => {
  it('posts the scrape request as JSON with credentials', async () => {
    const fake = fakeFetch(() => streamed([JSON.stringify(events[0])]));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, token: 'tok' });
    const body = { bot_id: BOT_ID, scrape_url: 'https://docs.example/', scrape_type: 1, user_id: 'u1' };
    await collect(client.uploadDataSource(body));
    const [request] = fake.requests;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.url.href, `${BASE}/api/scraping/url`);
    assert.equal(request!.headers.get('content-type'), 'application/json');
    assert.equal(request!.headers.get('authorization'), 'Bearer tok');
    assert.deepEqual(JSON.parse(request!.body!), body);
  });

  it('sends the request on the first iteration', async () => {
    const fake = fakeFetch(() => streamed([]));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const iterator = client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'https://a.example', scrape_type: 2 });
    assert.equal(fake.requests.length, 0);
    assert.deepEqual(await iterator.next(), { done: true, value: undefined });
    assert.equal(fake.requests.length, 1);
  });

  it('reads newline-delimited events split at every offset', async () => {
    const whole = `${events.map((event) => JSON.stringify(event)).join('\n')}\n`;
    for (const chunks of splits(whole)) {
      const { client } = clientWith(() => streamed(chunks));
      const got = await collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'https://docs.example/', scrape_type: 1 }));
      assert.deepEqual(got, events, JSON.stringify(chunks));
    }
  });

  it('reads concatenated events split at every offset', async () => {
    const whole = events.map((event) => JSON.stringify(event)).join('');
    for (const chunks of splits(whole)) {
      const { client } = clientWith(() => streamed(chunks));
      const got = await collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'https://docs.example/', scrape_type: 1 }));
      assert.deepEqual(got, events, JSON.stringify(chunks));
    }
  });

  it('reads UTF-8 split inside a character', async () => {
    const whole = events.map((event) => JSON.stringify(event)).join('');
    for (const chunks of byteSplits(whole)) {
      const { client } = clientWith(() => streamed(chunks));
      assert.deepEqual(await collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })), events);
    }
  });

  it('tolerates a non-streamed answer: one object, an array, or wrapped', async () => {
    const bodies: unknown[] = [
      events[2],
      events,
      { message_code: 0, message: 'ok', data: events },
      { message_code: 0, message: 'ok', data: events[2] },
    ];
    const expected = [[events[2]], events, events, [events[2]]];
    for (const [index, body] of bodies.entries()) {
      const { client } = clientWith(() => json(body));
      assert.deepEqual(await collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })), expected[index]);
    }
  });

  it('reads wrapped events in a stream', async () => {
    const chunks = events.map((event) => JSON.stringify({ message_code: 0, message: 'ok', data: event }));
    const { client } = clientWith(() => streamed(chunks));
    assert.deepEqual(await collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })), events);
  });

  it('yields nothing for an empty body', async () => {
    const { client } = clientWith(() => streamed(['  \n']));
    assert.deepEqual(await collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })), []);
  });

  it('yields the events before malformed text, then a ResponseShapeError with that text', async () => {
    const { client } = clientWith(() => streamed([`${JSON.stringify(events[0])}{"url": nope}`]));
    const got: unknown[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })) got.push(event);
      })(),
      (error: unknown) => {
        assert.ok(error instanceof ResponseShapeError);
        assert.equal(error.body, '{"url": nope}');
        return true;
      },
    );
    assert.deepEqual(got, [events[0]]);
  });

  it('reports an event of the wrong shape with the event kept', async () => {
    const bad = { url: 'u', progress: 'half' };
    const { client } = clientWith(() => streamed([JSON.stringify(bad)]));
    await assert.rejects(collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })), (error: unknown) => {
      assert.ok(error instanceof ResponseShapeError);
      assert.deepEqual(error.body, bad);
      assert.match(error.message, /progress must be a number/);
      return true;
    });
  });

  it('reports an unfinished last event', async () => {
    const { client } = clientWith(() => streamed([JSON.stringify(events[0]), '{"url":"x","progr']));
    await assert.rejects(collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })), ResponseShapeError);
  });

  it('turns a 429 into an ApiError carrying the Retry-After seconds', async () => {
    const { client } = clientWith(() => json({ message: 'Too many messages: wait a moment.', message_code: 1009 }, 429, { 'retry-after': '17' }));
    const error = await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 429);
    assert.equal(error.messageCode, 1009);
    assert.equal(error.retryAfterSeconds, 17);
  });

  it('turns a failure envelope in the stream into an ApiError after the earlier events', async () => {
    const { client } = clientWith(() => streamed([JSON.stringify(events[0]), '{"message_code": 7, "message": "Site unreachable"}']));
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const event of client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })) got.push(event);
    })().catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'Site unreachable');
    assert.deepEqual(got, [events[0]]);
  });

  it('rejects a non-2xx answer before any event', async () => {
    const { client } = clientWith(() => json({ detail: [{ loc: ['body', 'scrape_url'], msg: 'Invalid URL', type: 'url_parsing' }] }, 422));
    await assert.rejects(collect(client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'nope', scrape_type: 1 })), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(error.fieldErrors, { scrape_url: 'Invalid URL' });
      return true;
    });
  });

  it('keeps the events read when the connection drops, then throws a NetworkError', async () => {
    const { client } = clientWith(() => streamed([`${JSON.stringify(events[0])}\n`], 'application/json', new TypeError('terminated')));
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const event of client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })) got.push(event);
    })().catch((caught: unknown) => caught);
    assert.ok(error instanceof NetworkError);
    assert.deepEqual(got, [events[0]]);
  });

  it('cancels the body when the caller stops early', async () => {
    const hanging = hangingStream([JSON.stringify(events[0])]);
    const { client } = clientWith(() => new Response(hanging.stream));
    for await (const event of client.uploadDataSource({ bot_id: BOT_ID, scrape_url: 'u', scrape_type: 1 })) {
      assert.deepEqual(event, events[0]);
      break;
    }
    await hanging.cancelled;
  });
});

describe('createClient streamAnswer', () => {
  const answer = 'Hello! How can I **assist** you today? 日本語も大丈夫です。';
  const suggestions = ['What can you do?', 'How do I start?', 'Where are the docs?', 'Who made you?'];
  const body = formatAnswer({ answer, suggestions });

  it('posts the request with type_qa in the query and the body, and the suggestion switch in the query', async () => {
    const fake = fakeFetch(() => text(body, 200, 'application/json'));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const request = {
      bot_id: BOT_ID,
      message: 'Hi',
      chat_history: [{ sender_type: 'user', content: 'Earlier' }],
      temperature: 0.3,
      rules: [],
      type_qa: 'normal',
      is_get_suggest_question: true,
      session_id: 's1',
    };
    await collect(client.streamAnswer(request));
    const sent = fake.requests[0]!;
    assert.equal(sent.method, 'POST');
    assert.equal(sent.url.pathname, '/api/chat/get-streaming-response-with-custom-settings');
    assert.deepEqual(Object.fromEntries(sent.url.searchParams), { type_qa: 'normal', is_get_suggest_question: 'true' });
    assert.equal(sent.headers.get('content-type'), 'application/json');
    assert.equal(sent.headers.get('authorization'), null);
    const { is_get_suggest_question: _switch, ...expectedBody } = request;
    assert.deepEqual(JSON.parse(sent.body!), expectedBody);
  });

  it('sends no query when neither switch is given', async () => {
    const fake = fakeFetch(() => text(body));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] }));
    assert.equal(fake.requests[0]!.url.search, '');
  });

  it('reads raw text labelled application/json, split at every byte', async () => {
    for (const chunks of byteSplits(body)) {
      const { client } = clientWith(() => streamed(chunks, 'application/json'));
      const got = summary(await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })));
      assert.deepEqual(got, { text: answer, suggestions: [suggestions], last: 'done', dones: 1 });
    }
  });

  it('yields text before the body ends', async () => {
    const hanging = hangingStream(['*Answer:* Hello there, ', 'friend']);
    const { client } = clientWith(() => new Response(hanging.stream, { headers: { 'content-type': 'text/plain' } }));
    const iterator = client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] });
    const first = await iterator.next();
    assert.equal(first.value?.type, 'text');
    await iterator.return(undefined);
    await hanging.cancelled;
  });

  it('reads an event stream by its content type', async () => {
    const sse = formatSseAnswer(['*Answer:* Hello! How can ', 'I help?\n\n*Suggest Questions:*\n1. One?\n2. Two?']);
    for (const chunks of splits(sse)) {
      const { client } = clientWith(() => streamed(chunks, 'text/event-stream; charset=utf-8'));
      const got = summary(await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })));
      assert.deepEqual(got, { text: 'Hello! How can I help?', suggestions: [['One?', 'Two?']], last: 'done', dones: 1 });
    }
  });

  it('turns an event-stream error message into an ApiError after the text so far', async () => {
    const sse = `${formatSseAnswer(['*Answer:* Partial']).replace(/event: done[\s\S]*$/, '')}${formatSseError('{"message":"Out of credits","message_code":9}')}`;
    const { client } = clientWith(() => streamed([sse], 'text/event-stream'));
    const got: AnswerEvent[] = [];
    const error = await (async () => {
      for await (const event of client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })) got.push(event);
    })().catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'Out of credits');
    assert.equal(error.messageCode, 9);
    assert.equal(got.some((event) => event.type === 'done'), false);
  });

  it('gives a plain-text event-stream error its text as the message', async () => {
    const { client } = clientWith(() => streamed([formatSseError('Model overloaded')], 'text/event-stream'));
    await assert.rejects(collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })), {
      name: 'ApiError',
      message: 'Model overloaded',
    });
  });

  it('rejects a non-2xx answer before any event', async () => {
    const { client } = clientWith(() => json({ detail: 'Bot is not active' }, 403));
    const got: AnswerEvent[] = [];
    const error = await (async () => {
      for await (const event of client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })) got.push(event);
    })().catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 403);
    assert.equal(error.message, 'Bot is not active');
    assert.deepEqual(got, []);
  });

  it('reads a 200 JSON object with answer text, bare or wrapped', async () => {
    for (const jsonBody of [{ answer: body }, { message_code: 0, message: 'ok', data: body }, { data: { answer: body } }]) {
      const { client } = clientWith(() => json(jsonBody));
      const got = summary(await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })));
      assert.deepEqual(got, { text: answer, suggestions: [suggestions], last: 'done', dones: 1 });
    }
  });

  it('treats a 200 JSON object with detail, message or a failure code as an ApiError', async () => {
    for (const jsonBody of [{ detail: 'No credits left' }, { message: 'No credits left' }, { message_code: 4, message: 'No credits left' }]) {
      const { client } = clientWith(() => json(jsonBody));
      await assert.rejects(collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })), {
        name: 'ApiError',
        message: 'No credits left',
      });
    }
  });

  it('reports a 200 JSON object without answer text as a ResponseShapeError', async () => {
    const { client } = clientWith(() => json({ status: 'queued' }));
    await assert.rejects(collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })), ResponseShapeError);
  });

  it('reads text that starts with a brace but is not JSON as the answer', async () => {
    const braced = '{braces} are how objects start in JavaScript.';
    for (const chunks of splits(braced)) {
      const { client } = clientWith(() => streamed(chunks, 'application/json'));
      const got = summary(await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })));
      assert.deepEqual(got, { text: braced, suggestions: [], last: 'done', dones: 1 });
    }
  });

  it('ends with exactly one done whatever done messages an event stream sends', async () => {
    const once = formatSseAnswer(['*Answer:* Hi']);
    const withoutDone = 'data: "*Answer:* Hi"\n\n';
    for (const sse of [once, withoutDone, once + once, `${once}data: " there"\n\nevent: done\ndata: \n\n`]) {
      const { client } = clientWith(() => streamed([sse], 'text/event-stream'));
      const events = await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] }));
      assert.deepEqual(events.at(-1), { type: 'done' }, sse);
      assert.equal(events.filter((event) => event.type === 'done').length, 1, sse);
    }
  });

  it('yields only done for an empty 200 body', async () => {
    const { client } = clientWith(() => new Response(null, { status: 200 }), () => text(''));
    assert.deepEqual(await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })), [{ type: 'done' }]);
    assert.deepEqual(await collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })), [{ type: 'done' }]);
  });

  it('keeps the text already yielded when the connection drops, then throws a NetworkError', async () => {
    const { client } = clientWith(() => streamed(['*Answer:* Hello there', ' and more'], 'text/plain', new TypeError('terminated')));
    const got: AnswerEvent[] = [];
    const error = await (async () => {
      for await (const event of client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })) got.push(event);
    })().catch((caught: unknown) => caught);
    assert.ok(error instanceof NetworkError);
    assert.ok(summary(got).text.startsWith('Hello there'));
    assert.equal(summary(got).dones, 0);
  });

  it('drops an event stream mid-way as a NetworkError', async () => {
    const { client } = clientWith(() => streamed(['data: "*Answer:* Hi"\n\n'], 'text/event-stream', new TypeError('terminated')));
    await assert.rejects(collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })), NetworkError);
  });

  it('stops with an AbortError when aborted during the stream, and cancels the body', async () => {
    for (const contentType of ['text/plain', 'text/event-stream']) {
      const hanging = hangingStream([contentType === 'text/plain' ? '*Answer:* Hello there, ' : 'data: "*Answer:* Hello there, "\n\n']);
      const { client } = clientWith(() => new Response(hanging.stream, { headers: { 'content-type': contentType } }));
      const controller = new AbortController();
      const got: AnswerEvent[] = [];
      const error = await (async () => {
        for await (const event of client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] }, { signal: controller.signal })) {
          got.push(event);
          controller.abort();
        }
      })().catch((caught: unknown) => caught);
      assert.ok(error instanceof AbortError, contentType);
      assert.equal(got[0]?.type, 'text');
      await hanging.cancelled;
    }
  });

  it('rejects with an AbortError and sends nothing when aborted before', async () => {
    const fake = fakeFetch(() => text(body));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await assert.rejects(
      collect(client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] }, { signal: AbortSignal.abort() })),
      AbortError,
    );
    assert.equal(fake.requests.length, 0);
  });
});
