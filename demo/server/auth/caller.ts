// Who is calling: a bearer token, an API key (as a bearer credential or in CHATFLY-API-KEY), or nobody.
import type { Context } from 'hono';
import { ServiceError } from '../errors.js';
import type { Queryable } from '../storage/database.js';
import { findActiveUser, findUserByApiKey, looksLikeApiKey } from '../storage/users.js';
import type { CallerCache } from './caller-cache.js';
import type { TokenIssuer } from './tokens.js';

/** An authenticated caller. */
export interface Caller {
  /** The user's id. */
  userId: string;
  /** The user's login name. */
  username: string;
  /** How the caller proved who they are. */
  via: 'token' | 'api_key';
}

/** The header that carries an API key, as ChatFly's integrations send it. */
export const API_KEY_HEADER = 'CHATFLY-API-KEY';

// What ChatFly's admin chat page and plain widget send when nobody is signed in (`Bearer undefined`, `Bearer
// null`, or the scheme alone): no credential, so a public bot answers the anonymous visitor.
const NO_CREDENTIAL = /^(bearer)?\s*(undefined|null)?$/i;

function unauthorized(message: string): ServiceError {
  return new ServiceError('unauthorized', message);
}

/**
 * Reads the caller from the request headers. No credential gives undefined; a credential that is present
 * but malformed, unknown, tampered with or expired is a 401 (the client then signs out).
 */
export async function resolveCaller(c: Context, db: Queryable, tokens: TokenIssuer, cache?: CallerCache): Promise<Caller | undefined> {
  const sent = c.req.header('authorization')?.trim();
  const authorization = sent && !NO_CREDENTIAL.test(sent) ? sent : undefined;
  const apiKeyHeader = c.req.header(API_KEY_HEADER)?.trim();
  if (!authorization && !apiKeyHeader) return undefined;
  const credential = (authorization ?? apiKeyHeader)!;
  const remembered = cache?.get(credential);
  if (remembered) return remembered;
  const caller = await checkCredential(db, tokens, authorization, apiKeyHeader);
  cache?.set(credential, caller);
  return caller;
}

async function checkCredential(db: Queryable, tokens: TokenIssuer, authorization: string | undefined, apiKeyHeader: string | undefined): Promise<Caller> {
  if (authorization) {
    const match = /^bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
    const credential = match[1]!;
    if (looksLikeApiKey(credential)) return apiKeyCaller(db, credential);
    const subject = await tokens.verify(credential);
    if (!subject) throw unauthorized('The access token is invalid or has expired. Sign in again.');
    // The account must still exist, be enabled, and not have revoked its tokens since this one was issued.
    const user = await findActiveUser(db, subject.userId);
    if (!user || user.token_version !== subject.tokenVersion) throw unauthorized('The access token is no longer valid. Sign in again.');
    return { userId: user.id, username: user.username, via: 'token' };
  }
  return apiKeyCaller(db, apiKeyHeader!);
}

async function apiKeyCaller(db: Queryable, key: string): Promise<Caller> {
  const user = await findUserByApiKey(db, key);
  if (!user) throw unauthorized('The API key is not valid.');
  return { userId: user.id, username: user.username, via: 'api_key' };
}

/** Returns the caller or throws the 401 of an operation that needs one. */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw unauthorized('Not authenticated: send "Authorization: Bearer <token>" or an API key.');
  return caller;
}
