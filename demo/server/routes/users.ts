// Login (`POST /token`, the OAuth2 password form), API keys, and the optional sign-up.
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { LoginFormSchema } from '../../../src/api/schemas.js';
import { callerOf, type ServiceEnv } from '../app.js';
import { requireCaller } from '../auth/caller.js';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../auth/passwords.js';
import { ServiceError, invalidField } from '../errors.js';
import { readFormBody, readJsonBody, readOptionalJsonBody } from '../request.js';
import { createApiKey, createUser, findUserByName, listApiKeys } from '../storage/users.js';
import { parseInput } from '../validation.js';

/** Longest password a login accepts (sign-up allows 256). */
export const MAX_PASSWORD_LENGTH = 1024;

/** The body of `POST /api/users`. */
export const SignupSchema = z.object({
  username: z.string().check(z.trim(), z.regex(/^[\w.@+-]{3,64}$/)),
  password: z.string().check(z.minLength(8), z.maxLength(256)),
});

/** The body of `POST /api/keys`. */
export const ApiKeyBodySchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

/** Registers `POST /token`, `GET|POST /api/keys` and `POST /api/users`. */
export function registerUserRoutes(app: Hono<ServiceEnv>): void {
  app.post('/token', async (c) => {
    const { db, tokens } = c.get('state');
    const isJson = /json/i.test(c.req.header('content-type') ?? '');
    const raw = isJson ? await readJsonBody(c) : await readFormBody(c);
    const form = parseInput(LoginFormSchema, raw, 'body');
    // Refused before hashing: a megabyte password would cost the hash function that much time.
    if (form.password.length > MAX_PASSWORD_LENGTH) throw invalidField(['body', 'password'], `password must be at most ${MAX_PASSWORD_LENGTH} characters`, 'string_too_long');
    if (form.grant_type && form.grant_type !== 'password') {
      throw invalidField(['body', 'grant_type'], 'grant_type must be "password"', 'literal_error');
    }
    const user = await findUserByName(db, form.username);
    const valid = await verifyPassword(form.password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
    if (!user || !valid) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ServiceError('unauthorized', 'Incorrect username or password.');
    }
    const accessToken = await tokens.issue({ userId: user.id, username: user.username });
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

  app.post('/api/users', async (c) => {
    const { db, options } = c.get('state');
    if (!options.allowSignup) throw new ServiceError('notFound', 'Sign-up is not enabled on this service.');
    const body = parseInput(SignupSchema, await readJsonBody(c), 'body');
    const { id, created } = await createUser(db, body.username, body.password);
    if (!created) throw invalidField(['body', 'username'], 'username is already taken');
    return c.json({ id, username: body.username });
  });
}
