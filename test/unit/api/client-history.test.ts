import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client.js';
import { ApiError, ResponseShapeError } from '../../../src/api/errors.js';
import { fakeFetch, json, text, type RecordedRequest } from './fake-fetch.js';

const BASE = 'http://127.0.0.1:8000';
const record = {
  bot_name: 'Support',
  bot_id: 'b1',
  user_id: 'u1',
  session_id: 's1',
  created_at: '2024-01-19T17:53:51.643870Z',
  chat_history_response: [
    { sender_type: 'user', content: 'Hi' },
    { sender_type: 'assistant', content: 'Hello!' },
  ],
};
const second = { ...record, session_id: 's2', chat_history_response: [] };

type Form = 'query' | 'path' | 'post';

function formOf(request: RecordedRequest): Form | 'unknown' {
  if (request.method === 'POST' && request.url.pathname === '/api/chat/history') return 'post';
  if (request.method === 'GET' && request.url.pathname === '/api/chat/history') return 'query';
  if (request.method === 'GET' && request.url.pathname.startsWith('/api/chat/history/')) return 'path';
  return 'unknown';
}

// A server that implements only some forms: the others answer like FastAPI does for a missing route.
function server(forms: Form[], body: unknown = [[record, second]]) {
  return fakeFetch((request) => {
    const form = formOf(request);
    if (form !== 'unknown' && forms.includes(form)) return json(body);
    if (form === 'post' || (form === 'query' && forms.includes('post'))) return json({ detail: 'Method Not Allowed' }, 405);
    return json({ detail: 'Not Found' }, 404);
  });
}

describe('createClient getHistory', () => {
  it('uses the query form first, with the default period and order', async () => {
    const fake = server(['query']);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, token: 't' });
    const records = await client.getHistory({ bot_id: 'b1' });
    assert.deepEqual(records, [record, second]);
    assert.equal(fake.requests.length, 1);
    const { url, method, headers } = fake.requests[0]!;
    assert.equal(method, 'GET');
    assert.equal(url.pathname, '/api/chat/history');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      bot_id: 'b1',
      date_from: '2023-01-01T00:00:00',
      date_to: '2030-12-31T00:00:00',
      order: 'created_at.desc',
    });
    assert.equal(headers.get('authorization'), 'Bearer t');
  });

  it('formats Date bounds as zone-less UTC and passes strings as given', async () => {
    const fake = server(['query']);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await client.getHistory({
      bot_id: 'b1',
      date_from: new Date(Date.UTC(2024, 4, 1, 6, 7, 8)),
      date_to: '2024-06-01T00:00:00',
      order: 'created_at.asc',
    });
    const params = fake.requests[0]!.url.searchParams;
    assert.equal(params.get('date_from'), '2024-05-01T06:07:08');
    assert.equal(params.get('date_to'), '2024-06-01T00:00:00');
    assert.equal(params.get('order'), 'created_at.asc');
  });

  it('falls back to the path form on 404 and remembers it', async () => {
    const fake = server(['path']);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    assert.deepEqual(await client.getHistory({ bot_id: 'b1' }), [record, second]);
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path']);
    assert.equal(
      fake.requests[1]!.url.pathname,
      '/api/chat/history/b1/2023-01-01T00%3A00%3A00/2030-12-31T00%3A00%3A00/created_at.desc',
    );
    await client.getHistory({ bot_id: 'b1' });
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path', 'path']);
  });

  it('falls back to the POST form on 405 and sends the query as JSON', async () => {
    const fake = server(['post']);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    assert.deepEqual(await client.getHistory({ bot_id: 'b1' }), [record, second]);
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path', 'post']);
    const post = fake.requests[2]!;
    assert.equal(post.headers.get('content-type'), 'application/json');
    assert.deepEqual(JSON.parse(post.body!), {
      bot_id: 'b1',
      date_from: '2023-01-01T00:00:00',
      date_to: '2030-12-31T00:00:00',
      order: 'created_at.desc',
    });
    await client.getHistory({ bot_id: 'b1' });
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path', 'post', 'post']);
  });

  it('keeps the memory per client', async () => {
    const fake = server(['path']);
    const first = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const other = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await first.getHistory({ bot_id: 'b1' });
    await other.getHistory({ bot_id: 'b1' });
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path', 'query', 'path']);
  });

  it('moves on when the remembered form disappears', async () => {
    let forms: Form[] = ['path'];
    const fake = fakeFetch((request) => {
      const form = formOf(request);
      return form !== 'unknown' && forms.includes(form) ? json([[record]]) : json({ detail: 'Not Found' }, 404);
    });
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await client.getHistory({ bot_id: 'b1' });
    forms = ['query'];
    await client.getHistory({ bot_id: 'b1' });
    await client.getHistory({ bot_id: 'b1' });
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path', 'path', 'query', 'query']);
  });

  it('does not fall through on 422, 401 or a 404 that is the service’s own answer', async () => {
    for (const [status, body] of [
      [422, { detail: [{ loc: ['query', 'date_from'], msg: 'Invalid datetime', type: 'datetime_parsing' }] }],
      [401, { detail: 'Not authenticated' }],
      [404, { message: 'Bot not found', message_code: 404 }],
    ] as const) {
      const fake = fakeFetch(() => json(body, status));
      const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
      await assert.rejects(client.getHistory({ bot_id: 'b1' }), (error: unknown) => error instanceof ApiError && error.status === status);
      assert.equal(fake.requests.length, 1, String(status));
    }
  });

  it('throws the first form’s error when no form exists', async () => {
    const fake = fakeFetch(() => json({ detail: 'Not Found' }, 404));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const error = await client.getHistory({ bot_id: 'b1' }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 404);
    assert.equal(error.message, 'Not Found');
    assert.deepEqual(fake.requests.map(formOf), ['query', 'path', 'post']);
  });

  it('flattens the outer array, accepts a flat array, an envelope, and null', async () => {
    for (const body of [[[record, second]], [record, second], { message_code: 0, message: 'ok', data: [[record, second]] }]) {
      const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json(body)).fetch });
      assert.deepEqual(await client.getHistory({ bot_id: 'b1' }), [record, second], JSON.stringify(body).slice(0, 40));
    }
    const empty = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json({ data: null })).fetch });
    assert.deepEqual(await empty.getHistory({ bot_id: 'b1' }), []);
    const emptyOuter = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json([[]])).fetch });
    assert.deepEqual(await emptyOuter.getHistory({ bot_id: 'b1' }), []);
  });

  it('reads records whose created_at has no zone', async () => {
    const zoneless = { ...record, created_at: '2024-01-19T17:53:51.643870' };
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json([[zoneless]])).fetch });
    assert.equal((await client.getHistory({ bot_id: 'b1' }))[0]!.created_at, '2024-01-19T17:53:51.643870');
  });

  it('reports a record of the wrong shape with its path', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => json([[record, { ...record, chat_history_response: 'oops' }]])).fetch,
    });
    await assert.rejects(client.getHistory({ bot_id: 'b1' }), (error: unknown) => {
      assert.ok(error instanceof ResponseShapeError);
      assert.deepEqual(error.issues[0]!.path, [1, 'chat_history_response']);
      assert.match(error.message, /1\.chat_history_response must be a list/);
      return true;
    });
  });

  it('reports a non-JSON 200 as a ResponseShapeError', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => text('ok')).fetch });
    await assert.rejects(client.getHistory({ bot_id: 'b1' }), ResponseShapeError);
  });
});
