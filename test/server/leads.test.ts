import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UNKNOWN_ID, testEngines, useService } from './helpers.js';

for (const engine of testEngines()) {
  describe(`lead forms (${engine.name})`, () => {
    const service = useService(engine);

    it('stores a visitor\'s lead for a public bot and shows it to the owner only', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, {
        is_visibility: true,
        domain: ['shop.example'],
        collect_customer_info: { numberShowing: 2, name: true, email: true },
      });
      const sent = await service().call('POST', '/api/lead', {
        headers: { origin: 'https://shop.example' },
        json: { bot_id: bot.id, session_id: 'visitor-1', fields: { name: ' Ada Lovelace ', email: 'ada@example.com', note: 'Call after 5' } },
      });
      assert.equal(sent.status, 200);
      assert.equal(sent.body.message_code, 0);
      assert.equal(typeof sent.body.message, 'string');
      const listed = await service().call('GET', `/api/lead/${bot.id}`, { token: owner.token });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.length, 1);
      assert.deepEqual(listed.body[0].fields, { name: 'Ada Lovelace', email: 'ada@example.com', note: 'Call after 5' });
      assert.equal(listed.body[0].session_id, 'visitor-1');
      assert.equal(listed.body[0].bot_id, bot.id);
      assert.match(listed.body[0].created_at, /Z$/);
      const stranger = await service().user();
      assert.equal((await service().call('GET', `/api/lead/${bot.id}`, { token: stranger.token })).status, 404);
      assert.equal((await service().call('GET', `/api/lead/${bot.id}`)).status, 401);
    });

    it('requires the fields the bot asks for, checks e-mail addresses, and names the field', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true, collect_customer_info: { name: true, email: true, phone: false } });
      const cases: [Record<string, unknown>, (string | number)[]][] = [
        [{ fields: { name: 'Ada' } }, ['body', 'fields', 'email']],
        [{ fields: { name: '   ', email: 'ada@example.com' } }, ['body', 'fields', 'name']],
        [{ fields: { name: 'Ada', email: 'not-an-address' } }, ['body', 'fields', 'email']],
        [{ fields: {} }, ['body', 'fields']],
        [{ fields: { name: 42 } }, ['body', 'fields', 'name']],
        [{ fields: { name: 'Ada', email: 'ada@example.com' }, session_id: '' }, ['body', 'session_id']],
      ];
      for (const [json, loc] of cases) {
        const { status, body } = await service().call('POST', '/api/lead', { json: { bot_id: bot.id, session_id: 's', ...json } });
        assert.equal(status, 422, JSON.stringify(json));
        assert.deepEqual(body.detail[0].loc, loc, JSON.stringify(json));
      }
      assert.deepEqual((await service().call('GET', `/api/lead/${bot.id}`, { token: owner.token })).body, []);
    });

    it('applies the bot\'s access rules: origin, privacy, existence', async () => {
      const owner = await service().user();
      const publicBot = await service().bot(owner.token, { is_visibility: true, domain: ['shop.example'] });
      const privateBot = await service().bot(owner.token, { is_visibility: false });
      const lead = { session_id: 's', fields: { name: 'Ada' } };
      const foreign = await service().call('POST', '/api/lead', { headers: { origin: 'https://evil.example' }, json: { bot_id: publicBot.id, ...lead } });
      assert.equal(foreign.status, 403);
      assert.equal(foreign.body.message_code, 1005);
      assert.equal((await service().call('POST', '/api/lead', { json: { bot_id: privateBot.id, ...lead } })).status, 404);
      assert.equal((await service().call('POST', '/api/lead', { token: owner.token, json: { bot_id: privateBot.id, ...lead } })).status, 200);
      assert.equal((await service().call('POST', '/api/lead', { json: { bot_id: UNKNOWN_ID, ...lead } })).status, 404);
    });
  });
}
