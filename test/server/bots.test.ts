import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BotSchema } from '../../src/api/schemas.js';
import { UNKNOWN_ID, testEngines, useService } from './helpers.js';

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const UPDATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const FULL_BODY = {
  bot_name: 'Support bot',
  case_study: '2',
  is_visibility: false,
  domain: ['example.com', '*.example.org', 'localhost:5173'],
  collect_customer_info: { numberShowing: 2, name: true, email: true, phone: false, company: false },
  rules: ['Be brief.', 'Never promise refunds.'],
  gpt_model_name: 'gpt-4',
  temperature: 0.4,
  custom_prompt: 'You are the support bot of Example Ltd.',
  bot_tone_type: 1,
  custom_error_message: 'Sorry, I do not know that yet.',
  is_enable_citation: true,
  is_activate: true,
  bot_language: 'en',
};

for (const engine of testEngines()) {
  describe(`bot endpoints (${engine.name})`, () => {
    const service = useService(engine, { messageCredits: 250 });

    it('creates a bot and answers the full Bot with id, credits and both timestamp shapes', async () => {
      const { call, user } = service();
      const owner = await user();
      const { status, body } = await call('POST', '/api/bot', { token: owner.token, json: { ...FULL_BODY, user_id: owner.id } });
      assert.equal(status, 200);
      assert.match(body.id, UUID);
      assert.equal(body.user_id, owner.id);
      assert.equal(body.num_message_left, 250);
      assert.match(body.created_at, CREATED_AT);
      assert.match(body.updated_at, UPDATED_AT);
      for (const [field, value] of Object.entries(FULL_BODY)) assert.deepEqual(body[field], value, field);
      assert.ok(BotSchema.safeParse(body).success);
    });

    it('fills the defaults of a minimal body (private, active, no domains)', async () => {
      const { bot, user } = service();
      const bot1 = await bot((await user()).token, { bot_name: '  Minimal  ' });
      assert.equal(bot1.bot_name, 'Minimal');
      assert.equal(bot1.is_visibility, false);
      assert.equal(bot1.is_activate, true);
      assert.deepEqual(bot1.domain, []);
      assert.deepEqual(bot1.rules, []);
      assert.deepEqual(bot1.collect_customer_info, {});
      assert.equal(bot1.gpt_model_name, 'gpt-3.5-turbo-16k');
      assert.equal(bot1.temperature, 0);
      assert.equal(bot1.bot_tone_type, 0);
    });

    it('updates the fields sent, keeps the others, and moves updated_at', async () => {
      const { call, bot, user } = service();
      const owner = await user();
      const created = await bot(owner.token, FULL_BODY);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { status, body } = await call('PUT', '/api/bot', {
        token: owner.token,
        json: { id: created.id, bot_name: 'Renamed', temperature: 1, is_activate: false, domain: ['Example.NET'] },
      });
      assert.equal(status, 200);
      assert.equal(body.bot_name, 'Renamed');
      assert.equal(body.temperature, 1);
      assert.equal(body.is_activate, false);
      assert.deepEqual(body.domain, ['example.net']);
      assert.equal(body.custom_prompt, FULL_BODY.custom_prompt);
      assert.deepEqual(body.rules, FULL_BODY.rules);
      assert.equal(body.created_at, created.created_at);
      assert.ok(body.updated_at > created.updated_at, `${body.updated_at} after ${created.updated_at}`);
      const read = await call('GET', `/api/bot/information?bot_id=${created.id}`, { token: owner.token });
      assert.deepEqual(read.body, body);
    });

    it('answers 422 naming each invalid field, FastAPI style', async () => {
      const { call, user } = service();
      const { token } = await user();
      const cases: [Record<string, unknown>, (string | number)[][]][] = [
        [{}, [['body', 'bot_name']]],
        [{ bot_name: 'x', temperature: 2 }, [['body', 'temperature']]],
        [{ bot_name: 'x', temperature: 'warm' }, [['body', 'temperature']]],
        [{ bot_name: 'x', bot_tone_type: 1.5 }, [['body', 'bot_tone_type']]],
        [{ bot_name: 'x', domain: ['ok.com', 'https://not a host/'] }, [['body', 'domain', 1]]],
        [{ bot_name: '', is_visibility: 'yes' }, [['body', 'bot_name'], ['body', 'is_visibility']]],
        [{ bot_name: 'x'.repeat(101) }, [['body', 'bot_name']]],
        [{ bot_name: 'x', collect_customer_info: { numberShowing: -1 } }, [['body', 'collect_customer_info', 'numberShowing']]],
      ];
      for (const [json, locations] of cases) {
        const { status, body } = await call('POST', '/api/bot', { token, json });
        assert.equal(status, 422, JSON.stringify(json));
        assert.equal(body.message_code, 1001);
        assert.equal(typeof body.message, 'string');
        assert.deepEqual(body.detail.map((issue: { loc: unknown }) => issue.loc), locations, JSON.stringify(json));
        for (const issue of body.detail) {
          assert.equal(typeof issue.msg, 'string');
          assert.equal(typeof issue.type, 'string');
        }
      }
    });

    it('answers 422 for a body that is not JSON, is empty, or names another user', async () => {
      const { call, user } = service();
      const owner = await user();
      const other = await user();
      const broken = await call('POST', '/api/bot', { token: owner.token, body: '{"bot_name": ', headers: { 'content-type': 'application/json' } });
      assert.equal(broken.status, 422);
      assert.equal(broken.body.detail[0].type, 'json_invalid');
      const empty = await call('POST', '/api/bot', { token: owner.token, body: '' });
      assert.equal(empty.status, 422);
      assert.deepEqual(empty.body.detail[0].loc, ['body']);
      const foreign = await call('POST', '/api/bot', { token: owner.token, json: { bot_name: 'x', user_id: other.id } });
      assert.equal(foreign.status, 422);
      assert.deepEqual(foreign.body.detail[0].loc, ['body', 'user_id']);
    });

    it('treats another user\'s bot as not found, for reading and for updating', async () => {
      const { call, bot, user } = service();
      const owner = await user();
      const stranger = await user();
      const created = await bot(owner.token, { is_visibility: false });
      const read = await call('GET', `/api/bot/information?bot_id=${created.id}`, { token: stranger.token });
      assert.equal(read.status, 404);
      assert.deepEqual(read.body, { message: 'Bot not found.', message_code: 1006 });
      const update = await call('PUT', '/api/bot', { token: stranger.token, json: { id: created.id, bot_name: 'Hijacked' } });
      assert.equal(update.status, 404);
      const after = await call('GET', `/api/bot/information?bot_id=${created.id}`, { token: owner.token });
      assert.equal(after.body.bot_name, 'Test bot');
    });

    it('answers 404 for an unknown bot and 422 for a malformed or missing id', async () => {
      const { call, user } = service();
      const { token } = await user();
      assert.equal((await call('GET', `/api/bot/information?bot_id=${UNKNOWN_ID}`, { token })).status, 404);
      assert.equal((await call('PUT', '/api/bot', { token, json: { id: UNKNOWN_ID, bot_name: 'x' } })).status, 404);
      const malformed = await call('GET', '/api/bot/information?bot_id=not-a-uuid', { token });
      assert.equal(malformed.status, 422);
      assert.deepEqual(malformed.body.detail[0].loc, ['query', 'bot_id']);
      const missing = await call('GET', '/api/bot/information', { token });
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.body.detail[0].loc, ['query', 'bot_id']);
      const noId = await call('PUT', '/api/bot', { token, json: { bot_name: 'x' } });
      assert.equal(noId.status, 422);
      assert.deepEqual(noId.body.detail[0].loc, ['body', 'id']);
    });

    it('shows a public bot to anyone from an allowed origin, with only what the widget needs', async () => {
      const { call, bot, user } = service();
      const owner = await user();
      const created = await bot(owner.token, { ...FULL_BODY, is_visibility: true });
      for (const origin of ['https://example.com', 'https://docs.example.org', 'http://localhost:5173', undefined]) {
        const { status, body } = await call('GET', `/api/bot/information?bot_id=${created.id}`, { headers: origin ? { origin } : {} });
        assert.equal(status, 200, String(origin));
        assert.deepEqual(body, {
          id: created.id,
          bot_name: FULL_BODY.bot_name,
          bot_language: FULL_BODY.bot_language,
          is_activate: true,
          custom_error_message: FULL_BODY.custom_error_message,
          collect_customer_info: FULL_BODY.collect_customer_info,
          has_credits: true,
        });
        assert.equal(BotSchema.safeParse(body).success, true, 'the typed client reads the visitor record');
      }
      for (const origin of ['https://evil.example', 'http://example.com.evil.test', 'https://example.org', 'http://localhost:3000', 'null']) {
        const { status, body } = await call('GET', `/api/bot/information?bot_id=${created.id}`, { headers: { origin } });
        assert.equal(status, 403, origin);
        assert.equal(body.message_code, 1005);
      }
      const asOwner = await call('GET', `/api/bot/information?bot_id=${created.id}`, { token: owner.token, headers: { origin: 'https://evil.example' } });
      assert.equal(asOwner.status, 200);
      assert.equal(asOwner.body.custom_prompt, FULL_BODY.custom_prompt);
      assert.equal(asOwner.body.user_id, owner.id);
      assert.equal(asOwner.body.num_message_left, 250);
      assert.deepEqual(asOwner.body.domain, FULL_BODY.domain);
      assert.equal(asOwner.body.temperature, FULL_BODY.temperature);
    });

    it('tells a visitor only that a bot has no credits left, not how many it has', async () => {
      const { call, bot, user } = service();
      const owner = await user();
      const created = await bot(owner.token, { is_visibility: true });
      const { db } = await service().server.service.ready();
      await db.query('update bots set num_message_left = 0 where id = $1', [created.id]);
      // A fresh read (the visitor cache keeps copies for a second at most).
      await call('PUT', '/api/bot', { token: owner.token, json: { id: created.id, bot_name: 'Spent' } });
      const { body } = await call('GET', `/api/bot/information?bot_id=${created.id}`);
      assert.equal(body.has_credits, false);
      assert.equal(body.num_message_left, 0);
      assert.equal(body.user_id, undefined);
    });

    it('refuses a repeated query parameter with 422 naming it, on every endpoint', async () => {
      const { call, bot, user } = service();
      const owner = await user();
      const created = await bot(owner.token, { is_visibility: true });
      const other = await bot(owner.token, { is_visibility: true });
      const requests: [string, string, string][] = [
        ['GET', `/api/bot/information?bot_id=${created.id}&bot_id=${other.id}`, 'bot_id'],
        ['GET', `/api/chat/history?bot_id=${created.id}&order=created_at.asc&order=created_at.desc`, 'order'],
        ['DELETE', `/api/scraping/url?bot_id=${created.id}&bot_id=${other.id}&base64_url=aHR0cDovL2EuZXhhbXBsZS8`, 'bot_id'],
        ['POST', '/api/chat/get-streaming-response-with-custom-settings?type_qa=a&type_qa=b', 'type_qa'],
      ];
      for (const [method, path, name] of requests) {
        const json = method === 'POST' ? { bot_id: created.id, message: 'Hi?' } : undefined;
        const { status, body } = await call(method, path, { token: owner.token, json });
        assert.equal(status, 422, path);
        assert.deepEqual(body.detail[0].loc, ['query', name], path);
        assert.equal(body.detail[0].type, 'repeated', path);
      }
      const { body } = await call('GET', `/api/bot/information?bot_id=${created.id}`, { token: owner.token });
      assert.equal(body.num_message_left, 250, 'the refused answer took no credit');
    });

    it('shows a visitor a change at once in the process that made it (the visitor cache forgets it)', async () => {
      const { call, bot, user } = service();
      const owner = await user();
      const created = await bot(owner.token, { is_visibility: true, bot_name: 'Before' });
      assert.equal((await call('GET', `/api/bot/information?bot_id=${created.id}`)).body.bot_name, 'Before');
      await call('PUT', '/api/bot', { token: owner.token, json: { id: created.id, bot_name: 'After' } });
      assert.equal((await call('GET', `/api/bot/information?bot_id=${created.id}`)).body.bot_name, 'After');
      await call('PUT', '/api/bot', { token: owner.token, json: { id: created.id, bot_name: 'After', is_visibility: false } });
      assert.equal((await call('GET', `/api/bot/information?bot_id=${created.id}`)).status, 404);
    });

    it('allows every origin for a public bot without domains', async () => {
      const { call, bot, user } = service();
      const created = await bot((await user()).token, { is_visibility: true, domain: [] });
      const { status } = await call('GET', `/api/bot/information?bot_id=${created.id}`, { headers: { origin: 'https://anywhere.test' } });
      assert.equal(status, 200);
    });

    it('answers an anonymous visitor of a private bot exactly as for an unknown bot (404)', async () => {
      const { call, bot, user } = service();
      const created = await bot((await user()).token, { is_visibility: false });
      const privateAnswer = await call('GET', `/api/bot/information?bot_id=${created.id}`);
      const unknownAnswer = await call('GET', `/api/bot/information?bot_id=${UNKNOWN_ID}`);
      assert.equal(privateAnswer.status, 404);
      assert.equal(privateAnswer.status, unknownAnswer.status);
      assert.deepEqual(privateAnswer.body, unknownAnswer.body);
    });

    it('answers 401 to create and update without a token', async () => {
      const { call } = service();
      assert.equal((await call('POST', '/api/bot', { json: { bot_name: 'x' } })).status, 401);
      assert.equal((await call('PUT', '/api/bot', { json: { id: UNKNOWN_ID, bot_name: 'x' } })).status, 401);
    });
  });

  describe(`HTTP edges (${engine.name})`, () => {
    const service = useService(engine, { maxBodyBytes: 2048 });

    it('refuses a body over the size limit with 413', async () => {
      const { call, user } = service();
      const { token } = await user();
      const { status, body } = await call('POST', '/api/bot', { token, json: { bot_name: 'x', custom_prompt: 'y'.repeat(4000) } });
      assert.equal(status, 413);
      assert.equal(body.message_code, 1008);
    });

    it('answers an unknown path with 404 in the error shape', async () => {
      const { status, body } = await service().call('GET', '/api/nothing-here');
      assert.equal(status, 404);
      assert.equal(body.message_code, 1006);
      assert.equal(typeof body.message, 'string');
    });

    it('answers CORS preflights for any origin with the headers the clients send', async () => {
      const response = await service().request('OPTIONS', '/api/chat/get-streaming-response-with-custom-settings', {
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization,chatfly-api-key',
        },
      });
      assert.ok(response.status === 204 || response.status === 200);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of ['authorization', 'content-type', 'chatfly-api-key']) assert.ok(allowed.includes(header), header);
      assert.equal(response.headers.get('access-control-allow-credentials'), null);
      for (const path of ['/api/health', `/api/bot/information?bot_id=${UNKNOWN_ID}`, '/api/nothing-here', '/demo-site/']) {
        const simple = await service().request('GET', path, { headers: { origin: 'https://shop.example' } });
        assert.equal(simple.headers.get('access-control-allow-origin'), '*', path);
        assert.equal(simple.headers.get('access-control-expose-headers'), 'X-Session-Id, Retry-After', path);
      }
      const streamed = await service().request('POST', '/api/chat/get-streaming-response-with-custom-settings', {
        headers: { origin: 'https://shop.example' },
        json: { bot_id: UNKNOWN_ID, message: 'Hi' },
      });
      assert.equal(streamed.status, 404);
      assert.equal(streamed.headers.get('access-control-allow-origin'), '*', 'errors carry CORS headers, so the page can read them');
    });

    it('answers 500 without leaking the cause when the database fails', async () => {
      const { call, user, server } = service();
      const { token } = await user();
      const state = await server.service.ready();
      const original = state.db.query;
      const errors: unknown[] = [];
      const logger = state.options.logger;
      state.options.logger = { ...logger, error: (_message, cause) => errors.push(cause) };
      state.db.query = async () => {
        throw new Error('connection to the database lost: secret-host:5432');
      };
      try {
        const { status, body } = await call('POST', '/api/bot', { token, json: { bot_name: 'x' } });
        assert.equal(status, 500);
        assert.deepEqual(body, { message: 'Internal server error.', message_code: 1000 });
        assert.equal(errors.length, 1);
      } finally {
        state.db.query = original;
        state.options.logger = logger;
      }
    });
  });
}
