// Login (`POST /token`, the OAuth2 password form), API keys, and the optional sign-up.
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { LoginFormSchema } from '../../../src/api/schemas.js';
import { callerOf, type ServiceEnv } from '../app.js';
import { requireCaller } from '../auth/caller.js';
import { clientAddress } from '../client-address.js';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../auth/passwords.js';
import { ServiceError, invalidField } from '../errors.js';
import { readJsonBody, readOptionalJsonBody } from '../request.js';
import { createApiKey, createUser, deleteApiKey, findUserByName, listApiKeys, revokeTokens, setPassword } from '../storage/users.js';
import { parseInput, requireUuid } from '../validation.js';

const SignupSchema = z.object({
  username: z.string().check(z.trim(), z.regex(/^[\w.@+-]{3,64}$/)),
  password: z.string().check(z.minLength(8), z.maxLength(256)),
});

const PasswordChangeSchema = z.object({
  current_password: z.string().check(z.minLength(1), z.maxLength(256)),
  new_password: z.string().check(z.minLength(8), z.maxLength(256)),
});

const ApiKeyBodySchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

/**
 * Registers `POST /token`, `GET|POST /api/keys`, `DELETE /api/keys/{id}`, `POST /api/tokens/revoke`,
 * `PUT /api/users/me/password` and `POST /api/users`.
 */
export function registerUserRoutes(app: Hono<ServiceEnv>): void {
  app.post('/token', async (c) => {
    const { db, tokens, rateLimits, options } = c.get('state');
    const isJson = /json/i.test(c.req.header('content-type') ?? '');
    const raw = isJson ? await readJsonBody(c) : await c.req.parseBody().catch(() => ({}));
    const form = parseInput(LoginFormSchema, raw, 'body');
    if (form.grant_type && form.grant_type !== 'password') {
      throw invalidField(['body', 'grant_type'], 'grant_type must be "password"', 'literal_error');
    }
    const attempt = await rateLimits.beginLogin(form.username, clientAddress(c, options.trustProxyHops));
    const user = await findUserByName(db, form.username);
    const valid = await verifyPassword(form.password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
    await (user && valid ? attempt.succeeded() : attempt.failed());
    if (!user || !valid) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ServiceError('unauthorized', 'Incorrect username or password.');
    }
    const accessToken = await tokens.issue({ userId: user.id, username: user.username, tokenVersion: user.token_version });
    return c.json({
      message_code: 0,
      message: 'Login successful.',
      data: { access_token: accessToken, token_type: 'bearer' },
      access_token: accessToken,
      token_type: 'bearer',
    });
  });

  app.get('/api/keys', async (c) => {
    const caller = requireCaller(await callerOf(c));
    return c.json(await listApiKeys(c.get('state').db, caller.userId));
  });

  app.post('/api/keys', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const body = parseInput(ApiKeyBodySchema, (await readOptionalJsonBody(c)) ?? {}, 'body');
    const { key, info } = await createApiKey(c.get('state').db, caller.userId, body.name ?? '');
    return c.json({ ...info, key });
  });

  app.delete('/api/keys/:id', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const keyId = requireUuid(c.req.param('id'), 'path', 'id');
    if (!(await deleteApiKey(c.get('state').db, caller.userId, keyId))) throw new ServiceError('notFound', 'API key not found.');
    return c.json({ message_code: 0, message: 'The API key was revoked.' });
  });

  // Signs out everywhere: every access token issued to the caller so far stops working (API keys stay).
  app.post('/api/tokens/revoke', async (c) => {
    const caller = requireCaller(await callerOf(c));
    await revokeTokens(c.get('state').db, caller.userId);
    return c.json({ message_code: 0, message: 'Every access token was revoked. Sign in again.' });
  });

  app.put('/api/users/me/password', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const { db, rateLimits, options } = c.get('state');
    const body = parseInput(PasswordChangeSchema, await readJsonBody(c), 'body');
    const attempt = await rateLimits.beginLogin(caller.username, clientAddress(c, options.trustProxyHops));
    const user = await findUserByName(db, caller.username);
    if (!user || !(await verifyPassword(body.current_password, user.password_hash))) {
      await attempt.failed();
      throw invalidField(['body', 'current_password'], 'current_password is not the current password');
    }
    await attempt.succeeded();
    await setPassword(db, user.id, body.new_password);
    return c.json({ message_code: 0, message: 'The password was changed; every access token was revoked. Sign in again.' });
  });

  app.post('/api/users', async (c) => {
    const { db, options } = c.get('state');
    if (!options.allowSignup) throw new ServiceError('notFound', 'Sign-up is not enabled on this service.');
    const body = parseInput(SignupSchema, await readJsonBody(c), 'body');
    await c.get('state').rateLimits.chargeSignup(clientAddress(c, options.trustProxyHops));
    const { id, created } = await createUser(db, body.username, body.password, { signedUp: true });
    if (!created) throw invalidField(['body', 'username'], 'username is already taken');
    return c.json({ id, username: body.username });
  });
}
