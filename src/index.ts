// The package's public API. Importing it defines no custom element: import
// `chatbot-widget/chatbot-widget.js` or `chatbot-widget/bot-admin.js` for that.
export { ChatbotWidget } from './widget/chatbot-widget.component.js';
export * from './widget/events.js';
export { BotAdmin } from './admin/bot-admin.component.js';
export type { AdminPanel } from './admin/bot-admin.component.js';
export * from './admin/events.js';
export * from './api/index.js';
export * from './stream/index.js';
export { LANGUAGES, type Language, type WidgetStrings, type WidgetStringOverrides } from './i18n/index.js';
export { THEME_TOKENS, THEMES, type Theme, type ThemeToken } from './themes/tokens.js';
