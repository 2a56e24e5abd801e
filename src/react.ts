// Both React components in one entry. An app that uses one element should import
// its own entry (`chatbot-widget/react/chatbot-widget.js` or `chatbot-widget/react/bot-admin.js`): this one
// registers both tags, so a bundle that only chats still carries the admin and zod.
export { ChatbotWidget, type ChatbotWidgetProps, type EventProps } from './react/chatbot-widget.js';
export { BotAdmin, type BotAdminProps } from './react/bot-admin.js';
