// Who may see and talk to a bot: its owner always; anyone else only a public bot, from an allowed Origin.
import type { Context } from 'hono';
import { callerOf, type ServiceEnv } from './context.js';
import type { Caller } from './auth/caller.js';
import { isOriginAllowed } from './auth/origins.js';
import { ServiceError, botNotFound } from './errors.js';
import { findBot, type StoredBot } from './storage/bots.js';

/** A bot as seen by one request. */
export interface BotAccess {
  /** The bot. */
  bot: StoredBot;
  /** The caller, when authenticated. */
  caller: Caller | undefined;
  /** Whether the caller owns the bot. */
  isOwner: boolean;
}

/** Reads a bot the caller must own: a missing bot and another user's bot are the same 404. */
export async function ownedBot(c: Context<ServiceEnv>, botId: string, caller: Caller): Promise<StoredBot> {
  const bot = await findBot(c.get('state').db, botId);
  if (!bot || bot.user_id !== caller.userId) throw botNotFound();
  return bot;
}

/**
 * Reads a bot for a visitor (bot information, chat, leads): the owner always passes; a public bot passes
 * from an allowed Origin (or with no Origin, as non-browser clients send none); anyone else asking for a
 * private bot gets the same 404 as for an unknown one, so a visitor cannot tell that it exists. With
 * `cached` (reads of the bot information only), the bot may come from the bot cache.
 */
export async function visitableBot(c: Context<ServiceEnv>, botId: string, { cached = false } = {}): Promise<BotAccess> {
  const caller = await callerOf(c);
  const { db, botCache } = c.get('state');
  let bot = cached ? botCache.get(botId) : undefined;
  if (!bot) {
    bot = await findBot(db, botId);
    if (bot && cached) botCache.set(bot);
  }
  if (!bot) throw botNotFound();
  if (caller && caller.userId === bot.user_id) return { bot, caller, isOwner: true };
  if (!bot.is_visibility) throw botNotFound();
  const origin = c.req.header('origin');
  if (origin !== undefined && !isOriginAllowed(origin, bot.domain)) {
    throw new ServiceError('originNotAllowed', `This bot cannot be used from ${origin}: the origin is not in its allowed domains.`);
  }
  return { bot, caller, isOwner: false };
}
