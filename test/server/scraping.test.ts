import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ScrapeProgressSchema } from '../../src/api/schemas.js';
import { JsonObjectStreamParser } from '../../src/stream/progress-parser.js';
import { UNKNOWN_ID, htmlPage, startSite, testEngines, useService, type TestService, type TestSite } from './helpers.js';

const LOREM = 'The quick brown fox reads the documentation carefully before answering any question about it. ';

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function scrape(service: TestService, token: string, json: Record<string, unknown>) {
  const response = await service.request('POST', '/api/scraping/url', { token, json });
  if (response.status !== 200) return { status: response.status, body: await response.json(), events: [] };
  assert.match(response.headers.get('content-type') ?? '', /^application\/x-ndjson/);
  const parser = new JsonObjectStreamParser();
  const events = parser.push(await response.text()).concat(parser.end()).map((value) => ScrapeProgressSchema.parse(value));
  return { status: 200, body: undefined, events };
}

async function passagesOf(service: TestService, botId: string): Promise<{ heading: string; content: string }[]> {
  const { db } = await service.server.service.ready();
  return db.query('select heading, content from passages where bot_id = $1 order by id', [botId]);
}

for (const engine of testEngines()) {
  describe(`knowledge base (${engine.name})`, () => {
    let site: TestSite;
    let refusedPort = 0;
    before(async () => {
      refusedPort = await closedPort();
      site = await startSite({
        '/single': {
          body: htmlPage('Shipping policy', {
            'Delivery times': `Orders ship within two working days. ${LOREM}`,
            'Returns': `You can return any item within thirty days for a full refund. ${LOREM}`,
          }),
        },
        '/docs/': { body: htmlPage('Docs home', { Welcome: LOREM.repeat(3) }, ['/docs/a', '/docs/b', 'http://example.com/elsewhere', '/docs/logo.png', '/docs/missing', '#top']) },
        '/docs/a': { body: htmlPage('Page A', { 'About A': LOREM.repeat(2) }, ['/docs/a/deep', '/docs/']) },
        '/docs/b': { body: htmlPage('Page B', { 'About B': LOREM.repeat(2) }, ['/docs/a']) },
        '/docs/a/deep': { body: htmlPage('Deep page', { 'Deep section': LOREM.repeat(2) }, ['/docs/a/deeper']) },
        '/docs/a/deeper': { body: htmlPage('Too deep', { 'Never read': LOREM }) },
        '/many/': { body: htmlPage('Many', { Index: LOREM }, Array.from({ length: 12 }, (_, index) => `/many/${index}`)) },
        ...Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`/many/${index}`, { body: htmlPage(`Many ${index}`, { Part: LOREM }) }])),
        '/plain.txt': { type: 'text/plain; charset=utf-8', body: `First paragraph of plain text.\n\nSecond paragraph about ${LOREM}` },
        '/big': { body: `<html><body><p>${'x'.repeat(80_000)}</p></body></html>` },
        '/big-chunked': (_request, response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          for (let index = 0; index < 40; index++) response.write(`<p>${'y'.repeat(2000)}</p>`);
          response.end();
        },
        '/slow-headers': () => undefined,
        '/slow-body': (_request, response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.write('<html><body><p>start');
        },
        '/gone': { status: 404, body: 'gone' },
        '/image': { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
        '/redirect-ok': { status: 302, headers: { location: '/single' }, body: '' },
        '/redirect-loopback': (_request, response) => {
          response.writeHead(302, { location: `http://127.0.0.1:${refusedPort + 1}/` }).end();
        },
        '/redirect-metadata': { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' }, body: '' },
        '/redirect-file': { status: 302, headers: { location: 'file:///etc/passwd' }, body: '' },
        '/redirect-loop': { status: 302, headers: { location: '/redirect-loop' }, body: '' },
      });
    });
    after(() => site.close());
    const service = useService(engine, () => ({
      scrapeAllowedHosts: [site.host, `127.0.0.1:${refusedPort}`],
      scrapeMaxBytes: 50_000,
      scrapeTimeoutMs: 400,
      scrapeMaxPages: 5,
    }));

    it('reads one page (scrape_type 2), streams its progress and lists it with its word count', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const { status, events } = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 });
      assert.equal(status, 200);
      assert.equal(events.length, 1);
      assert.equal(events[0]!.url, `${site.origin}/single`);
      assert.equal(events[0]!.progress, 1);
      assert.ok(events[0]!.num_token > 40, `num_token ${events[0]!.num_token}`);
      const listed = await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.length, 1);
      assert.deepEqual(Object.keys(listed.body[0]).sort(), ['knowledge_base_id', 'num_token', 'url']);
      assert.equal(listed.body[0].url, `${site.origin}/single`);
      assert.equal(listed.body[0].num_token, events[0]!.num_token);
      const passages = await passagesOf(service(), created.id);
      assert.ok(passages.some((passage) => passage.heading === 'Returns' && passage.content.includes('thirty days')));
      assert.ok(passages.every((passage) => !passage.content.includes('Footer text')), 'the footer is not main text');
    });

    it('reads a site to depth 2 on its own origin only (scrape_type 1), skipping pages that fail', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const before = site.requests.length;
      const { status, events } = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/docs/`, scrape_type: 1 });
      assert.equal(status, 200);
      const requested = site.requests.slice(before);
      assert.ok(requested.includes('/docs/a/deep'), 'depth 2 is read');
      assert.ok(!requested.includes('/docs/a/deeper'), 'depth 3 is not');
      assert.ok(!requested.includes('/docs/logo.png'), 'images are not pages');
      assert.equal(requested.filter((path) => path === '/docs/a').length, 1, 'each page once');
      assert.deepEqual(events.map((event) => event.progress), [...events.map((event) => event.progress)].sort((a, b) => a - b));
      assert.equal(events.at(-1)!.progress, 1);
      const listed = await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token });
      assert.deepEqual(listed.body.map((entry: { url: string }) => entry.url.slice(site.origin.length)).sort(), ['/docs/', '/docs/a', '/docs/a/deep', '/docs/b']);
      assert.equal(events.at(-1)!.num_token, listed.body.reduce((sum: number, entry: { num_token: number }) => sum + entry.num_token, 0));
    });

    it('stops a full-site scrape at the page cap', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const { events } = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/many/`, scrape_type: 1 });
      assert.equal(events.length, 5);
      const listed = await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token });
      assert.equal(listed.body.length, 5);
    });

    it('replaces a page read again instead of duplicating it, and follows a redirect', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 });
      const first = await passagesOf(service(), created.id);
      await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 });
      assert.deepEqual(await passagesOf(service(), created.id), first);
      const listed = await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token });
      assert.equal(listed.body.length, 1);
      const redirected = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/redirect-ok`, scrape_type: 2 });
      assert.equal(redirected.status, 200);
      assert.equal(redirected.events[0]!.url, `${site.origin}/redirect-ok`);
    });

    it('reads plain text pages', async () => {
      const { user, bot } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const { status, events } = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/plain.txt`, scrape_type: 2 });
      assert.equal(status, 200);
      assert.ok(events[0]!.num_token > 10);
    });

    it('deletes an entry by base64 URL (standard or URL-safe) or by id, with its passages', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 });
      await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/plain.txt`, scrape_type: 2 });
      const encoded = Buffer.from(`${site.origin}/single`).toString('base64url');
      const deleted = await call('DELETE', `/api/scraping/url?bot_id=${created.id}&base64_url=${encoded}`, { token: owner.token });
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.message_code, 0);
      const again = await call('DELETE', `/api/scraping/url?bot_id=${created.id}&base64_url=${encodeURIComponent(Buffer.from(`${site.origin}/single`).toString('base64'))}`, { token: owner.token });
      assert.equal(again.status, 404);
      assert.equal(again.body.message_code, 1006);
      const listed = await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token });
      assert.deepEqual(listed.body.map((entry: { url: string }) => entry.url), [`${site.origin}/plain.txt`]);
      assert.ok((await passagesOf(service(), created.id)).every((passage) => !passage.content.includes('thirty days')));
      const byId = await call('DELETE', `/api/scraping/url/${created.id}/${listed.body[0].knowledge_base_id}`, { token: owner.token });
      assert.equal(byId.status, 200);
      assert.deepEqual((await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token })).body, []);
      assert.deepEqual(await passagesOf(service(), created.id), []);
      const bad = await call('DELETE', `/api/scraping/url?bot_id=${created.id}&base64_url=${encodeURIComponent('%%%')}`, { token: owner.token });
      assert.equal(bad.status, 422);
      assert.deepEqual(bad.body.detail[0].loc, ['query', 'base64_url']);
    });

    it('keeps other users out (404) and needs a token (401)', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const stranger = await user();
      const created = await bot(owner.token);
      await scrape(service(), owner.token, { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 });
      const foreignScrape = await scrape(service(), stranger.token, { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 });
      assert.equal(foreignScrape.status, 404);
      assert.equal((await call('GET', `/api/scraping/url/${created.id}`, { token: stranger.token })).status, 404);
      const encoded = Buffer.from(`${site.origin}/single`).toString('base64');
      assert.equal((await call('DELETE', `/api/scraping/url?bot_id=${created.id}&base64_url=${encoded}`, { token: stranger.token })).status, 404);
      assert.equal((await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token })).body.length, 1);
      assert.equal((await call('GET', `/api/scraping/url/${created.id}`)).status, 401);
      assert.equal((await scrape(service(), '', { bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 2 })).status, 401);
      assert.equal((await scrape(service(), owner.token, { bot_id: UNKNOWN_ID, scrape_url: `${site.origin}/single`, scrape_type: 2 })).status, 404);
    });

    it('answers 422 naming the field for a bad scrape body', async () => {
      const { user, bot } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const cases: [Record<string, unknown>, (string | number)[]][] = [
        [{ bot_id: created.id, scrape_url: `${site.origin}/single`, scrape_type: 3 }, ['body', 'scrape_type']],
        [{ bot_id: created.id, scrape_type: 2 }, ['body', 'scrape_url']],
        [{ bot_id: created.id, scrape_url: '   ', scrape_type: 2 }, ['body', 'scrape_url']],
        [{ scrape_url: `${site.origin}/single`, scrape_type: 2 }, ['body', 'bot_id']],
      ];
      for (const [json, loc] of cases) {
        const { status, body } = await scrape(service(), owner.token, json);
        assert.equal(status, 422, JSON.stringify(json));
        assert.equal(body.message_code, 1001);
        assert.deepEqual(body.detail[0].loc, loc);
      }
    });

    it('refuses private, loopback, link-local and metadata addresses, however they are written', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const port = site.host.split(':')[1];
      const refused = [
        `http://127.0.0.1:${refusedPort + 1}/`,
        'http://10.0.0.1/',
        'http://192.168.1.1/admin',
        'http://172.16.5.4/',
        'http://169.254.169.254/latest/meta-data/',
        'http://100.64.0.1/',
        'http://0.0.0.0/',
        `http://[::1]:${port}/single`,
        'http://[::ffff:127.0.0.1]/',
        `http://[::ffff:0:127.0.0.1]:${port}/single`,
        `http://[0:0:0:0:ffff:0:7f00:1]:${port}/single`,
        'http://[fd00:ec2::254]/',
        'http://[fe80::1]/',
        'http://2130706433/',
        'http://0x7f.0.0.1/',
        `http://localhost:${port}/single`,
        `${site.origin}/redirect-loopback`,
        `${site.origin}/redirect-metadata`,
      ];
      for (const url of refused) {
        const { status, body } = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: url, scrape_type: 2 });
        assert.equal(status, 422, url);
        assert.equal(body.message_code, 1007, url);
        assert.match(body.message, /private, loopback, link-local or reserved address/, url);
        // What a host name resolved to is not told: the message names the host as given.
        if (url.includes('localhost')) assert.doesNotMatch(body.message, /127\.0\.0\.1|::1/, url);
      }
      assert.deepEqual((await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token })).body, []);
    });

    it('refuses other schemes, oversized and slow pages, error statuses and non-pages with a reason', async () => {
      const { user, bot, call } = service();
      const owner = await user();
      const created = await bot(owner.token);
      const cases: [string, RegExp][] = [
        ['file:///etc/passwd', /Only http and https URLs can be scraped, not file: URLs/],
        ['ftp://ftp.example.com/file.txt', /not ftp: URLs/],
        ['javascript:alert(1)', /not javascript: URLs/],
        [`http://user:secret@${site.host}/single`, /user name or password/],
        [`${site.origin}/redirect-file`, /redirects to a URL that is refused: Only http and https/],
        [`${site.origin}/redirect-loop`, /redirects more than 5 times/],
        [`${site.origin}/big`, /larger than 50000 bytes/],
        [`${site.origin}/big-chunked`, /larger than 50000 bytes/],
        [`${site.origin}/slow-headers`, /did not answer within 0.4 s/],
        [`${site.origin}/slow-body`, /did not answer within 0.4 s/],
        [`${site.origin}/gone`, /answered HTTP 404/],
        [`${site.origin}/image`, /not a web page \(its content type is image\/png\)/],
        ['http://no-such-host.invalid/', /could not be resolved/],
        ['no-such-host.invalid/page', /no-such-host\.invalid could not be resolved/],
        [`http://127.0.0.1:${refusedPort}/`, /ECONNREFUSED/],
      ];
      for (const [url, reason] of cases) {
        const { status, body } = await scrape(service(), owner.token, { bot_id: created.id, scrape_url: url, scrape_type: 2 });
        assert.equal(status, 422, url);
        assert.equal(body.message_code, 1007, url);
        assert.match(body.message, reason, url);
      }
      assert.deepEqual((await call('GET', `/api/scraping/url/${created.id}`, { token: owner.token })).body, []);
    });
  });
}
