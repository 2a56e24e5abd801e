// The conversation as plain data and the pure transitions on it. No DOM, no Lit, no network: the chat
// controller drives these, the component renders the result, the store persists it.
import type { ChatMessage } from '../api/index.js';
import type { WidgetBot } from '../api/widget-bot.js';

/** Lead-form settings as the service sent them (see WidgetBot). */
type LeadSettings = WidgetBot['collect_customer_info'];

/** States of an answer. */
export const ANSWER_STATUSES = ['streaming', 'complete', 'stopped', 'failed'] as const;
/** The state of an answer: being written, finished, stopped by the visitor, or failed. */
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** Why a bot cannot be chatted with. */
export const UNAVAILABLE_REASONS = ['deactivated', 'unknown', 'no-messages', 'origin', 'unauthorized', 'load-failed'] as const;
/** Why a bot cannot be chatted with. */
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** Why an answer failed. */
export const FAILURE_KINDS = ['network', 'service', 'empty', 'interrupted', 'rate-limited', ...UNAVAILABLE_REASONS] as const;
/**
 * Why an answer failed: no connection, a service error, nothing came, it broke off, too many messages for
 * now (429), or the bot is unavailable.
 */
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Feedback values of an answer. */
export const FEEDBACK_VALUES = ['up', 'down'] as const;
/** Thumbs up or down. */
export type FeedbackValue = (typeof FEEDBACK_VALUES)[number];

/** A message the visitor sent. */
export interface QuestionMessage {
  /** Unique id. */
  id: string;
  /** Who wrote it. */
  role: 'user';
  /** The text as typed. */
  text: string;
  /** When it was sent (ms since the epoch). */
  at: number;
}

/** An answer of the bot. */
export interface AnswerMessage {
  /** Unique id. */
  id: string;
  /** Who wrote it. */
  role: 'assistant';
  /** The answer text (Markdown) without stream markers and suggestions. */
  text: string;
  /** Suggested follow-up questions. */
  suggestions: string[];
  /** Where the answer stands. */
  status: AnswerStatus;
  /** Why it failed, when `status` is `failed`. */
  failure?: FailureKind;
  /** The visitor's feedback. */
  feedback: FeedbackValue | null;
  /** Id of the question it answers. */
  replyTo: string;
  /** When it was started (ms since the epoch). */
  at: number;
}

/** A message of the conversation. */
export type Message = QuestionMessage | AnswerMessage;

/** States of the lead form. */
export const LEAD_STATUSES = ['open', 'submitted'] as const;
/** The lead form: still to fill in, or sent. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The lead form's state, persisted with the conversation. */
export interface LeadState {
  /** Whether it was sent. */
  status: LeadStatus;
  /** Values typed so far, by field. */
  values: Record<string, string>;
}

/** One conversation with a bot. */
export interface Conversation {
  /** The session id sent with every message (a client-made UUID). */
  sessionId: string;
  /** The messages in order. */
  messages: Message[];
  /** The lead form. */
  lead: LeadState;
}

/** Lead-form fields in display order. */
export const LEAD_FORM_FIELDS = ['name', 'email', 'phone', 'company'] as const;
/** A lead-form field. */
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number];

/**
 * A random UUID (v4): `crypto.randomUUID`, else (it is missing on pages served without TLS) one made from
 * `crypto.getRandomValues`, which every page has. The first is a fraction of the second's cost on the first call,
 * made while the widget loads.
 */
export function createId(): string {
  if (crypto.randomUUID) return crypto.randomUUID();
  // Each 0 and 1 of the template becomes a random hex digit, the 8 a random variant digit (8 to b).
  const bytes = crypto.getRandomValues(new Uint8Array(36));
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit, index: number) =>
    (+digit ^ (bytes[index]! & (15 >> (+digit / 4)))).toString(16),
  );
}

/** An empty conversation with a new session id. */
export function emptyConversation(sessionId = createId()): Conversation {
  return { sessionId, messages: [], lead: { status: 'open', values: {} } };
}

function mapAnswer(conversation: Conversation, id: string, change: (answer: AnswerMessage) => AnswerMessage): Conversation {
  let changed = false;
  const messages = conversation.messages.map((message) => {
    if (message.id !== id || message.role !== 'assistant') return message;
    const next = change(message);
    changed ||= next !== message;
    return next;
  });
  return changed ? { ...conversation, messages } : conversation;
}

/** Adds a question and the (empty, streaming) answer to it. */
export function addQuestion(
  conversation: Conversation,
  question: { id: string; text: string; at: number },
  answerId: string,
): Conversation {
  const asked: QuestionMessage = { role: 'user', ...question };
  const answer: AnswerMessage = {
    id: answerId,
    role: 'assistant',
    text: '',
    suggestions: [],
    status: 'streaming',
    feedback: null,
    replyTo: question.id,
    at: question.at,
  };
  return { ...conversation, messages: [...conversation.messages, asked, answer] };
}

/** Appends streamed text to an answer that is still being written. */
export function appendAnswerText(conversation: Conversation, answerId: string, text: string): Conversation {
  if (!text) return conversation;
  return mapAnswer(conversation, answerId, (answer) =>
    answer.status === 'streaming' ? { ...answer, text: answer.text + text } : answer,
  );
}

/** Sets the suggested questions of an answer (blank and duplicate questions dropped). */
export function setSuggestions(conversation: Conversation, answerId: string, questions: readonly string[]): Conversation {
  const unique = [...new Set(questions.map((question) => question.trim()).filter(Boolean))];
  return mapAnswer(conversation, answerId, (answer) => ({ ...answer, suggestions: unique }));
}

/** Marks a streaming answer complete; an answer that ended without any text fails as `empty`. */
export function completeAnswer(conversation: Conversation, answerId: string): Conversation {
  return mapAnswer(conversation, answerId, (answer) => {
    if (answer.status !== 'streaming') return answer;
    return answer.text.trim() ? { ...answer, status: 'complete' } : { ...answer, status: 'failed', failure: 'empty' };
  });
}

/** Stops a streaming answer, keeping what was written so far. */
export function stopAnswer(conversation: Conversation, answerId: string): Conversation {
  return mapAnswer(conversation, answerId, (answer) =>
    answer.status === 'streaming' ? { ...answer, status: 'stopped' } : answer,
  );
}

/** Fails a streaming answer, keeping what was written so far; text already written makes it `interrupted`. */
export function failAnswer(conversation: Conversation, answerId: string, failure: FailureKind): Conversation {
  return mapAnswer(conversation, answerId, (answer) => {
    if (answer.status !== 'streaming') return answer;
    const kind = answer.text.trim() && (failure === 'network' || failure === 'service') ? 'interrupted' : failure;
    return { ...answer, status: 'failed', failure: kind };
  });
}

/** Replaces a stopped or failed answer with a fresh streaming one for the same question. */
export function restartAnswer(conversation: Conversation, answerId: string, nextId: string, at: number): Conversation {
  return mapAnswer(conversation, answerId, (answer) => {
    if (answer.status !== 'stopped' && answer.status !== 'failed') return answer;
    return { id: nextId, role: 'assistant', text: '', suggestions: [], status: 'streaming', feedback: null, replyTo: answer.replyTo, at };
  });
}

/** Sets or clears the visitor's feedback on a finished answer. */
export function setFeedback(conversation: Conversation, answerId: string, feedback: FeedbackValue | null): Conversation {
  return mapAnswer(conversation, answerId, (answer) => (answer.feedback === feedback ? answer : { ...answer, feedback }));
}

/** The answer being written, if any. */
export function streamingAnswer(conversation: Conversation): AnswerMessage | undefined {
  const last = conversation.messages.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming' ? last : undefined;
}

/** Finds a message by id. */
export function findMessage(conversation: Conversation, id: string): Message | undefined {
  return conversation.messages.find((message) => message.id === id);
}

/**
 * The `chat_history` sent with a question: every earlier question with the answer it got, as the service
 * wants it (an assistant turn is the answer text, Markdown kept, without markers or suggestions). Questions
 * whose answer has no text are left out, and so is everything from `beforeId` on.
 */
export function chatHistory(conversation: Conversation, beforeId?: string): ChatMessage[] {
  const history: ChatMessage[] = [];
  const questions = new Map<string, QuestionMessage>();
  for (const message of conversation.messages) {
    if (message.id === beforeId) break;
    if (message.role === 'user') {
      questions.set(message.id, message);
      continue;
    }
    const question = questions.get(message.replyTo);
    if (!question || !message.text.trim() || message.status === 'streaming') continue;
    history.push({ sender_type: 'user', content: question.text }, { sender_type: 'assistant', content: message.text });
  }
  return history;
}

/** How many answers have been completed. */
export function completedAnswers(conversation: Conversation): number {
  return conversation.messages.filter((message) => message.role === 'assistant' && message.status === 'complete').length;
}

/** The lead-form fields a bot asks for (keys set to true), in display order. */
export function leadFields(info: LeadSettings | null | undefined): LeadFormField[] {
  if (!info) return [];
  return LEAD_FORM_FIELDS.filter((field) => info[field] === true);
}

/** How many answers come before the lead form (`numberShowing`, read as a whole number ≥ 0; 0 when missing). */
export function leadThreshold(info: LeadSettings | null | undefined): number {
  return Math.max(0, Math.floor(Number(info?.['numberShowing'] ?? 0)) || 0);
}

/** Whether the lead form is shown now: the bot asks for fields and `numberShowing` answers are done. */
export function leadFormDue(conversation: Conversation, info: LeadSettings | null | undefined): boolean {
  return leadFields(info).length > 0 && completedAnswers(conversation) >= leadThreshold(info);
}

/** Whether the lead form waits to be filled in (due and not sent): new questions wait until it is. */
export function leadFormBlocking(conversation: Conversation, info: LeadSettings | null | undefined): boolean {
  return conversation.lead.status === 'open' && leadFormDue(conversation, info);
}


/** A new, empty conversation with a new session id; a lead form already sent stays sent. */
export function startOver(conversation: Conversation): Conversation {
  const next = emptyConversation();
  return conversation.lead.status === 'submitted' ? { ...next, lead: conversation.lead } : next;
}
