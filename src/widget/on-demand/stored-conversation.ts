// Reading a stored conversation back: only a visitor who comes back to a conversation (another page of the
// site, a reload) needs it, so it is a chunk of its own, loaded when the storage holds one. Reading is
// defensive: a corrupt, foreign or outdated entry is ignored (and replaced on the next save), never thrown.
import { isRecord } from '../../api/errors.js';
import {
  ANSWER_STATUSES,
  FAILURE_KINDS,
  FEEDBACK_VALUES,
  LEAD_STATUSES,
  failAnswer,
  type AnswerMessage,
  type Conversation,
  type Message,
} from '../chat-state.js';
import { STORED_VERSION } from '../conversation-store.js';

/** The answer being written, if any. */
function streamingAnswer(conversation: Conversation): AnswerMessage | undefined {
  const last = conversation.messages.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming' ? last : undefined;
}

/**
 * A conversation restored from storage: an answer that was still streaming when the page went away is
 * marked interrupted (it can be retried).
 */
function recoverConversation(conversation: Conversation): Conversation {
  const streaming = streamingAnswer(conversation);
  return streaming ? failAnswer(conversation, streaming.id, 'interrupted') : conversation;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

function readMessage(value: unknown): Message | undefined {
  if (!isRecord(value) || !isString(value['id']) || !isString(value['text'])) return undefined;
  const at = Number.isFinite(value['at']) ? (value['at'] as number) : Date.now();
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

/** Reads a stored conversation from its JSON text; undefined when it is not a valid one. */
export function parseStoredConversation(json: string | null): Conversation | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value['version'] !== STORED_VERSION || !isString(value['sessionId']) || !value['sessionId']) return undefined;
  const messages = Array.isArray(value['messages']) ? value['messages'].map(readMessage) : [];
  if (messages.some((message) => message === undefined)) return undefined;
  const lead = isRecord(value['lead']) ? value['lead'] : {};
  const values = isRecord(lead['values'])
    ? Object.fromEntries(Object.entries(lead['values']).filter((entry): entry is [string, string] => isString(entry[1])))
    : {};
  return recoverConversation({
    sessionId: value['sessionId'],
    messages: messages as Message[],
    lead: { status: oneOf(LEAD_STATUSES, lead['status']) ? lead['status'] : 'open', values },
  });
}

