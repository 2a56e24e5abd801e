// The bot's information as the chat widget reads it: only the fields the widget uses, each taken when it has
// its type and its default otherwise. A field the widget never shows (a timestamp in a new format, say) cannot
// keep a visitor from chatting, and the widget carries no schema (createClient reads the whole Bot with zod).
import { isRecord } from './errors.js';

/** The fields of a bot that the chat widget uses (a Bot read by createClient is one). */
export interface WidgetBot {
  /** Shown in the header and the greeting ('' when missing). */
  bot_name: string;
  /** Chooses the widget's language unless the page overrides it ('' when missing). */
  bot_language: string;
  /** Replaces the widget's own text when an answer fails ('' when missing). */
  custom_error_message: string;
  /** False makes the widget show that the bot is deactivated (true when missing). */
  is_activate: boolean;
  /** Messages left on the owner's account; 0 or less shows that none are left (null: not reported). */
  num_message_left: number | null;
  /** Lead-form settings as the service sent them (`numberShowing`, fields set to true); {} when missing. */
  collect_customer_info: Readonly<Record<string, unknown>>;
}

/** Reads the bot's information for the widget; undefined when the body is not an object at all. */
export function readWidgetBot(value: unknown): WidgetBot | undefined {
  if (!isRecord(value)) return undefined;
  const field = <T>(key: string, type: 'string' | 'boolean' | 'number', fallback: T): T =>
    typeof value[key] === type ? (value[key] as T) : fallback;
  const info = value['collect_customer_info'];
  return {
    bot_name: field('bot_name', 'string', ''),
    bot_language: field('bot_language', 'string', ''),
    custom_error_message: field('custom_error_message', 'string', ''),
    is_activate: field('is_activate', 'boolean', true),
    num_message_left: field<number | null>('num_message_left', 'number', null),
    collect_customer_info: isRecord(info) ? info : {},
  };
}
