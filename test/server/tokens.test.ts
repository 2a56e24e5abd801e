// The lifecycle of credentials: tokens must expire, die with their account, and can be revoked (sign out
// everywhere, a new password); API keys are listed, revocable, and stored as SHA-256 hashes.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SignJWT } from 'jose';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { testEngines, useService, type TestService } from './helpers.js';

const JWT_SECRET = 'test-secret-for-the-token-suite-0123456789';
const ISSUER = 'chatbot-reference-service';
// How long a process remembers a checked credential here (botCacheTtlMs; 1 s by default).
const CREDENTIAL_MEMORY_MS = 100;

async function dbOf(service: TestService) {
  return (await service.server.service.ready()).db;
}

async function status(service: TestService, token: string, method = 'GET', path = '/api/keys', json?: unknown): Promise<number> {
  return (await service.call(method, path, { token, json })).status;
}

for (const engine of testEngines()) {
  // A memory of a minute, so that five requests fall in one moment even on a slow machine.
  describe(`credential memory (${engine.name})`, () => {
    const rememberingService = useService(engine, { jwtSecret: JWT_SECRET, botCacheTtlMs: 60_000 });

    it('checks an API key once per moment, and forgets it at once when it is revoked', async () => {
      const user = await rememberingService().user();
      const { body: key } = await rememberingService().call('POST', '/api/keys', { token: user.token, json: { name: 'integration' } });
      const db = await dbOf(rememberingService());
      const query = db.query.bind(db);
      let keyLookups = 0;
      db.query = ((text: string, params?: unknown[]) => {
        if (text.includes('k.key_hash = $1')) keyLookups++;
        return query(text, params);
      }) as typeof db.query;
      try {
        for (let index = 0; index < 5; index++) assert.equal(await status(rememberingService(), key.key), 200);
        assert.equal(keyLookups, 1, 'one lookup for five requests in the same moment');
        assert.equal((await rememberingService().call('DELETE', `/api/keys/${key.id}`, { token: user.token })).status, 200);
        assert.equal(await status(rememberingService(), key.key), 401, 'the process that revoked the key refuses it at once');
      } finally {
        db.query = query;
      }
    });
  });

  describe(`token lifecycle (${engine.name})`, () => {
    const service = useService(engine, { jwtSecret: JWT_SECRET, botCacheTtlMs: CREDENTIAL_MEMORY_MS });

    it('refuses a validly signed token without exp', async () => {
      const user = await service().user();
      const sign = (withExpiry: boolean) => {
        const jwt = new SignJWT({ name: user.username, ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuer(ISSUER).setIssuedAt();
        if (withExpiry) jwt.setExpirationTime('1h');
        return jwt.sign(new TextEncoder().encode(JWT_SECRET));
      };
      assert.equal(await status(service(), await sign(true)), 200, 'the same token with exp is accepted');
      const endless = await service().call('GET', '/api/keys', { token: await sign(false) });
      assert.equal(endless.status, 401);
      assert.equal(endless.body.message_code, 1002);
    });

    it('refuses the token of a deleted account with 401, also when creating a bot', async () => {
      const user = await service().user();
      await (await dbOf(service())).query('delete from users where id = $1', [user.id]);
      assert.equal(await status(service(), user.token), 401);
      const created = await service().call('POST', '/api/bot', { token: user.token, json: { bot_name: 'Orphan' } });
      assert.equal(created.status, 401);
      assert.equal(created.body.message_code, 1002);
    });

    it('refuses a disabled account: its token, its API keys and its login', async () => {
      const user = await service().user();
      const { body: key } = await service().call('POST', '/api/keys', { token: user.token, json: { name: 'ci' } });
      await (await dbOf(service())).query('update users set disabled = true where id = $1', [user.id]);
      // An operator's change in the database reaches a process once its memory of the credential expires.
      await sleep(CREDENTIAL_MEMORY_MS + 50);
      assert.equal(await status(service(), user.token), 401);
      assert.equal(await status(service(), key.key), 401);
      const login = await fetch(`${service().url}/token`, { method: 'POST', body: new URLSearchParams({ username: user.username, password: `pw-${user.username}-secret` }) });
      assert.equal(login.status, 400, 'invalid_grant (RFC 6749)');
    });

    it('signs out everywhere: earlier tokens stop working, API keys and new logins go on', async () => {
      const user = await service().user();
      const { body: key } = await service().call('POST', '/api/keys', { token: user.token, json: {} });
      const revoked = await service().call('POST', '/api/tokens/revoke', { token: user.token });
      assert.equal(revoked.status, 200);
      assert.equal(revoked.body.message_code, 0);
      assert.equal(await status(service(), user.token), 401);
      assert.equal(await status(service(), key.key), 200);
      const login = await fetch(`${service().url}/token`, { method: 'POST', body: new URLSearchParams({ username: user.username, password: `pw-${user.username}-secret` }) });
      const { access_token: fresh } = (await login.json()) as { access_token: string };
      assert.equal(await status(service(), fresh), 200);
      assert.equal((await service().call('POST', '/api/tokens/revoke')).status, 401, 'needs a credential');
    });

    it('changes a password only with the current one, and revokes the earlier tokens', async () => {
      const user = await service().user();
      const wrong = await service().call('PUT', '/api/users/me/password', { token: user.token, json: { current_password: 'not it', new_password: 'a brand new secret' } });
      assert.equal(wrong.status, 422);
      assert.deepEqual(wrong.body.detail[0].loc, ['body', 'current_password']);
      const short = await service().call('PUT', '/api/users/me/password', { token: user.token, json: { current_password: `pw-${user.username}-secret`, new_password: 'short' } });
      assert.equal(short.status, 422);
      assert.deepEqual(short.body.detail[0].loc, ['body', 'new_password']);
      assert.equal(await status(service(), user.token), 200, 'a refused change revokes nothing');
      const changed = await service().call('PUT', '/api/users/me/password', { token: user.token, json: { current_password: `pw-${user.username}-secret`, new_password: 'a brand new secret' } });
      assert.equal(changed.status, 200);
      assert.equal(await status(service(), user.token), 401);
      const login = (password: string) => fetch(`${service().url}/token`, { method: 'POST', body: new URLSearchParams({ username: user.username, password }) });
      assert.equal((await login(`pw-${user.username}-secret`)).status, 400, 'invalid_grant (RFC 6749)');
      assert.equal((await login('a brand new secret')).status, 200);
    });

    it('lists API keys, revokes one (404 for an unknown or another user\'s key), and stores only SHA-256 hashes', async () => {
      const user = await service().user();
      const other = await service().user();
      const first = (await service().call('POST', '/api/keys', { token: user.token, json: { name: 'first' } })).body;
      const second = (await service().call('POST', '/api/keys', { token: user.token, json: { name: 'second' } })).body;
      const listed = (await service().call('GET', '/api/keys', { token: user.token })).body as { id: string; name: string }[];
      assert.deepEqual(listed.map((entry) => entry.name).sort(), ['first', 'second']);
      assert.ok(!JSON.stringify(listed).includes(first.key), 'the list never shows a key');

      const [row] = await (await dbOf(service())).query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [first.id]);
      assert.equal(row!.key_hash, createHash('sha256').update(first.key).digest('hex'));
      assert.ok(first.key.length >= 36, 'a high-entropy key');

      assert.equal((await service().call('DELETE', `/api/keys/${first.id}`, { token: other.token })).status, 404);
      assert.equal(await status(service(), first.key), 200, 'another user cannot revoke it');
      const deleted = await service().call('DELETE', `/api/keys/${first.id}`, { token: user.token });
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.message_code, 0);
      assert.equal(await status(service(), first.key), 401);
      assert.equal(await status(service(), second.key), 200);
      assert.equal((await service().call('DELETE', `/api/keys/${first.id}`, { token: user.token })).status, 404);
      const malformed = await service().call('DELETE', '/api/keys/not-a-uuid', { token: user.token });
      assert.equal(malformed.status, 422);
      assert.deepEqual(malformed.body.detail[0].loc, ['path', 'id']);
      assert.deepEqual(((await service().call('GET', '/api/keys', { token: user.token })).body as { name: string }[]).map((entry) => entry.name), ['second']);
    });

    it('has typed client functions for the key and token endpoints', async () => {
      const user = await service().user();
      const client = createClient({ baseUrl: service().url, token: user.token });
      const created = await client.createApiKey('deploy');
      assert.equal(created.name, 'deploy');
      assert.ok(created.key.startsWith(created.key_prefix));
      assert.deepEqual((await client.listApiKeys()).map((entry) => entry.id), [created.id]);
      await client.deleteApiKey(created.id);
      assert.deepEqual(await client.listApiKeys(), []);
      await assert.rejects(client.deleteApiKey(created.id), (error: unknown) => error instanceof ApiError && error.status === 404);
      await assert.rejects(client.changePassword('wrong', 'a brand new secret'), (error: unknown) => error instanceof ApiError && error.fieldErrors['current_password'] !== undefined);
      await client.revokeTokens();
      await assert.rejects(client.listApiKeys(), (error: unknown) => error instanceof ApiError && error.isUnauthorized);
    });
  });
}
