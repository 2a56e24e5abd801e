// The events <chatbot-widget> fires: one class each, all bubbling out of the shadow root (composed), all
// named with the `chatbot-` prefix because the widget lives on other people's pages.
import type { FailureKind, FeedbackValue, UnavailableReason } from './chat-state.js';

const init = (cancelable = false): EventInit => ({ bubbles: true, composed: true, cancelable });

/** The panel opened (launcher mode). */
export class ChatbotOpenEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-open';
  /** Creates the event. */
  constructor() {
    super(ChatbotOpenEvent.eventName, init());
  }
}

/** The panel closed (launcher mode). */
export class ChatbotCloseEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-close';
  /** Creates the event. */
  constructor() {
    super(ChatbotCloseEvent.eventName, init());
  }
}

/** A question was sent to the service. */
export class ChatbotMessageSentEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-message-sent';
  /** Creates the event for a question. */
  constructor(
    /** The question's text. */
    readonly message: string,
    /** The question's message id. */
    readonly messageId: string,
    /** The conversation's session id. */
    readonly sessionId: string,
  ) {
    super(ChatbotMessageSentEvent.eventName, init());
  }
}

/** An answer finished streaming. */
export class ChatbotAnswerCompleteEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-answer-complete';
  /** Creates the event for a finished answer. */
  constructor(
    /** The answer text (Markdown). */
    readonly answer: string,
    /** The suggested follow-up questions. */
    readonly suggestions: readonly string[],
    /** The question it answers. */
    readonly question: string,
    /** The answer's message id. */
    readonly messageId: string,
    /** The conversation's session id. */
    readonly sessionId: string,
  ) {
    super(ChatbotAnswerCompleteEvent.eventName, init());
  }
}

/** The visitor picked a suggested question; cancel it (preventDefault) to keep it from being sent. */
export class ChatbotSuggestionSelectEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-suggestion-select';
  /** Creates the event for a picked question. */
  constructor(
    /** The picked question. */
    readonly question: string,
  ) {
    super(ChatbotSuggestionSelectEvent.eventName, init(true));
  }
}

/** Something failed: loading the bot, an answer, or sending the lead form. */
export class ChatbotErrorEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-error';
  /** Creates the event for a failure. */
  constructor(
    /** What was being done. */
    readonly operation: 'load-bot' | 'answer' | 'lead',
    /** What kind of failure it is. */
    readonly kind: FailureKind | UnavailableReason,
    /** The error itself (a client error from the API layer, or another Error). */
    readonly error: Error,
  ) {
    super(ChatbotErrorEvent.eventName, init());
  }
}

/** The visitor sent the lead form. */
export class ChatbotLeadSubmitEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-lead-submit';
  /** Creates the event for sent lead-form values. */
  constructor(
    /** The values by field (`name`, `email`, `phone`, `company`). */
    readonly fields: Readonly<Record<string, string>>,
    /** The bot id. */
    readonly botId: string,
    /** The conversation's session id. */
    readonly sessionId: string,
    /** Whether the service stored it (false when it offers no lead endpoint or the request failed). */
    readonly delivered: boolean,
  ) {
    super(ChatbotLeadSubmitEvent.eventName, init());
  }
}

/** The visitor rated an answer (thumbs up or down) or took the rating back (`value` null). */
export class ChatbotFeedbackEvent extends Event {
  /** The event's name. */
  static readonly eventName = 'chatbot-feedback';
  /** Creates the event for a rating. */
  constructor(
    /** The rating, or null when withdrawn. */
    readonly value: FeedbackValue | null,
    /** The answer's message id. */
    readonly messageId: string,
    /** The rated answer text. */
    readonly answer: string,
    /** The question it answered. */
    readonly question: string,
    /** The conversation's session id. */
    readonly sessionId: string,
  ) {
    super(ChatbotFeedbackEvent.eventName, init());
  }
}

/** Every event of the widget by name (for GlobalEventHandlersEventMap). */
export interface ChatbotWidgetEventMap {
  'chatbot-open': ChatbotOpenEvent;
  'chatbot-close': ChatbotCloseEvent;
  'chatbot-message-sent': ChatbotMessageSentEvent;
  'chatbot-answer-complete': ChatbotAnswerCompleteEvent;
  'chatbot-suggestion-select': ChatbotSuggestionSelectEvent;
  'chatbot-error': ChatbotErrorEvent;
  'chatbot-lead-submit': ChatbotLeadSubmitEvent;
  'chatbot-feedback': ChatbotFeedbackEvent;
}
