// Rate limits: answers per visitor and per bot (and a bot's own limits), leads, sign-ups, login attempts,
// the client address behind trusted proxies, and counters shared by two services on one PostgreSQL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServer } from '../../demo/server/index.js';
import { DEFAULT_RATE_LIMITS, parseRateLimits } from '../../demo/server/rate-limits.js';
import { testEngines, useService, wrapService, type ResponseBody, type TestService } from './helpers.js';

const PATH = '/api/chat/get-streaming-response-with-custom-settings';

async function ask(service: TestService, botId: string, init: { token?: string; forwardedFor?: string; session?: string } = {}) {
  const headers: Record<string, string> = init.forwardedFor ? { 'x-forwarded-for': init.forwardedFor } : {};
  const response = await service.request('POST', PATH, {
    token: init.token,
    headers,
    json: { bot_id: botId, message: 'Hello there', chat_history: [], session_id: init.session ?? 'visitor-1' },
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (response.ok ? undefined : JSON.parse(text)) as ResponseBody };
}

function assertTooMany(result: { status: number; retryAfter: string | null; body: ResponseBody }, maxSeconds: number): void {
  assert.equal(result.status, 429);
  assert.equal(result.body.message_code, 1009);
  assert.equal(typeof result.body.message, 'string');
  assert.match(result.retryAfter ?? '', /^\d+$/);
  const seconds = Number(result.retryAfter);
  assert.ok(seconds >= 1 && seconds <= maxSeconds, `Retry-After ${seconds} within 1..${maxSeconds}`);
}

async function login(service: TestService, username: string, password: string, forwardedFor?: string) {
  const response = await fetch(`${service.url}/token`, {
    method: 'POST',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    body: new URLSearchParams({ username, password }),
  });
  const body = (await response.json()) as ResponseBody;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

describe('RATE_LIMITS', () => {
  it('reads name=count entries, keeps the other defaults, turns limits off, and names a bad entry', () => {
    assert.deepEqual(parseRateLimits(undefined), {});
    assert.deepEqual(parseRateLimits(' chatPerMinute=10, leadsPerHour = 3 '), { chatPerMinute: 10, leadsPerHour: 3 });
    assert.equal(parseRateLimits('off'), false);
    assert.throws(() => parseRateLimits('chatPerMinute=0'), /chatPerMinute=0/);
    assert.throws(() => parseRateLimits('perFortnight=3'), /perFortnight=3/);
    assert.throws(() => parseRateLimits('chatPerMinute=ten'), /chatPerMinute=ten/);
    assert.ok(Object.values(DEFAULT_RATE_LIMITS).every((count) => Number.isInteger(count) && count > 0));
  });
});

for (const engine of testEngines()) {
  describe(`answer rate limits (${engine.name})`, () => {
    const service = useService(engine, { rateLimits: { chatPerMinute: 3, chatPerDay: 1000, botPerMinute: 1000 }, messageCredits: 100 });

    it('refuses a visitor\'s answers past the per-minute limit with 429 and Retry-After, storing and taking nothing', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      for (let index = 0; index < 3; index++) assert.equal((await ask(service(), bot.id)).status, 200);
      // A new session is the same visitor: the session id is the client's to choose.
      assertTooMany(await ask(service(), bot.id, { session: 'another-session' }), 60);
      const { body } = await service().call('GET', `/api/bot/information?bot_id=${bot.id}`, { token: owner.token });
      assert.equal(body.num_message_left, 97);
      const history = await service().call('GET', `/api/chat/history?bot_id=${bot.id}`, { token: owner.token });
      assert.equal(history.body.length, 1);
      assert.equal(history.body[0].chat_history_response.length, 6);
      // The owner's own requests are not a visitor's.
      assert.equal((await ask(service(), bot.id, { token: owner.token })).status, 200);
      // Another bot counts on its own.
      const other = await service().bot(owner.token, { is_visibility: true });
      assert.equal((await ask(service(), other.id)).status, 200);
    });

    it('takes a bot\'s own per-day and per-minute limits, checks them, and restores the default with null', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true, rate_limit_per_day: 2 });
      assert.equal(bot.rate_limit_per_day, 2);
      assert.equal(bot.rate_limit_per_minute, null);
      for (let index = 0; index < 2; index++) assert.equal((await ask(service(), bot.id)).status, 200);
      assertTooMany(await ask(service(), bot.id), 24 * 60 * 60);
      for (const value of [0, 1.5, 'ten', 2_000_000]) {
        const { status, body } = await service().call('PUT', '/api/bot', { token: owner.token, json: { id: bot.id, bot_name: 'Test bot', rate_limit_per_minute: value } });
        assert.equal(status, 422, String(value));
        assert.deepEqual(body.detail[0].loc, ['body', 'rate_limit_per_minute']);
      }
      const reset = await service().call('PUT', '/api/bot', { token: owner.token, json: { id: bot.id, bot_name: 'Test bot', rate_limit_per_day: null, rate_limit_per_minute: 50 } });
      assert.equal(reset.status, 200);
      assert.equal(reset.body.rate_limit_per_day, null);
      assert.equal(reset.body.rate_limit_per_minute, 50);
      assert.equal((await ask(service(), bot.id)).status, 200);
    });

    it('ignores X-Forwarded-For when no proxy is trusted', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      for (let index = 0; index < 3; index++) assert.equal((await ask(service(), bot.id, { forwardedFor: `203.0.113.${index}` })).status, 200);
      assertTooMany(await ask(service(), bot.id, { forwardedFor: '203.0.113.99' }), 60);
    });
  });

  describe(`rate limits behind a trusted proxy (${engine.name})`, () => {
    const service = useService(engine, {
      trustProxyHops: 1,
      rateLimits: { chatPerMinute: 2, botPerMinute: 5, loginFailuresPerAccount: 100, loginFailuresPerAddress: 2, loginFirstWaitSeconds: 60 },
    });

    it('counts each forwarded client on its own, and every visitor of a bot together', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      // The proxy appends the address it saw: with one trusted hop the client is the last entry.
      assert.equal((await ask(service(), bot.id, { forwardedFor: '198.51.100.7, 203.0.113.1' })).status, 200);
      assert.equal((await ask(service(), bot.id, { forwardedFor: '10.9.9.9, 203.0.113.1' })).status, 200);
      assertTooMany(await ask(service(), bot.id, { forwardedFor: '203.0.113.1' }), 60);
      assert.equal((await ask(service(), bot.id, { forwardedFor: '203.0.113.2' })).status, 200);
      assert.equal((await ask(service(), bot.id, { forwardedFor: '203.0.113.3' })).status, 200);
      assert.equal((await ask(service(), bot.id, { forwardedFor: '203.0.113.4' })).status, 200);
      // Five answers of this bot this minute: the next visitor waits too.
      assertTooMany(await ask(service(), bot.id, { forwardedFor: '203.0.113.5' }), 60);
    });

    it('throttles failed logins per client address, whatever the account', async () => {
      const user = await service().user();
      assert.equal((await login(service(), 'nobody-1', 'wrong', '192.0.2.10')).status, 400);
      assert.equal((await login(service(), 'nobody-2', 'wrong', '192.0.2.10')).status, 400);
      assert.equal((await login(service(), 'nobody-3', 'wrong', '192.0.2.10')).status, 400);
      const locked = await login(service(), user.username, `pw-${user.username}-secret`, '192.0.2.10');
      assertTooMany(locked, 60);
      // Another address is not affected.
      assert.equal((await login(service(), user.username, `pw-${user.username}-secret`, '192.0.2.11')).status, 200);
    });
  });

  describe(`login throttling (${engine.name})`, () => {
    // A first wait of a minute: no request of these tests takes that long, however loaded the machine.
    const service = useService(engine, { rateLimits: { loginFailuresPerAccount: 3, loginFailuresPerAddress: 1000, loginFirstWaitSeconds: 60 } });

    it('makes wrong passwords past the threshold wait, doubling, so 30 quick guesses check only a few', async () => {
      const user = await service().user();
      const statuses: number[] = [];
      const waits: number[] = [];
      for (let index = 0; index < 30; index++) {
        const result = await login(service(), user.username, `guess-${index}`);
        statuses.push(result.status);
        if (result.status === 429) waits.push(Number(result.retryAfter));
      }
      const checked = statuses.filter((status) => status === 400).length;
      assert.equal(checked, 4, `three free failures and one more before the lockout: ${statuses.join(',')}`);
      assert.equal(statuses.filter((status) => status === 429).length, 26);
      assert.ok(waits.every((seconds) => seconds >= 1 && seconds <= 60), 'every refusal says how long to wait');
      // The right password is refused too while the account waits (the guesses must not win by luck).
      assertTooMany(await login(service(), user.username, `pw-${user.username}-secret`), 60);
    });

    it('clears an account\'s failures on a right password, and treats the login name in any case as the same account', async () => {
      const user = await service().user();
      for (let index = 0; index < 3; index++) assert.equal((await login(service(), user.username, 'wrong')).status, 400);
      assert.equal((await login(service(), user.username, `pw-${user.username}-secret`)).status, 200);
      for (let index = 0; index < 3; index++) assert.equal((await login(service(), user.username.toUpperCase(), 'wrong')).status, 400);
      assert.equal((await login(service(), user.username, 'wrong')).status, 400);
      assertTooMany(await login(service(), user.username, 'wrong'), 60);
    });
  });

  describe(`lead and sign-up limits (${engine.name})`, () => {
    const service = useService(engine, { allowSignup: true, signupMessageCredits: 7, messageCredits: 500, rateLimits: { leadsPerHour: 2, signupsPerHour: 2 } });
    const lead = (botId: string, fields: Record<string, string> = { name: 'Ada' }) => ({ bot_id: botId, session_id: 'visitor', fields });

    it('refuses leads past the hourly limit, for a deactivated bot, and over the size cap, storing none of them', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      assert.equal((await service().call('POST', '/api/lead', { json: lead(bot.id) })).status, 200);
      assert.equal((await service().call('POST', '/api/lead', { json: lead(bot.id) })).status, 200);
      const third = await service().request('POST', '/api/lead', { json: lead(bot.id) });
      assertTooMany({ status: third.status, retryAfter: third.headers.get('retry-after'), body: await third.json() }, 60 * 60);

      const inactive = await service().bot(owner.token, { is_visibility: true, is_activate: false });
      const refused = await service().call('POST', '/api/lead', { json: lead(inactive.id) });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message_code, 1003);

      const fields = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`field${index}`, 'x'.repeat(900)]));
      const large = await service().call('POST', '/api/lead', { json: lead(bot.id, fields) });
      assert.equal(large.status, 422);
      assert.deepEqual(large.body.detail[0].loc, ['body', 'fields']);

      assert.equal((await service().call('GET', `/api/lead/${bot.id}`, { token: owner.token })).body.length, 2);
      assert.equal((await service().call('GET', `/api/lead/${inactive.id}`, { token: owner.token })).body.length, 0);
    });

    it('limits sign-ups per address and starts a signed-up account\'s bots with the small credit grant', async () => {
      const first = await service().call('POST', '/api/users', { json: { username: 'signup-one', password: 'long enough' } });
      assert.equal(first.status, 200);
      assert.equal((await service().call('POST', '/api/users', { json: { username: 'signup-two', password: 'long enough' } })).status, 200);
      const third = await service().request('POST', '/api/users', { json: { username: 'signup-three', password: 'long enough' } });
      assertTooMany({ status: third.status, retryAfter: third.headers.get('retry-after'), body: await third.json() }, 60 * 60);

      const token = (await login(service(), 'signup-one', 'long enough')).body.access_token as string;
      assert.equal((await service().bot(token)).num_message_left, 7);
      const invited = await service().user();
      assert.equal((await service().bot(invited.token)).num_message_left, 500);
    });
  });

  if (engine.name === 'postgres') {
    describe('rate limits across two processes (postgres)', () => {
      it('shares the counters of two services on one database', async () => {
        const database = await engine.freshDatabase();
        const options = { port: 0, ...database, rateLimits: { chatPerMinute: 4 } };
        const [a, b] = await Promise.all([startServer(options), startServer(options)]);
        try {
          const serviceA = wrapService(a);
          const serviceB = wrapService(b);
          const owner = await serviceA.user();
          const bot = await serviceA.bot(owner.token, { is_visibility: true });
          for (let index = 0; index < 4; index++) assert.equal((await ask(index % 2 === 0 ? serviceA : serviceB, bot.id)).status, 200);
          assertTooMany(await ask(serviceA, bot.id), 60);
          assertTooMany(await ask(serviceB, bot.id), 60);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      });
    });
  }
}
