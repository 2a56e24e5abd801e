// Extension: lead forms. POST /api/lead stores what a visitor typed into the bot's lead form; the owner
// reads them with GET /api/lead/{bot_id}.
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { LEAD_FIELDS } from '../../../src/api/schemas.js';
import { ownedBot, visitableBot } from '../access.js';
import { callerOf, type ServiceEnv } from '../context.js';
import { requireCaller } from '../auth/caller.js';
import { clientAddress } from '../client-address.js';
import { ServiceError, invalidField } from '../errors.js';
import { readJsonBody } from '../request.js';
import { parseInput, requireUuid } from '../validation.js';

/** The body of `POST /api/lead`. */
export const LeadBodySchema = z.object({
  bot_id: z.string().check(z.minLength(1)),
  session_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  fields: z.record(z.string().check(z.minLength(1), z.maxLength(64)), z.string().check(z.maxLength(1000))),
});

const MAX_FIELDS = 20;
/** Most characters of all names and values of one lead together. */
export const MAX_LEAD_CHARACTERS = 4000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A stored lead as the owner reads it. */
export interface LeadRecord {
  /** The lead's id. */
  id: string;
  /** The bot whose form it came from. */
  bot_id: string;
  /** The visitor's chat session. */
  session_id: string;
  /** The form fields. */
  fields: Record<string, string>;
  /** When it arrived (fractional seconds, `Z`). */
  created_at: string;
}

/** Registers the lead endpoints. */
export function registerLeadRoutes(app: Hono<ServiceEnv>): void {
  app.post('/api/lead', async (c) => {
    const body = parseInput(LeadBodySchema, await readJsonBody(c), 'body');
    const botId = requireUuid(body.bot_id, 'body', 'bot_id');
    const entries = Object.entries(body.fields).map(([key, value]) => [key, value.trim()] as const);
    if (entries.length === 0) throw invalidField(['body', 'fields'], 'fields must hold at least one field');
    if (entries.length > MAX_FIELDS) throw invalidField(['body', 'fields'], `fields must hold at most ${MAX_FIELDS} fields`);
    const characters = entries.reduce((sum, [key, value]) => sum + key.length + value.length, 0);
    if (characters > MAX_LEAD_CHARACTERS) {
      throw invalidField(['body', 'fields'], `fields must hold at most ${MAX_LEAD_CHARACTERS} characters in all`, 'string_too_long');
    }
    const { bot, isOwner } = await visitableBot(c, botId);
    if (!bot.is_activate) throw new ServiceError('botInactive', 'This bot is not active.');
    const fields = Object.fromEntries(entries);
    for (const field of LEAD_FIELDS) {
      if (bot.collect_customer_info[field] === true && !fields[field]) {
        throw invalidField(['body', 'fields', field], `${field} is required`, 'missing');
      }
    }
    if (fields['email'] && !EMAIL.test(fields['email'])) throw invalidField(['body', 'fields', 'email'], 'email must be an e-mail address');
    const { rateLimits, options } = c.get('state');
    if (!isOwner) await rateLimits.chargeLead(bot.id, clientAddress(c, options.trustProxyHops));
    await c.get('state').db.query('insert into leads (bot_id, session_id, fields) values ($1, $2, $3)', [bot.id, body.session_id, JSON.stringify(fields)]);
    return c.json({ message_code: 0, message: 'Thank you: your details were sent.' });
  });

  app.get('/api/lead/:bot_id', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const bot = await ownedBot(c, requireUuid(c.req.param('bot_id'), 'path', 'bot_id'), caller);
    const rows = await c.get('state').db.query<LeadRecord>(
      `select id, bot_id, session_id, fields, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
       from leads where bot_id = $1 order by created_at desc, id`,
      [bot.id],
    );
    return c.json(rows);
  });
}
