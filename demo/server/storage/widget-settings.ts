// The look and greeting of a bot's embed widget, as ChatFly's `bot-widget-setting` carries them. They live in
// the key/value table `service_settings` under `bot_widget_setting:<bot id>`, one JSON text per bot, so that
// the compatibility layer needs no change to the schema.
import type { Queryable } from './database.js';

/** How the embed widget of a bot looks and greets, with every field present. */
export interface WidgetSettings {
  /** The name shown in the widget's header (empty: the bot's name). */
  display_name: string;
  /** The greeting shown before the first question. */
  initial_message: string;
  /** Starter questions offered as chips. */
  suggest_messages: string[];
  /** `light` or `dark`. */
  theme: string;
  /** Picture of the bot in its messages (an http(s) URL, or empty). */
  bot_avatar_url: string;
  /** Picture on the launcher button (an http(s) URL, or empty). */
  chat_icon_url: string;
  /** Colour of the launcher button (a CSS colour, or empty). */
  chat_bubble_button_color: string;
  /** Colour of the visitor's messages (a CSS colour, or empty). */
  chat_message_color: string;
  /** Side of the page of the launcher: `left` or `right`. */
  align_chat_bubble_button: string;
  /** Seconds after which the greeting pops up beside the closed launcher (0: never). */
  auto_show_initial_message_after: number;
}

/** The settings of a bot that never saved any. */
export const DEFAULT_WIDGET_SETTINGS: Readonly<WidgetSettings> = Object.freeze({
  display_name: '',
  initial_message: '',
  suggest_messages: [],
  theme: 'light',
  bot_avatar_url: '',
  chat_icon_url: '',
  chat_bubble_button_color: '',
  chat_message_color: '',
  align_chat_bubble_button: 'right',
  auto_show_initial_message_after: 0,
});

function keyOf(botId: string): string {
  return `bot_widget_setting:${botId}`;
}

/** Reads a bot's widget settings; fields never saved take their defaults. */
export async function readWidgetSettings(db: Queryable, botId: string): Promise<WidgetSettings> {
  const [row] = await db.query<{ value: string }>('select value from service_settings where key = $1', [keyOf(botId)]);
  const saved = row ? (JSON.parse(row.value) as Partial<WidgetSettings>) : {};
  return { ...DEFAULT_WIDGET_SETTINGS, suggest_messages: [], ...saved };
}

/** Saves a bot's complete widget settings. */
export async function writeWidgetSettings(db: Queryable, botId: string, settings: WidgetSettings): Promise<void> {
  await db.query('insert into service_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
    keyOf(botId),
    JSON.stringify(settings),
  ]);
}
