// The chat widget's client: the bot's information and streamed answers, over the zod-free transport and the
// hand-written bot reader. Same options, requests, results and errors as createClient for these two calls,
// without zod, the schemas or the admin's endpoints, so the script-tag widget stays small.
import type { AnswerEvent } from '../stream/answer-parser.js';
import { readBot } from './bot-reader.js';
import type { Bot } from './schemas.js';
import {
  createTransport,
  requestBotInformation,
  streamAnswer,
  type ClientOptions,
  type RequestOptions,
  type StreamAnswerParams,
} from './transport.js';

/** The two calls a chat widget makes: the bot's information and streamed answers. */
export interface WidgetClient {
  /** GET /api/bot/information?bot_id=; resolves to the bot, read as BotSchema reads it. */
  getBotInformation(botId: string, options?: RequestOptions): Promise<Bot>;
  /**
   * POST /api/chat/get-streaming-response-with-custom-settings; yields answer text deltas, the suggested
   * questions, then exactly one done. The request is sent on the first iteration; stopping early cancels it.
   */
  streamAnswer(params: StreamAnswerParams, options?: RequestOptions): AsyncGenerator<AnswerEvent, void>;
}

/** Creates the chat widget's client of the service (a small, zod-free part of createClient). */
export function createWidgetClient(options: ClientOptions): WidgetClient {
  const transport = createTransport(options);
  return {
    getBotInformation: (botId, requestOptions) => requestBotInformation(transport, botId, readBot, requestOptions),
    streamAnswer: (params, requestOptions) => streamAnswer(transport, params, requestOptions),
  };
}
