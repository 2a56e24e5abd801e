// ChatFly's own endpoints that its public clients call (its admin dashboard and embed widget, its Chatwoot
// integration, the Pipedream and Activepieces integrations), so that they work against this service with no
// change but the host. Each is a translation: the request is reshaped and sent, with the caller's headers,
// connection and abort signal, through the whole application to the interface's own route, so every check of
// that route (credentials, visibility, origins, input caps, credits, limits) applies unchanged; the answer is
// reshaped where ChatFly's differs. Only the bot list and the widget settings, which the interface lacks,
// are answered here.
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { ownedBot, visitableBot } from '../access.js';
import { callerOf, type ServiceEnv } from '../context.js';
import { requireCaller } from '../auth/caller.js';
import { ServiceError, invalidField } from '../errors.js';
import { queryObject, readJsonBody, readOptionalJsonBody } from '../request.js';
import { botToWire, findBot } from '../storage/bots.js';
import { DEFAULT_WIDGET_SETTINGS, readWidgetSettings, writeWidgetSettings, type WidgetSettings } from '../storage/widget-settings.js';
import { parseInput, requireUuid } from '../validation.js';
import {
  INITIAL_MESSAGE_MAX_LENGTH,
  SUGGEST_MESSAGES_MAX_COUNT,
  SUGGEST_MESSAGE_MAX_LENGTH,
  TEASER_DELAY_MAX_SECONDS,
} from '../../../src/api/schemas.js';
import { decodeBase64Url } from './scraping.js';
import { STREAMING_PATH } from './chat.js';

/** The parts of an internal request that differ from the caller's own. */
interface Forward {
  /** The method. */
  method: string;
  /** The interface's path. */
  path: string;
  /** Query parameters (undefined ones are left out). */
  query?: Record<string, string | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** Headers to set over the caller's. */
  headers?: Record<string, string>;
}

// Sends a request through the whole application as the caller: same headers (credentials, Origin), same
// connection (client address), same abort signal.
function forward(app: Hono<ServiceEnv>, c: Context<ServiceEnv>, { method, path, query = {}, json, headers = {} }: Forward): Promise<Response> {
  const url = new URL(path, c.req.url);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  const outgoing = new Headers(c.req.raw.headers);
  outgoing.delete('content-length');
  outgoing.delete('content-type');
  // ChatFly's routes answer as ChatFly does: never a resumable answer.
  outgoing.delete('idempotency-key');
  outgoing.delete('last-event-id');
  if (json !== undefined) outgoing.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(headers)) outgoing.set(name, value);
  const request = new Request(url, {
    method,
    headers: outgoing,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: c.req.raw.signal,
  });
  return Promise.resolve(app.fetch(request, c.env));
}

/** ChatFly's success envelope. */
function wrapped(data: unknown, message = 'Success'): { message_code: 0; message: string; data: unknown } {
  return { message_code: 0, message, data };
}

async function jsonObjectBody(c: Context<ServiceEnv>): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ServiceError('validation', 'Invalid body: the body must be a JSON object', [{ loc: ['body'], msg: 'The body must be a JSON object', type: 'model_attributes_type' }]);
  }
  return body as Record<string, unknown>;
}

/** The bot id of a ChatFly request: in the query, else in the body. */
function botIdOf(c: Context<ServiceEnv>, body: Record<string, unknown> = {}): string {
  const value = c.req.query('bot_id') ?? body['bot_id'];
  if (value === undefined || value === null || value === '') throw invalidField(['query', 'bot_id'], 'bot_id is required', 'missing');
  if (typeof value !== 'string') throw invalidField(['body', 'bot_id'], 'bot_id must be a UUID', 'uuid_parsing');
  return requireUuid(value, c.req.query('bot_id') === undefined ? 'body' : 'query', 'bot_id');
}

// A 422 of the interface's route that names one of its fields by ChatFly's name for it.
async function renameField(response: Response, from: string, to: string): Promise<Response> {
  if (response.status !== 422) return response;
  const body = (await response.json()) as { message: string; detail?: { loc: (string | number)[]; msg: string }[] };
  const rename = (text: string) => text.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
  const detail = body.detail?.map((item) => ({ ...item, loc: item.loc.map((key) => (key === from ? to : key)), msg: rename(item.msg) }));
  return Response.json({ ...body, message: rename(body.message), ...(detail ? { detail } : {}) }, { status: 422, headers: response.headers });
}

// Fields of a JSON body copied into the interface's body when present.
function pick(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
}

const HTTP_URL = /^https?:\/\/[^\s"'<>\\]+$/i;
// A CSS colour as a value, never a declaration: no `;`, braces, quotes or backslashes.
const CSS_COLOUR = /^[#\w(),.%\s/-]{0,64}$/;
const SECONDS = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+(\.\d+)?$/))]),
  z.transform((value: number | string) => Number(value)),
);

const WidgetSettingsBodySchema = z.object({
  display_name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  initial_message: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(INITIAL_MESSAGE_MAX_LENGTH)))),
  suggest_messages: z.optional(
    z.nullable(z.array(z.string().check(z.trim(), z.maxLength(SUGGEST_MESSAGE_MAX_LENGTH))).check(z.maxLength(SUGGEST_MESSAGES_MAX_COUNT))),
  ),
  theme: z.optional(z.nullable(z.enum(['light', 'dark']))),
  bot_avatar_url: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2048)))),
  chat_icon_url: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2048)))),
  chat_bubble_button_color: z.optional(z.nullable(z.string().check(z.trim()))),
  chat_message_color: z.optional(z.nullable(z.string().check(z.trim()))),
  align_chat_bubble_button: z.optional(z.nullable(z.enum(['left', 'right']))),
  auto_show_initial_message_after: z.optional(z.nullable(SECONDS)),
});

/** Checks and merges a widget-settings body over the saved settings (null resets a field). */
function mergeWidgetSettings(saved: WidgetSettings, input: unknown): WidgetSettings {
  const body = parseInput(WidgetSettingsBodySchema, input, 'body');
  for (const field of ['bot_avatar_url', 'chat_icon_url'] as const) {
    const value = body[field];
    if (value && !HTTP_URL.test(value)) throw invalidField(['body', field], `${field} must be an http or https URL (or empty)`);
  }
  for (const field of ['chat_bubble_button_color', 'chat_message_color'] as const) {
    const value = body[field];
    if (value && !CSS_COLOUR.test(value)) throw invalidField(['body', field], `${field} must be a CSS colour such as #1f6feb or rgb(31, 111, 235)`);
  }
  const seconds = body.auto_show_initial_message_after;
  if (seconds !== undefined && seconds !== null && !(seconds >= 0 && seconds <= TEASER_DELAY_MAX_SECONDS)) {
    throw invalidField(['body', 'auto_show_initial_message_after'], `auto_show_initial_message_after must be between 0 and ${TEASER_DELAY_MAX_SECONDS} seconds`);
  }
  const merged: Record<string, unknown> = { ...saved };
  for (const [field, value] of Object.entries(body) as [keyof WidgetSettings, unknown][]) {
    if (value !== undefined) merged[field] = value ?? DEFAULT_WIDGET_SETTINGS[field];
  }
  const settings = merged as unknown as WidgetSettings;
  return { ...settings, suggest_messages: settings.suggest_messages.filter((question) => question !== '') };
}

/** Registers ChatFly's endpoints; call it before the interface's routes (it shares a path with them). */
export function registerCompatRoutes(app: Hono<ServiceEnv>): void {
  // The admin dashboard, the embed widget, Pipedream and Activepieces: `{bot_id, message, session_id}`
  // (the admin adds `user_id`), no chat history; raw text answer.
  app.post('/api/chat/get-streaming-response', async (c) => {
    const body = await jsonObjectBody(c);
    return forward(app, c, {
      method: 'POST',
      path: STREAMING_PATH,
      query: pick(queryObject(c), ['is_get_suggest_question', 'type_qa']) as Record<string, string>,
      json: { ...pick(body, ['bot_id', 'message', 'session_id']), chat_history: [] },
      headers: { accept: 'text/plain' },
    });
  });

  // Chatwoot: `{bot_id, message, chat_history: [{sender_type, content}]}`, no auth; raw text answer.
  app.post('/api/chat/get-streaming-response-with-chat-history', async (c) => {
    const body = await jsonObjectBody(c);
    return forward(app, c, {
      method: 'POST',
      path: STREAMING_PATH,
      query: pick(queryObject(c), ['is_get_suggest_question', 'type_qa']) as Record<string, string>,
      json: pick(body, ['bot_id', 'message', 'session_id', 'chat_history']),
      headers: { accept: 'text/plain' },
    });
  });

  // The admin dashboard and Pipedream's bot picker: the caller's bots, a bare array, oldest first.
  app.get('/api/bot', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const { db } = c.get('state');
    const rows = await db.query<{ id: string }>('select id from bots where user_id = $1 order by created_at, id', [caller.userId]);
    const bots = await Promise.all(rows.map((row) => findBot(db, row.id)));
    return c.json(bots.filter((bot) => bot !== undefined).map(botToWire));
  });

  // The embed widget (no auth) reads it before it starts; the admin dashboard reads and saves it. Bare object.
  app.get('/api/bot/bot-widget-setting', async (c) => {
    const { bot } = await visitableBot(c, botIdOf(c), { cached: true });
    const settings = await readWidgetSettings(c.get('state').db, bot.id);
    return c.json({ bot_id: bot.id, ...settings, display_name: settings.display_name || bot.bot_name });
  });

  app.put('/api/bot/bot-widget-setting', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const body = await jsonObjectBody(c);
    const bot = await ownedBot(c, botIdOf(c, body), caller);
    const { db } = c.get('state');
    const { bot_id: _botId, ...fields } = body;
    const settings = mergeWidgetSettings(await readWidgetSettings(db, bot.id), fields);
    await writeWidgetSettings(db, bot.id, settings);
    return c.json({ bot_id: bot.id, ...settings, display_name: settings.display_name || bot.bot_name });
  });

  // The embed widget, before it shows the lead form: wrapped, `data` = the bot's collect_customer_info.
  app.get('/api/bot/information/collect-customer-info', async (c) => {
    const response = await forward(app, c, { method: 'GET', path: '/api/bot/information', query: { bot_id: botIdOf(c) } });
    if (!response.ok) return response;
    const bot = (await response.json()) as { collect_customer_info: unknown };
    return c.json(wrapped(bot.collect_customer_info));
  });

  // The embed widget's lead form: `{bot_id, session_id, user_infor: {…}}` (bot_id also in the query) onto
  // the leads of `POST /api/lead`.
  app.post('/api/chat/submit-information', async (c) => {
    const body = await jsonObjectBody(c);
    const info = body['user_infor'];
    if (typeof info !== 'object' || info === null || Array.isArray(info)) {
      throw invalidField(['body', 'user_infor'], 'user_infor must be an object of form fields', info === undefined ? 'missing' : 'dict_type');
    }
    // Numbers (a phone typed into a number field) are read as the text they were.
    const fields = Object.fromEntries(Object.entries(info).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]));
    const response = await forward(app, c, {
      method: 'POST',
      path: '/api/lead',
      json: { bot_id: botIdOf(c, body), session_id: body['session_id'], fields },
    });
    return renameField(response, 'fields', 'user_infor');
  });

  // Remaining message credits, wrapped: of one bot (`?bot_id=`, whoever may see it), else the sum over the
  // signed-in user's bots.
  app.get('/api/chat/num-message-left', async (c) => {
    // A bot's credit count is its owner's business (a visitor learns only whether it has credits left).
    const caller = requireCaller(await callerOf(c));
    let left: number;
    if (c.req.query('bot_id') !== undefined) {
      left = (await ownedBot(c, botIdOf(c), caller)).num_message_left;
    } else {
      const [row] = await c.get('state').db.query<{ left: number | string | null }>('select sum(num_message_left) as left from bots where user_id = $1', [caller.userId]);
      left = Number(row?.left ?? 0);
    }
    return c.json({ ...wrapped({ num_message_left: left }), num_message_left: left });
  });

  // Chatwoot and the admin dashboard: `{email, password, full_name, role: "user"}` onto `POST /api/users`
  // (which answers 404 unless sign-ups are allowed). The e-mail address is the login name.
  app.post('/api/user', async (c) => {
    const body = await jsonObjectBody(c);
    const role = body['role'];
    if (role !== undefined && role !== null && role !== 'user') throw invalidField(['body', 'role'], 'role must be "user" (accounts are created as users)', 'literal_error');
    const username = body['email'] ?? body['username'];
    const response = await forward(app, c, { method: 'POST', path: '/api/users', json: { username, password: body['password'] } });
    if (!response.ok) return renameField(response, 'username', body['email'] === undefined ? 'username' : 'email');
    const user = (await response.json()) as { id: string; username: string };
    return c.json({ id: user.id, email: user.username, username: user.username, role: 'user' });
  });

  // The admin dashboard's newer form: a JSON body `{bot_id, base64_urls: [...]}`, each removed through the
  // interface's query form. Every address is checked before any is removed; the query form passes through.
  app.delete('/api/scraping/url', async (c, next) => {
    if (c.req.query('base64_url') !== undefined) return next();
    const body = await readOptionalJsonBody(c);
    if (body === undefined) return next();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidField(['body'], 'the body must be a JSON object');
    const fields = body as Record<string, unknown>;
    const botId = botIdOf(c, fields);
    const list = fields['base64_urls'] ?? (fields['base64_url'] === undefined ? undefined : [fields['base64_url']]);
    if (!Array.isArray(list) || list.length === 0) throw invalidField(['body', 'base64_urls'], 'base64_urls must be a non-empty list of base64-encoded URLs', 'missing');
    if (list.length > 1000) throw invalidField(['body', 'base64_urls'], 'base64_urls must hold at most 1000 URLs');
    list.forEach((item, index) => {
      if (typeof item !== 'string' || decodeBase64Url(item) === undefined) {
        throw invalidField(['body', 'base64_urls', index], `base64_urls.${index} must be the base64 of a URL`);
      }
    });
    // The owner and the bot are checked once, so that a 404 below can only be an address the bot lacks.
    await ownedBot(c, botId, requireCaller(await callerOf(c)));
    const deleted: string[] = [];
    const notFound: string[] = [];
    for (const encoded of list as string[]) {
      const response = await forward(app, c, { method: 'DELETE', path: '/api/scraping/url', query: { bot_id: botId, base64_url: encoded } });
      if (response.ok) deleted.push(decodeBase64Url(encoded)!);
      else if (response.status === 404) notFound.push(decodeBase64Url(encoded)!);
      else return response;
      await response.body?.cancel();
    }
    if (deleted.length === 0) throw new ServiceError('notFound', `The knowledge base has none of these URLs: ${notFound.join(', ')}.`);
    return c.json(wrapped({ deleted, not_found: notFound }, 'Data sources deleted.'));
  });
}
