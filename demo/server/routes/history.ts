// Conversation history in its three forms: the query form the deployed service answers (a bare array of
// records), the path form A and the POST form B of the interface (the records wrapped in an outer array).
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { HISTORY_ORDERS, HistoryQuerySchema, parseServiceTimestamp, type HistoryRecord } from '../../../src/api/schemas.js';
import { ownedBot } from '../access.js';
import { callerOf, type ServiceEnv } from '../context.js';
import { requireCaller } from '../auth/caller.js';
import { invalidField } from '../errors.js';
import { queryObject, readJsonBody } from '../request.js';
import { readSessions } from '../storage/history.js';
import { parseInput, requireUuid, type InputLocation } from '../validation.js';

/** The query of `GET /api/chat/history`. */
export const HistoryQueryFormSchema = z.object({
  bot_id: z.string().check(z.minLength(1)),
  date_from: z.optional(z.string()),
  date_to: z.optional(z.string()),
  order: z.optional(z.enum(HISTORY_ORDERS)),
});

function dateOf(value: string | undefined, location: InputLocation, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    return parseServiceTimestamp(value);
  } catch {
    throw invalidField([location, field], `${field} must be an ISO 8601 date-time such as 2024-01-31T00:00:00`, 'datetime_parsing');
  }
}

async function historyRecords(
  c: Context<ServiceEnv>,
  location: InputLocation,
  query: { bot_id: string; date_from?: string; date_to?: string; order?: (typeof HISTORY_ORDERS)[number] },
): Promise<HistoryRecord[]> {
  const caller = requireCaller(await callerOf(c));
  const botId = requireUuid(query.bot_id, location, 'bot_id');
  const from = dateOf(query.date_from, location, 'date_from');
  const to = dateOf(query.date_to, location, 'date_to');
  if (from && to && from > to) throw invalidField([location, 'date_to'], 'date_to must not be before date_from');
  const bot = await ownedBot(c, botId, caller);
  const sessions = await readSessions(c.get('state').db, bot.id, from, to, query.order ?? 'created_at.desc');
  return sessions.map((session) => ({ bot_name: bot.bot_name, bot_id: bot.id, user_id: bot.user_id, ...session }));
}

/** Registers the history endpoints. */
export function registerHistoryRoutes(app: Hono<ServiceEnv>): void {
  app.get('/api/chat/history', async (c) => {
    const query = parseInput(HistoryQueryFormSchema, queryObject(c), 'query');
    return c.json(await historyRecords(c, 'query', query));
  });

  app.get('/api/chat/history/:bot_id/:date_from/:date_to/:order', async (c) => {
    const query = parseInput(HistoryQuerySchema, c.req.param(), 'path');
    return c.json([await historyRecords(c, 'path', query)]);
  });

  app.post('/api/chat/history', async (c) => {
    const query = parseInput(HistoryQuerySchema, await readJsonBody(c), 'body');
    return c.json([await historyRecords(c, 'body', query)]);
  });
}
