// A short-lived, per-process memory of credentials already checked (API keys and access tokens), so that an
// integration calling with the same key does not cost a database round trip per request. Entries live
// `ttlMs` (the bot cache's time, 1 s by default); the process that revokes a key or tokens, or changes a
// password, forgets everything at once; other processes stop accepting a revoked credential when their entry
// expires. A refused credential is never remembered.
import { ExpiringMap } from '../expiring-map.js';
import type { Caller } from './caller.js';

/** A time-limited map from a credential to the caller it proved. */
export class CallerCache extends ExpiringMap<Caller> {}
