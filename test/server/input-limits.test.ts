// What a visitor sends is bounded before anything runs: a huge conversation history never stalls the service.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { htmlPage, startSite, testEngines, useService, type TestSite } from './helpers.js';

const PATH = '/api/chat/get-streaming-response-with-custom-settings';
const HEALTH_DEADLINE_MS = 1000;
const MAX_HEALTH_POLLS = 2000;

const distinctWords = (count: number, salt: string) => Array.from({ length: count }, (_, index) => `${salt}${index.toString(36)}q`).join(' ');

for (const engine of testEngines()) {
  describe(`a hostile conversation history (${engine.name})`, () => {
    let site: TestSite;
    before(async () => {
      site = await startSite({
        '/garden': { body: htmlPage('Garden centre', {
          'Opening hours': 'The garden centre is open from nine in the morning until six in the evening.',
          'Roses': 'Water roses deeply once a week and prune them in late winter.',
        }) },
      });
    });
    after(() => site.close());
    const service = useService(engine, () => ({ scrapeAllowedHosts: [site.host] }));

    it('keeps /api/health answering within a second while 8,000- and 90,000-word histories are answered', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const scrape = await service().request('POST', '/api/scraping/url', { token: owner.token, json: { bot_id: bot.id, scrape_url: `${site.origin}/garden`, scrape_type: 2 } });
      assert.equal(scrape.status, 200);
      await scrape.text();

      // One ordinary follow-up first, so the one-time start-up work of answering (the database's first
      // queries, the language's stemmer and thesaurus) is not counted against the hostile requests.
      const warmUp = await service().request('POST', PATH, { json: { bot_id: bot.id, message: 'and it?', chat_history: [{ sender_type: 'user', content: 'When are you open?' }] } });
      assert.equal(warmUp.status, 200);
      await warmUp.text();

      const hostile = [distinctWords(8000, 'a'), distinctWords(8000, 'b'), distinctWords(90_000, 'c'), distinctWords(90_000, 'd')].map(async (words) => {
        const response = await service().request('POST', PATH, { json: { bot_id: bot.id, message: 'and it?', chat_history: [{ sender_type: 'user', content: words }] } });
        await response.text();
        return response.status;
      });
      let settled = false;
      const all = Promise.all(hostile).finally(() => (settled = true));

      let polls = 0;
      try {
        while (!settled && polls < MAX_HEALTH_POLLS) {
          polls++;
          const response = await fetch(`${service().url}/api/health`, { signal: AbortSignal.timeout(HEALTH_DEADLINE_MS) });
          assert.equal(response.status, 200);
          await response.text();
          await sleep(20);
        }
      } finally {
        // The answers are awaited whatever happened, so none outlives the test.
        await all.catch(() => undefined);
      }
      assert.ok(polls > 0);
      assert.deepEqual(await all, [200, 200, 200, 200]);
    });
  });
}
