// GET /openapi.json: an OpenAPI 3.1 description of every route the service registers, built once at start
// from the zod schemas the routes validate with (src/api/schemas.ts and the routes' own), so the document
// cannot drift from what is checked. Bodies and queries are described as the service accepts them (zod's
// input side); responses as the client reads them.
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  BotCreateBodySchema,
  BotSchema,
  BotUpdateBodySchema,
  DataSourceSchema,
  HistoryQuerySchema,
  HistoryRecordSchema,
  LoginFormSchema,
  ScrapeProgressSchema,
  ScrapeRequestSchema,
  StreamingRequestSchema,
  TokenResponseSchema,
  ValidationIssueSchema,
} from '../../src/api/schemas.js';
import type { ServiceEnv } from './context.js';
import { API_KEY_HEADER } from './auth/caller.js';
import { AnswerEventsQuerySchema, KeyedAnswerEventsQuerySchema } from './routes/chat.js';
import { HistoryQueryFormSchema } from './routes/history.js';
import { LeadBodySchema } from './routes/leads.js';
import { ApiKeyBodySchema, PasswordChangeSchema, SignupSchema } from './routes/users.js';

/** The path the document is served at. */
export const OPENAPI_PATH = '/openapi.json';

type JsonSchema = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'delete';
/** Who may call a route. */
type Access = 'none' | 'owner' | 'signed-in' | 'visitor';

interface RouteDescription {
  method: Method;
  /** The path in OpenAPI form (`/api/lead/{bot_id}`). */
  path: string;
  summary: string;
  access: Access;
  /** Marks routes the interface does not define. */
  extension?: true;
  /** Request body media types and schema names (in components). */
  body?: Record<string, string>;
  /** A schema (name in components) whose properties are the query parameters. */
  query?: string;
  /** A schema (name in components) whose properties are the path parameters; plain ids when absent. */
  pathSchema?: string;
  /** The 200 answer: media type and a schema (name in components, or inline). */
  answer: { type: string; schema: string | JsonSchema; description: string };
  /** Error statuses besides 500. */
  errors: number[];
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: '`POST /token` only, as RFC 6749 §5.2: `error` is `invalid_grant` (wrong login, message_code 1002), `unsupported_grant_type` or `invalid_request` (1001, `detail` naming the field).',
  401: 'No credential where one is needed, a bad, expired or revoked token, or an unknown or revoked API key (message_code 1002).',
  402: 'The bot has no messages left (message_code 1004).',
  403: 'The bot is deactivated (1003), or a browser origin outside the bot\'s domain list asked (1005).',
  404: 'Unknown bot, another user\'s bot, a private bot asked by anyone but its owner, unknown entry or path (message_code 1006).',
  413: 'The request body is larger than the service accepts (message_code 1008).',
  429: 'Too many requests for now (message_code 1009); `Retry-After` says how many seconds to wait.',
  422: 'Invalid body, query, path or form field; `detail` names each field (message_code 1001), or a URL the scraper refuses (1007).',
  500: 'Anything else; the cause is logged, never sent (message_code 1000).',
};

const MessageSchema = z.object({ message_code: z.number(), message: z.string() });
const HealthSchema = z.object({ status: z.literal('ok') });
const LeadRecordSchema = z.object({ id: z.string(), bot_id: z.string(), session_id: z.string(), fields: z.record(z.string(), z.string()), created_at: z.string() });
const ApiKeyInfoSchema = z.object({ id: z.string(), key_prefix: z.string(), name: z.string(), created_at: z.string() });
const NewApiKeySchema = z.object({ ...ApiKeyInfoSchema.def.shape, key: z.string() });
const UserSchema = z.object({ id: z.string(), username: z.string() });
const ErrorSchema = z.object({
  message: z.string(),
  message_code: z.number(),
  detail: z.optional(z.array(ValidationIssueSchema)),
});

/** The schemas every route refers to, by component name. */
const COMPONENT_SCHEMAS: Record<string, z.ZodMiniType> = {
  Bot: BotSchema,
  BotCreateBody: BotCreateBodySchema,
  BotUpdateBody: BotUpdateBodySchema,
  BotInformationQuery: z.object({ bot_id: z.string() }),
  DataSource: DataSourceSchema,
  ScrapeRequest: ScrapeRequestSchema,
  ScrapeProgress: ScrapeProgressSchema,
  DeleteSourceQuery: z.object({ bot_id: z.string(), base64_url: z.string() }),
  HistoryQuery: HistoryQuerySchema,
  HistoryQueryForm: HistoryQueryFormSchema,
  HistoryRecord: HistoryRecordSchema,
  StreamingRequest: StreamingRequestSchema,
  AnswerEventsQuery: AnswerEventsQuerySchema,
  KeyedAnswerEventsQuery: KeyedAnswerEventsQuerySchema,
  LoginForm: LoginFormSchema,
  TokenResponse: TokenResponseSchema,
  LeadBody: LeadBodySchema,
  LeadRecord: LeadRecordSchema,
  ApiKeyBody: ApiKeyBodySchema,
  ApiKeyInfo: ApiKeyInfoSchema,
  NewApiKey: NewApiKeySchema,
  SignupBody: SignupSchema,
  PasswordChange: PasswordChangeSchema,
  User: UserSchema,
  Message: MessageSchema,
  ChatFlyStreamingRequest: z.object({ bot_id: z.string(), message: z.string(), session_id: z.optional(z.string()), chat_history: z.optional(z.array(z.object({ sender_type: z.string(), content: z.string() }))) }),
  ChatFlyObject: z.record(z.string(), z.unknown()),
  Health: HealthSchema,
  Error: ErrorSchema,
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/** Every route the service registers, described. */
export const ROUTE_DESCRIPTIONS: readonly RouteDescription[] = [
  { method: 'get', path: '/api/health', summary: 'Whether the service is up (it never touches the database).', access: 'none', extension: true, answer: { type: 'application/json', schema: 'Health', description: 'Up.' }, errors: [] },
  { method: 'get', path: OPENAPI_PATH, summary: 'This document.', access: 'none', extension: true, answer: { type: 'application/json', schema: { type: 'object' }, description: 'An OpenAPI 3.1 document.' }, errors: [] },
  { method: 'get', path: '/demo-site', summary: 'The demo website\'s home page.', access: 'none', extension: true, answer: { type: 'text/html', schema: { type: 'string' }, description: 'An HTML page.' }, errors: [] },
  { method: 'get', path: '/demo-site/', summary: 'The demo website\'s home page.', access: 'none', extension: true, answer: { type: 'text/html', schema: { type: 'string' }, description: 'An HTML page.' }, errors: [] },
  { method: 'get', path: '/demo-site/{page}', summary: 'A page of the demo website.', access: 'none', extension: true, answer: { type: 'text/html', schema: { type: 'string' }, description: 'An HTML page.' }, errors: [404] },
  {
    method: 'post', path: '/token', summary: 'Logs in with the OAuth2 password form (or the same fields as JSON).', access: 'none',
    body: { 'application/x-www-form-urlencoded': 'LoginForm', 'application/json': 'LoginForm' },
    answer: { type: 'application/json', schema: 'TokenResponse', description: 'The access token (with `expires_in`), bare and wrapped in `data`.' }, errors: [400, 413, 429],
  },
  { method: 'post', path: '/api/bot', summary: 'Creates a bot.', access: 'owner', body: { 'application/json': 'BotCreateBody' }, answer: { type: 'application/json', schema: 'Bot', description: 'The full bot.' }, errors: [401, 413, 422] },
  { method: 'put', path: '/api/bot', summary: 'Changes the fields sent of a bot; the others are kept.', access: 'owner', body: { 'application/json': 'BotUpdateBody' }, answer: { type: 'application/json', schema: 'Bot', description: 'The full bot.' }, errors: [401, 404, 413, 422] },
  { method: 'get', path: '/api/bot/information', summary: 'Reads a bot: public bots without credentials, private ones by their owner.', access: 'visitor', query: 'BotInformationQuery', answer: { type: 'application/json', schema: 'Bot', description: 'The bot.' }, errors: [401, 404, 422] },
  {
    method: 'post', path: '/api/scraping/url', summary: 'Reads a page (scrape_type 2) or a site (1) into the knowledge base, streaming one progress line per page.', access: 'owner',
    body: { 'application/json': 'ScrapeRequest' },
    answer: { type: 'application/x-ndjson', schema: ref('ScrapeProgress'), description: 'Newline-delimited JSON, one ScrapeProgress per page read or not read.' }, errors: [401, 404, 413, 422],
  },
  { method: 'get', path: '/api/scraping/url/{bot_id}', summary: 'Lists a bot\'s knowledge-base entries.', access: 'owner', answer: { type: 'application/json', schema: arrayOf('DataSource'), description: 'The entries.' }, errors: [401, 404, 422] },
  { method: 'delete', path: '/api/scraping/url', summary: 'Deletes an entry by the base64 of its URL; ChatFly\'s admin also sends a JSON body `{bot_id, base64_urls}` to delete several.', access: 'owner', query: 'DeleteSourceQuery', answer: { type: 'application/json', schema: 'Message', description: 'Deleted.' }, errors: [401, 404, 422] },
  { method: 'delete', path: '/api/scraping/url/{bot_id}/{knowledge_base_id}', summary: 'Deletes an entry by its id.', access: 'owner', extension: true, answer: { type: 'application/json', schema: 'Message', description: 'Deleted.' }, errors: [401, 404, 422] },
  { method: 'get', path: '/api/chat/history', summary: 'A bot\'s conversations in a date range (bare array).', access: 'owner', query: 'HistoryQueryForm', answer: { type: 'application/json', schema: arrayOf('HistoryRecord'), description: 'The conversations.' }, errors: [401, 404, 422] },
  {
    method: 'get', path: '/api/chat/history/{bot_id}/{date_from}/{date_to}/{order}', summary: 'A bot\'s conversations in a date range (nested array).', access: 'owner', pathSchema: 'HistoryQuery',
    answer: { type: 'application/json', schema: { type: 'array', items: arrayOf('HistoryRecord') }, description: 'The conversations, in one array.' }, errors: [401, 404, 422],
  },
  {
    method: 'post', path: '/api/chat/history', summary: 'A bot\'s conversations in a date range (nested array).', access: 'owner', body: { 'application/json': 'HistoryQuery' },
    answer: { type: 'application/json', schema: { type: 'array', items: arrayOf('HistoryRecord') }, description: 'The conversations, in one array.' }, errors: [401, 404, 413, 422],
  },
  {
    method: 'post', path: '/api/chat/get-streaming-response-with-custom-settings',
    summary: 'Answers a message, streamed: raw text, or server-sent events with `Accept: text/event-stream`. An event-stream answer, or any request with an `Idempotency-Key` header (or `message_id` in the body; it needs a session id), is resumable: generated and stored even if the client leaves. Asking again with the same key reads that answer (no second credit); sending the event stream request again with `Last-Event-ID: <answer_id>:<offset>` reads the rest of it.',
    access: 'visitor',
    body: { 'application/json': 'StreamingRequest' },
    answer: { type: 'text/plain', schema: { type: 'string' }, description: 'The answer (`*Answer:* …` then `*Suggest Questions:*` and a numbered list); `text/event-stream` when asked for: a first `event: answer` with `{answer_id, offset}`, then one event per chunk with the id `<answer_id>:<offset>`, then `event: done`, or `event: error` for an answer cut off by a limit or failed.' },
    errors: [401, 402, 403, 404, 413, 422, 429],
  },
  {
    method: 'get', path: '/api/chat/answers/events',
    summary: 'Reads the resumable answer a session asked with an idempotency key (`message_id`), from `after`, then follows it live; never asks the question. 404 when the session has no answer with that key.',
    access: 'visitor', extension: true, query: 'KeyedAnswerEventsQuery',
    answer: { type: 'text/event-stream', schema: { type: 'string' }, description: 'The events of the answer from the offset on, framed as the streaming route frames them.' },
    errors: [401, 403, 404, 422, 429],
  },
  {
    method: 'get', path: '/api/chat/answers/{answer_id}/events',
    summary: 'Reads a resumable answer from an offset (`after`, or the offset of `Last-Event-ID`), then follows it live until it ends; from any process of the database. Only its session (`session_id` or `X-Session-Id`) and the bot\'s owner may read it.',
    access: 'visitor', extension: true, query: 'AnswerEventsQuery',
    answer: { type: 'text/event-stream', schema: { type: 'string' }, description: 'The events of the answer from the offset on, framed as the streaming route frames them.' },
    errors: [401, 403, 404, 422, 429],
  },
  { method: 'post', path: '/api/lead', summary: 'Stores what a visitor typed into the bot\'s lead form.', access: 'visitor', extension: true, body: { 'application/json': 'LeadBody' }, answer: { type: 'application/json', schema: 'Message', description: 'Stored.' }, errors: [401, 403, 404, 413, 422] },
  { method: 'get', path: '/api/lead/{bot_id}', summary: 'Lists a bot\'s leads.', access: 'owner', extension: true, answer: { type: 'application/json', schema: arrayOf('LeadRecord'), description: 'The leads, newest first.' }, errors: [401, 404, 422] },
  { method: 'get', path: '/api/keys', summary: 'Lists the caller\'s API keys (without the keys themselves).', access: 'signed-in', extension: true, answer: { type: 'application/json', schema: arrayOf('ApiKeyInfo'), description: 'The keys.' }, errors: [401] },
  { method: 'post', path: '/api/keys', summary: 'Creates an API key, shown once.', access: 'signed-in', extension: true, body: { 'application/json': 'ApiKeyBody' }, answer: { type: 'application/json', schema: 'NewApiKey', description: 'The new key.' }, errors: [401, 413, 422] },
  { method: 'delete', path: '/api/keys/{id}', summary: 'Revokes one of the caller\'s API keys.', access: 'signed-in', extension: true, answer: { type: 'application/json', schema: 'Message', description: 'Revoked.' }, errors: [401, 404, 422] },
  { method: 'post', path: '/api/tokens/revoke', summary: 'Revokes every access token of the caller (sign out everywhere).', access: 'signed-in', extension: true, answer: { type: 'application/json', schema: 'Message', description: 'Revoked.' }, errors: [401] },
  { method: 'put', path: '/api/users/me/password', summary: 'Changes the caller\'s password and revokes every access token.', access: 'signed-in', extension: true, body: { 'application/json': 'PasswordChange' }, answer: { type: 'application/json', schema: 'Message', description: 'Changed.' }, errors: [401, 413, 422, 429] },
  // ChatFly's client endpoints (routes/compat.ts), each translated onto the interface's routes.
  { method: 'post', path: '/api/chat/get-streaming-response', summary: 'ChatFly\'s answer route `{bot_id, message, session_id}`: the streaming answer with no history, raw text.', access: 'visitor', extension: true, body: { 'application/json': 'ChatFlyStreamingRequest' }, answer: { type: 'text/plain', schema: { type: 'string' }, description: 'The answer, as the interface\'s streaming route writes it.' }, errors: [401, 402, 403, 404, 413, 422, 429] },
  { method: 'post', path: '/api/chat/get-streaming-response-with-chat-history', summary: 'ChatFly\'s answer route with `chat_history` (Chatwoot): raw text.', access: 'visitor', extension: true, body: { 'application/json': 'ChatFlyStreamingRequest' }, answer: { type: 'text/plain', schema: { type: 'string' }, description: 'The answer, as the interface\'s streaming route writes it.' }, errors: [401, 402, 403, 404, 413, 422, 429] },
  { method: 'get', path: '/api/bot', summary: 'The caller\'s bots (bare array).', access: 'signed-in', extension: true, answer: { type: 'application/json', schema: arrayOf('Bot'), description: 'The bots, oldest first.' }, errors: [401] },
  { method: 'get', path: '/api/bot/bot-widget-setting', summary: 'The look and greeting of a bot\'s embed widget.', access: 'visitor', extension: true, query: 'BotInformationQuery', answer: { type: 'application/json', schema: { type: 'object' }, description: 'The widget settings (bare).' }, errors: [401, 403, 404, 422] },
  { method: 'put', path: '/api/bot/bot-widget-setting', summary: 'Changes the look and greeting of a bot\'s embed widget.', access: 'owner', extension: true, body: { 'application/json': 'ChatFlyObject' }, answer: { type: 'application/json', schema: { type: 'object' }, description: 'The widget settings (bare).' }, errors: [401, 404, 413, 422] },
  { method: 'get', path: '/api/bot/information/collect-customer-info', summary: 'A bot\'s lead-form settings, wrapped.', access: 'visitor', extension: true, query: 'BotInformationQuery', answer: { type: 'application/json', schema: { type: 'object' }, description: '`{message_code, message, data}`.' }, errors: [401, 403, 404, 422] },
  { method: 'post', path: '/api/chat/submit-information', summary: 'ChatFly\'s lead form `{bot_id, session_id, user_infor}`, stored as a lead.', access: 'visitor', extension: true, body: { 'application/json': 'ChatFlyObject' }, answer: { type: 'application/json', schema: 'Message', description: 'Stored.' }, errors: [401, 403, 404, 413, 422, 429] },
  { method: 'get', path: '/api/chat/num-message-left', summary: 'The credits left of one of the caller\'s bots, or of all of them.', access: 'signed-in', extension: true, answer: { type: 'application/json', schema: { type: 'object' }, description: '`{message_code, message, data: {num_message_left}, num_message_left}`.' }, errors: [401, 404, 422] },
  { method: 'post', path: '/api/user', summary: 'ChatFly\'s sign-up `{email, password, full_name, role}`, when sign-up is enabled.', access: 'none', extension: true, body: { 'application/json': 'ChatFlyObject' }, answer: { type: 'application/json', schema: { type: 'object' }, description: 'The account.' }, errors: [404, 413, 422, 429] },
  { method: 'post', path: '/api/users', summary: 'Creates an account, when sign-up is enabled.', access: 'none', extension: true, body: { 'application/json': 'SignupBody' }, answer: { type: 'application/json', schema: 'User', description: 'The account.' }, errors: [404, 413, 422] },
];

function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function parametersOf(where: 'query' | 'path', schema: JsonSchema | undefined, path: string): unknown[] {
  const properties = (schema?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.['required'] ?? []) as string[]);
  if (where === 'path') {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    return names.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  }
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

function security(access: Access): unknown[] | undefined {
  if (access === 'owner' || access === 'signed-in') return [{ bearer: [] }, { apiKey: [] }];
  // A visitor may call without credentials; the owner with them.
  if (access === 'visitor') return [{}, { bearer: [] }, { apiKey: [] }];
  return undefined;
}

/** Builds the OpenAPI 3.1 document. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const schemas = Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, jsonSchemaOf(schema)]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTE_DESCRIPTIONS) {
    const responses: Record<string, unknown> = {
      200: { description: route.answer.description, content: { [route.answer.type]: { schema: typeof route.answer.schema === 'string' ? ref(route.answer.schema) : route.answer.schema } } },
    };
    for (const status of [...route.errors, 500]) {
      responses[status] = { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ref('Error') } } };
    }
    const parameters = [
      ...parametersOf('path', route.pathSchema ? schemas[route.pathSchema] : undefined, route.path),
      ...(route.query ? parametersOf('query', schemas[route.query], route.path) : []),
    ];
    const access = security(route.access);
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
      ...(route.extension ? { 'x-extension': true } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: Object.fromEntries(Object.entries(route.body).map(([type, name]) => [type, { schema: ref(name) }])) } }
        : {}),
      responses,
      ...(access ? { security: access } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'chatbot-widget reference service',
      version: '0.1.0',
      description: 'The service interface of the chat widget as the reference service implements it, with its extensions (marked `x-extension`).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token from `POST /token`, or an API key (`cfk_…`).' },
        apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: 'An API key.' },
      },
    },
  };
}

/** Registers `GET /openapi.json` (no credentials needed; the document is built once, on first request). */
export function registerOpenApiRoute(app: Hono<ServiceEnv>): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, (c) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
}
