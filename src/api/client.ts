// The typed client: one method per endpoint, injected fetch, every body parsed by its schema, typed errors.
// Requests, bodies and errors live in transport.ts (zod-free); this file gives each endpoint its schema.
import * as z from 'zod/mini';
import type { AnswerPosition } from '../stream/answer-events.js';
import type { AnswerEvent } from '../stream/answer-parser.js';
import type { ResumableAnswerOptions } from './resumable-answer.js';
import { StreamFormatError } from '../stream/errors.js';
import { parseJsonObjectStream } from '../stream/progress-parser.js';
import { ApiError, ResponseShapeError } from './errors.js';
import {
  AccessTokenSchema,
  ApiKeyInfoSchema,
  BotSchema,
  CreatedApiKeySchema,
  DataSourceSchema,
  HistoryRecordSchema,
  ScrapeProgressSchema,
  WidgetSettingsSchema,
  formatServiceDateTime,
  type AccessToken,
  type ApiKeyInfo,
  type Bot,
  type BotCreateBody,
  type BotUpdateBody,
  type CreatedApiKey,
  type DataSource,
  type HistoryOrder,
  type HistoryRecord,
  type LoginForm,
  type ScrapeProgress,
  type WidgetSettings,
  type WidgetSettingsPatch,
} from './schemas.js';
import {
  createTransport,
  invalidJson,
  parseJsonOrText,
  peek,
  readBody,
  readJson,
  readText,
  readWith,
  replay,
  requestJson,
  streamAnswer,
  textOf,
  unwrap,
  type BodyReader,
  type Call,
  type ClientOptions,
  type RequestOptions,
  type StreamAnswerParams,
} from './transport.js';
import { isRouteMissing } from './route-missing.js';

export type { ClientOptions, RequestOptions, StreamAnswerParams } from './transport.js';

/** Parameters of a history query; dates are Dates or zone-less UTC strings (`2023-01-01T00:00:00`). */
export interface HistoryParams {
  /** The bot whose conversations to read. */
  bot_id: string;
  /** Start of the period (default 2023-01-01T00:00:00). */
  date_from?: Date | string;
  /** End of the period (default 2030-12-31T00:00:00). */
  date_to?: Date | string;
  /** Sort order (default `created_at.desc`). */
  order?: HistoryOrder;
}

/** The body of a data-source upload. */
export interface UploadDataSourceParams {
  /** The bot that receives the data source. */
  bot_id: string;
  /** The website URL to import. */
  scrape_url: string;
  /** 1 the URL and its child pages (depth 2), 2 that page only. */
  scrape_type: number;
  /** The owner, when the service wants it in the body. */
  user_id?: string;
}

/** The typed client of the service, one method per endpoint. */
export interface ChatbotClient {
  /** POST /token with the OAuth2 password form; resolves to the access token. */
  login(form: LoginForm, options?: RequestOptions): Promise<AccessToken>;
  /** POST /api/bot; resolves to the created bot. */
  createBot(body: BotCreateBody, options?: RequestOptions): Promise<Bot>;
  /** PUT /api/bot; resolves to the updated bot. */
  updateBot(body: BotUpdateBody, options?: RequestOptions): Promise<Bot>;
  /** GET /api/bot/information?bot_id=; resolves to the bot. */
  getBotInformation(botId: string, options?: RequestOptions): Promise<Bot>;
  /**
   * POST /api/scraping/url; yields the progress events the service streams while it reads the site (the
   * request is sent on the first iteration; stopping early cancels the body).
   */
  uploadDataSource(params: UploadDataSourceParams, options?: RequestOptions): AsyncGenerator<ScrapeProgress, void>;
  /** GET /api/scraping/url/{bot_id}; resolves to the bot's knowledge-base entries. */
  listDataSources(botId: string, options?: RequestOptions): Promise<DataSource[]>;
  /** DELETE /api/scraping/url?bot_id=&base64_url=; removes one knowledge-base URL. */
  deleteDataSource(botId: string, url: string, options?: RequestOptions): Promise<void>;
  /** Reads the stored conversations of a bot in a period (query form, else path form, else POST form). */
  getHistory(params: HistoryParams, options?: RequestOptions): Promise<HistoryRecord[]>;
  /**
   * POST /api/chat/get-streaming-response-with-custom-settings; yields answer text deltas, the suggested
   * questions, then exactly one done (an empty body yields only done). The framing follows the response:
   * `text/event-stream` is read as SSE, anything else as raw UTF-8 text. The request is sent on the first
   * iteration; stopping early cancels the body.
   */
  streamAnswer(params: StreamAnswerParams, options?: RequestOptions): AsyncGenerator<AnswerEvent, void>;
  /**
   * Asks as a resumable answer (event stream, reference-service extension): a dropped connection is resumed
   * from the last event id on the answer's own route, never asked again (see resumable-answer.ts). Loaded
   * on first use.
   */
  streamResumableAnswer(params: StreamAnswerParams, options: ResumableAnswerOptions): AsyncGenerator<AnswerEvent, void>;
  /** GET /api/chat/answers/{id}/events (extension): reads a known answer from a position, then follows it. Loaded on first use. */
  resumeAnswer(position: AnswerPosition, options: ResumableAnswerOptions): AsyncGenerator<AnswerEvent, void>;
  /**
   * GET /api/bot/bot-widget-setting?bot_id= (ChatFly's endpoint); resolves to the bot's widget settings, every
   * field present. A service without the endpoint rejects with an ApiError for which `isRouteMissing` is true.
   */
  getWidgetSettings(botId: string, options?: RequestOptions): Promise<WidgetSettings>;
  /**
   * PUT /api/bot/bot-widget-setting (ChatFly's endpoint, owner only): changes the fields of `patch` and keeps the
   * others (`null` resets one); resolves to the settings as stored (read again when the answer carries none).
   */
  updateWidgetSettings(botId: string, patch: WidgetSettingsPatch, options?: RequestOptions): Promise<WidgetSettings>;
  /** GET /api/keys (reference-service extension); resolves to the signed-in user's API keys, never the keys themselves. */
  listApiKeys(options?: RequestOptions): Promise<ApiKeyInfo[]>;
  /** POST /api/keys (extension); resolves to the new key, shown this once. */
  createApiKey(name?: string, options?: RequestOptions): Promise<CreatedApiKey>;
  /** DELETE /api/keys/{id} (extension); the key stops working at once. */
  deleteApiKey(keyId: string, options?: RequestOptions): Promise<void>;
  /** POST /api/tokens/revoke (extension): every access token issued so far stops working (sign out everywhere). */
  revokeTokens(options?: RequestOptions): Promise<void>;
  /** PUT /api/users/me/password (extension): sets a new password, which also revokes every access token. */
  changePassword(currentPassword: string, newPassword: string, options?: RequestOptions): Promise<void>;
}

const WIDGET_SETTINGS_PATH = '/api/bot/bot-widget-setting';
const DEFAULT_DATE_FROM = '2023-01-01T00:00:00';
const DEFAULT_DATE_TO = '2030-12-31T00:00:00';

const DataSourceListSchema = z.array(DataSourceSchema);
const ApiKeyListSchema = z.array(ApiKeyInfoSchema);
const HistoryListSchema = z.array(HistoryRecordSchema);

// A schema as a body reader: its safeParse, with the issues taken out of the error.
function readerOf<T extends z.ZodMiniType>(schema: T): BodyReader<z.output<T>> {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed : { success: false, issues: parsed.error.issues };
  };
}

function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown, body: unknown, context: string): z.output<T> {
  return readWith(readerOf(schema), value, body, context);
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function serviceDateTime(value: Date | string): string {
  return typeof value === 'string' ? value : formatServiceDateTime(value);
}

/** Creates the typed client of the service. */
export function createClient(options: ClientOptions): ChatbotClient {
  const transport = createTransport(options);
  // Index into the history forms of the form that last answered (0 query, 1 path, 2 POST).
  let historyForm = 0;

  function callJson<T extends z.ZodMiniType>(
    call: Call,
    schema: T,
    signal: AbortSignal | undefined,
    shape?: (value: unknown) => unknown,
  ): Promise<z.output<T>> {
    return requestJson(transport, call, readerOf(schema), signal, shape);
  }

  const historyForms: ((query: Required<Record<keyof HistoryParams, string>>) => Call)[] = [
    (query) => ({ method: 'GET', path: '/api/chat/history', query }),
    (query) => ({
      method: 'GET',
      path: `/api/chat/history/${[query.bot_id, query.date_from, query.date_to, query.order].map(encodeURIComponent).join('/')}`,
    }),
    (query) => ({ method: 'POST', path: '/api/chat/history', json: query }),
  ];

  return {
    login(form, { signal } = {}) {
      const fields = new URLSearchParams({
        grant_type: form.grant_type ?? 'password',
        username: form.username,
        password: form.password,
        scope: form.scope ?? '',
        client_id: form.client_id ?? '',
        client_secret: form.client_secret ?? '',
      });
      return callJson({ method: 'POST', path: '/token', form: fields, auth: false }, AccessTokenSchema, signal);
    },

    createBot(body, { signal } = {}) {
      return callJson({ method: 'POST', path: '/api/bot', json: body }, BotSchema, signal);
    },

    updateBot(body, { signal } = {}) {
      return callJson({ method: 'PUT', path: '/api/bot', json: body }, BotSchema, signal);
    },

    getBotInformation(botId, { signal } = {}) {
      return callJson({ method: 'GET', path: '/api/bot/information', query: { bot_id: botId } }, BotSchema, signal);
    },

    async *uploadDataSource(params, { signal } = {}) {
      const context = 'POST /api/scraping/url';
      const response = await transport.send({ method: 'POST', path: '/api/scraping/url', json: params }, signal);
      const chunks = readBody(response, signal);
      const { first, held } = await peek(chunks);
      const progressOf = (value: unknown): ScrapeProgress[] => {
        const data = unwrap(value, response);
        const items = data == null ? [] : Array.isArray(data) ? data : [data];
        return items.map((item) => parseWith(ScrapeProgressSchema, item, value, context));
      };
      if (first === '[') {
        // Not streamed: one JSON array (of events, or wrapped).
        const text = await textOf(replay(held, chunks));
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw invalidJson(context, text);
        }
        yield* progressOf(body);
        return;
      }
      try {
        for await (const value of parseJsonObjectStream(replay(held, chunks))) yield* progressOf(value);
      } catch (error) {
        if (!(error instanceof StreamFormatError)) throw error;
        throw new ResponseShapeError(
          `Unexpected response from ${context}: ${error.message}`,
          [{ code: 'custom', path: [], message: error.message, input: error.text }],
          error.text,
        );
      }
    },

    listDataSources(botId, { signal } = {}) {
      const call = { method: 'GET', path: `/api/scraping/url/${encodeURIComponent(botId)}` };
      return callJson(call, DataSourceListSchema, signal, (value) => value ?? []);
    },

    async deleteDataSource(botId, url, { signal } = {}) {
      const call = { method: 'DELETE', path: '/api/scraping/url', query: { bot_id: botId, base64_url: base64Utf8(url) } };
      const response = await transport.send(call, signal);
      // Whatever the body says is ignored, except a wrapped failure.
      unwrap(parseJsonOrText(await readText(response, signal)), response);
    },

    async getHistory(params, { signal } = {}) {
      const query = {
        bot_id: params.bot_id,
        date_from: serviceDateTime(params.date_from ?? DEFAULT_DATE_FROM),
        date_to: serviceDateTime(params.date_to ?? DEFAULT_DATE_TO),
        order: params.order ?? 'created_at.desc',
      };
      const order = [historyForm, ...[0, 1, 2].filter((index) => index !== historyForm)];
      let firstError: ApiError | undefined;
      for (const index of order) {
        const call = historyForms[index]!(query);
        const context = `${call.method} ${call.path}`;
        let response: Response;
        try {
          response = await transport.send(call, signal);
        } catch (error) {
          if (!(error instanceof ApiError) || !isRouteMissing(error)) throw error;
          firstError ??= error;
          continue;
        }
        historyForm = index;
        const body = await readJson(response, signal, context);
        const value = unwrap(body, response);
        // The service wraps the list in an outer array ([[records]]); accept it flat too.
        const records = value == null ? [] : Array.isArray(value) ? value.flat() : value;
        return parseWith(HistoryListSchema, records, body, context);
      }
      throw firstError!;
    },

    streamAnswer(params, requestOptions) {
      return streamAnswer(transport, params, requestOptions);
    },

    async *streamResumableAnswer(params, streamOptions) {
      const resumable = await import('./resumable-answer.js');
      yield* resumable.streamResumableAnswer(options, params, streamOptions);
    },

    async *resumeAnswer(position, streamOptions) {
      const resumable = await import('./resumable-answer.js');
      yield* resumable.resumeAnswer(options, position, streamOptions);
    },

    getWidgetSettings(botId, { signal } = {}) {
      return getWidgetSettings(botId, signal);
    },

    async updateWidgetSettings(botId, patch, { signal } = {}) {
      const context = `PUT ${WIDGET_SETTINGS_PATH}`;
      const response = await transport.send({ method: 'PUT', path: WIDGET_SETTINGS_PATH, json: { ...patch, bot_id: botId } }, signal);
      const body = await readJson(response, signal, context);
      const settings = unwrap(body, response);
      // ChatFly's answer to a save is not documented: an answer without the settings (empty, or an envelope
      // whose data is null) is a success, and the stored settings are read back.
      if (settings == null) return getWidgetSettings(botId, signal);
      return parseWith(WidgetSettingsSchema, settings, body, context);
    },

    listApiKeys({ signal } = {}) {
      return callJson({ method: 'GET', path: '/api/keys' }, ApiKeyListSchema, signal, (value) => value ?? []);
    },

    createApiKey(name, { signal } = {}) {
      return callJson({ method: 'POST', path: '/api/keys', json: name === undefined ? {} : { name } }, CreatedApiKeySchema, signal);
    },

    deleteApiKey(keyId, { signal } = {}) {
      return sendIgnoringBody({ method: 'DELETE', path: `/api/keys/${encodeURIComponent(keyId)}` }, signal);
    },

    revokeTokens({ signal } = {}) {
      return sendIgnoringBody({ method: 'POST', path: '/api/tokens/revoke' }, signal);
    },

    changePassword(currentPassword, newPassword, { signal } = {}) {
      return sendIgnoringBody({ method: 'PUT', path: '/api/users/me/password', json: { current_password: currentPassword, new_password: newPassword } }, signal);
    },
  };

  function getWidgetSettings(botId: string, signal: AbortSignal | undefined): Promise<WidgetSettings> {
    return callJson({ method: 'GET', path: WIDGET_SETTINGS_PATH, query: { bot_id: botId } }, WidgetSettingsSchema, signal);
  }

  // Sends a call whose answer says only that it worked: the body is ignored, except a wrapped failure.
  async function sendIgnoringBody(call: Call, signal: AbortSignal | undefined): Promise<void> {
    const response = await transport.send(call, signal);
    unwrap(parseJsonOrText(await readText(response, signal)), response);
  }
}
