// POST /token as standard OAuth2 libraries use it (RFC 6749 password grant): each gets a token with its
// expiry from the running service, uses it, and reads a wrong password as invalid_grant.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { TokenResponseSchema } from '../../src/api/schemas.js';
import { testEngines, useService } from './helpers.js';

const LIFETIME = 7200;

for (const engine of testEngines()) {
  describe(`POST /token as OAuth2 (${engine.name})`, () => {
    const service = useService(engine, { tokenLifetimeSeconds: LIFETIME });

    async function account(name: string): Promise<{ username: string; password: string }> {
      const password = `${name}-password-1`;
      await service().server.createUser(name, password);
      return { username: name, password };
    }

    async function keysStatus(token: string): Promise<number> {
      return (await service().call('GET', '/api/keys', { token })).status;
    }

    it('oauth4webapi gets a token with its expiry by the password grant, uses it, and reads a wrong password as invalid_grant', async () => {
      const { username, password } = await account('oauth4webapi-user');
      const as: oauth.AuthorizationServer = { issuer: service().url, token_endpoint: `${service().url}/token` };
      const client: oauth.Client = { client_id: 'chatbot-tests' };
      const options = { [oauth.allowInsecureRequests]: true };
      const response = await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'password', { username, password }, options);
      const tokens = await oauth.processGenericTokenEndpointResponse(as, client, response);
      assert.equal(tokens.token_type, 'bearer');
      assert.equal(tokens.expires_in, LIFETIME);
      assert.equal(await keysStatus(tokens.access_token), 200);

      const refused = await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'password', { username, password: 'wrong' }, options);
      await assert.rejects(oauth.processGenericTokenEndpointResponse(as, client, refused), (error: unknown) => {
        assert.ok(error instanceof oauth.ResponseBodyError);
        assert.equal(error.error, 'invalid_grant');
        assert.equal(error.status, 400);
        return true;
      });
    });

    it('openid-client gets a token with its expiry by the password grant, uses it, and reads a wrong password as invalid_grant', async () => {
      const { username, password } = await account('openid-client-user');
      const config = new openid.Configuration({ issuer: service().url, token_endpoint: `${service().url}/token` }, 'chatbot-tests', undefined, openid.None());
      openid.allowInsecureRequests(config);
      const tokens = await openid.genericGrantRequest(config, 'password', { username, password });
      assert.equal(tokens.expires_in, LIFETIME);
      const left = tokens.expiresIn();
      assert.ok(left !== undefined && left > 0 && left <= LIFETIME);
      assert.equal(await keysStatus(tokens.access_token), 200);

      await assert.rejects(openid.genericGrantRequest(config, 'password', { username, password: 'wrong' }), (error: unknown) => {
        assert.ok(error instanceof openid.ResponseBodyError);
        assert.equal(error.error, 'invalid_grant');
        return true;
      });
    });

    it('simple-oauth2 gets a token with its expiry by the password grant, uses it, and reads a wrong password as invalid_grant', async () => {
      const { username, password } = await account('simple-oauth2-user');
      // simple-oauth2 authenticates the client with HTTP Basic, which the service ignores (it has no clients).
      const client = new ResourceOwnerPassword({ client: { id: 'chatbot-tests', secret: 'unused' }, auth: { tokenHost: service().url, tokenPath: '/token' } });
      const accessToken = await client.getToken({ username, password, scope: [] });
      assert.ok(accessToken.token['expires_at'] instanceof Date, 'the library computed the expiry from expires_in');
      assert.equal(accessToken.expired(), false);
      assert.equal(await keysStatus(String(accessToken.token['access_token'])), 200);

      await assert.rejects(client.getToken({ username, password: 'wrong', scope: [] }), (error: unknown) => {
        const boom = error as { output?: { statusCode?: number }; data?: { payload?: { error?: string } } };
        assert.equal(boom.output?.statusCode, 400);
        assert.equal(boom.data?.payload?.error, 'invalid_grant');
        return true;
      });
    });

    it('keeps ChatFly\'s envelope next to the OAuth2 fields, and is never cached', async () => {
      const { username, password } = await account('envelope-user');
      const { status, body, headers } = await service().call('POST', '/token', { body: new URLSearchParams({ grant_type: 'password', username, password }) });
      assert.equal(status, 200);
      assert.equal(body.message_code, 0);
      assert.equal(body.data.expires_in, LIFETIME);
      assert.equal(body.expires_in, LIFETIME);
      assert.equal(body.data.access_token, body.access_token);
      assert.ok(TokenResponseSchema.safeParse(body).success);
      assert.equal(headers.get('cache-control'), 'no-store');
      assert.equal(headers.get('pragma'), 'no-cache');
    });

    it('answers RFC 6749 errors with 400 and keeps message and message_code alongside', async () => {
      const { username } = await account('errors-user');
      const wrong = await service().call('POST', '/token', { body: new URLSearchParams({ grant_type: 'password', username, password: 'nope' }) });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.error, 'invalid_grant');
      assert.equal(wrong.body.message, 'Incorrect username or password.');
      assert.equal(wrong.body.message_code, 1002);
      assert.equal(wrong.headers.get('cache-control'), 'no-store');

      const grant = await service().call('POST', '/token', { body: new URLSearchParams({ grant_type: 'client_credentials' }) });
      assert.equal(grant.status, 400);
      assert.equal(grant.body.error, 'unsupported_grant_type');
      assert.deepEqual(grant.body.detail[0].loc, ['body', 'grant_type']);

      const missing = await service().call('POST', '/token', { body: new URLSearchParams({ grant_type: 'password', username }) });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.error, 'invalid_request');
      assert.equal(missing.body.message_code, 1001);
      assert.deepEqual(missing.body.detail.map((issue: { loc: unknown[] }) => issue.loc), [['body', 'password']]);

      const broken = await service().call('POST', '/token', { body: '{"username":', headers: { 'content-type': 'application/json' } });
      assert.equal(broken.status, 400);
      assert.equal(broken.body.error, 'invalid_request');
    });
  });
}
