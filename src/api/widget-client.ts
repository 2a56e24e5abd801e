// The chat widget's client: the bot's information and streamed answers, over the zod-free transport. Same
// options, requests and errors as createClient for these two calls; the bot is read tolerantly
// (readWidgetBot), and there is no zod, no schema and none of the admin's endpoints, so the script-tag
// widget stays small.
import type { AnswerEvent } from '../stream/answer-parser.js';
import { ResponseShapeError } from './errors.js';
import {
  createTransport,
  getBotRecord,
  streamAnswer,
  type ClientOptions,
  type RequestOptions,
  type StreamAnswerParams,
  type Transport,
} from './transport.js';
import { readWidgetBot, type WidgetBot } from './widget-bot.js';

/** The two calls a chat widget makes: the bot's information and streamed answers. */
export interface WidgetClient {
  /**
   * GET /api/bot/information?bot_id=; resolves to the fields of the bot the widget uses (see readWidgetBot).
   * A body that is not a JSON object is a ResponseShapeError.
   */
  getBotInformation(botId: string, options?: RequestOptions): Promise<WidgetBot>;
  /**
   * POST /api/chat/get-streaming-response-with-custom-settings; yields answer text deltas, the suggested
   * questions, then exactly one done. The request is sent on the first iteration; stopping early cancels it.
   */
  streamAnswer(params: StreamAnswerParams, options?: RequestOptions): AsyncGenerator<AnswerEvent, void>;
}

const BOT_PATH = '/api/bot/information';

/** Creates the chat widget's client of the service (a small, zod-free part of createClient). */
export function createWidgetClient(options: ClientOptions): WidgetClient {
  return widgetClientOver(createTransport(options));
}

/** The widget's client over a transport (the widget itself gives it one with fixed credentials). */
export function widgetClientOver(transport: Transport): WidgetClient {
  return {
    async getBotInformation(botId, { signal } = {}) {
      const { body, data } = await getBotRecord(transport, BOT_PATH, botId, signal);
      const bot = readWidgetBot(data);
      if (bot) return bot;
      throw new ResponseShapeError(
        `Unexpected response from GET ${BOT_PATH}: not a bot (a JSON object was expected)`,
        [{ code: 'invalid_type', expected: 'object', path: [], message: 'Invalid input' }],
        body,
      );
    },
    streamAnswer: (params, requestOptions) => streamAnswer(transport, params, requestOptions),
  };
}
