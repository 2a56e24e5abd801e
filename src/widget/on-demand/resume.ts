// Resuming an answer the widget asked with an idempotency key (the id of its answer message): after a
// reload, on the next page of the site, or when the connection dropped mid-answer. The widget imports this
// module (its own chunk in the script-tag build) only then. It looks the answer up by its key on the route
// that never asks a question (GET /api/chat/answers/events), reads it from its start and drops the text the
// widget already shows, so the answer is finished in place. A service without resumable answers (404, or not
// an event stream) ends it with that error, and the widget keeps the partial answer with Retry.
import { NetworkError } from '../../api/errors.js';
import { resumeAnswerByKey } from '../../api/resumable-answer.js';
import type { ClientOptions } from '../../api/transport.js';
import type { AnswerEvent } from '../../stream/answer-parser.js';
import type { Conversation } from '../chat-state.js';

/** What resuming reads and sets on the widget's chat controller. */
export interface ResumingChat {
  /** The conversation: its session id, and the answer's text the widget shows already. */
  readonly conversation: Conversation;
  /** Whether the answer reconnects: set again before each new lookup, cleared when an event arrives. */
  reconnecting?: boolean;
  /** The element, re-rendered when `reconnecting` is set again. */
  readonly host: { requestUpdate(): void };
}

/** Lookups in a row that end with a dropped connection and bring no new text, before giving up. */
export const RESUME_ATTEMPTS = 4;
/** Wait before the second lookup; each further one doubles it. */
export const FIRST_RESUME_WAIT_MS = 1000;

/**
 * The events of an answer read from its start, without the first `known` characters of its text (what the
 * widget shows already): the rest of the text, then the suggestions and the end.
 */
export async function* afterKnownText(events: AsyncIterable<AnswerEvent>, known: number): AsyncGenerator<AnswerEvent, void> {
  for await (const event of events) {
    if (event.type !== 'text' || known <= 0) {
      yield event;
      continue;
    }
    const skipped = Math.min(known, event.text.length);
    known -= skipped;
    if (skipped < event.text.length) yield { type: 'text', text: event.text.slice(skipped) };
  }
}

// Waits `ms`, or less when the browser comes back online; an abort ends the wait at once (the lookup that
// follows then throws its AbortError).
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, signal.aborted ? 0 : ms);
    globalThis.addEventListener?.('online', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * The rest of the answer `answerId` of the chat's conversation, asked with its id as idempotency key (of the
 * bot and service `options` name, in the conversation's session): looked up by its key, followed live to its
 * end (reconnecting with Last-Event-ID inside one lookup, see resumeAnswerByKey), and looked up again, with a
 * doubling wait, when the connection drops, at most RESUME_ATTEMPTS times in a row without new text. The
 * answer's text in the conversation and `pending` (text received but not shown yet) are what the widget has:
 * they are not yielded again. `chat.reconnecting` is set (and the element re-rendered) before every new try
 * and cleared by every event; `firstWaitMs` is the wait before the second lookup (doubling after it), cut
 * short when the browser comes back online. Anything but a dropped connection (a 404 from a service that
 * keeps no answers, a response that is not an event stream, a cut-off answer) ends it with its error.
 */
export async function* resumeAnswerEvents(
  chat: ResumingChat,
  options: ClientOptions & { botId: string },
  answerId: string,
  pending: string,
  signal: AbortSignal,
  firstWaitMs = FIRST_RESUME_WAIT_MS,
): AsyncGenerator<AnswerEvent, void> {
  const reconnecting = () => {
    chat.reconnecting = true;
    chat.host.requestUpdate();
  };
  const { sessionId } = chat.conversation;
  // Looked up here rather than with chat-state's findMessage, which the always-loaded widget would then export.
  let known = (chat.conversation.messages.find((message) => message.id === answerId)?.text.length ?? 0) + pending.length;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      reconnecting();
      await pause(firstWaitMs * 2 ** (attempt - 2), signal);
    }
    try {
      const events = resumeAnswerByKey(options, { botId: options.botId, idempotencyKey: answerId }, { sessionId, signal, onReconnect: reconnecting });
      for await (const event of afterKnownText(events, known)) {
        chat.reconnecting = false;
        if (event.type === 'text') {
          known += event.text.length;
          attempt = 1;
        }
        yield event;
      }
      return;
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt >= RESUME_ATTEMPTS) throw error;
    }
  }
}
