// POST /api/bot, PUT /api/bot, GET /api/bot/information?bot_id=.
import type { Hono } from 'hono';
import { validateBotBody, type BotBodyIssue, type BotCreateBody } from '../../../src/api/schemas.js';
import { visitableBot } from '../access.js';
import { callerOf, type ServiceEnv } from '../context.js';
import { requireCaller, type Caller } from '../auth/caller.js';
import { ServiceError, botNotFound, invalidField } from '../errors.js';
import { queryObject, readJsonBody } from '../request.js';
import { BOT_RATE_LIMIT_FIELDS, botToWire, findBot, insertBot, setBotRateLimits, updateBot, type StoredBot } from '../storage/bots.js';
import { isSignedUpUser } from '../storage/users.js';
import { reindexKnowledge } from '../storage/knowledge.js';
import { requireUuid } from '../validation.js';

// What a visitor sees of a bot, serialised once per stored copy (cached copies are read on every page view
// of a site with the widget): the fields the widget uses, and whether the bot can still answer. The owner's
// id, credit count, domains, model, temperature, prompt and rules are the owner's business.
const visitorJsonOf = new WeakMap<StoredBot, string>();
function visitorJson(bot: StoredBot): string {
  let json = visitorJsonOf.get(bot);
  if (json === undefined) {
    json = JSON.stringify(visitorBot(bot));
    visitorJsonOf.set(bot, json);
  }
  return json;
}

/** The record a visitor reads of a bot (see docs/interface-decisions.md, B6). */
function visitorBot(bot: StoredBot): Record<string, unknown> {
  const hasCredits = bot.num_message_left > 0;
  return {
    id: bot.id,
    bot_name: bot.bot_name,
    bot_language: bot.bot_language,
    is_activate: bot.is_activate,
    custom_error_message: bot.custom_error_message,
    collect_customer_info: bot.collect_customer_info,
    has_credits: hasCredits,
    // The widget shows "no messages left" at 0; a count above 0 is not told.
    ...(hasCredits ? {} : { num_message_left: 0 }),
  };
}

function botBodyError(issues: readonly BotBodyIssue[]): ServiceError {
  const detail = issues.map((issue) => ({
    loc: ['body', ...(issue.path ? issue.path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)) : [])],
    msg: issue.message,
    type: issue.code,
  }));
  return new ServiceError('validation', `Invalid body: ${issues.map((issue) => issue.message).join('; ')}`, detail);
}

// The owner is whoever is signed in; a user_id in the body, when given, must name that user.
function checkBodyOwner(body: BotCreateBody, caller: Caller): void {
  if (body.user_id && body.user_id.toLowerCase() !== caller.userId) {
    throw invalidField(['body', 'user_id'], 'user_id must be the id of the signed-in user (or be left out)');
  }
}

/** Most a bot's own visitor limit may be. */
const MAX_BOT_RATE_LIMIT = 1_000_000;

// The extension fields `rate_limit_per_minute` and `rate_limit_per_day`: a whole number from 1, or null for
// the service's default; left out, unchanged.
function botRateLimitsOf(body: Record<string, unknown>): Partial<Record<(typeof BOT_RATE_LIMIT_FIELDS)[number], number | null>> {
  const limits: Partial<Record<(typeof BOT_RATE_LIMIT_FIELDS)[number], number | null>> = {};
  for (const field of BOT_RATE_LIMIT_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_BOT_RATE_LIMIT)) {
      throw invalidField(['body', field], `${field} must be a whole number from 1 to ${MAX_BOT_RATE_LIMIT}, or null`, 'value_error');
    }
    limits[field] = value;
  }
  return limits;
}

/** Registers the bot endpoints. */
export function registerBotRoutes(app: Hono<ServiceEnv>): void {
  app.post('/api/bot', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const validation = validateBotBody(await readJsonBody(c), 'create');
    if (!validation.ok) throw botBodyError(validation.issues);
    checkBodyOwner(validation.value, caller);
    const limits = botRateLimitsOf(validation.value);
    const { db, options } = c.get('state');
    const credits = (await isSignedUpUser(db, caller.userId)) ? options.signupMessageCredits : options.messageCredits;
    const bot = await insertBot(db, caller.userId, validation.value, credits);
    await setBotRateLimits(db, bot.id, limits);
    return c.json(botToWire((await findBot(db, bot.id))!));
  });

  app.put('/api/bot', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const validation = validateBotBody(await readJsonBody(c), 'update');
    if (!validation.ok) throw botBodyError(validation.issues);
    checkBodyOwner(validation.value, caller);
    const botId = requireUuid(validation.value.id, 'body', 'id');
    const limits = botRateLimitsOf(validation.value);
    let bot = await updateBot(c.get('state').db, caller.userId, botId, validation.value);
    if (!bot) throw botNotFound();
    if (Object.keys(limits).length > 0) {
      await setBotRateLimits(c.get('state').db, bot.id, limits);
      bot = (await findBot(c.get('state').db, bot.id))!;
    }
    // Passages are indexed with the stemming of the bot's language: a new language indexes them again.
    if (validation.value.bot_language !== undefined) await reindexKnowledge(c.get('state').db, bot.id);
    c.get('state').botCache.forget(bot.id);
    return c.json(botToWire(bot));
  });

  app.get('/api/bot/information', async (c) => {
    const botId = queryObject(c)['bot_id'];
    if (!botId) throw invalidField(['query', 'bot_id'], 'bot_id is required', 'missing');
    const { bot, isOwner } = await visitableBot(c, requireUuid(botId, 'query', 'bot_id'), { cached: true });
    if (isOwner) return c.json(botToWire(bot));
    return c.body(visitorJson(bot), 200, { 'content-type': 'application/json' });
  });
}
