import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { HistoryRecordSchema } from '../../src/api/schemas.js';
import { UNKNOWN_ID, testEngines, useService } from './helpers.js';

const PATH = '/api/chat/get-streaming-response-with-custom-settings';
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

for (const engine of testEngines()) {
  describe(`conversation history (${engine.name})`, () => {
    const service = useService(engine);
    let owner: { id: string; token: string };
    let bot: { id: string; bot_name: string };
    const sessions = ['session-a', 'session-b', 'session-c'];

    before(async () => {
      owner = await service().user();
      bot = await service().bot(owner.token, { bot_name: 'History bot', is_visibility: true });
      for (const [index, session] of sessions.entries()) {
        for (const message of [`Question ${index}.1`, `Question ${index}.2`]) {
          const response = await service().request('POST', PATH, { json: { bot_id: bot.id, message, chat_history: [], session_id: session } });
          assert.equal(response.status, 200);
          await response.text();
        }
      }
    });

    it('answers the query form with a bare array of records, one per session, newest first by default', async () => {
      const { status, body } = await service().call('GET', `/api/chat/history?bot_id=${bot.id}`, { token: owner.token });
      assert.equal(status, 200);
      assert.deepEqual(body.map((record: { session_id: string }) => record.session_id), [...sessions].reverse());
      for (const record of body) {
        assert.ok(HistoryRecordSchema.safeParse(record).success);
        assert.equal(record.bot_name, 'History bot');
        assert.equal(record.bot_id, bot.id);
        assert.equal(record.user_id, owner.id);
        assert.match(record.created_at, CREATED_AT);
        assert.deepEqual(
          record.chat_history_response.map((message: { sender_type: string }) => message.sender_type),
          ['user', 'assistant', 'user', 'assistant'],
        );
      }
      const [newest] = body;
      assert.equal(newest.chat_history_response[0].content, 'Question 2.1');
      assert.equal(newest.chat_history_response[2].content, 'Question 2.2');
    });

    it('orders ascending with created_at.asc', async () => {
      const { body } = await service().call('GET', `/api/chat/history?bot_id=${bot.id}&order=created_at.asc`, { token: owner.token });
      assert.deepEqual(body.map((record: { session_id: string }) => record.session_id), sessions);
    });

    it('answers path form A and POST form B with the records wrapped in an outer array', async () => {
      const from = '2020-01-01T00:00:00';
      const to = '2100-01-01T00:00:00';
      const bare = (await service().call('GET', `/api/chat/history?bot_id=${bot.id}&date_from=${from}&date_to=${to}&order=created_at.desc`, { token: owner.token })).body;
      const formA = await service().call('GET', `/api/chat/history/${bot.id}/${from}/${to}/created_at.desc`, { token: owner.token });
      assert.equal(formA.status, 200);
      assert.deepEqual(formA.body, [bare]);
      const formB = await service().call('POST', '/api/chat/history', { token: owner.token, json: { bot_id: bot.id, date_from: from, date_to: to, order: 'created_at.desc' } });
      assert.equal(formB.status, 200);
      assert.deepEqual(formB.body, [bare]);
    });

    it('keeps the sessions that started within the period', async () => {
      const all = (await service().call('GET', `/api/chat/history?bot_id=${bot.id}&order=created_at.asc`, { token: owner.token })).body;
      const middle = all[1].created_at as string;
      const zoneless = middle.slice(0, -1);
      const fromMiddle = await service().call('GET', `/api/chat/history?bot_id=${bot.id}&date_from=${zoneless}&order=created_at.asc`, { token: owner.token });
      assert.deepEqual(fromMiddle.body.map((record: { session_id: string }) => record.session_id), ['session-b', 'session-c']);
      const untilMiddle = await service().call('GET', `/api/chat/history?bot_id=${bot.id}&date_to=${encodeURIComponent(middle)}&order=created_at.asc`, { token: owner.token });
      assert.deepEqual(untilMiddle.body.map((record: { session_id: string }) => record.session_id), ['session-a', 'session-b']);
      const past = await service().call('GET', `/api/chat/history?bot_id=${bot.id}&date_from=2001-01-01T00:00:00&date_to=2002-01-01T00:00:00`, { token: owner.token });
      assert.deepEqual(past.body, []);
    });

    it('answers 422 naming a bad order, date or range', async () => {
      const cases: [string, (string | number)[]][] = [
        [`/api/chat/history?bot_id=${bot.id}&order=name.asc`, ['query', 'order']],
        [`/api/chat/history?bot_id=${bot.id}&date_from=yesterday`, ['query', 'date_from']],
        [`/api/chat/history?bot_id=${bot.id}&date_from=2024-02-30T00:00:00`, ['query', 'date_from']],
        [`/api/chat/history?bot_id=${bot.id}&date_from=2024-02-01T00:00:00&date_to=2024-01-01T00:00:00`, ['query', 'date_to']],
        ['/api/chat/history', ['query', 'bot_id']],
        [`/api/chat/history/${bot.id}/2024-01-01T00:00:00/2024-02-01T00:00:00/created_at.sideways`, ['path', 'order']],
      ];
      for (const [path, loc] of cases) {
        const { status, body } = await service().call('GET', path, { token: owner.token });
        assert.equal(status, 422, path);
        assert.deepEqual(body.detail[0].loc, loc, path);
      }
      const formB = await service().call('POST', '/api/chat/history', { token: owner.token, json: { bot_id: bot.id, date_from: 'soon', date_to: '2024-01-01T00:00:00', order: 'created_at.desc' } });
      assert.equal(formB.status, 422);
      assert.deepEqual(formB.body.detail[0].loc, ['body', 'date_from']);
    });

    it('is for the owner only: 401 without a token, 404 for another user or an unknown bot', async () => {
      const stranger = await service().user();
      assert.equal((await service().call('GET', `/api/chat/history?bot_id=${bot.id}`)).status, 401);
      assert.equal((await service().call('GET', `/api/chat/history?bot_id=${bot.id}`, { token: stranger.token })).status, 404);
      assert.equal((await service().call('POST', '/api/chat/history', { token: stranger.token, json: { bot_id: bot.id, date_from: '2020-01-01T00:00:00', date_to: '2100-01-01T00:00:00', order: 'created_at.asc' } })).status, 404);
      assert.equal((await service().call('GET', `/api/chat/history?bot_id=${UNKNOWN_ID}`, { token: owner.token })).status, 404);
    });
  });
}
