// The English strings of <chatbot-widget>: the source of truth every other language pack follows.

/** Every visible string of the widget; entries that depend on a number or a name are functions. */
export interface WidgetStrings {
  /** BCP 47 tag of the language, used for `lang` and for the times of messages. */
  lang: string;
  /**
   * The hours and minutes of a message's time. The widget's own packs leave it out: their language's clock is
   * written by `clockTime` (src/i18n/clock.ts); a site's own pack has it from `Intl.DateTimeFormat`.
   */
  time?: (at: Date) => string;
  /** Writing direction of the language. */
  dir: 'ltr' | 'rtl';
  /** Label of the launcher bubble while the panel is closed. */
  openChat: string;
  /** Label of the launcher bubble while the panel is closed and an answer came in unseen. */
  openChatUnread: string;
  /** Label of the button that dismisses the greeting teaser beside the closed launcher. */
  dismiss: string;
  /** Label of the launcher bubble and of the close button while the panel is open. */
  closeChat: string;
  /** Title of the panel when the bot has no name (yet). */
  title: string;
  /** Shown while the bot's information loads. */
  loading: string;
  /** Label of the button that starts a new conversation. */
  newConversation: string;
  /** Accessible name of the scrolling conversation region. */
  conversation: string;
  /** Greeting in an empty conversation. */
  greeting: (botName: string) => string;
  /** Accessible label of the message field. */
  messageLabel: string;
  /** Placeholder of the message field. */
  placeholder: string;
  /** Label of the send button. */
  send: string;
  /** Label of the button that stops the answer being written. */
  stop: string;
  /** Label of the microphone button (speech recognition writes into the message field); pressed while listening. */
  voiceInput: string;
  /** Label of the button that asks for an answer again. */
  retry: string;
  /** Label of the button that copies an answer. */
  copyAnswer: string;
  /** Label of the button that reads an answer aloud (speech synthesis), or stops reading it. */
  readAloud: string;
  /** Label of the button that copies a code block. */
  copyCode: string;
  /** Announced after something was copied. */
  copied: string;
  /** Label of the thumbs-up button. */
  helpful: string;
  /** Label of the thumbs-down button. */
  notHelpful: string;
  /** Accessible name of the suggested questions toolbar. */
  suggestions: string;
  /** Label of the button that scrolls to the newest message. */
  jumpToLatest: string;
  /** Hidden sender label of the visitor's messages. */
  you: string;
  /** Hidden label of an answer still being written. */
  writing: string;
  /** Note under an answer the visitor stopped. */
  stopped: string;
  /** Quiet note under an answer whose connection is being restored (after a reload or a dropped connection). */
  reconnecting: string;
  /** Note under an answer that broke off or never came. */
  failed: string;
  /** Failure text when the service could not be reached. */
  errorNetwork: string;
  /** Failure text for any other failure. */
  errorGeneric: string;
  /** Failure text when the stream ended without any answer text. */
  errorEmpty: string;
  /** State shown when the bot is switched off. */
  botDeactivated: string;
  /** State shown when the bot id is unknown. */
  botUnknown: string;
  /** State shown when the bot has no messages left; also under an answer refused for too many messages (429). */
  noMessagesLeft: string;
  /** State shown when the bot may not be used on this website. */
  originNotAllowed: string;
  /** State shown when the credentials were refused. */
  unauthorized: string;
  /** State shown when the bot's information could not be loaded. */
  loadFailed: string;
  /** Announcement of a finished answer. */
  answered: (botName: string, answer: string) => string;
  /** Small print under the message field. */
  disclaimer: string;
}

/** English, the source of truth. */
const en: WidgetStrings = {
  lang: 'en',
  dir: 'ltr',
  openChat: 'Open chat',
  openChatUnread: 'Open chat (new answer)',
  dismiss: 'Dismiss',
  closeChat: 'Close chat',
  title: 'Chat',
  loading: 'Loading…',
  newConversation: 'New conversation',
  conversation: 'Conversation',
  greeting: (botName) => `Hi! I'm ${botName}. How can I help you today?`,
  messageLabel: 'Message',
  placeholder: 'Ask a question…',
  send: 'Send',
  stop: 'Stop',
  voiceInput: 'Voice input',
  retry: 'Retry',
  copyAnswer: 'Copy answer',
  readAloud: 'Read aloud',
  copyCode: 'Copy code',
  copied: 'Copied',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  suggestions: 'Suggested questions',
  jumpToLatest: 'Jump to latest',
  you: 'You',
  writing: 'Writing an answer…',
  stopped: 'Stopped.',
  reconnecting: 'Reconnecting…',
  failed: 'The answer did not arrive completely.',
  errorNetwork: 'Could not reach the service. Check your connection and try again.',
  errorGeneric: 'Something went wrong. Please try again.',
  errorEmpty: 'No answer came back. Please try again.',
  botDeactivated: 'This assistant is switched off at the moment.',
  botUnknown: 'This assistant could not be found.',
  noMessagesLeft: 'This assistant cannot answer any more messages right now. Please come back later.',
  originNotAllowed: 'This assistant is not available on this website.',
  unauthorized: 'This assistant could not confirm access.',
  loadFailed: 'The assistant could not be loaded.',
  answered: (botName, answer) => `${botName}: ${answer}`,
  disclaimer: 'Answers are generated automatically and may contain mistakes.',
};
export default en;
