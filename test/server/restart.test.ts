import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startServer, type StartServerOptions } from '../../demo/server/index.js';
import { MIGRATIONS } from '../../demo/server/storage/migrations.js';
import { dropTestSchemas, testEngines, wrapService, type TestEngine } from './helpers.js';

const PATH = '/api/chat/get-streaming-response-with-custom-settings';

async function persistentDatabase(engine: TestEngine): Promise<StartServerOptions & { cleanup(): void }> {
  if (engine.name === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-restart-'));
    return { dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  return { ...(await engine.freshDatabase()), cleanup: () => undefined };
}

for (const engine of testEngines()) {
  describe(`restarting the service (${engine.name})`, () => {
    after(() => dropTestSchemas());

    it('loses nothing and duplicates nothing across a restart, and finds the same demo bot', async () => {
      const { cleanup, ...database } = await persistentDatabase(engine);
      try {
        const first = wrapService(await startServer({ port: 0, ...database, seedDemo: true }));
        const demo = first.server.demo!;
        const user = await first.user('restart-user');
        const bot = await first.bot(user.token, { bot_name: 'Kept bot', is_visibility: true, rules: ['Be kind.'] });
        const key = (await first.call('POST', '/api/keys', { token: user.token, json: { name: 'kept' } })).body.key;
        const chat = await first.request('POST', PATH, { json: { bot_id: demo.botId, message: 'How do I change the colours?', chat_history: [], session_id: 'kept-session' } });
        const answer = await chat.text();
        assert.match(answer, /--chatbot-accent/);
        const sourcesBefore = (await first.call('GET', `/api/scraping/url/${demo.botId}`, { token: demo.apiKey })).body;
        assert.ok(sourcesBefore.length >= 5, `the demo site was read (${sourcesBefore.length} pages)`);
        const demoBefore = (await first.call('GET', `/api/bot/information?bot_id=${demo.botId}`, { token: demo.apiKey })).body;
        const firstOrigin = first.url;
        await first.server.close();

        const second = wrapService(await startServer({ port: 0, ...database, seedDemo: true }));
        try {
          assert.equal(second.server.demo!.botId, demo.botId, 'the demo bot id is stable');
          assert.equal(second.server.demo!.apiKey, demo.apiKey, 'the demo API key is stable');
          const sourcesAfter = (await second.call('GET', `/api/scraping/url/${demo.botId}`, { token: demo.apiKey })).body;
          assert.deepEqual(
            sourcesAfter.map((entry: { knowledge_base_id: string; num_token: number }) => [entry.knowledge_base_id, entry.num_token]),
            sourcesBefore.map((entry: { knowledge_base_id: string; num_token: number }) => [entry.knowledge_base_id, entry.num_token]),
          );
          assert.ok(sourcesAfter.every((entry: { url: string }) => entry.url.startsWith(`${second.url}/demo-site/`)), 'source links follow the new address');
          assert.notEqual(firstOrigin, second.url);
          const demoAfter = (await second.call('GET', `/api/bot/information?bot_id=${demo.botId}`, { token: demo.apiKey })).body;
          assert.deepEqual(demoAfter, demoBefore);
          const keptBot = await second.call('GET', `/api/bot/information?bot_id=${bot.id}`, { token: user.token });
          assert.equal(keptBot.status, 200, 'a token issued before the restart is still valid');
          assert.deepEqual(keptBot.body, bot);
          assert.equal((await second.call('GET', `/api/bot/information?bot_id=${bot.id}`, { token: key })).status, 200, 'API keys survive');
          const history = (await second.call('GET', `/api/chat/history?bot_id=${demo.botId}`, { token: demo.apiKey })).body;
          assert.deepEqual(history.map((record: { session_id: string }) => record.session_id), ['kept-session']);
          const login = await second.call('POST', '/token', { body: new URLSearchParams({ username: 'demo', password: 'demo-password' }) });
          assert.equal(login.status, 200);
          const cited = await second.request('POST', PATH, { json: { bot_id: demo.botId, message: 'How do I change the colours?', chat_history: [] } });
          assert.ok((await cited.text()).includes(`${second.url}/demo-site/theming.html`));
        } finally {
          await second.server.close();
        }
      } finally {
        cleanup();
      }
    });

    it('changes the demo password when DEMO_PASSWORD changes, keeping the account', async () => {
      const { cleanup, ...database } = await persistentDatabase(engine);
      try {
        const first = await startServer({ port: 0, ...database, seedDemo: true, demoUsername: 'owner', demoPassword: 'first-password' });
        const botId = first.demo!.botId;
        await first.close();
        const second = wrapService(await startServer({ port: 0, ...database, seedDemo: true, demoUsername: 'owner', demoPassword: 'second-password' }));
        try {
          assert.equal(second.server.demo!.botId, botId);
          assert.equal((await second.call('POST', '/token', { body: new URLSearchParams({ username: 'owner', password: 'first-password' }) })).status, 400, 'the old password is an invalid_grant');
          assert.equal((await second.call('POST', '/token', { body: new URLSearchParams({ username: 'owner', password: 'second-password' }) })).status, 200);
        } finally {
          await second.server.close();
        }
      } finally {
        cleanup();
      }
    });

    if (engine.name === 'postgres') {
      it('runs several processes on one PostgreSQL: migrations and the demo seed once, tokens shared', async () => {
        const database = await engine.freshDatabase();
        const [a, b] = await Promise.all([
          startServer({ port: 0, ...database, seedDemo: true }),
          startServer({ port: 0, ...database, seedDemo: true }),
        ]);
        try {
          assert.equal(a.demo!.botId, b.demo!.botId);
          const serviceA = wrapService(a);
          const serviceB = wrapService(b);
          const user = await serviceA.user();
          const bot = await serviceA.bot(user.token);
          assert.equal((await serviceB.call('GET', `/api/bot/information?bot_id=${bot.id}`, { token: user.token })).status, 200);
          const { db } = await a.service.ready();
          const [row] = await db.query<{ bots: number; migrations: number }>(
            `select (select count(*) from bots where bot_name = 'Widget guide')::int as bots, (select count(*) from schema_migrations)::int as migrations`,
          );
          assert.equal(row!.bots, 1);
          assert.equal(row!.migrations, MIGRATIONS.length);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      });
    }
  });
}
