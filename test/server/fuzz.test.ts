// A property-based fuzz of every JSON endpoint: bodies near the valid ones, with any field replaced by any
// value (control characters, deep nesting, wrong types, huge numbers), extra keys, or no object at all.
// Whatever is sent, the answer is a 2xx, or a 4xx that names the field (422) or says what is wrong in the
// service's error shape; never a 5xx; and a 4xx stores nothing. Fixed seed, bounded runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { htmlPage, startSite, testEngines, useService, type ResponseBody, type TestService, type TestSite } from './helpers.js';
import { storageSnapshot } from './storage-snapshot.js';

const SEED = 1717;
const RUNS_PER_ENDPOINT = 45;
const STREAMING = '/api/chat/get-streaming-response-with-custom-settings';
const LOCATIONS = new Set(['body', 'query', 'path', 'header']);

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { inner: value };
  return value;
}

// Text a client should not send but may: control characters anywhere, lone surrogates, markup, huge runs.
const controlText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 6 }))
  .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`);
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  controlText,
  fc.constantFrom('a\u0000b', '\u0000', 'tab\tand\nline', '\u001b[31m', '', '   ', '\uFEFF', '\uD800', '<img src=x onerror=alert(1)>', '[x](javascript:alert(1))', '*Suggest Questions:*'),
  fc.integer({ min: 1, max: 3 }).map((size) => 'long '.repeat(size * 2000)),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1, 0, 2 ** 53 + 1, true, false, null),
  fc.array(hostileText, { maxLength: 4 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 4 }),
  fc.integer({ min: 20, max: 60 }).map(nested),
);

interface BodyCase {
  /** The JSON text sent. */
  text: string;
}

/**
 * Bodies for an endpoint: mostly a valid body with one field replaced by anything or left out (and
 * sometimes an unknown key added), so that each case puts one field to the test; sometimes no object at all.
 */
function bodies(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<BodyCase> {
  const names = Object.keys(fields);
  const shaped = fc
    .tuple(
      fc.record(fields),
      fc.option(fc.tuple(fc.constantFrom(...names), fc.option(anyValue, { freq: 8, nil: undefined })), { freq: 5, nil: undefined }),
      fc.option(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), controlText), anyValue), { freq: 4, nil: undefined }),
    )
    .map(([valid, replaced, extra]) => {
      const body: Record<string, unknown> = { ...valid };
      if (replaced) body[replaced[0]] = replaced[1];
      if (extra) body[extra[0]] = extra[1];
      return { text: JSON.stringify(body) };
    });
  const other = fc.oneof(
    anyValue.map((value) => ({ text: JSON.stringify(value) ?? 'null' })),
    fc.constantFrom('{', '{"a":', 'nul', '[1,]', '"\\u0000"', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"__proto__":{"admin":true}}').map((text) => ({ text })),
    // Any field nested 10,000 deep inside an otherwise shaped body.
    fc.constantFrom(...Object.keys(fields)).map((name) => ({ text: `{"${name}":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}` })),
  );
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: other });
}

function assertWellFormedRefusal(status: number, body: ResponseBody, where: string): void {
  assert.equal(typeof body, 'object', `${where}: ${status} without a JSON body`);
  assert.equal(typeof body.message, 'string', where);
  assert.ok(body.message.length > 0, where);
  assert.equal(typeof body.message_code, 'number', where);
  if (status === 422) {
    assert.ok(Array.isArray(body.detail) && body.detail.length > 0, `${where}: a 422 names its field`);
    for (const issue of body.detail) {
      assert.ok(Array.isArray(issue.loc) && LOCATIONS.has(issue.loc[0]), `${where}: ${JSON.stringify(issue)}`);
      assert.equal(typeof issue.msg, 'string', where);
    }
  }
}

for (const engine of testEngines()) {
  describe(`fuzzing every JSON endpoint (${engine.name})`, () => {
    let site: TestSite;
    before(async () => {
      site = await startSite({ '/page': { body: htmlPage('Opening times', { 'When are you open?': 'We are open from nine until five on weekdays.' }) } });
    });
    after(() => site.close());
    const service = useService(engine, () => ({ scrapeAllowedHosts: [site.host], allowSignup: true, messageCredits: 100_000 }));
    let owner: { id: string; username: string; token: string };
    let botId: string;
    before(async () => {
      owner = await service().user();
      botId = (await service().bot(owner.token, { is_visibility: true, collect_customer_info: { name: true } })).id;
      const response = await service().request('POST', '/api/scraping/url', { token: owner.token, json: { bot_id: botId, scrape_url: `${site.origin}/page`, scrape_type: 2 } });
      assert.equal(response.status, 200);
      await response.text();
    });

    async function fuzz(method: string, path: string, cases: fc.Arbitrary<BodyCase>, auth: 'owner' | 'none'): Promise<void> {
      const seen = { ok: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(cases, async ({ text }) => {
          const current: TestService = service();
          const before = await storageSnapshot(current);
          const response = await current.request(method, path, {
            body: text,
            headers: { 'content-type': 'application/json' },
            token: auth === 'owner' ? owner.token : undefined,
          });
          const raw = await response.text();
          const where = `${method} ${path} ${text.slice(0, 200)}`;
          assert.ok(response.status < 500, `${where}: ${response.status} ${raw.slice(0, 300)}`);
          if (response.status >= 400) {
            seen.refused++;
            let body: ResponseBody;
            try {
              body = JSON.parse(raw);
            } catch {
              assert.fail(`${where}: ${response.status} with a body that is not JSON: ${raw.slice(0, 200)}`);
            }
            assertWellFormedRefusal(response.status, body, where);
            assert.deepEqual(await storageSnapshot(current), before, `${where}: a ${response.status} stored something`);
          } else {
            seen.ok++;
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
      assert.ok(seen.refused > 0, `${path}: the fuzz refused nothing`);
    }

    const uuid = () => fc.constant(botId);
    const text = (values: string[]) => fc.constantFrom(...values);

    it('POST /api/bot', () =>
      fuzz('POST', '/api/bot', bodies({
        bot_name: text(['Bot', 'Support bot']), case_study: text(['1', '2']), is_visibility: fc.boolean(), domain: fc.constant(['shop.example']),
        collect_customer_info: fc.constant({ name: true }), rules: fc.constant(['Be kind.']), gpt_model_name: text(['gpt-4']), temperature: fc.double({ min: 0, max: 1, noNaN: true }),
        custom_prompt: text(['Prompt']), bot_tone_type: fc.integer({ min: 0, max: 5 }), custom_error_message: text(['Sorry']), is_enable_citation: fc.boolean(), is_activate: fc.boolean(), bot_language: text(['en', 'fr']),
      }), 'owner'));

    it('PUT /api/bot', () =>
      fuzz('PUT', '/api/bot', bodies({ id: uuid(), bot_name: text(['Renamed']), rules: fc.constant(['Rule']), temperature: fc.double({ min: 0, max: 1, noNaN: true }), is_visibility: fc.constant(true) }), 'owner'));

    it('POST /api/scraping/url', () =>
      fuzz('POST', '/api/scraping/url', bodies({ bot_id: uuid(), scrape_url: fc.constantFrom(`${site.origin}/page`, `${site.origin}/missing`, 'http://127.0.0.1:1/', 'ftp://x/'), scrape_type: fc.constantFrom(1, 2) }), 'owner'));

    it('POST /api/chat/history', () =>
      fuzz('POST', '/api/chat/history', bodies({ bot_id: uuid(), date_from: text(['2024-01-01T00:00:00']), date_to: text(['2030-01-01T00:00:00']), order: text(['created_at.desc', 'created_at.asc']) }), 'owner'));

    it('POST /api/chat/get-streaming-response-with-custom-settings', () =>
      fuzz('POST', STREAMING, bodies({
        bot_id: uuid(), message: text(['When are you open?', 'Hello']), chat_history: fc.constant([{ sender_type: 'user', content: 'Hi' }]),
        custom_prompt: text(['P']), gpt_model_name: text(['gpt-4']), temperature: fc.constant(0.5), rules: fc.constant(['R']), type_qa: text(['q']), is_enable_citation: fc.boolean(), session_id: text(['session-1']),
      }), 'none'));

    it('POST /api/lead', () =>
      fuzz('POST', '/api/lead', bodies({ bot_id: uuid(), session_id: text(['session-1']), fields: fc.constant({ name: 'Ada', email: 'ada@example.com' }) }), 'none'));

    it('POST /api/keys', () => fuzz('POST', '/api/keys', bodies({ name: text(['Key']) }), 'owner'));

    it('POST /api/users', () =>
      fuzz('POST', '/api/users', bodies({ username: fc.string({ minLength: 3, maxLength: 12 }).map((name) => `u${name.replace(/[^\w]/g, 'x')}`), password: text(['long enough password']) }), 'none'));

    it('POST /token', () => fuzz('POST', '/token', bodies({ username: fc.constant(owner.username), password: fc.constant(`pw-${owner.username}-secret`) }), 'none'));
  });
}
