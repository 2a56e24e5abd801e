// createClient against a fake of the deployed ChatFly service, as service-facts describes it: FastAPI routes
// (a missing route is `{"detail": "Not Found"}`), its own 404s in `detail`, numbers where the interface has
// strings, a wrapped login and bare bots, a raw-text answer labelled application/json.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import { isRouteMissing } from '../../../src/api/route-missing.js';
import { fakeFetch, json, text, type RecordedRequest } from './fake-fetch.js';

const BASE = 'http://127.0.0.1:8000';
const BOT_ID = '6b1f0c1e-2d7a-4c55-9a55-3d2b3d9c1f10';
const UNKNOWN_BOT = '00000000-0000-4000-8000-000000000000';

// The dashboard's list type declares case_study a number, and older records hold one.
const deployedBot = {
  id: BOT_ID,
  user_id: 'a3c1d7b2-0f4e-4b8a-9c6d-5e2f1a0b9c8d',
  bot_name: 'Support',
  case_study: 2,
  is_visibility: true,
  domain: ['shop.example'],
  collect_customer_info: { numberShowing: 2, name: true, email: true },
  rules: [],
  gpt_model_name: 'GPT - 3.5 - 16k',
  temperature: 0,
  custom_prompt: '',
  bot_tone_type: 0,
  custom_error_message: '',
  is_enable_citation: false,
  is_activate: true,
  bot_language: 'en',
  num_message_left: 120,
  created_at: '2024-01-19T17:53:51Z',
  updated_at: '2024-01-19T17:53:51.643870',
};

const deployedRecord = {
  bot_name: 'Support',
  bot_id: BOT_ID,
  user_id: deployedBot.user_id,
  session_id: 17,
  created_at: '2024-01-19T17:53:51.643870Z',
  chat_history_response: [{ sender_type: 'user', content: 'Hi' }],
};

// The deployed service: only the query form of history, its own 404 for an unknown bot in FastAPI's `detail`.
function deployedService(request: RecordedRequest): Response {
  const path = request.url.pathname;
  const botId = request.url.searchParams.get('bot_id');
  if (request.method === 'POST' && path === '/token') {
    const form = new URLSearchParams(request.body);
    if (form.get('password') !== 'right') return json({ detail: 'Incorrect username or password' }, 400);
    return json({ message_code: 0, message: 'Success', data: { access_token: 'jwt-token', token_type: 'bearer' } });
  }
  if (request.method === 'GET' && path === '/api/bot/information') {
    return botId === BOT_ID ? json(deployedBot) : json({ detail: 'Bot not found' }, 404);
  }
  if (request.method === 'GET' && path === '/api/chat/history') {
    return botId === BOT_ID ? json([deployedRecord]) : json({ detail: 'Bot not found' }, 404);
  }
  if (request.method === 'GET' && path === `/api/scraping/url/${BOT_ID}`) {
    return json([{ knowledge_base_id: 5, url: 'https://shop.example/faq', num_token: 812 }]);
  }
  if (request.method === 'POST' && path === '/api/chat/get-streaming-response-with-custom-settings') {
    return text('*Answer:* Hello! How can I assist you today?\n\n*Suggest Questions:*\n1. What do you sell?\n', 200, 'application/json');
  }
  return json({ detail: 'Not Found' }, 404);
}

describe('createClient against the deployed service', () => {
  it('reads a bot whose case_study is a number as its code', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(deployedService).fetch });
    const bot = await client.getBotInformation(BOT_ID);
    assert.equal(bot.case_study, '2');
    assert.equal(bot.gpt_model_name, 'GPT - 3.5 - 16k');
  });

  it('reads a history record whose session_id is a number, in one request', async () => {
    const fake = fakeFetch(deployedService);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const records = await client.getHistory({ bot_id: BOT_ID });
    assert.equal(records[0]!.session_id, '17');
    assert.equal(fake.requests.length, 1);
  });

  it('takes the service\'s own 404 for an unknown bot as the answer: one request, not three', async () => {
    const fake = fakeFetch(deployedService);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const error = await client.getHistory({ bot_id: UNKNOWN_BOT }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 404);
    assert.equal(error.message, 'Bot not found');
    assert.equal(fake.requests.length, 1);
  });

  it('reads a numeric knowledge_base_id, a wrapped login, and a raw answer labelled application/json', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(deployedService).fetch });
    assert.deepEqual(await client.listDataSources(BOT_ID), [{ knowledge_base_id: '5', url: 'https://shop.example/faq', num_token: 812 }]);
    assert.deepEqual(await client.login({ username: 'owner', password: 'right' }), { access_token: 'jwt-token', token_type: 'bearer' });
    const events = [];
    for await (const event of client.streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] })) events.push(event);
    assert.equal(events.filter((event) => event.type === 'text').map((event) => (event.type === 'text' ? event.text : '')).join(''), 'Hello! How can I assist you today?');
    assert.deepEqual(events.find((event) => event.type === 'suggestions'), { type: 'suggestions', questions: ['What do you sell?'] });
  });

  it('reads a wrong password as an ApiError (400, as FastAPI and RFC 6749 answer it) without ending a session', async () => {
    let unauthorized = 0;
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(deployedService).fetch, onUnauthorized: () => unauthorized++ });
    const error = await client.login({ username: 'owner', password: 'wrong' }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.message, 'Incorrect username or password');
    assert.equal(unauthorized, 0);
  });
});

describe('isRouteMissing', () => {
  it('is true for 405 and for a 404 with no body, a page that is not JSON, or FastAPI\'s {"detail": "Not Found"}', () => {
    for (const body of [undefined, 'Not Found', '<html><body>404</body></html>', { detail: 'Not Found' }]) {
      assert.equal(isRouteMissing(new ApiError(404, body)), true, JSON.stringify(body));
    }
    assert.equal(isRouteMissing(new ApiError(405, { detail: 'Method Not Allowed' })), true);
  });

  it('is false for the service\'s own 404s and for other statuses', () => {
    for (const body of [{ detail: 'Bot not found' }, { message: 'Bot not found.', message_code: 1006 }, { detail: [{ loc: ['path', 'bot_id'], msg: 'Not Found', type: 'missing' }] }]) {
      assert.equal(isRouteMissing(new ApiError(404, body)), false, JSON.stringify(body));
    }
    assert.equal(isRouteMissing(new ApiError(422, { detail: 'Not Found' })), false);
    assert.equal(isRouteMissing(new ApiError(401, undefined)), false);
  });
});
