// A short-lived, per-process memory of credentials already checked (API keys and access tokens), so that an
// integration calling with the same key does not cost a database round trip per request. Entries live
// `ttlMs` (the bot cache's time, 1 s by default); the process that revokes a key or tokens, or changes a
// password, forgets everything at once; other processes stop accepting a revoked credential when their entry
// expires. A refused credential is never remembered.
import type { Caller } from './caller.js';

/** A time-limited map from a credential to the caller it proved. */
export class CallerCache {
  private readonly entries = new Map<string, { caller: Caller; expires: number }>();

  /** Creates a cache whose entries live `ttlMs` milliseconds (0 disables it), holding at most `maxEntries`. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The caller a credential proved, if still fresh. */
  get(credential: string): Caller | undefined {
    const entry = this.entries.get(credential);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(credential);
      return undefined;
    }
    return entry.caller;
  }

  /** Remembers the caller a credential proved, for the time to live. */
  set(credential: string, caller: Caller): void {
    if (this.ttlMs <= 0) return;
    // Map keeps insertion order: the oldest entry goes first when full.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(credential, { caller, expires: Date.now() + this.ttlMs });
  }

  /** Forgets every credential (after this process revoked keys or tokens, or changed a password). */
  clear(): void {
    this.entries.clear();
  }
}
