// Login (`POST /token`, the OAuth2 password grant of RFC 6749 in ChatFly's envelope), API keys, and the optional
// sign-up.
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { LoginFormSchema } from '../../../src/api/schemas.js';
import { callerOf, type ServiceEnv } from '../context.js';
import { requireCaller } from '../auth/caller.js';
import { clientAddress } from '../client-address.js';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../auth/passwords.js';
import { ServiceError, invalidField } from '../errors.js';
import { readFormBody, readJsonBody, readOptionalJsonBody } from '../request.js';
import { createApiKey, createUser, deleteApiKey, findUserByName, listApiKeys, revokeTokens, setPassword } from '../storage/users.js';
import { parseInput, requireUuid, validationError } from '../validation.js';

/** Longest password a login accepts (sign-up allows 256). */
export const MAX_PASSWORD_LENGTH = 1024;

/** The body of `POST /api/users`. */
export const SignupSchema = z.object({
  username: z.string().check(z.trim(), z.regex(/^[\w.@+-]{3,64}$/)),
  password: z.string().check(z.minLength(8), z.maxLength(256)),
});

/** The body of `PUT /api/users/me/password`. */
export const PasswordChangeSchema = z.object({
  current_password: z.string().check(z.minLength(1), z.maxLength(256)),
  new_password: z.string().check(z.minLength(8), z.maxLength(256)),
});

/** The body of `POST /api/keys`. */
export const ApiKeyBodySchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

// Token answers are never stored by a cache (RFC 6749 §5.1).
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** The OAuth2 error codes `POST /token` answers (RFC 6749 §5.2). */
type OAuthErrorCode = 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type';

// An OAuth2 error (400 `{error, error_description}`) that keeps the service's own fields (`message`,
// `message_code`, `detail` naming the field), so ChatFly-style clients read it as before.
function oauthError(c: Context<ServiceEnv>, code: OAuthErrorCode, cause: ServiceError): Response {
  return c.json({ error: code, error_description: cause.message, ...cause.toBody() }, 400, NO_STORE);
}

/**
 * Registers `POST /token`, `GET|POST /api/keys`, `DELETE /api/keys/{id}`, `POST /api/tokens/revoke`,
 * `PUT /api/users/me/password` and `POST /api/users`.
 */
export function registerUserRoutes(app: Hono<ServiceEnv>): void {
  app.post('/token', async (c) => {
    const { db, tokens, rateLimits, options } = c.get('state');
    const isJson = /json/i.test(c.req.header('content-type') ?? '');
    let raw: unknown;
    try {
      raw = isJson ? await readJsonBody(c) : await readFormBody(c);
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'validation') return oauthError(c, 'invalid_request', error);
      throw error;
    }
    const grantType = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['grant_type'] : undefined;
    if (typeof grantType === 'string' && grantType !== '' && grantType !== 'password') {
      const error = invalidField(['body', 'grant_type'], 'grant_type must be "password"', 'literal_error');
      return oauthError(c, 'unsupported_grant_type', error);
    }
    const parsed = LoginFormSchema.safeParse(raw);
    if (!parsed.success) return oauthError(c, 'invalid_request', validationError('body', parsed.error.issues, raw));
    const form = parsed.data;
    // Refused before hashing: a megabyte password would cost the hash function that much time.
    if (form.password.length > MAX_PASSWORD_LENGTH) {
      return oauthError(c, 'invalid_request', invalidField(['body', 'password'], `password must be at most ${MAX_PASSWORD_LENGTH} characters`, 'string_too_long'));
    }
    const attempt = await rateLimits.beginLogin(form.username, clientAddress(c, options.trustProxyHops));
    const user = await findUserByName(db, form.username);
    const valid = await verifyPassword(form.password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
    await (user && valid ? attempt.succeeded() : attempt.failed());
    if (!user || !valid) return oauthError(c, 'invalid_grant', new ServiceError('unauthorized', 'Incorrect username or password.'));
    const accessToken = await tokens.issue({ userId: user.id, username: user.username, tokenVersion: user.token_version });
    const token = { access_token: accessToken, token_type: 'bearer', expires_in: options.tokenLifetimeSeconds };
    return c.json({ message_code: 0, message: 'Login successful.', data: token, ...token }, 200, NO_STORE);
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
    c.get('state').callers.clear();
    return c.json({ message_code: 0, message: 'The API key was revoked.' });
  });

  // Signs out everywhere: every access token issued to the caller so far stops working (API keys stay).
  app.post('/api/tokens/revoke', async (c) => {
    const caller = requireCaller(await callerOf(c));
    await revokeTokens(c.get('state').db, caller.userId);
    c.get('state').callers.clear();
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
    c.get('state').callers.clear();
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
