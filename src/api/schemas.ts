// Wire schemas of the service interface: field names stay snake_case as on the wire; response schemas are
// tolerant (missing or null optional fields get defaults), request schemas carry the validation rules that
// the admin form and the reference service share.
import * as z from 'zod/mini';
import { DEFAULT_GPT_MODEL_NAME } from './model-names.js';
import { describeSchemaIssue, type BotBodyIssue } from './schema-issues.js';
import { isServiceTimestamp } from './timestamps.js';

export { DEFAULT_GPT_MODEL_NAME, GPT_MODEL_NAMES, type GptModelName } from './model-names.js';
export { BOT_BODY_ISSUE_CODES, describeSchemaIssue, type BotBodyIssue, type BotBodyIssueCode } from './schema-issues.js';
export { formatServiceDateTime, parseServiceTimestamp } from './timestamps.js';

/** Bot tone values: 0 unspecified, 1 Professional, 2 Humorous, 3 Empathetic, 4 Normal conversation, 5 Academic. */
export const BOT_TONE_TYPES = [0, 1, 2, 3, 4, 5] as const;
/** A bot tone value. */
export type BotToneType = (typeof BOT_TONE_TYPES)[number];
/** Translation keys of the bot tone values. */
export const BOT_TONE_NAMES = {
  0: 'unspecified',
  1: 'professional',
  2: 'humorous',
  3: 'empathetic',
  4: 'normal',
  5: 'academic',
} as const satisfies Record<BotToneType, string>;

/** Scrape modes: 1 the URL and its same-site child pages to depth 2, 2 that single page only. */
export const SCRAPE_TYPES = [1, 2] as const;
/** A scrape mode. */
export type ScrapeType = (typeof SCRAPE_TYPES)[number];
/** Translation keys of the scrape modes. */
export const SCRAPE_TYPE_NAMES = { 1: 'full_site', 2: 'single_page' } as const satisfies Record<ScrapeType, string>;

/** Case-study codes sent by the dashboard (the field itself is free text). */
export const CASE_STUDIES = ['1', '2', '3', '4', '5', '6'] as const;
/** A known case-study code. */
export type CaseStudy = (typeof CASE_STUDIES)[number];
/** Translation keys of the case-study codes. */
export const CASE_STUDY_NAMES = {
  1: 'other',
  2: 'customer_support',
  3: 'knowledge_management',
  4: 'teaching',
  5: 'lecture_assistant',
  6: 'toeic_assistant',
} as const satisfies Record<CaseStudy, string>;

/** Lead-form fields a bot can ask for in collect_customer_info. */
export const LEAD_FIELDS = ['name', 'email', 'phone', 'company'] as const;
/** A lead-form field. */
export type LeadField = (typeof LEAD_FIELDS)[number];

/** Known message sender types (others are tolerated). */
export const SENDER_TYPES = ['user', 'assistant'] as const;
/** A known message sender type. */
export type SenderType = (typeof SENDER_TYPES)[number];

/** Sort orders of the history endpoint. */
export const HISTORY_ORDERS = ['created_at.desc', 'created_at.asc'] as const;
/** A history sort order. */
export type HistoryOrder = (typeof HISTORY_ORDERS)[number];

/** Longest accepted bot name. */
export const BOT_NAME_MAX_LENGTH = 100;

const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/i;
const BRACKETED_IP = /^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** Tells whether a string is an allowed domain entry: a host name, `*.` wildcard host, or host with a port. */
export function isDomainEntry(value: string): boolean {
  if (value.length > 253 || !(HOST_NAME.test(value) || BRACKETED_IP.test(value))) return false;
  const port = /:(\d+)$/.exec(value)?.[1];
  return port === undefined || Number(port) <= 65_535;
}

// A field that may be missing or null in a response and then takes a default (strings: empty = unknown);
// the default is made afresh on every parse.
function withDefault<T extends z.ZodMiniType>(schema: T, fallback: () => z.output<T>) {
  return z.pipe(
    z.optional(z.nullable(schema)),
    z.transform((value: z.output<T> | null | undefined): z.output<T> => value ?? fallback()),
  );
}

// A field that may be missing or null in a response and is then null (unknown).
function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.optional(z.nullable(schema)),
    z.transform((value: z.output<T> | null | undefined): z.output<T> | null => value ?? null),
  );
}

const timestamp = z.string().check(z.refine(isServiceTimestamp));
const id = z.string().check(z.minLength(1));
// Ids and codes are strings on the wire, but some records of the deployed service carry them as numbers
// (`case_study: 2`, `session_id: 17`, `knowledge_base_id: 5`): read as the text they stand for.
const textOrNumber = z.pipe(z.union([z.string(), z.number()]), z.transform((value: string | number) => String(value)));

/** The lead-form settings as read from the service; unknown keys are kept. */
export const CollectCustomerInfoSchema = z.looseObject({
  numberShowing: z.optional(z.nullable(z.number())),
  name: z.optional(z.nullable(z.boolean())),
  email: z.optional(z.nullable(z.boolean())),
  phone: z.optional(z.nullable(z.boolean())),
  company: z.optional(z.nullable(z.boolean())),
});
/** Lead-form settings: `numberShowing` answers before the form, each lead field set to true is asked for. */
export type CollectCustomerInfo = z.output<typeof CollectCustomerInfoSchema>;

/** A bot as answered by create, update and read; only `id` is required, unknown keys are kept. */
export const BotSchema = z.looseObject({
  id,
  user_id: withDefault(z.string(), () => ''),
  bot_name: withDefault(z.string(), () => ''),
  case_study: withDefault(textOrNumber, () => ''),
  is_visibility: withDefault(z.boolean(), () => true),
  domain: withDefault(z.array(z.string()), () => []),
  collect_customer_info: withDefault(CollectCustomerInfoSchema, () => ({})),
  rules: withDefault(z.array(z.string()), () => []),
  gpt_model_name: withDefault(z.string(), () => DEFAULT_GPT_MODEL_NAME),
  temperature: withDefault(z.number(), () => 0),
  custom_prompt: withDefault(z.string(), () => ''),
  bot_tone_type: withDefault(z.int(), () => 0),
  custom_error_message: withDefault(z.string(), () => ''),
  is_enable_citation: withDefault(z.boolean(), () => false),
  is_activate: withDefault(z.boolean(), () => true),
  bot_language: withDefault(z.string(), () => ''),
  num_message_left: orNull(z.number()),
  created_at: withDefault(timestamp, () => ''),
  updated_at: withDefault(timestamp, () => ''),
});
/** A bot with every field present (defaults filled in). */
export type Bot = z.output<typeof BotSchema>;

const nonBlank = z.string().check(z.trim(), z.minLength(1));
// Blank rules are dropped rather than refused: ChatFly's admin sends `rules: ['']` (its form starts with one
// empty rule), and a blank rule says nothing.
const ruleList = z.pipe(
  z.array(z.string().check(z.trim())),
  z.transform((rules: string[]) => rules.filter((rule) => rule !== '')),
);
const hostEntry = z.string().check(z.refine(isDomainEntry, { params: { code: 'invalid_host' } }));

/** Lead-form settings accepted in a bot body; unknown keys are kept. */
export const CollectCustomerInfoBodySchema = z.looseObject({
  numberShowing: z.optional(z.int().check(z.gte(0))),
  name: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  phone: z.optional(z.boolean()),
  company: z.optional(z.boolean()),
});

const botBodyShape = {
  user_id: z.optional(z.string()),
  bot_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(BOT_NAME_MAX_LENGTH)),
  case_study: z.optional(z.string()),
  is_visibility: z.optional(z.boolean()),
  domain: z.optional(z.array(hostEntry)),
  collect_customer_info: z.optional(CollectCustomerInfoBodySchema),
  rules: z.optional(ruleList),
  gpt_model_name: z.optional(nonBlank),
  temperature: z.optional(z.number().check(z.gte(0), z.lte(1))),
  custom_prompt: z.optional(z.string()),
  bot_tone_type: z.optional(z.int().check(z.gte(0), z.lte(5))),
  custom_error_message: z.optional(z.string()),
  is_enable_citation: z.optional(z.boolean()),
  is_activate: z.optional(z.boolean()),
  bot_language: z.optional(z.string()),
};

/** The body of POST /api/bot: `bot_name` is required, the rest optional; unknown keys are kept. */
export const BotCreateBodySchema = z.looseObject(botBodyShape);
/** The body of POST /api/bot. */
export type BotCreateBody = z.output<typeof BotCreateBodySchema>;

/** The body of PUT /api/bot: the create body plus the `id` of the bot. */
export const BotUpdateBodySchema = z.looseObject({ ...botBodyShape, id });
/** The body of PUT /api/bot. */
export type BotUpdateBody = z.output<typeof BotUpdateBodySchema>;

/** The bare access token. */
export const AccessTokenSchema = z.object({
  access_token: id,
  token_type: withDefault(z.string(), () => 'bearer'),
});
/** An access token and its type (`bearer`). */
export type AccessToken = z.output<typeof AccessTokenSchema>;

/** The login response: `{message_code, message, data: token}` or the bare token. */
export const TokenResponseSchema = z.union([
  z.object({
    message_code: z.optional(z.union([z.number(), z.string()])),
    message: z.optional(z.nullable(z.string())),
    data: AccessTokenSchema,
  }),
  AccessTokenSchema,
]);
/** The login response as on the wire. */
export type TokenResponse = z.output<typeof TokenResponseSchema>;

/** The form of POST /token (OAuth2 password form). */
export const LoginFormSchema = z.object({
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  grant_type: z.optional(z.string()),
  scope: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
});
/** Login credentials; the optional fields default to `password` and empty strings. */
export type LoginForm = z.output<typeof LoginFormSchema>;

/** An API key as listed (extension of the reference service): never the key itself. */
export const ApiKeyInfoSchema = z.object({
  id: z.string(),
  key_prefix: z.string(),
  name: z.string(),
  created_at: z.string(),
});
/** An API key's listing. */
export type ApiKeyInfo = z.output<typeof ApiKeyInfoSchema>;

/** A new API key: its listing and the key, shown once. */
export const CreatedApiKeySchema = z.object({ ...ApiKeyInfoSchema.shape, key: z.string().check(z.minLength(1)) });
/** A new API key with the key itself. */
export type CreatedApiKey = z.output<typeof CreatedApiKeySchema>;

/** A knowledge-base entry of a bot. */
export const DataSourceSchema = z.object({
  knowledge_base_id: withDefault(textOrNumber, () => ''),
  url: z.string(),
  num_token: withDefault(z.number(), () => 0),
});
/** A knowledge-base entry: its id, URL and word count. */
export type DataSource = z.output<typeof DataSourceSchema>;

/** The body of POST /api/scraping/url. */
export const ScrapeRequestSchema = z.object({
  bot_id: id,
  scrape_url: z.string().check(z.trim(), z.minLength(1)),
  scrape_type: z.literal(SCRAPE_TYPES),
  user_id: z.optional(z.string()),
});
/** The body of POST /api/scraping/url. */
export type ScrapeRequest = z.output<typeof ScrapeRequestSchema>;

/**
 * One progress event of a scrape; `progress` is clamped into 0..1. The reference service adds `error` for a
 * page it did not read and `warning` for one it read only in part.
 */
export const ScrapeProgressSchema = z.object({
  url: withDefault(z.string(), () => ''),
  progress: z.pipe(z.number(), z.transform((value: number) => Math.min(1, Math.max(0, value)))),
  num_token: withDefault(z.number(), () => 0),
  error: z.optional(z.string()),
  warning: z.optional(z.string()),
});
/** One progress event of a scrape: the page being read, the share done (0..1), the words so far. */
export type ScrapeProgress = z.output<typeof ScrapeProgressSchema>;

/** A conversation message. */
export const ChatMessageSchema = z.object({
  sender_type: z.string(),
  content: withDefault(z.string(), () => ''),
  /** The reference service's mark on a stored answer that did not finish (a limit, or its process died). */
  cut_off: z.optional(z.boolean()),
});
/** A conversation message; `sender_type` is `user` or `assistant` in practice. */
export type ChatMessage = z.output<typeof ChatMessageSchema>;

/** One stored conversation (a session) of a bot. */
export const HistoryRecordSchema = z.object({
  bot_name: withDefault(z.string(), () => ''),
  bot_id: withDefault(z.string(), () => ''),
  user_id: withDefault(z.string(), () => ''),
  session_id: withDefault(textOrNumber, () => ''),
  created_at: withDefault(timestamp, () => ''),
  chat_history_response: withDefault(z.array(ChatMessageSchema), () => []),
});
/** One stored conversation of a bot with its ordered messages. */
export type HistoryRecord = z.output<typeof HistoryRecordSchema>;

/** The body of Form B of the history endpoint (and the meaning of the other forms' parameters). */
export const HistoryQuerySchema = z.object({
  bot_id: id,
  date_from: timestamp,
  date_to: timestamp,
  order: z.enum(HISTORY_ORDERS),
});
/** The parameters of a history query. */
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

/** The body of POST /api/chat/get-streaming-response-with-custom-settings. */
export const StreamingRequestSchema = z.object({
  bot_id: id,
  message: z.string().check(z.refine((value) => value.trim() !== '')),
  chat_history: withDefault(z.array(ChatMessageSchema), () => []),
  custom_prompt: z.optional(z.string()),
  gpt_model_name: z.optional(z.string()),
  temperature: z.optional(z.number().check(z.gte(0), z.lte(1))),
  rules: z.optional(z.array(z.string())),
  type_qa: z.optional(z.string()),
  is_enable_citation: z.optional(z.boolean()),
  session_id: z.optional(z.string()),
  /** The client's id for this question (an idempotency key): asking again with it resumes the first answer. */
  message_id: z.optional(z.string()),
});
/** A message to answer, with the earlier messages and optional per-request settings. */
export type StreamingRequest = z.output<typeof StreamingRequestSchema>;

/** Longest greeting (`initial_message`) the reference service stores. */
export const INITIAL_MESSAGE_MAX_LENGTH = 1000;
/** Most starter questions (`suggest_messages`) the reference service stores. */
export const SUGGEST_MESSAGES_MAX_COUNT = 10;
/** Longest starter question the reference service stores. */
export const SUGGEST_MESSAGE_MAX_LENGTH = 200;
/** Longest teaser delay (`auto_show_initial_message_after`) in seconds: one day. */
export const TEASER_DELAY_MAX_SECONDS = 86_400;

// Seconds are a number on the wire; a record that carries them as numeric text is read as that number.
const seconds = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+(\.\d+)?$/))]),
  z.transform((value: number | string) => Number(value)),
);

/**
 * The widget settings of a bot (ChatFly's `bot-widget-setting`): its look and its greeting. Every field may be
 * missing or `null` and then takes the service's default; text fields read a number as its text; unknown
 * keys are kept.
 */
export const WidgetSettingsSchema = z.looseObject({
  bot_id: withDefault(textOrNumber, () => ''),
  display_name: withDefault(textOrNumber, () => ''),
  initial_message: withDefault(textOrNumber, () => ''),
  suggest_messages: withDefault(z.array(textOrNumber), () => []),
  theme: withDefault(textOrNumber, () => 'light'),
  bot_avatar_url: withDefault(textOrNumber, () => ''),
  chat_icon_url: withDefault(textOrNumber, () => ''),
  chat_bubble_button_color: withDefault(textOrNumber, () => ''),
  chat_message_color: withDefault(textOrNumber, () => ''),
  align_chat_bubble_button: withDefault(textOrNumber, () => 'right'),
  auto_show_initial_message_after: withDefault(seconds, () => 0),
});
/**
 * A bot's widget settings with every field present: `initial_message` (the greeting), `suggest_messages`
 * (starter questions), `auto_show_initial_message_after` (seconds before the teaser, 0 never), and the look.
 */
export type WidgetSettings = z.output<typeof WidgetSettingsSchema>;

/** The fields of a bot's widget settings (without `bot_id`), in the service's order. */
export const WIDGET_SETTINGS_FIELDS = [
  'display_name',
  'initial_message',
  'suggest_messages',
  'theme',
  'bot_avatar_url',
  'chat_icon_url',
  'chat_bubble_button_color',
  'chat_message_color',
  'align_chat_bubble_button',
  'auto_show_initial_message_after',
] as const;
/** A field of a bot's widget settings. */
export type WidgetSettingsField = (typeof WIDGET_SETTINGS_FIELDS)[number];

/** Fields of a widget-settings update: each one sent is changed, `null` resets it to the service's default. */
export type WidgetSettingsPatch = { [Field in WidgetSettingsField]?: WidgetSettings[Field] | null };

/** The service's own error body. */
export const ServiceErrorBodySchema = z.object({
  message: z.string(),
  message_code: z.optional(z.union([z.number(), z.string()])),
});
/** The service's own error body. */
export type ServiceErrorBody = z.output<typeof ServiceErrorBodySchema>;

/** One item of a FastAPI validation error. */
export const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
/** One item of a FastAPI validation error: where, what, and a machine code. */
export type ValidationIssue = z.output<typeof ValidationIssueSchema>;

/** A FastAPI error body: `{detail: string}` or `{detail: [{loc, msg, type}]}`. */
export const ValidationErrorBodySchema = z.object({
  detail: z.union([z.string(), z.array(ValidationIssueSchema)]),
});
/** A FastAPI error body. */
export type ValidationErrorBody = z.output<typeof ValidationErrorBodySchema>;

/** The outcome of validateBotBody. */
export type BotBodyValidation<T> = { ok: true; value: T } | { ok: false; issues: BotBodyIssue[] };

/**
 * Checks a bot create body (or, with mode 'update', an update body) against the shared rules and returns the
 * cleaned value (names and rules trimmed, unknown keys kept) or every issue with a stable code.
 */
export function validateBotBody(body: unknown, mode: 'update'): BotBodyValidation<BotUpdateBody>;
export function validateBotBody(body: unknown, mode?: 'create'): BotBodyValidation<BotCreateBody>;
export function validateBotBody(
  body: unknown,
  mode: 'create' | 'update' = 'create',
): BotBodyValidation<BotCreateBody | BotUpdateBody> {
  const parsed = (mode === 'update' ? BotUpdateBodySchema : BotCreateBodySchema).safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((issue) => describeSchemaIssue(issue, body)) };
}
