// A short-lived, per-process copy of bots as their information is read (GET /api/bot/information, by visitors
// on every page view of a site with the widget, and by owners and their integrations). Entries live `ttlMs`
// (1 s by default), the process that changes a bot forgets its copy at once, and other processes see the
// change when the copy expires. Nothing that decides credits reads it: the chat, the lead form and every
// write go to the database.
import type { StoredBot } from './bots.js';

/** A time-limited cache of bots by id. */
export class BotCache {
  private readonly entries = new Map<string, { bot: StoredBot; expires: number }>();

  /** Creates a cache whose entries live `ttlMs` milliseconds (0 disables it), holding at most `maxEntries`. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached bot, if still fresh. */
  get(botId: string): StoredBot | undefined {
    const entry = this.entries.get(botId);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(botId);
      return undefined;
    }
    return entry.bot;
  }

  /** Keeps a bot for the time to live. */
  set(bot: StoredBot): void {
    if (this.ttlMs <= 0) return;
    // Map keeps insertion order: the oldest entry goes first when full.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(bot.id, { bot, expires: Date.now() + this.ttlMs });
  }

  /** Forgets a bot (after this process changed it). */
  forget(botId: string): void {
    this.entries.delete(botId);
  }
}
