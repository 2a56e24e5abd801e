// A short-lived, per-process copy of bots as their information is read (GET /api/bot/information, by visitors
// on every page view of a site with the widget, and by owners and their integrations). Entries live `ttlMs`
// (1 s by default), the process that changes a bot forgets its copy at once, and other processes see the
// change when the copy expires. Nothing that decides credits reads it: the chat, the lead form and every
// write go to the database.
import { ExpiringMap } from '../expiring-map.js';
import type { StoredBot } from './bots.js';

/** A time-limited cache of bots by id. */
export class BotCache {
  readonly #bots: ExpiringMap<StoredBot>;

  /** Creates a cache whose entries live `ttlMs` milliseconds (0 disables it), holding at most `maxEntries`. */
  constructor(ttlMs: number, maxEntries?: number) {
    this.#bots = new ExpiringMap(ttlMs, maxEntries);
  }

  /** The cached bot, if still fresh. */
  get(botId: string): StoredBot | undefined {
    return this.#bots.get(botId);
  }

  /** Keeps a bot for the time to live. */
  set(bot: StoredBot): void {
    this.#bots.set(bot.id, bot);
  }

  /** Forgets a bot (after this process changed it). */
  forget(botId: string): void {
    this.#bots.delete(botId);
  }
}
