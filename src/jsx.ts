// Attribute typings of both elements for JSX and template type-checkers (Preact, Solid, Svelte, Vue, or
// React 19 without the wrappers): merge `ChatbotElementsAttributes` into the framework's intrinsic elements
// (docs/react-vue-svelte.md shows each). Types only: nothing here exists at run time.
import type { BotAdmin } from './admin/bot-admin.component.js';
import type { ChatbotWidget } from './widget/chatbot-widget.component.js';

/** The attributes of `<chatbot-widget>`, with the values the element accepts. */
export interface ChatbotWidgetAttributes {
  /** The bot to chat with (its UUID). */
  'bot-id'?: string;
  /** Base address of the service. */
  'base-url'?: string;
  /** Optional bearer token. */
  token?: string;
  /** Optional API key. */
  'api-key'?: string;
  /** Where the API key goes: `authorization` (default) or `chatfly-api-key`. */
  'api-key-header'?: ChatbotWidget['apiKeyHeader'];
  /** The `type_qa` sent with every question. */
  'type-qa'?: string;
  /** `launcher` (default) or `inline`. */
  mode?: ChatbotWidget['mode'];
  /** `light`, `dark` or `auto` (default). */
  theme?: ChatbotWidget['theme'];
  /** Where the conversation is kept: `session` (default), `local` or `none`. */
  storage?: ChatbotWidget['storage'];
  /** Whether the launcher panel is open. */
  open?: boolean;
  /** Language override (`en`, `vi`, `ja`, `fr`, `es`, `de`, `ar`). */
  lang?: string;
}

/** The attributes of `<bot-admin>`, with the values the element accepts. */
export interface BotAdminAttributes {
  /** Base address of the service. */
  'base-url'?: string;
  /** The bot to manage; without it the settings create a new bot. */
  'bot-id'?: string;
  /** An access token given by the host page (the login form is then skipped). */
  token?: string;
  /** An API key given by the host page (the login form is then skipped). */
  'api-key'?: string;
  /** Where the API key goes: `authorization` (default) or `chatfly-api-key`. */
  'api-key-header'?: NonNullable<BotAdmin['apiKeyHeader']>;
  /** Keeps a signed-in token across page loads: `session` (also the bare attribute) or `local`. */
  'persist-session'?: NonNullable<BotAdmin['persistSession']> | '' | boolean;
  /** The section shown: `settings`, `sources` or `history`. */
  panel?: BotAdmin['panel'];
  /** Hides the preview beside the settings. */
  'no-preview'?: boolean;
  /** `light`, `dark` or `auto` (default). */
  theme?: NonNullable<BotAdmin['theme']>;
  /** Language of the admin. */
  lang?: string;
}

/** Both elements by tag name, to merge into a framework's intrinsic elements. */
export interface ChatbotElementsAttributes {
  /** `<chatbot-widget>`. */
  'chatbot-widget': ChatbotWidgetAttributes;
  /** `<bot-admin>`. */
  'bot-admin': BotAdminAttributes;
}
