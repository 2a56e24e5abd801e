// The package's root: what a page that embeds the elements uses. Importing it defines no custom element:
// import `chatbot-widget/chatbot-widget.js` or `chatbot-widget/bot-admin.js` for that. The typed client is
// `chatbot-widget/api`, the stream protocol (parser and formatters) `chatbot-widget/stream`.

// <chatbot-widget>: the class, its events, and the types of its properties.
export { ChatbotWidget, WIDGET_MODES, type WidgetMode } from './widget/chatbot-widget.component.js';
export * from './widget/events.js';
export type { ChatSettings } from './widget/chat-controller.js';
export { STORAGE_KINDS, type StorageKind } from './widget/conversation-store.js';
export { FAILURE_KINDS, FEEDBACK_VALUES, UNAVAILABLE_REASONS, type FailureKind, type FeedbackValue, type UnavailableReason } from './widget/chat-state.js';
export { LANGUAGES, type Language, type WidgetStrings, type WidgetStringOverrides } from './i18n/index.js';
export type { LanguagePackDefinition, LanguagePackEntry } from './widget/on-demand/language-pack.js';
export { THEME_TOKENS, THEMES, type Theme, type ThemeToken } from './themes/tokens.js';

// <bot-admin>: the class, its events, and the types of its properties.
export { ADMIN_PANELS, BotAdmin, type AdminPanel } from './admin/bot-admin.component.js';
export * from './admin/events.js';
export { PERSIST_MODES, type PersistMode } from './admin/session-controller.js';

// The errors events carry (`chatbot-error`, `bot-admin-error`) and the bot `bot-admin-saved` carries.
export { AbortError, ApiError, ChatbotClientError, NetworkError, ResponseShapeError } from './api/errors.js';
export type { Bot } from './api/schemas.js';
