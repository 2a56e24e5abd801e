// Users and their API keys. Keys are stored only as SHA-256 hashes; the key itself is shown once.
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import type { Queryable } from './database.js';

/** A stored user. */
export interface UserRow {
  /** The user's id. */
  id: string;
  /** The login name. */
  username: string;
  /** The scrypt hash of the password. */
  password_hash: string;
  /** Bumped to revoke every token issued before. */
  token_version: number;
}

/** An API key as listed (never the key itself). */
export interface ApiKeyInfo {
  /** The key's id. */
  id: string;
  /** The key's first characters, to recognise it. */
  key_prefix: string;
  /** A label. */
  name: string;
  /** When it was made. */
  created_at: string;
}

/** The prefix of every API key, so a bearer credential can be told apart from a token at a glance. */
export const API_KEY_PREFIX = 'cfk_';

/** Tells whether a credential has the shape of an API key. */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX);
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** An enabled user's id, login name and token version; undefined when missing or disabled. */
export async function findActiveUser(db: Queryable, userId: string): Promise<{ id: string; username: string; token_version: number } | undefined> {
  const [row] = await db.query<{ id: string; username: string; token_version: number }>(
    'select id, username, token_version from users where id = $1 and not disabled',
    [userId],
  );
  return row;
}

/** Makes every access token issued so far to a user invalid; resolves to the new version. */
export async function revokeTokens(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ token_version: number }>('update users set token_version = token_version + 1 where id = $1 returning token_version', [userId]);
  return row?.token_version ?? 0;
}

/** Sets a user's password and revokes the user's tokens (a new password signs out everywhere). */
export async function setPassword(db: Queryable, userId: string, password: string): Promise<void> {
  await db.query('update users set password_hash = $2, token_version = token_version + 1 where id = $1', [userId, await hashPassword(password)]);
}

/** Deletes one of a user's API keys; resolves to whether there was one. */
export async function deleteApiKey(db: Queryable, userId: string, keyId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from api_keys where id = $1 and user_id = $2 returning id', [keyId, userId]);
  return rows.length > 0;
}

/** Finds an enabled user by login name, whatever its case. */
export async function findUserByName(db: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select id, username, password_hash, token_version from users where lower(username) = lower($1) and not disabled', [username]);
  return row;
}

/**
 * Creates a user (`signedUp`: through the open sign-up); when the name is taken, returns the existing user's
 * id (password unchanged) and `created: false`.
 */
export async function createUser(db: Queryable, username: string, password: string, { signedUp = false } = {}): Promise<{ id: string; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const inserted = await db.query<{ id: string }>(
    // Any unique violation means the name is taken: the exact spelling, or another case of it.
    'insert into users (username, password_hash, signed_up) values ($1, $2, $3) on conflict do nothing returning id',
    [username, passwordHash, signedUp],
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await db.query<{ id: string }>('select id from users where lower(username) = lower($1)', [username]);
  return { id: existing!.id, created: false };
}

/** Tells whether a user made their account through the open sign-up. */
export async function isSignedUpUser(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ signed_up: boolean }>('select signed_up from users where id = $1', [userId]);
  return row?.signed_up === true;
}

/** Creates a random API key for a user and returns the key (shown once) and its listing. */
export async function createApiKey(db: Queryable, userId: string, name: string): Promise<{ key: string; info: ApiKeyInfo }> {
  const key = API_KEY_PREFIX + randomBytes(24).toString('base64url');
  const info = await storeApiKey(db, userId, key, name);
  return { key, info: info! };
}

/** Stores a given API key for a user unless it is stored already; returns its listing when it was added. */
export async function storeApiKey(db: Queryable, userId: string, key: string, name: string): Promise<ApiKeyInfo | undefined> {
  const [row] = await db.query<ApiKeyInfo>(
    `insert into api_keys (user_id, key_hash, key_prefix, name) values ($1, $2, $3, $4)
     on conflict (key_hash) do nothing
     returning id, key_prefix, name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`,
    [userId, hashKey(key), key.slice(0, API_KEY_PREFIX.length + 6), name],
  );
  return row;
}

/** Lists a user's API keys, newest first. */
export function listApiKeys(db: Queryable, userId: string): Promise<ApiKeyInfo[]> {
  return db.query<ApiKeyInfo>(
    `select id, key_prefix, name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
     from api_keys where user_id = $1 order by created_at desc, id`,
    [userId],
  );
}

/** Finds the user an API key belongs to. */
export async function findUserByApiKey(db: Queryable, key: string): Promise<{ id: string; username: string } | undefined> {
  const [row] = await db.query<{ id: string; username: string }>(
    'select u.id, u.username from api_keys k join users u on u.id = k.user_id where k.key_hash = $1 and not u.disabled',
    [hashKey(key)],
  );
  return row;
}
