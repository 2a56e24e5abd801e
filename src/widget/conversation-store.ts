// Persistence of conversations, one per bot id, in sessionStorage (default), localStorage, or nowhere.
// Reading is defensive: a corrupt, foreign or outdated entry is ignored (and replaced on the next save),
// never thrown; writing never throws either (a full or blocked storage just means nothing is kept).
import { isRecord } from '../api/errors.js';
import { parseJsonOrText } from '../api/transport.js';
import {
  ANSWER_STATUSES,
  FAILURE_KINDS,
  FEEDBACK_VALUES,
  LEAD_STATUSES,
  type AnswerMessage,
  type Conversation,
  type Message,
} from './chat-state.js';

/** Where conversations are kept. */
export const STORAGE_KINDS = ['session', 'local', 'none'] as const;
/** Where conversations are kept: for the tab's session, across visits, or not at all. */
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** The part of the Web Storage interface the store uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const VERSION = 1;

/** The storage of a kind, or null for `none` or when the browser refuses it (private modes, sandboxes). */
export function storageFor(kind: StorageKind): KeyValueStorage | null {
  try {
    return kind === 'local' || kind === 'session' ? window[`${kind}Storage`] : null;
  } catch {
    return null;
  }
}

/** The storage key of a bot's conversation. */
export function conversationKey(botId: string): string {
  return `chatbot-widget:conversation:${botId}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

function readMessage(value: unknown): Message | undefined {
  if (!isRecord(value) || !isString(value['id']) || !isString(value['text'])) return undefined;
  // A number a Date can hold (within ±8.64e15 ms; toJSON gives null for any other): a larger one would throw
  // where the message's time is written, and the conversation would not be drawn.
  const time = value['at'];
  const at = typeof time == 'number' && new Date(time).toJSON() ? time : Date.now();
  if (value['role'] === 'user') return { id: value['id'], role: 'user', text: value['text'], at };
  if (value['role'] !== 'assistant' || !isString(value['replyTo']) || !oneOf(ANSWER_STATUSES, value['status'])) {
    return undefined;
  }
  const answer: AnswerMessage = {
    id: value['id'],
    role: 'assistant',
    text: value['text'],
    suggestions: Array.isArray(value['suggestions']) ? value['suggestions'].filter(isString) : [],
    status: value['status'],
    feedback: oneOf(FEEDBACK_VALUES, value['feedback']) ? value['feedback'] : null,
    replyTo: value['replyTo'],
    at,
  };
  if (answer.status === 'failed') answer.failure = oneOf(FAILURE_KINDS, value['failure']) ? value['failure'] : 'service';
  return answer;
}

/**
 * Reads a stored conversation from its JSON text; undefined when it is not a valid one. An answer that was
 * streaming when it was stored is read as streaming: the widget resumes it (or marks it interrupted).
 */
export function parseStoredConversation(json: string | null): Conversation | undefined {
  // Text that is not JSON comes back as a string, which is not a record either.
  const value = parseJsonOrText(json ?? '');
  if (!isRecord(value) || value['version'] !== VERSION || !isString(value['sessionId']) || !value['sessionId']) return undefined;
  const messages = Array.isArray(value['messages']) ? value['messages'].map(readMessage) : [];
  if (messages.includes(undefined)) return undefined;
  const lead = isRecord(value['lead']) ? value['lead'] : {};
  const values = isRecord(lead['values'])
    ? Object.fromEntries(Object.entries(lead['values']).filter((entry): entry is [string, string] => isString(entry[1])))
    : {};
  return {
    sessionId: value['sessionId'],
    messages: messages as Message[],
    lead: { status: oneOf(LEAD_STATUSES, lead['status']) ? lead['status'] : 'open', values },
  };
}

/** The JSON text a conversation is stored as. */
export function serializeConversation(conversation: Conversation): string {
  return JSON.stringify({ version: VERSION, ...conversation });
}

/** Loads a bot's conversation; undefined when there is none or it cannot be read. */
export function loadConversation(storage: KeyValueStorage | null, botId: string): Conversation | undefined {
  if (!storage || !botId) return undefined;
  try {
    return parseStoredConversation(storage.getItem(conversationKey(botId)));
  } catch {
    return undefined;
  }
}

/** Saves a bot's conversation; false when the storage refused it. */
export function saveConversation(storage: KeyValueStorage | null, botId: string, conversation: Conversation): boolean {
  if (!storage || !botId) return false;
  try {
    storage.setItem(conversationKey(botId), serializeConversation(conversation));
    return true;
  } catch {
    return false;
  }
}

/** Forgets a bot's conversation. */
export function clearConversation(storage: KeyValueStorage | null, botId: string): void {
  if (!storage || !botId) return;
  try {
    storage.removeItem(conversationKey(botId));
  } catch {
    // A storage that refuses removal keeps nothing we could still read back wrongly: the next save replaces it.
  }
}
