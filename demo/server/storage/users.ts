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

/** Finds a user by login name. */
export async function findUserByName(db: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select id, username, password_hash from users where username = $1', [username]);
  return row;
}

/**
 * Creates a user (`signedUp`: through the open sign-up); when the name is taken, returns the existing user's
 * id (password unchanged) and `created: false`.
 */
export async function createUser(db: Queryable, username: string, password: string, { signedUp = false } = {}): Promise<{ id: string; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const inserted = await db.query<{ id: string }>(
    'insert into users (username, password_hash, signed_up) values ($1, $2, $3) on conflict (username) do nothing returning id',
    [username, passwordHash, signedUp],
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await findUserByName(db, username);
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
    'select u.id, u.username from api_keys k join users u on u.id = k.user_id where k.key_hash = $1',
    [hashKey(key)],
  );
  return row;
}
