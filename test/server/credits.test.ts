// Message credits under concurrency: a credit is reserved atomically before an answer is generated, so
// answers racing for the last credit (in one process or in two sharing a PostgreSQL database) never
// overspend, and a refused answer stores nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type AnswerProvider } from '../../demo/server/index.js';
import { testEngines, useService, wrapService, type TestService } from './helpers.js';

const PATH = '/api/chat/get-streaming-response-with-custom-settings';

// Answers that take a little while, so concurrent requests overlap in generation.
const slowProvider: AnswerProvider = {
  name: 'slow test provider',
  async *answer({ signal }) {
    for (let index = 0; index < 5 && !signal.aborted; index++) {
      yield `part${index} `;
      await sleep(20);
    }
  },
};

async function askOnce(service: TestService, botId: string, message: string): Promise<{ status: number; code: number | undefined }> {
  const response = await service.request('POST', PATH, { json: { bot_id: botId, message, chat_history: [] } });
  const text = await response.text();
  return { status: response.status, code: response.ok ? undefined : (JSON.parse(text) as { message_code: number }).message_code };
}

async function storedSessions(service: TestService, token: string, botId: string): Promise<number> {
  const { body } = await service.call('GET', `/api/chat/history?bot_id=${botId}&order=created_at.asc`, { token });
  return (body as unknown[]).length;
}

async function creditsOf(service: TestService, token: string, botId: string): Promise<number> {
  return (await service.call('GET', `/api/bot/information?bot_id=${botId}`, { token })).body.num_message_left as number;
}

function assertOneAnswered(results: { status: number; code: number | undefined }[]): void {
  const answered = results.filter((result) => result.status === 200);
  const refused = results.filter((result) => result.status === 402 && result.code === 1004);
  assert.equal(answered.length, 1, `exactly one answer: ${JSON.stringify(results.map((result) => result.status))}`);
  assert.equal(refused.length, results.length - 1, 'every other request gets "no messages left"');
}

for (const engine of testEngines()) {
  describe(`message credits under concurrency (${engine.name})`, () => {
    const service = useService(engine, { answerProvider: slowProvider, messageCredits: 1 });

    it('answers exactly one of 20 concurrent questions when one credit is left, and stores only that one', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const results = await Promise.all(Array.from({ length: 20 }, (_, index) => askOnce(service(), bot.id, `Question ${index}`)));
      assertOneAnswered(results);
      assert.equal(await storedSessions(service(), owner.token, bot.id), 1);
      assert.equal(await creditsOf(service(), owner.token, bot.id), 0);
    });
  });

  if (engine.name === 'postgres') {
    describe('message credits across two processes (postgres)', () => {
      it('answers exactly one of 20 concurrent questions spread over two services sharing the database', async () => {
        const database = await engine.freshDatabase();
        const [a, b] = await Promise.all([
          startServer({ port: 0, ...database, answerProvider: slowProvider, messageCredits: 1, rateLimits: false }),
          startServer({ port: 0, ...database, answerProvider: slowProvider, messageCredits: 1, rateLimits: false }),
        ]);
        try {
          const serviceA = wrapService(a);
          const serviceB = wrapService(b);
          const owner = await serviceA.user();
          const bot = await serviceA.bot(owner.token, { is_visibility: true });
          const results = await Promise.all(
            Array.from({ length: 20 }, (_, index) => askOnce(index % 2 === 0 ? serviceA : serviceB, bot.id, `Question ${index}`)),
          );
          assertOneAnswered(results);
          assert.equal(await storedSessions(serviceB, owner.token, bot.id), 1);
          assert.equal(await creditsOf(serviceB, owner.token, bot.id), 0);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      });
    });
  }
}
