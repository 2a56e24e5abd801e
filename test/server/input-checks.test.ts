// Text with control characters and deeply nested JSON are refused with a 422 naming the field, by every
// endpoint, before anything runs: nothing is stored.
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { before, describe, it } from 'node:test';
import { MAX_PASSWORD_LENGTH } from '../../demo/server/routes/users.js';
import { testEngines, useService, type ResponseBody } from './helpers.js';
import { storageSnapshot } from './storage-snapshot.js';

const STREAMING = '/api/chat/get-streaming-response-with-custom-settings';
const CONTROL_TEXTS = ['a\u0000b', 'line\u0007bell', '\u001bescape', 'form\u000cfeed'];

type Path = (string | number)[];

function withValue(body: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

function nested(depth: number): unknown {
  let value: unknown = true;
  for (let level = 0; level < depth; level++) value = { inner: value };
  return value;
}

for (const engine of testEngines()) {
  describe(`control characters and nesting in requests (${engine.name})`, () => {
    const service = useService(engine, { allowSignup: true });
    let owner: { id: string; username: string; token: string };
    let botId: string;
    before(async () => {
      owner = await service().user();
      botId = (await service().bot(owner.token, { is_visibility: true, collect_customer_info: { name: true } })).id;
    });

    const endpoints = (): { method: string; path: string; token?: string; body: Record<string, unknown>; fields: Path[] }[] => [
      {
        method: 'POST', path: '/api/bot', token: owner.token,
        body: { user_id: owner.id, bot_name: 'Name', case_study: '1', domain: ['shop.example'], rules: ['Be kind.'], gpt_model_name: 'gpt-4', custom_prompt: 'Prompt', custom_error_message: 'Sorry', bot_language: 'en', collect_customer_info: { name: true } },
        fields: [['user_id'], ['bot_name'], ['case_study'], ['domain', 0], ['rules', 0], ['gpt_model_name'], ['custom_prompt'], ['custom_error_message'], ['bot_language']],
      },
      {
        method: 'PUT', path: '/api/bot', token: owner.token,
        body: { id: botId, bot_name: 'Renamed', custom_prompt: 'Prompt', rules: ['Rule'] },
        fields: [['id'], ['bot_name'], ['custom_prompt'], ['rules', 0]],
      },
      {
        method: 'POST', path: STREAMING,
        body: { bot_id: botId, message: 'Hello?', chat_history: [{ sender_type: 'user', content: 'Hi' }], custom_prompt: 'P', gpt_model_name: 'gpt-4', rules: ['R'], type_qa: 'q', session_id: 'session-1' },
        fields: [['bot_id'], ['message'], ['chat_history', 0, 'content'], ['chat_history', 0, 'sender_type'], ['custom_prompt'], ['gpt_model_name'], ['rules', 0], ['type_qa'], ['session_id']],
      },
      {
        method: 'POST', path: '/api/lead',
        body: { bot_id: botId, session_id: 'session-1', fields: { name: 'Ada', email: 'ada@example.com' } },
        fields: [['bot_id'], ['session_id'], ['fields', 'name'], ['fields', 'email']],
      },
      { method: 'POST', path: '/api/scraping/url', token: owner.token, body: { bot_id: botId, scrape_url: 'http://127.0.0.1:9/page', scrape_type: 2 }, fields: [['bot_id'], ['scrape_url']] },
      { method: 'POST', path: '/api/chat/history', token: owner.token, body: { bot_id: botId, date_from: '2024-01-01T00:00:00', date_to: '2030-01-01T00:00:00', order: 'created_at.desc' }, fields: [['bot_id'], ['date_from'], ['order']] },
      { method: 'POST', path: '/api/keys', token: owner.token, body: { name: 'Key' }, fields: [['name']] },
      { method: 'POST', path: '/api/users', body: { username: 'newcomer', password: 'long enough password' }, fields: [['username'], ['password']] },
      { method: 'POST', path: '/token', body: { username: owner.username, password: `pw-${owner.username}-secret` }, fields: [['username'], ['password']] },
    ];

    it('refuses a control character in every string field of every JSON endpoint with 422 naming it, storing nothing', async () => {
      const before = await storageSnapshot(service());
      let cases = 0;
      for (const endpoint of endpoints()) {
        for (const [index, field] of endpoint.fields.entries()) {
          const text = CONTROL_TEXTS[index % CONTROL_TEXTS.length]!;
          const { status, body } = await service().call(endpoint.method, endpoint.path, { token: endpoint.token, json: withValue(endpoint.body, field, text) });
          const where = `${endpoint.method} ${endpoint.path} ${field.join('.')}`;
          // POST /token answers RFC 6749's 400 invalid_request (with the same detail); every other route 422.
          assert.equal(status, endpoint.path === '/token' ? 400 : 422, `${where}: ${JSON.stringify(body)}`);
          assert.equal(body.message_code, 1001, where);
          assert.deepEqual(body.detail[0].loc, ['body', ...field], where);
          assert.equal(body.detail[0].type, 'string_control_character', where);
          cases++;
        }
      }
      assert.ok(cases >= 30);
      assert.deepEqual(await storageSnapshot(service()), before);
    });

    it('refuses a control character in an object key, a form login and a query parameter', async () => {
      const before = await storageSnapshot(service());
      const key = await service().call('POST', '/api/lead', { json: { bot_id: botId, session_id: 's', fields: { name: 'Ada', 'x\u0000y': 'v' } } });
      assert.equal(key.status, 422);
      assert.deepEqual(key.body.detail[0].loc, ['body', 'fields', 'x\u0000y']);
      // POST /token answers as RFC 6749 §5.2 says (400 invalid_request), naming the field as everywhere.
      const form = await service().call('POST', '/token', { body: new URLSearchParams({ username: `${owner.username}\u0000`, password: 'whatever' }) });
      assert.equal(form.status, 400);
      assert.equal(form.body.error, 'invalid_request');
      assert.deepEqual(form.body.detail[0].loc, ['body', 'username']);
      const query = await service().call('GET', `/api/chat/history?bot_id=${botId}&order=created_at.desc%00`, { token: owner.token });
      assert.equal(query.status, 422);
      assert.deepEqual(query.body.detail[0].loc, ['query', 'order']);
      assert.deepEqual(await storageSnapshot(service()), before);
    });

    it('keeps tab, line feed and carriage return, which are ordinary text', async () => {
      const { status, body } = await service().call('POST', '/api/bot', { token: owner.token, json: { bot_name: 'Tabs', custom_prompt: 'One\tTwo\r\nThree\nFour' } });
      assert.equal(status, 200);
      assert.equal(body.custom_prompt, 'One\tTwo\r\nThree\nFour');
    });

    it('refuses JSON nested deeper than 32 levels with 422 naming the top field, before reading it, and stores nothing', async () => {
      const before = await storageSnapshot(service());
      const deepText = `{"bot_name":"Deep","collect_customer_info":${'{"inner":'.repeat(10_000)}true${'}'.repeat(10_000)}}`;
      const deep = await service().call('POST', '/api/bot', { token: owner.token, body: deepText, headers: { 'content-type': 'application/json' } });
      assert.equal(deep.status, 422, JSON.stringify(deep.body));
      assert.deepEqual(deep.body.detail[0].loc, ['body', 'collect_customer_info']);
      assert.equal(deep.body.detail[0].type, 'too_deep');
      const array = await service().call('POST', STREAMING, { body: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: { 'content-type': 'application/json' } });
      assert.equal(array.status, 422);
      assert.deepEqual(array.body.detail[0].loc, ['body']);
      const lead = await service().call('POST', '/api/lead', { json: { bot_id: botId, session_id: 's', fields: nested(40) } });
      assert.equal(lead.status, 422);
      assert.deepEqual(lead.body.detail[0].loc, ['body', 'fields']);
      assert.deepEqual(await storageSnapshot(service()), before);
      // 32 levels are fine (brackets inside strings do not count).
      const fine = await service().call('POST', '/api/bot', { token: owner.token, json: { bot_name: '[[[[{{{{', collect_customer_info: { name: true, extra: nested(30) } } });
      assert.equal(fine.status, 200, JSON.stringify(fine.body));
    });

    it(`refuses a login password over ${MAX_PASSWORD_LENGTH} characters with 400 invalid_request before hashing it`, async () => {
      const { status, body } = await service().call('POST', '/token', { body: new URLSearchParams({ username: owner.username, password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) }) });
      assert.equal(status, 400);
      assert.equal((body as ResponseBody & { error: string }).error, 'invalid_request');
      assert.deepEqual((body as ResponseBody).detail[0].loc, ['body', 'password']);
      const ok = await service().call('POST', '/token', { body: new URLSearchParams({ username: owner.username, password: `pw-${owner.username}-secret` }) });
      assert.equal(ok.status, 200);
    });
  });
}

/** Sends one request through an agent and reads the whole answer. */
function send(agent: Agent, url: string, path: string, body: string, chunked: boolean): Promise<{ status: number; connection: string | undefined; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = Buffer.byteLength(body);
    const outgoing = request({ hostname, port, path, method: 'POST', agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, text }));
    });
    outgoing.on('error', reject);
    if (chunked) for (let offset = 0; offset < body.length; offset += 64 * 1024) outgoing.write(body.slice(offset, offset + 64 * 1024));
    outgoing.end(chunked ? undefined : body);
  });
}

for (const engine of testEngines()) {
  describe(`an oversized body on a kept-alive connection (${engine.name})`, () => {
    const service = useService(engine, { maxBodyBytes: 10_000 });

    it('answers 413 with Connection: close, and the next request on the same agent is answered', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const oversized = JSON.stringify({ bot_name: 'x'.repeat(3_000_000) });
        const next = JSON.stringify({ bot_id: 'not-a-uuid', message: 'Hello?' });
        for (let round = 0; round < 6; round++) {
          const refused = await send(agent, service().url, '/api/bot', oversized, round % 2 === 1);
          assert.equal(refused.status, 413, `round ${round}`);
          assert.equal(refused.connection, 'close', `round ${round}`);
          assert.equal(JSON.parse(refused.text).message_code, 1008);
          const answered = await send(agent, service().url, STREAMING, next, false);
          assert.equal(answered.status, 422, `round ${round}: ${answered.text}`);
          assert.deepEqual(JSON.parse(answered.text).detail[0].loc, ['body', 'bot_id']);
        }
      } finally {
        agent.destroy();
      }
    });
  });
}
