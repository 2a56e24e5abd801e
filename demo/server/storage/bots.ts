// Bots: stored rows and their wire shape (created_at with `Z`, updated_at with microseconds and no zone).
import type { Bot, BotCreateBody, CollectCustomerInfo } from '../../../src/api/schemas.js';
import type { Queryable } from './database.js';

/** The editable fields of a bot, as the create and update bodies carry them. */
export const BOT_FIELDS = [
  'bot_name',
  'case_study',
  'is_visibility',
  'domain',
  'collect_customer_info',
  'rules',
  'gpt_model_name',
  'temperature',
  'custom_prompt',
  'bot_tone_type',
  'custom_error_message',
  'is_enable_citation',
  'is_activate',
  'bot_language',
] as const;

/** One editable field name. */
export type BotField = (typeof BOT_FIELDS)[number];

/** A bot with every wire field, as stored. */
export interface StoredBot extends Bot {
  /** The owner's id. */
  user_id: string;
  /** Remaining message credits. */
  num_message_left: number;
  /** Lead-form settings. */
  collect_customer_info: CollectCustomerInfo;
  /** Answers per visitor per minute (null: the service's default). */
  rate_limit_per_minute: number | null;
  /** Answers per visitor per day (null: the service's default). */
  rate_limit_per_day: number | null;
}

/** The extension fields of a bot's own visitor limits. */
export const BOT_RATE_LIMIT_FIELDS = ['rate_limit_per_minute', 'rate_limit_per_day'] as const;

const JSON_FIELDS: ReadonlySet<BotField> = new Set(['domain', 'collect_customer_info', 'rules']);

// One JSON text per row: PGlite parses one column far faster than nineteen typed ones (about half the time
// of the whole query). Timestamps come as zone-less UTC (`2024-01-19T17:53:51.64387`) and are shaped in toStored.
const SELECT_BOT = `select row_to_json(b)::text as bot from (
  select id, user_id, bot_name, case_study, is_visibility, domain, collect_customer_info, rules, gpt_model_name,
    temperature, custom_prompt, bot_tone_type, custom_error_message, is_enable_citation, is_activate, bot_language,
    num_message_left, rate_limit_per_minute, rate_limit_per_day, created_at at time zone 'UTC' as created_at, updated_at at time zone 'UTC' as updated_at
  from bots where id = $1) b`;

function toStored(json: string): StoredBot {
  const row = JSON.parse(json) as StoredBot;
  const seconds = (timestamp: string) => timestamp.slice(0, 19);
  const fraction = (timestamp: string) => (timestamp.split('.')[1] ?? '').padEnd(6, '0');
  return {
    ...row,
    created_at: `${seconds(row.created_at)}Z`,
    updated_at: `${seconds(row.updated_at)}.${fraction(row.updated_at)}`,
  };
}

function fieldValue(field: BotField, value: unknown): unknown {
  if (field === 'domain' && Array.isArray(value)) return JSON.stringify(value.map((entry) => String(entry).trim().toLowerCase()));
  return JSON_FIELDS.has(field) ? JSON.stringify(value) : value;
}

/** The known editable fields present in a body, in BOT_FIELDS order. */
function presentFields(body: Partial<BotCreateBody>): BotField[] {
  return BOT_FIELDS.filter((field) => body[field] !== undefined);
}

/** Reads a bot by id. */
export async function findBot(db: Queryable, botId: string): Promise<StoredBot | undefined> {
  const [row] = await db.query<{ bot: string }>(SELECT_BOT, [botId]);
  return row ? toStored(row.bot) : undefined;
}

/** Creates a bot owned by a user with the given message credits; returns it. */
export async function insertBot(
  db: Queryable,
  userId: string,
  body: BotCreateBody,
  messageCredits: number,
  id?: string,
): Promise<StoredBot> {
  const fields = presentFields(body);
  const columns = ['user_id', 'num_message_left', ...fields, ...(id ? ['id'] : [])];
  const values = [userId, messageCredits, ...fields.map((field) => fieldValue(field, body[field])), ...(id ? [id] : [])];
  const placeholders = values.map((_, index) => `$${index + 1}`);
  const [row] = await db.query<{ id: string }>(
    `insert into bots (${columns.join(', ')}) values (${placeholders.join(', ')}) returning id`,
    values,
  );
  return (await findBot(db, row!.id))!;
}

/** Updates the fields present in a body of a user's bot; returns the bot, or undefined when the user has no such bot. */
export async function updateBot(
  db: Queryable,
  userId: string,
  botId: string,
  body: Partial<BotCreateBody>,
): Promise<StoredBot | undefined> {
  const fields = presentFields(body);
  const sets = fields.map((field, index) => `${field} = $${index + 3}`);
  const [row] = await db.query<{ id: string }>(
    `update bots set ${[...sets, 'updated_at = clock_timestamp()'].join(', ')} where id = $1 and user_id = $2 returning id`,
    [botId, userId, ...fields.map((field) => fieldValue(field, body[field]))],
  );
  return row ? findBot(db, row.id) : undefined;
}

/** Sets a bot's own visitor limits (a field left out is kept; null restores the service's default). */
export async function setBotRateLimits(
  db: Queryable,
  botId: string,
  limits: Partial<Record<(typeof BOT_RATE_LIMIT_FIELDS)[number], number | null>>,
): Promise<void> {
  const fields = BOT_RATE_LIMIT_FIELDS.filter((field) => limits[field] !== undefined);
  if (fields.length === 0) return;
  await db.query(`update bots set ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')} where id = $1`, [
    botId,
    ...fields.map((field) => limits[field]),
  ]);
}

/** The wire shape of a stored bot (the Bot of the interface, with the extension fields of its limits). */
export function botToWire(bot: StoredBot): Bot & Pick<StoredBot, (typeof BOT_RATE_LIMIT_FIELDS)[number]> {
  return {
    id: bot.id,
    user_id: bot.user_id,
    bot_name: bot.bot_name,
    case_study: bot.case_study,
    is_visibility: bot.is_visibility,
    domain: bot.domain,
    collect_customer_info: bot.collect_customer_info,
    rules: bot.rules,
    gpt_model_name: bot.gpt_model_name,
    temperature: bot.temperature,
    custom_prompt: bot.custom_prompt,
    bot_tone_type: bot.bot_tone_type,
    custom_error_message: bot.custom_error_message,
    is_enable_citation: bot.is_enable_citation,
    is_activate: bot.is_activate,
    bot_language: bot.bot_language,
    num_message_left: bot.num_message_left,
    rate_limit_per_minute: bot.rate_limit_per_minute,
    rate_limit_per_day: bot.rate_limit_per_day,
    created_at: bot.created_at,
    updated_at: bot.updated_at,
  };
}
