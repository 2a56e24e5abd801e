// The bot's greeting for visitors, from the service's `GET /api/bot/bot-widget-setting` (ChatFly's embed widget
// reads it; the reference service stores it): the first message, starter questions, and after how many
// seconds a teaser may appear beside the closed launcher. Read tolerantly, bare or in ChatFly's
// `{message_code, message, data}` envelope; a service without the endpoint, or any failure, means "no
// greeting settings" and never an error.
import { createFixedCredentialTransport, getBotRecord, type ClientOptions } from '../api/transport.js';

/** What the widget settings say about greeting a visitor. */
export interface WidgetGreeting {
  /** The first message of an empty conversation (`initial_message`); empty when none. */
  initialMessage: string;
  /** Starter questions shown as chips in an empty conversation (`suggest_messages`). */
  starterQuestions: string[];
  /** Seconds after which a teaser appears beside the closed launcher; 0 or less: never (`auto_show_initial_message_after`). */
  teaserAfter: number;
}

/** Reads the greeting fields of a widget-settings record; a value of the wrong kind counts as none. */
export function readWidgetGreeting(value: unknown): WidgetGreeting {
  const { initial_message: message, suggest_messages: questions, auto_show_initial_message_after: seconds } = (value ?? {}) as Record<string, unknown>;
  return {
    initialMessage: typeof message === 'string' ? message.trim() : '',
    starterQuestions: Array.isArray(questions) ? questions.filter((question): question is string => typeof question === 'string' && !!question.trim()) : [],
    teaserAfter: Number(seconds) || 0,
  };
}

/** Asks the service for a bot's widget settings; resolves to no settings on any failure. */
export async function fetchWidgetGreeting(target: ClientOptions, botId: string): Promise<WidgetGreeting> {
  let setting: unknown;
  try {
    setting = (await getBotRecord(createFixedCredentialTransport(target), '/api/bot/bot-widget-setting', botId)).data;
  } catch {
    // No route, no such bot, a failure envelope, bad JSON, no connection: no settings.
  }
  return readWidgetGreeting(setting);
}
