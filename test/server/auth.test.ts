import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { TokenResponseSchema } from '../../src/api/schemas.js';
import { testEngines, useService } from './helpers.js';

const JWT_SECRET = 'test-secret-for-the-auth-suite-0123456789';

for (const engine of testEngines()) {
  describe(`login and credentials (${engine.name})`, () => {
    const service = useService(engine, { jwtSecret: JWT_SECRET, allowSignup: true });

    it('answers POST /token with the envelope and the OAuth2 fields at the top level', async () => {
      const { server, url } = service();
      await server.createUser('alice', 'correct horse battery');
      const response = await fetch(`${url}/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'alice', password: 'correct horse battery', scope: '', client_id: '', client_secret: '' }),
      });
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.equal(body.message_code, 0);
      assert.equal(typeof body.message, 'string');
      assert.equal(body.data.token_type, 'bearer');
      assert.equal(body.token_type, 'bearer');
      assert.equal(body.access_token, body.data.access_token);
      assert.ok(TokenResponseSchema.safeParse(body).success);
      const [, payload] = body.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      assert.equal(claims.name, 'alice');
      assert.ok(claims.exp > Date.now() / 1000 + 3600, 'the token expires, but not within the hour');
    });

    it('refuses a wrong password and an unknown user alike with 400 invalid_grant', async () => {
      const { server, call } = service();
      await server.createUser('bob', 'bob-password-1');
      for (const form of [
        { username: 'bob', password: 'not-it' },
        { username: 'nobody-here', password: 'bob-password-1' },
      ]) {
        const { status, body, headers } = await call('POST', '/token', { body: new URLSearchParams(form) });
        assert.equal(status, 400);
        assert.deepEqual(body, { error: 'invalid_grant', error_description: 'Incorrect username or password.', message: 'Incorrect username or password.', message_code: 1002 });
        assert.equal(headers.get('cache-control'), 'no-store');
      }
    });

    it('names the missing form field in a 400 invalid_request', async () => {
      const { status, body } = await service().call('POST', '/token', { body: new URLSearchParams({ username: 'x' }) });
      assert.equal(status, 400);
      assert.equal(body.error, 'invalid_request');
      assert.equal(body.message_code, 1001);
      assert.deepEqual(body.detail.map((issue: { loc: unknown[] }) => issue.loc), [['body', 'password']]);
      assert.equal(body.detail[0].type, 'required');
    });

    it('refuses a grant type other than password', async () => {
      const { status, body } = await service().call('POST', '/token', {
        body: new URLSearchParams({ grant_type: 'client_credentials', username: 'a', password: 'b' }),
      });
      assert.equal(status, 400);
      assert.equal(body.error, 'unsupported_grant_type');
      assert.deepEqual(body.detail[0].loc, ['body', 'grant_type']);
    });

    it('accepts a JSON login body too', async () => {
      const { server, call } = service();
      await server.createUser('carol', 'carol-password');
      const { status, body } = await call('POST', '/token', { json: { username: 'carol', password: 'carol-password' } });
      assert.equal(status, 200);
      assert.equal(body.token_type, 'bearer');
    });

    it('answers 401 without a token, with a malformed header, a tampered token or an expired one', async () => {
      const { call, user } = service();
      const { token, id } = await user();
      const expired = await new SignJWT({ name: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuer('chatbot-reference-service')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(JWT_SECRET));
      const forged = await new SignJWT({ name: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuer('chatbot-reference-service')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another secret entirely, not the service one'));
      const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      const cases: Record<string, string>[] = [
        {},
        { authorization: 'Token abc' },
        { authorization: `Bearer ${tampered}` },
        { authorization: `Bearer ${expired}` },
        { authorization: `Bearer ${forged}` },
        { authorization: 'Bearer cfk_not-a-real-key' },
        { 'chatfly-api-key': 'cfk_not-a-real-key' },
      ];
      for (const headers of cases) {
        const { status, body } = await call('POST', '/api/bot', { headers, json: { bot_name: 'x' } });
        assert.equal(status, 401, JSON.stringify(headers));
        assert.equal(body.message_code, 1002);
        assert.equal(typeof body.message, 'string');
      }
    });

    it('creates and lists API keys, accepted as a bearer credential and in CHATFLY-API-KEY', async () => {
      const { call, user } = service();
      const { token } = await user();
      const created = await call('POST', '/api/keys', { token, json: { name: 'integration' } });
      assert.equal(created.status, 200);
      assert.match(created.body.key, /^cfk_/);
      assert.equal(created.body.name, 'integration');
      const listed = await call('GET', '/api/keys', { token });
      assert.deepEqual(listed.body.map((key: { id: string }) => key.id), [created.body.id]);
      assert.ok(!JSON.stringify(listed.body).includes(created.body.key), 'the key itself is never listed');
      const viaBearer = await call('POST', '/api/bot', { token: created.body.key, json: { bot_name: 'By key' } });
      assert.equal(viaBearer.status, 200);
      const viaHeader = await call('POST', '/api/bot', { headers: { 'CHATFLY-API-KEY': created.body.key }, json: { bot_name: 'By header' } });
      assert.equal(viaHeader.status, 200);
      assert.equal(viaHeader.body.user_id, viaBearer.body.user_id);
    });

    it('lets anyone sign up only when sign-up is enabled, and refuses a taken name', async () => {
      const { call } = service();
      const created = await call('POST', '/api/users', { json: { username: 'newcomer', password: 'long enough' } });
      assert.equal(created.status, 200);
      const login = await call('POST', '/token', { body: new URLSearchParams({ username: 'newcomer', password: 'long enough' }) });
      assert.equal(login.status, 200);
      const again = await call('POST', '/api/users', { json: { username: 'newcomer', password: 'another one' } });
      assert.equal(again.status, 422);
      assert.deepEqual(again.body.detail[0].loc, ['body', 'username']);
      const short = await call('POST', '/api/users', { json: { username: 'x', password: 'short' } });
      assert.equal(short.status, 422);
      assert.deepEqual(short.body.detail.map((issue: { loc: unknown[] }) => issue.loc), [['body', 'username'], ['body', 'password']]);
    });
  });

  describe(`sign-up disabled (${engine.name})`, () => {
    const service = useService(engine);

    it('answers 404 to POST /api/users', async () => {
      const { status, body } = await service().call('POST', '/api/users', { json: { username: 'someone', password: 'long enough' } });
      assert.equal(status, 404);
      assert.equal(body.message_code, 1006);
    });
  });
}
