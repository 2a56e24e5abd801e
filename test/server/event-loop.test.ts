// Nothing a request starts may stop the service from answering others: slow queries run off the thread that
// answers requests, and closing the service does not wait for them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startServer } from '../../demo/server/index.js';
import { MAX_WALKED_NODES, extractPage } from '../../demo/server/scrape/extract.js';
import { ExtractionFailedError, createExtractionPool } from '../../demo/server/scrape/extract-pool.js';
import { ScrapeProgressSchema } from '../../src/api/schemas.js';
import { JsonObjectStreamParser } from '../../src/stream/progress-parser.js';
import { htmlPage, startSite, testEngines, useService, type TestService, type TestSite } from './helpers.js';

/** 150,000 paragraphs, 1.5 MB. */
const MANY_PARAGRAPHS = `<!doctype html><html><body>${'<p>abc</p>'.repeat(150_000)}</body></html>`;
/** 10,000 nested elements around one sentence. */
const DEEP_NESTING = `<!doctype html><html><body>${'<div>'.repeat(10_000)}The deepest sentence of the page.${'</div>'.repeat(10_000)}</body></html>`;

/** How long a health check may take while heavy work runs. */
const HEALTH_DEADLINE_MS = 1_000;
/** The pause between two health checks. */
const POLL_PAUSE_MS = 100;

/**
 * Polls /api/health every 100 ms while `work` runs (at most 300 polls). Every check must answer 200 within
 * HEALTH_DEADLINE_MS, and no more than that may pass between two answers (besides the pause): the test and
 * the service share one thread, so a stalled event loop shows as a gap, not as a slow answer. Resolves to the
 * number of checks answered before `work` settled, and its outcome.
 */
async function healthChecksDuring<T>(service: TestService, work: Promise<T>): Promise<{ answered: number; outcome: PromiseSettledResult<T> }> {
  let outcome: PromiseSettledResult<T> | undefined;
  const settled = work.then(
    (value) => (outcome = { status: 'fulfilled', value }),
    (reason: unknown) => (outcome = { status: 'rejected', reason }),
  );
  let answered = 0;
  let previousAnswer = performance.now();
  for (let poll = 0; poll < 300 && outcome === undefined; poll++) {
    const response = await fetch(`${service.url}/api/health`, { signal: AbortSignal.timeout(HEALTH_DEADLINE_MS) });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
    const gap = performance.now() - previousAnswer;
    assert.ok(gap <= HEALTH_DEADLINE_MS + POLL_PAUSE_MS, `${Math.round(gap)} ms passed between two health answers`);
    previousAnswer = performance.now();
    if (outcome === undefined) answered++;
    await delay(POLL_PAUSE_MS);
  }
  await settled;
  return { answered, outcome: outcome! };
}

for (const engine of testEngines()) {
  describe(`a slow query (${engine.name})`, () => {
    const service = useService(engine);

    it('leaves /api/health answering within 1 s throughout', async () => {
      const { db } = await service().server.service.ready();
      const { answered, outcome } = await healthChecksDuring(service(), db.query('select pg_sleep(3)'));
      assert.equal(outcome.status, 'fulfilled');
      assert.ok(answered >= 3, `health checks answered while the query ran: ${answered}`);
    });

    it('keeps a transaction whole while other queries run beside it', async () => {
      const { db } = await service().server.service.ready();
      await db.exec('create table if not exists slow_probe (n integer primary key)');
      const inTransaction = db.transaction(async (tx) => {
        await tx.query('insert into slow_probe values (1)');
        await tx.query('select pg_sleep(0.5)');
        await tx.query('insert into slow_probe values (2)');
        throw new Error('undo');
      });
      const beside = db.query<{ n: number }>('select count(*)::int as n from slow_probe');
      await assert.rejects(inTransaction, /undo/);
      assert.deepEqual(await beside, [{ n: 0 }]);
      assert.deepEqual(await db.query('select n from slow_probe'), []);
      await assert.rejects(db.query('insert into slow_probe values (1), (1)'), (error: Error & { code?: string }) => error.code === '23505');
      await db.exec('drop table slow_probe');
    });
  });
}

describe('closing the service during a slow query (pglite)', () => {
  it('closes without waiting for the query, which fails', { timeout: 60_000 }, async () => {
    const server = await startServer({ port: 0 });
    const { db } = await server.service.ready();
    const slow = db.query('select pg_sleep(600)');
    slow.catch(() => undefined);
    await delay(200);
    await server.close();
    await assert.rejects(slow);
  });
});

describe('page extraction budgets', () => {
  it('reads 10,000 nested elements without overflowing the stack', () => {
    const page = extractPage(DEEP_NESTING, 'text/html', 'http://127.0.0.1/deep');
    assert.deepEqual(page.blocks.map((block) => block.text), ['The deepest sentence of the page.']);
    assert.equal(page.truncated, false);
  });

  it('stops walking a page after MAX_WALKED_NODES nodes and says so', () => {
    const page = extractPage(MANY_PARAGRAPHS, 'text/html', 'http://127.0.0.1/many');
    assert.equal(page.truncated, true);
    assert.ok(page.blocks.length > 0 && page.blocks.length <= MAX_WALKED_NODES / 2, `${page.blocks.length} blocks`);
    assert.ok(page.blocks.every((block) => block.text === 'abc'));
  });

  it('keeps ordinary pages whole', () => {
    const page = extractPage(htmlPage('Small', { Part: 'One sentence here.' }), 'text/html', 'http://127.0.0.1/small');
    assert.equal(page.truncated, false);
    assert.deepEqual(page.blocks.map((block) => block.text), ['Part', 'One sentence here.']);
  });
});

describe('extraction workers', () => {
  it('end a page over its time budget with a clear error, and read the next page', { timeout: 120_000 }, async () => {
    const pool = createExtractionPool(1);
    try {
      const slow = { requestedUrl: 'http://127.0.0.1/many', url: 'http://127.0.0.1/many', mediaType: 'text/html', body: MANY_PARAGRAPHS };
      await assert.rejects(pool.extract(slow, 100), (error: Error) => error instanceof ExtractionFailedError && /took longer than 0\.1 s to read; it was left out/.test(error.message));
      const small = { requestedUrl: 'http://127.0.0.1/small', url: 'http://127.0.0.1/small', mediaType: 'text/html', body: htmlPage('Small', { Part: 'One sentence here.' }) };
      const content = await pool.extract(small, 60_000);
      assert.equal(content.title, 'Small');
      assert.deepEqual(content.passages, [{ heading: 'Part', content: 'One sentence here.' }]);
    } finally {
      await pool.close();
    }
  });
});

async function scrapeDuring(service: TestService, token: string, json: Record<string, unknown>) {
  const response = await fetch(`${service.url}/api/scraping/url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  assert.equal(response.status, 200);
  // A stream cut after its 200 rejects here.
  const text = await response.text();
  assert.ok(text.endsWith('\n'), 'the stream ends with a whole line');
  const parser = new JsonObjectStreamParser();
  const lines = [...parser.push(text), ...parser.end()] as Record<string, unknown>[];
  return lines.map((line) => ({ ...ScrapeProgressSchema.parse(line), error: line['error'] as string | undefined, warning: line['warning'] as string | undefined }));
}

describe('scraping pages built to stall the service (pglite)', () => {
  let site: TestSite;
  before(async () => {
    site = await startSite({
      '/many': { body: MANY_PARAGRAPHS },
      '/deep': { body: DEEP_NESTING },
    });
  });
  after(() => site.close());
  const service = useService({ name: 'pglite', freshDatabase: async () => ({}) }, () => ({ scrapeAllowedHosts: [site.host], scrapeDeadlineMs: 30_000 }));

  for (const [path, expected] of [
    ['/many', 'keeps the first part of a 1.5 MB page of 150,000 paragraphs, or says why not'],
    ['/deep', 'reads a page of 10,000 nested elements'],
  ] as const) {
    it(`${expected}, with /api/health answering within 1 s throughout`, { timeout: 120_000 }, async () => {
      const { user, bot } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const { answered, outcome } = await healthChecksDuring(service(), scrapeDuring(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}${path}`, scrape_type: 2 }));
      if (outcome.status === 'rejected') throw outcome.reason;
      assert.ok(answered >= 1, `health checks answered during the scrape: ${answered}`);
      const [line, ...rest] = outcome.value;
      assert.deepEqual(rest, []);
      assert.equal(line!.url, `${site.origin}${path}`);
      assert.equal(line!.progress, 1);
      if (path === '/deep') {
        assert.equal(line!.error, undefined);
        assert.ok(line!.num_token >= 6, `num_token ${line!.num_token}`);
      } else if (line!.error === undefined) {
        assert.ok(line!.num_token > 0);
        assert.match(line!.warning ?? '', /too large to read whole; only its first part was kept/);
      } else {
        assert.match(line!.error, /took longer than \d+(\.\d)? s to read; it was left out/);
        assert.equal(line!.num_token, 0);
      }
    });
  }
});

describe('a scrape over its deadline (pglite)', () => {
  let site: TestSite;
  before(async () => {
    site = await startSite({
      '/slow/': { body: htmlPage('Slow site', { Start: 'The first page answers at once.' }, Array.from({ length: 10 }, (_, index) => `/slow/${index}`)) },
    });
    for (let index = 0; index < 10; index++) {
      site.route(`/slow/${index}`, (_request, response) => {
        setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage(`Slow ${index}`, { Part: 'A page that took its time.' })), 800);
      });
    }
  });
  after(() => site.close());
  const service = useService({ name: 'pglite', freshDatabase: async () => ({}) }, () => ({ scrapeAllowedHosts: [site.host], scrapeDeadlineMs: 4_000, scrapeMaxPages: 20 }));

  it('stops at the deadline, keeps the pages it read and reports the rest as not read', { timeout: 60_000 }, async () => {
    const { user, bot, call } = service();
    const owner = await user();
    const created = await bot(owner.token);
    const lines = await scrapeDuring(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/slow/`, scrape_type: 1 });
    assert.equal(lines.length, 11, 'every page is reported');
    assert.equal(lines.at(-1)!.progress, 1);
    const read = lines.filter((line) => line.error === undefined).map((line) => line.url);
    const notRead = lines.filter((line) => line.error !== undefined);
    assert.ok(read.length >= 1 && read.length < 11, `${read.length} pages read`);
    assert.ok(notRead.length >= 1);
    for (const line of notRead) assert.match(line.error!, /time limit|did not answer within/);
    assert.ok(notRead.some((line) => /Not read: the scrape reached its time limit/.test(line.error!)));
    const listed = await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token });
    assert.deepEqual(listed.body.map((entry: { url: string }) => entry.url).sort(), [...read].sort());
  });
});
