import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ClientOptions } from '../../../src/api/client.js';
import {
  AbortError,
  ApiError,
  ChatbotClientError,
  NetworkError,
  ResponseShapeError,
} from '../../../src/api/errors.js';
import { fakeFetch, hangingStream, json, text, type Responder } from './fake-fetch.js';

const BASE = 'https://api.example.test';
const BOT_ID = '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11';
const bot = {
  id: BOT_ID,
  user_id: 'u1',
  bot_name: 'Support',
  temperature: 0.2,
  created_at: '2024-01-19T17:53:51Z',
  updated_at: '2024-01-19T17:53:51.643870',
};

function setup(responders: Responder[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(...responders);
  const client = createClient({ baseUrl: `${BASE}/`, fetch: fake.fetch, ...options });
  return { client, requests: fake.requests };
}

describe('createClient endpoints', () => {
  it('login posts all six form fields url-encoded and reads the wrapped token', async () => {
    const { client, requests } = setup([
      () => json({ message_code: 0, message: 'Success', data: { access_token: 'tok', token_type: 'bearer' } }),
    ]);
    const token = await client.login({ username: 'ann@example.com', password: 'p&ss w=rd' });
    assert.deepEqual(token, { access_token: 'tok', token_type: 'bearer' });
    const [request] = requests;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.url.href, `${BASE}/token`);
    assert.equal(request!.headers.get('content-type'), 'application/x-www-form-urlencoded');
    assert.equal(request!.headers.get('authorization'), null);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(request!.body)), {
      grant_type: 'password',
      username: 'ann@example.com',
      password: 'p&ss w=rd',
      scope: '',
      client_id: '',
      client_secret: '',
    });
  });

  it('login accepts a bare token and passes the optional fields through', async () => {
    const { client, requests } = setup([() => json({ access_token: 'tok2', token_type: 'bearer' })]);
    const token = await client.login({ username: 'a', password: 'b', scope: 'admin', client_id: 'c', client_secret: 's' });
    assert.equal(token.access_token, 'tok2');
    const form = new URLSearchParams(requests[0]!.body);
    assert.equal(form.get('scope'), 'admin');
    assert.equal(form.get('client_id'), 'c');
    assert.equal(form.get('client_secret'), 's');
  });

  it('login with a wrong password is an ApiError without calling onUnauthorized', async () => {
    let called = 0;
    const { client } = setup([() => json({ message: 'Incorrect username or password', message_code: 1 }, 401)], {
      onUnauthorized: () => called++,
    });
    await assert.rejects(client.login({ username: 'a', password: 'b' }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.isUnauthorized, true);
      assert.equal(error.message, 'Incorrect username or password');
      return true;
    });
    assert.equal(called, 0);
  });

  it('createBot posts JSON and reads a bare bot', async () => {
    const { client, requests } = setup([() => json(bot)]);
    const body = { bot_name: 'Support', temperature: 0.2, domain: ['example.com'] };
    const created = await client.createBot(body);
    assert.equal(created.id, BOT_ID);
    assert.equal(created.updated_at, '2024-01-19T17:53:51.643870');
    assert.equal(created.is_activate, true);
    assert.equal(requests[0]!.method, 'POST');
    assert.equal(requests[0]!.url.href, `${BASE}/api/bot`);
    assert.equal(requests[0]!.headers.get('content-type'), 'application/json');
    assert.deepEqual(JSON.parse(requests[0]!.body!), body);
  });

  it('updateBot puts JSON with the id and reads a wrapped bot', async () => {
    const { client, requests } = setup([() => json({ message_code: 0, message: 'Updated', data: bot })]);
    const updated = await client.updateBot({ id: BOT_ID, bot_name: 'Support' });
    assert.equal(updated.bot_name, 'Support');
    assert.equal(requests[0]!.method, 'PUT');
    assert.equal(requests[0]!.url.href, `${BASE}/api/bot`);
    assert.deepEqual(JSON.parse(requests[0]!.body!), { id: BOT_ID, bot_name: 'Support' });
  });

  it('getBotInformation sends bot_id as a query parameter', async () => {
    const { client, requests } = setup([() => json(bot)]);
    const read = await client.getBotInformation(BOT_ID);
    assert.equal(read.temperature, 0.2);
    assert.equal(requests[0]!.method, 'GET');
    assert.equal(requests[0]!.url.pathname, '/api/bot/information');
    assert.equal(requests[0]!.url.searchParams.get('bot_id'), BOT_ID);
    assert.equal(requests[0]!.body, undefined);
    assert.equal(requests[0]!.headers.get('content-type'), null);
  });

  it('listDataSources reads a bare array from the bot path', async () => {
    const entries = [{ knowledge_base_id: 'k1', url: 'https://a.example', num_token: 120 }];
    const { client, requests } = setup([() => json(entries)]);
    assert.deepEqual(await client.listDataSources(BOT_ID), entries);
    assert.equal(requests[0]!.url.href, `${BASE}/api/scraping/url/${BOT_ID}`);
  });

  it('listDataSources reads a wrapped array and a wrapped null as an empty list', async () => {
    const entries = [{ knowledge_base_id: 'k1', url: 'https://a.example', num_token: 1 }];
    const { client } = setup([() => json({ message_code: 0, message: 'ok', data: entries }), () => json({ data: null })]);
    assert.deepEqual(await client.listDataSources('b'), entries);
    assert.deepEqual(await client.listDataSources('b'), []);
  });

  it('listDataSources escapes the bot id in the path', async () => {
    const { client, requests } = setup([() => json([])]);
    await client.listDataSources('a/b?c');
    assert.equal(requests[0]!.url.pathname, '/api/scraping/url/a%2Fb%3Fc');
  });

  it('deleteDataSource sends the URL as UTF-8 base64 in the query', async () => {
    const { client, requests } = setup([() => json({ message_code: 0, message: 'Deleted' })]);
    const url = 'https://例え.example/ページ?q=1';
    await client.deleteDataSource(BOT_ID, url);
    assert.equal(requests[0]!.method, 'DELETE');
    assert.equal(requests[0]!.url.pathname, '/api/scraping/url');
    assert.equal(requests[0]!.url.searchParams.get('bot_id'), BOT_ID);
    const encoded = requests[0]!.url.searchParams.get('base64_url')!;
    assert.equal(encoded, Buffer.from(url, 'utf8').toString('base64'));
  });

  it('deleteDataSource accepts an empty or non-JSON 200 body but not a wrapped failure', async () => {
    const { client } = setup([
      () => new Response(null, { status: 204 }),
      () => text('deleted'),
      () => json({ message_code: 3, message: 'URL not found' }),
    ]);
    await client.deleteDataSource('b', 'https://a.example');
    await client.deleteDataSource('b', 'https://a.example');
    await assert.rejects(client.deleteDataSource('b', 'https://a.example'), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 200);
      assert.equal(error.messageCode, 3);
      assert.equal(error.message, 'URL not found');
      return true;
    });
  });
});

describe('createClient authentication', () => {
  it('sends no credentials when none are configured', async () => {
    const { client, requests } = setup([() => json(bot)]);
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('authorization'), null);
    assert.equal(requests[0]!.headers.get('chatfly-api-key'), null);
  });

  it('sends a fixed token as a bearer credential', async () => {
    const { client, requests } = setup([() => json(bot)], { token: 'tok' });
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('authorization'), 'Bearer tok');
  });

  it('does not double a Bearer prefix given with the token', async () => {
    const { client, requests } = setup([() => json(bot)], { token: 'Bearer tok' });
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('authorization'), 'Bearer tok');
  });

  it('reads getToken before every call, falling back to the fixed token', async () => {
    const tokens = ['first', undefined];
    const { client, requests } = setup([() => json(bot)], {
      token: 'fixed',
      getToken: async () => tokens.shift(),
    });
    await client.getBotInformation(BOT_ID);
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('authorization'), 'Bearer first');
    assert.equal(requests[1]!.headers.get('authorization'), 'Bearer fixed');
  });

  it('wraps a failing getToken in a ChatbotClientError without sending', async () => {
    const { client, requests } = setup([() => json(bot)], {
      getToken: () => {
        throw new Error('storage locked');
      },
    });
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ChatbotClientError);
      assert.equal((error.cause as Error).message, 'storage locked');
      return true;
    });
    assert.equal(requests.length, 0);
  });

  it('sends an API key as a bearer credential by default', async () => {
    const { client, requests } = setup([() => json(bot)], { apiKey: 'key-1' });
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('authorization'), 'Bearer key-1');
    assert.equal(requests[0]!.headers.get('chatfly-api-key'), null);
  });

  it('sends an API key in the CHATFLY-API-KEY header when asked', async () => {
    const { client, requests } = setup([() => json(bot)], { apiKey: 'key-1', apiKeyHeader: 'chatfly-api-key' });
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('chatfly-api-key'), 'key-1');
    assert.equal(requests[0]!.headers.get('authorization'), null);
  });

  it('lets a token win the Authorization header over a bearer API key', async () => {
    const { client, requests } = setup([() => json(bot)], { apiKey: 'key-1', token: 'tok' });
    await client.getBotInformation(BOT_ID);
    assert.equal(requests[0]!.headers.get('authorization'), 'Bearer tok');
  });

  it('turns a 401 into an unauthorized ApiError and calls onUnauthorized once', async () => {
    const seen: ApiError[] = [];
    const { client } = setup([() => json({ message: 'Token expired', message_code: 401 }, 401)], {
      token: 'old',
      onUnauthorized: (error) => seen.push(error),
    });
    const rejection = await client.getBotInformation(BOT_ID).catch((error: unknown) => error);
    assert.ok(rejection instanceof ApiError);
    assert.equal(rejection.isUnauthorized, true);
    assert.equal(rejection.message, 'Token expired');
    assert.deepEqual(seen, [rejection]);
  });

  it('still rejects with the ApiError when onUnauthorized throws', async () => {
    const { client } = setup([() => json({ detail: 'Not authenticated' }, 401)], {
      onUnauthorized: () => {
        throw new Error('handler bug');
      },
    });
    await assert.rejects(client.listDataSources('b'), (error: unknown) => error instanceof ApiError && error.status === 401);
  });
});

describe('createClient errors', () => {
  it('a 500 with {message} is an ApiError with that message and code', async () => {
    const { client } = setup([() => json({ message: 'Database unavailable', message_code: 5001 }, 500)]);
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 500);
      assert.equal(error.message, 'Database unavailable');
      assert.equal(error.messageCode, 5001);
      assert.equal(error.isUnauthorized, false);
      return true;
    });
  });

  it('a 422 FastAPI detail maps locations to fields', async () => {
    const detail = [
      { loc: ['body', 'temperature'], msg: 'Input should be less than or equal to 1', type: 'less_than_equal' },
      { loc: ['body', 'domain', 1], msg: 'Invalid host', type: 'value_error' },
    ];
    const { client } = setup([() => json({ detail }, 422)]);
    await assert.rejects(client.createBot({ bot_name: 'x', temperature: 2 }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 422);
      assert.deepEqual(error.detail, detail);
      assert.deepEqual(error.fieldErrors, {
        temperature: 'Input should be less than or equal to 1',
        'domain.1': 'Invalid host',
      });
      assert.equal(error.message, 'temperature: Input should be less than or equal to 1; domain.1: Invalid host');
      return true;
    });
  });

  it('an HTML error page is an ApiError with the status text and the page kept', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const { client } = setup([
      () => new Response(page, { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
    ]);
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.message, 'Bad Gateway');
      assert.equal(error.body, page);
      return true;
    });
  });

  it('a 200 that is not JSON is a ResponseShapeError keeping the text', async () => {
    const { client } = setup([() => text('<html>maintenance</html>', 200, 'text/html')]);
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ResponseShapeError);
      assert.equal(error.body, '<html>maintenance</html>');
      assert.match(error.message, /GET \/api\/bot\/information: not JSON/);
      return true;
    });
  });

  it('a 200 of the wrong shape is a ResponseShapeError naming the paths and keeping the body', async () => {
    const body = { message_code: 0, message: 'ok', data: { bot_name: 'No id', temperature: 'warm' } };
    const { client } = setup([() => json(body)]);
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ResponseShapeError);
      assert.deepEqual(error.body, body);
      assert.deepEqual(
        error.issues.map((issue) => issue.path),
        [['id'], ['temperature']],
      );
      assert.equal(
        error.message,
        'Unexpected response from GET /api/bot/information: id is required; temperature must be a number',
      );
      return true;
    });
  });

  it('a 200 envelope with a non-zero message_code is an ApiError', async () => {
    const { client } = setup([() => json({ message_code: 2, message: 'Bot not found', data: null })]);
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 200);
      assert.equal(error.message, 'Bot not found');
      return true;
    });
  });

  it('a fetch failure is a NetworkError with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const { client } = setup([
      () => {
        throw cause;
      },
    ]);
    await assert.rejects(client.getBotInformation(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.cause, cause);
      assert.equal(error.message, 'Network request failed: fetch failed');
      return true;
    });
  });

  it('an already aborted signal is an AbortError and nothing is sent', async () => {
    const { client, requests } = setup([() => json(bot)]);
    const controller = new AbortController();
    controller.abort(new Error('page left'));
    await assert.rejects(client.getBotInformation(BOT_ID, { signal: controller.signal }), (error: unknown) => {
      assert.ok(error instanceof AbortError);
      assert.equal((error.cause as Error).message, 'page left');
      return true;
    });
    assert.equal(requests.length, 0);
  });

  it('an abort while waiting for the answer is an AbortError', async () => {
    const controller = new AbortController();
    const { client } = setup([
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
    ]);
    await assert.rejects(client.getBotInformation(BOT_ID, { signal: controller.signal }), AbortError);
  });

  it('passes the signal to fetch', async () => {
    const { client, requests } = setup([() => json(bot)]);
    const controller = new AbortController();
    await client.getBotInformation(BOT_ID, { signal: controller.signal });
    assert.equal(requests[0]!.signal, controller.signal);
  });

  it('a connection dropped while reading a JSON body is a NetworkError', async () => {
    const { client } = setup([
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"id":'));
              controller.error(new TypeError('terminated'));
            },
          }),
        ),
    ]);
    await assert.rejects(client.getBotInformation(BOT_ID), NetworkError);
  });

  it('an abort while reading a JSON body is an AbortError at once and cancels the body, also when fetch does not tie the body to the signal', async () => {
    const controller = new AbortController();
    const hanging = hangingStream(['{"id":']);
    const { client } = setup([() => new Response(hanging.stream, { headers: { 'content-type': 'application/json' } })]);
    const reading = client.getBotInformation(BOT_ID, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('page left')), 10);
    await assert.rejects(reading, (error: unknown) => {
      assert.ok(error instanceof AbortError);
      assert.equal((error.cause as Error).message, 'page left');
      return true;
    });
    assert.equal(((await hanging.cancelled) as Error).message, 'page left');
  });

  it('every error is a ChatbotClientError with its own name', () => {
    const errors = [new ApiError(500, undefined), new NetworkError(new Error('x')), new AbortError(), new ResponseShapeError('m', [], null)];
    assert.deepEqual(
      errors.map((error) => [error instanceof ChatbotClientError, error.name]),
      [
        [true, 'ApiError'],
        [true, 'NetworkError'],
        [true, 'AbortError'],
        [true, 'ResponseShapeError'],
      ],
    );
  });
});
