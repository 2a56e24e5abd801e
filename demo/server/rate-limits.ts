// Rate limits of what visitors may spend and try: answers, leads, sign-ups and login attempts. Counters live
// in the `rate_limits` table (rate-limiter-flexible's PostgreSQL store over the service's own database), so
// every process sharing a PostgreSQL database shares them, and PGlite keeps them the same way.
import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ServiceError } from './errors.js';
import type { Queryable } from './storage/database.js';

/** How many of each thing a visitor (one client address) may do, and the login lockout thresholds. */
export interface RateLimitSettings {
  /** Answers per visitor and bot per minute (a bot's `rate_limit_per_minute` overrides it). */
  chatPerMinute: number;
  /** Answers per visitor and bot per day (a bot's `rate_limit_per_day` overrides it). */
  chatPerDay: number;
  /** Answers per bot per minute, all anonymous visitors together. */
  botPerMinute: number;
  /** Reconnections to answers (resumes and retried questions) per visitor and bot per minute. */
  resumesPerMinute: number;
  /** Leads per visitor and bot per hour. */
  leadsPerHour: number;
  /** Sign-ups per client address per hour. */
  signupsPerHour: number;
  /** Failed logins of one account before each further attempt waits (1 s, then doubling). */
  loginFailuresPerAccount: number;
  /** Failed logins from one client address before each further attempt waits (1 s, then doubling). */
  loginFailuresPerAddress: number;
  /** The first wait after the failure thresholds, in seconds; each further failure doubles it. */
  loginFirstWaitSeconds: number;
}

/** The default limits (documented in docs/reference-service.md). */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  chatPerMinute: 20,
  chatPerDay: 200,
  botPerMinute: 120,
  resumesPerMinute: 60,
  leadsPerHour: 5,
  signupsPerHour: 5,
  loginFailuresPerAccount: 5,
  loginFailuresPerAddress: 20,
  loginFirstWaitSeconds: 1,
};

/** Longest wait of the login lockout, in seconds. */
export const MAX_LOGIN_LOCKOUT_SECONDS = 15 * 60;

const NAMES = Object.keys(DEFAULT_RATE_LIMITS) as (keyof RateLimitSettings)[];

/**
 * Reads `RATE_LIMITS`: `off`, or comma-separated `name=count` entries (`chatPerMinute=10,leadsPerHour=3`);
 * names not given keep their defaults. Throws a RangeError naming a bad entry.
 */
export function parseRateLimits(text: string | undefined): Partial<RateLimitSettings> | false {
  const value = text?.trim() ?? '';
  if (value === '') return {};
  if (/^(off|false|0|no)$/i.test(value)) return false;
  const settings: Partial<RateLimitSettings> = {};
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(\w+)\s*=\s*(\d+)$/.exec(entry);
    const name = match?.[1] as keyof RateLimitSettings | undefined;
    if (!match || !name || !NAMES.includes(name) || Number(match[2]) < 1) {
      throw new RangeError(`RATE_LIMITS: "${entry}" is not name=count with a count of at least 1 and a name among ${NAMES.join(', ')}.`);
    }
    settings[name] = Number(match[2]);
  }
  return settings;
}

/** A 429 that tells the client how long to wait. */
export function tooManyRequests(message: string, msBeforeNext: number): ServiceError {
  return new ServiceError('rateLimited', message, undefined, Math.max(1, Math.ceil(msBeforeNext / 1000)));
}

/** What a bot sets for its own visitors (null: the service's default). */
export interface BotRateLimits {
  /** Its `rate_limit_per_minute`. */
  rate_limit_per_minute: number | null;
  /** Its `rate_limit_per_day`. */
  rate_limit_per_day: number | null;
}

// rate-limiter-flexible's PostgreSQL store sends `{text, values, name}` objects and reads `rows` and
// `rowCount`; this adapter runs them on the service's database (pg or PGlite), where the migration created
// the table. PGlite reads `bigint` as BigInt: the store does arithmetic on `expire`, so it becomes a number.
function storeClient(db: Queryable) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const rows = await db.query<Record<string, unknown>>(text, values);
      const plain = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])));
      return { rows: plain, rowCount: plain.length };
    },
  };
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** The rate limits of one service, counting in its database. */
export class RateLimits {
  private readonly client: ReturnType<typeof storeClient>;
  private readonly limiters = new Map<string, RateLimiterPostgres>();
  private readonly sweeper: NodeJS.Timeout;

  /** Creates the limits over a migrated database; `settings` false turns every limit off. */
  constructor(
    db: Queryable,
    private readonly settings: RateLimitSettings | false,
  ) {
    this.client = storeClient(db);
    // Counters that expired an hour ago go every five minutes (one sweep per process, not one per limiter).
    this.sweeper = setInterval(() => {
      db.query('delete from rate_limits where expire < $1', [Date.now() - 60 * 60 * 1000]).catch(() => undefined);
    }, 5 * 60 * 1000);
    this.sweeper.unref();
  }

  /** Stops the sweep of expired counters. */
  close(): void {
    clearInterval(this.sweeper);
  }

  /** One limiter per name, count and window (a bot's own count gets its own limiter over the same keys). */
  private limiter(name: string, points: number, durationSeconds: number): RateLimiterPostgres {
    const id = `${name}/${points}/${durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.client,
        storeType: 'client',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private async consume(limiter: RateLimiterPostgres, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) throw tooManyRequests(message, outcome.msBeforeNext);
      throw outcome;
    }
  }

  /** Counts an anonymous visitor's answer from a bot; throws the 429 when a limit is reached. */
  async chargeAnswer(bot: { id: string } & BotRateLimits, address: string): Promise<void> {
    if (!this.settings) return;
    const perMinute = bot.rate_limit_per_minute ?? this.settings.chatPerMinute;
    const perDay = bot.rate_limit_per_day ?? this.settings.chatPerDay;
    const visitor = `${bot.id}:${address}`;
    await this.consume(this.limiter('chat-minute', perMinute, 60), visitor, 'Too many messages: wait a moment before sending another.');
    await this.consume(this.limiter('chat-day', perDay, 24 * 60 * 60), visitor, 'Too many messages today: try again later.');
    await this.consume(this.limiter('bot-minute', this.settings.botPerMinute, 60), bot.id, 'This bot is answering too many visitors: wait a moment before sending another message.');
  }

  /** Counts a visitor's reconnection to an answer of a bot; throws the 429 when the limit is reached. */
  async chargeResume(botId: string, address: string): Promise<void> {
    if (!this.settings) return;
    await this.consume(this.limiter('resume-minute', this.settings.resumesPerMinute, 60), `${botId}:${address}`, 'Too many reconnections: wait a moment.');
  }

  /** Counts a visitor's lead for a bot; throws the 429 when the limit is reached. */
  async chargeLead(botId: string, address: string): Promise<void> {
    if (!this.settings) return;
    await this.consume(this.limiter('lead-hour', this.settings.leadsPerHour, 60 * 60), `${botId}:${address}`, 'Too many forms sent: try again later.');
  }

  /** Counts a sign-up from a client address; throws the 429 when the limit is reached. */
  async chargeSignup(address: string): Promise<void> {
    if (!this.settings) return;
    await this.consume(this.limiter('signup-hour', this.settings.signupsPerHour, 60 * 60), address, 'Too many sign-ups from this address: try again later.');
  }

  /**
   * Counts a login attempt before the password is checked. Past the thresholds of failed attempts (per
   * account and per address), each attempt must wait for the one before it: loginFirstWaitSeconds, then doubling up to
   * MAX_LOGIN_LOCKOUT_SECONDS; an attempt that comes sooner is a 429 and is not checked. Resolves to what
   * to call once the password is known to be right or wrong.
   */
  async beginLogin(username: string, address: string): Promise<{ succeeded(): Promise<void>; failed(): Promise<void> }> {
    const settings = this.settings;
    if (!settings) return { succeeded: async () => undefined, failed: async () => undefined };
    const keys = [
      { key: `user:${digest(username.trim().toLowerCase())}`, threshold: settings.loginFailuresPerAccount },
      { key: `address:${address}`, threshold: settings.loginFailuresPerAddress },
    ];
    const failures = this.limiter('login-failures', 1_000_000, 24 * 60 * 60);
    const lockout = this.limiter('login-lockout', 1, MAX_LOGIN_LOCKOUT_SECONDS);
    for (const { key } of keys) {
      const locked = await lockout.get(key);
      if (locked && locked.consumedPoints > 1) throw tooManyRequests('Too many failed sign-ins: wait before trying again.', locked.msBeforeNext);
    }
    // The attempt counts before the slow password check, so a burst of parallel guesses locks out too.
    const waits: { key: string; seconds: number }[] = [];
    for (const { key, threshold } of keys) {
      const counted = await failures.consume(key);
      const beyond = counted.consumedPoints - threshold;
      if (beyond > 0) waits.push({ key, seconds: Math.min(settings.loginFirstWaitSeconds * 2 ** (beyond - 1), MAX_LOGIN_LOCKOUT_SECONDS) });
    }
    for (const { key, seconds } of waits) await lockout.block(key, seconds);
    return {
      async failed() {
        // The wait runs from the end of the check, however long the check took.
        for (const { key, seconds } of waits) await lockout.block(key, seconds);
      },
      async succeeded() {
        // A right password clears the account's count and takes this attempt off the address's.
        await failures.delete(keys[0]!.key);
        await lockout.delete(keys[0]!.key);
        await failures.reward(keys[1]!.key, 1);
      },
    };
  }
}
