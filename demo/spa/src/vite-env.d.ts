/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the chatbot service. */
  readonly VITE_CHATBOT_BASE_URL?: string;
  /** The id of the bot to chat with. */
  readonly VITE_CHATBOT_BOT_ID?: string;
}
