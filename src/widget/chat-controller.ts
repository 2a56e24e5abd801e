// Owns the widget's async state: the bot's information, the conversation, and the one answer being
// streamed. One AbortController per request; every result checks that it still belongs to the current
// request (stale responses are dropped); streamed text is batched and handed to the element at most once per
// animation frame (every fourth frame while it arrives slowly); questions asked before the bot is ready, while
// an answer streams or while the lead form waits are queued in order, never lost.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { AbortError, ApiError, NetworkError } from '../api/errors.js';
import type { WidgetBot } from '../api/widget-bot.js';
import { createFixedCredentialTransport } from '../api/transport.js';
import { widgetClientOver, type WidgetClient } from '../api/widget-client.js';
import {
  addQuestion,
  appendAnswerText,
  chatHistory,
  completeAnswer,
  createId,
  emptyConversation,
  failAnswer,
  findMessage,
  leadFormBlocking,
  restartAnswer,
  setFeedback,
  setSuggestions,
  startOver,
  stopAnswer,
  streamingAnswer,
  type AnswerMessage,
  type Conversation,
  type FailureKind,
  type FeedbackValue,
  type UnavailableReason,
  UNAVAILABLE_REASONS,
} from './chat-state.js';
import { loadConversation, saveConversation, storageFor, type StorageKind } from './conversation-store.js';
import {
  ChatbotAnswerCompleteEvent,
  ChatbotErrorEvent,
  ChatbotFeedbackEvent,
  ChatbotMessageSentEvent,
} from './events.js';

/** Per-request settings a host may send instead of the bot's own (the admin preview uses them). */
export interface ChatSettings {
  /** Prompt overriding the bot's own. */
  custom_prompt?: string;
  /** Language model name. */
  gpt_model_name?: string;
  /** Sampling temperature (0..1). */
  temperature?: number;
  /** Rules for the answer. */
  rules?: string[];
  /** Whether answers cite their sources. */
  is_enable_citation?: boolean;
  /** Text shown when an answer fails, instead of the bot's own; shown only, never sent to the service. */
  custom_error_message?: string;
}

/** Everything the controller needs to know about where and how to chat. */
export interface ChatConfig {
  /** The bot's id. */
  botId: string;
  /** Base address of the service. */
  baseUrl: string;
  /** Bearer token, if any. */
  token?: string;
  /** API key, if any. */
  apiKey?: string;
  /** Where the API key goes. */
  apiKeyHeader?: 'authorization' | 'chatfly-api-key';
  /** The fetch to use (tests and advanced hosts). */
  fetch?: typeof fetch;
  /** The `type_qa` sent with each question. */
  typeQa?: string;
  /** Where the conversation is kept. */
  storage: StorageKind;
  /** Per-request settings overriding the bot's. */
  settings?: ChatSettings;
}

/** States of the bot's information. */
export const BOT_STATUSES = ['idle', 'loading', 'ready', 'unavailable'] as const;
/** Whether the bot is not configured yet, loading, ready to chat, or unavailable. */
export type BotStatus = (typeof BOT_STATUSES)[number];

/** What the controller tells its element besides re-rendering. */
export interface ChatControllerCallbacks {
  /** An answer has settled (complete, stopped or failed): time to announce it once. */
  onAnswerSettled?(answer: AnswerMessage): void;
  /** An answer started to reconnect (after a reload or a dropped connection): time to say so once. */
  onReconnecting?(): void;
  /**
   * Answer text has arrived, before it is drawn (frame by frame). A promise returned says what the drawing
   * waits for (for at most HOLD_LIMIT ms), once the answer's first words are drawn.
   */
  onAnswerText?(text: string): Promise<unknown> | undefined;
}

/** Sorts an error of the client into a failure kind the widget can explain. */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof ApiError) {
    const code = Number(error.messageCode);
    if (error.status === 429) return 'rate-limited';
    if (code === 1003) return 'deactivated';
    if (code === 1004 || error.status === 402) return 'no-messages';
    if (code === 1005) return 'origin';
    if (code === 1006 || error.status === 404) return 'unknown';
    if (code === 1002 || error.status === 401 || error.status === 403) return 'unauthorized';
    return 'service';
  }
  if (error instanceof NetworkError) return 'network';
  return 'service';
}

/** Most answer characters rendered in one animation frame. */
const FRAME_TEXT_LIMIT = 2000;
/**
 * Least time between two renders of an answer that streams slowly (ms): every fourth frame at 60 Hz, about 15
 * renders a second. At 50 tokens a second nearly every token would otherwise be a frame of its own, and a
 * frame (style, layout, paint) costs far more than the words it adds: at 32 ms (every second frame) the
 * widget spent 0.58 to 0.62 ms of main thread per token over plain text, at 48 ms (every third) 0.01 to 0.29,
 * at 64 ms −0.07 to −0.02 (three A/B pairs, widget ÷ plain text 1.01 to 1.22 against 0.94 to 0.99).
 */
const MIN_FRAME_INTERVAL = 64;
/**
 * How long before a render is due (ms) the timer that waits for it asks for a frame: half a frame at 60 Hz, so
 * that a timer firing a few milliseconds early or late still gets the frame due. The wait is a timer rather
 * than frame after frame: an animation frame that draws nothing still runs its whole lifecycle, 0.3 to 0.4 ms
 * of main thread where a timer costs about 0.15 (measured in headless Chromium), and at 50 tokens a second
 * those empty frames were two in every three.
 */
const FRAME_REQUEST_LEAD = 8;
/**
 * Most characters of the first render of an answer, which happens at once rather than in a frame. The frames
 * after it may each draw half as much again as the one before, up to FRAME_TEXT_LIMIT (300, 450, 675, 1,012,
 * 1,518, then 2,000): the first blocks of each kind cost the most to draw (their templates prepared, their
 * fonts laid out for the first time), and starting small spreads that over several frames. Growing by half
 * rather than doubling: longest tasks of 53 to 68 ms against 64 to 75 ms in a burst of 8,000 tokens.
 */
const FIRST_TEXT_LIMIT = 300;
/** Longest wait (ms) for what the element asked the drawing of an answer to wait for. */
const HOLD_LIMIT = 500;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** The chat's async state, driven by the element and rendered by it. */
export class ChatController implements ReactiveController {
  /** Where the bot's information stands. */
  status: BotStatus = 'idle';
  /** Why the bot cannot be used, when `status` is `unavailable`. */
  unavailableReason: UnavailableReason | undefined;
  /** The bot, once loaded. */
  bot: WidgetBot | undefined;
  /** The conversation. */
  conversation: Conversation = emptyConversation();

  #config: ChatConfig | undefined;
  #configKey = '';
  #client: WidgetClient | undefined;
  #loadAbort: AbortController | undefined;
  #answerAbort: AbortController | undefined;
  #activeAnswerId: string | undefined;
  #queue: string[] = [];
  #pendingText = '';
  #frame = 0;
  /** The timer waiting out MIN_FRAME_INTERVAL before a frame is asked for. */
  #wait: ReturnType<typeof setTimeout> | undefined;
  #persistOnLeave = () => this.persist();

  /** Whether the answer being streamed is reconnecting (after a reload or a dropped connection). */
  reconnecting?: boolean;

  /** Attaches the controller to its element. */
  constructor(
    /** The element the controller drives (its events are fired on it; the resume and lead-form modules re-render it). */
    readonly host: ReactiveControllerHost & HTMLElement,
    callbacks: ChatControllerCallbacks = {},
  ) {
    this.#callbacks = callbacks;
    host.addController(this);
  }

  #callbacks: ChatControllerCallbacks;

  /** The configuration applied last, if any. */
  get config(): ChatConfig | undefined {
    return this.#config;
  }

  /** Whether an answer is being streamed (here, or in another tab of the same conversation). */
  get busy(): boolean {
    return !!streamingAnswer(this.conversation);
  }

  /** Questions waiting to be sent. */
  get queued(): readonly string[] {
    return this.#queue;
  }

  /** Whether the lead form must be sent before the next question. */
  get leadBlocking(): boolean {
    return this.status === 'ready' && leadFormBlocking(this.conversation, this.bot?.collect_customer_info);
  }

  /** @internal */
  hostConnected(): void {
    window.addEventListener('pagehide', this.#persistOnLeave);
    if (this.#config && !this.#configKey) this.configure(this.#config);
  }

  /** @internal */
  hostDisconnected(): void {
    window.removeEventListener('pagehide', this.#persistOnLeave);
    this.#loadAbort?.abort();
    // An answer still streaming is stored as streaming, to be resumed where a widget loads this conversation.
    this.#flushText();
    this.persist();
    this.#answerAbort?.abort();
    this.#activeAnswerId = undefined;
    this.status = 'idle';
    this.#configKey = '';
  }

  /** Applies the element's configuration; a different bot, service or credential reloads everything. */
  configure(config: ChatConfig): void {
    const key = JSON.stringify([config.botId, config.baseUrl, config.token, config.apiKey, config.apiKeyHeader, config.storage]);
    const changed = key !== this.#configKey || config.fetch !== this.#clientFetch;
    // The answer being streamed is stopped (and saved) under the old configuration before it is replaced.
    if (changed && this.#activeAnswerId) this.stop();
    this.#config = config;
    if (!changed) return;
    this.#configKey = key;
    this.#clientFetch = config.fetch;
    this.load();
  }

  #clientFetch: typeof fetch | undefined;

  /** Loads (or reloads) the bot's information and the stored conversation. */
  load(): void {
    const config = this.#config;
    this.#loadAbort?.abort();
    if (this.#activeAnswerId) this.stop();
    this.bot = undefined;
    this.unavailableReason = undefined;
    if (!config || !config.botId || !config.baseUrl || !this.host.isConnected) {
      this.status = 'idle';
      this.host.requestUpdate();
      return;
    }
    // A blank token or API key counts as none in the transport, as an absent one does.
    this.#client = widgetClientOver(createFixedCredentialTransport(config));
    this.conversation = loadConversation(storageFor(config.storage), config.botId) ?? emptyConversation();
    // An answer that was streaming when the last page went away is resumed where it was; with
    // storage="local", the tabs of the conversation first agree which one of them fetches it.
    if (config.storage === 'local') {
      void import('./on-demand/tab-sync.js').then(
        (module) => module.syncTabs(this, config.botId),
        () => this.resume(),
      );
    } else this.resume();
    this.status = 'loading';
    this.host.requestUpdate();
    const abort = new AbortController();
    this.#loadAbort = abort;
    this.#client.getBotInformation(config.botId, { signal: abort.signal }).then(
      (bot) => {
        if (this.#loadAbort !== abort) return;
        this.bot = bot;
        // No count (null) means the service does not say: messages are left.
        const reason: UnavailableReason | undefined = !bot.is_activate ? 'deactivated' : (bot.num_message_left ?? 1) <= 0 ? 'no-messages' : undefined;
        this.status = reason ? 'unavailable' : 'ready';
        this.unavailableReason = reason;
        this.host.requestUpdate();
        this.drain();
      },
      (error: unknown) => {
        // The client rejects a cancelled call with its AbortError, whatever the fetch in use threw.
        if (this.#loadAbort !== abort || error instanceof AbortError) return;
        const kind = classifyFailure(error);
        const reason = UNAVAILABLE_REASONS.includes(kind as UnavailableReason) ? (kind as UnavailableReason) : 'load-failed';
        this.status = 'unavailable';
        this.unavailableReason = reason;
        this.host.requestUpdate();
        this.host.dispatchEvent(new ChatbotErrorEvent('load-bot', reason, asError(error)));
      },
    );
  }

  /** Sends a question; queued when the bot is still loading, an answer streams, or the lead form waits. */
  send(text: string): boolean {
    const question = text.trim();
    if (!question || this.status === 'unavailable') return false;
    if (this.status !== 'ready' || this.busy || this.leadBlocking || this.#queue.length > 0) {
      this.#queue.push(question);
      this.host.requestUpdate();
      return true;
    }
    this.#ask(question);
    return true;
  }

  #ask(question: string): void {
    const questionId = createId();
    const answerId = createId();
    const history = chatHistory(this.conversation);
    this.conversation = addQuestion(this.conversation, { id: questionId, text: question, at: Date.now() }, answerId);
    this.persist();
    this.host.dispatchEvent(new ChatbotMessageSentEvent(question, questionId, this.conversation.sessionId));
    void this.#stream(answerId, question, history);
  }

  /**
   * Goes on with the conversation as it now is (loaded, or changed in another tab): resumes its streaming
   * answer unless this widget streams it already, or sends the questions that wait.
   */
  resume(): void {
    const streaming = streamingAnswer(this.conversation);
    if (!streaming) this.drain();
    else if (!this.#activeAnswerId) void this.#stream(streaming.id, findMessage(this.conversation, streaming.replyTo)?.text ?? '');
  }

  /** Sends the questions that waited, as far as they may go now, and re-renders. */
  drain(): void {
    while (this.#queue.length > 0 && this.status === 'ready' && !this.busy && !this.leadBlocking) {
      this.#ask(this.#queue.shift()!);
    }
    this.host.requestUpdate();
  }

  // Asks with `history`; without it the answer was asked already (by its id, its idempotency key) and is
  // resumed by that key (./on-demand/resume.ts), quietly saying so: after a reload, on the next page, or when
  // the connection dropped mid-answer (`dropped`: what the answer fails with if it cannot be resumed).
  async #stream(answerId: string, question: string, history?: ReturnType<typeof chatHistory>, dropped?: unknown): Promise<void> {
    const config = this.#config;
    const client = this.#client;
    if (!config || !client) return;
    const abort = new AbortController();
    this.#answerAbort = abort;
    this.#activeAnswerId = answerId;
    this.host.requestUpdate();
    if ((this.reconnecting = !history)) this.#callbacks.onReconnecting?.();
    let suggestions: string[] = [];
    try {
      let events;
      if (history) {
        // Only the host's explicit settings are sent: the bot's own apply otherwise (and a visitor does not
        // even see its prompt and rules, so sending what the bot information says would blank them).
        const { custom_error_message: _shownOnly, ...settings } = config.settings ?? {};
        events = client.streamAnswer(
          {
            ...settings,
            bot_id: config.botId,
            message: question,
            chat_history: history,
            session_id: this.conversation.sessionId,
            message_id: answerId,
            ...(config.typeQa ? { type_qa: config.typeQa } : {}),
          },
          { signal: abort.signal },
        );
      } else {
        // A module import that fails offline is not tried again on this page: it waits for the network.
        if (!navigator.onLine) await new Promise((resolve) => addEventListener('online', resolve, { once: true }));
        events = await import('./on-demand/resume.js').then((module) => module.resumeAnswerEvents(this, config, answerId, this.#pendingText, abort.signal));
      }
      for await (const event of events) {
        if (this.#activeAnswerId !== answerId) return;
        if (event.type === 'text') this.#bufferText(answerId, event.text);
        else if (event.type === 'suggestions') suggestions = event.questions;
      }
      await this.#drainText(answerId);
      if (this.#activeAnswerId !== answerId) return;
      this.conversation = completeAnswer(setSuggestions(this.conversation, answerId, suggestions), answerId);
      const answer = findMessage(this.conversation, answerId) as AnswerMessage;
      if (answer.status === 'complete') {
        this.host.dispatchEvent(
          new ChatbotAnswerCompleteEvent(answer.text, answer.suggestions, question, answer.id, this.conversation.sessionId),
        );
      } else {
        this.host.dispatchEvent(new ChatbotErrorEvent('answer', 'empty', new Error('The answer stream ended without any answer text')));
      }
    } catch (error) {
      if (history && error instanceof NetworkError && this.#activeAnswerId === answerId) return this.#stream(answerId, question, undefined, error);
      await this.#drainText(answerId);
      if (this.#activeAnswerId !== answerId) return;
      // An answer found streaming in storage that cannot be resumed was interrupted.
      const kind = history || dropped ? classifyFailure(dropped ?? error) : 'interrupted';
      this.conversation = failAnswer(this.conversation, answerId, kind);
      this.host.dispatchEvent(new ChatbotErrorEvent('answer', kind, asError(dropped ?? error)));
    }
    this.#settle(answerId);
  }

  #settle(answerId: string): void {
    this.#stopFrames();
    this.#drained?.();
    this.#activeAnswerId = undefined;
    this.#answerAbort = undefined;
    this.persist();
    const answer = findMessage(this.conversation, answerId);
    if (answer?.role === 'assistant') this.#callbacks.onAnswerSettled?.(answer);
    this.drain();
  }

  #bufferText(answerId: string, text: string): void {
    const first = !this.#pendingText && findMessage(this.conversation, answerId)?.text === '';
    this.#pendingText += text;
    const wanted = this.#callbacks.onAnswerText?.(text);
    if (wanted && !this.#hold) {
      const hold = (this.#hold = Promise.race([wanted, new Promise((resolve) => setTimeout(resolve, HOLD_LIMIT))]).then(() => {
        if (this.#hold !== hold) return;
        this.#hold = undefined;
        if (this.#pendingText && this.#activeAnswerId) this.#scheduleFlush(this.#activeAnswerId);
      }));
    }
    // The first words go out at once, and the coming frame paints just them; the rest follows frame by
    // frame from the one after.
    if (first && !this.#frame) {
      this.#flushText((this.#frameTextLimit = FIRST_TEXT_LIMIT));
      this.#quietFrame = true;
    }
    if (this.#pendingText) this.#scheduleFlush(answerId);
  }

  #quietFrame = false;
  #flushedAt = 0;
  /** What drawing the answer waits for, once its first words are drawn. */
  #hold: Promise<void> | undefined;
  #frameTextLimit = FRAME_TEXT_LIMIT;

  // At most one render per animation frame, and at most FRAME_TEXT_LIMIT characters in it: a burst of a
  // whole long answer is shown over a few frames instead of in one long task. Less than a frame's worth of
  // text waits until MIN_FRAME_INTERVAL has passed since the last render.
  #scheduleFlush(answerId: string): void {
    if (this.#frame || this.#wait) return;
    const wait = this.#flushedAt + MIN_FRAME_INTERVAL - FRAME_REQUEST_LEAD - performance.now();
    if (wait > 0 && this.#pendingText.length < FRAME_TEXT_LIMIT) {
      this.#wait = setTimeout(() => {
        this.#wait = undefined;
        this.#scheduleFlush(answerId);
      }, wait);
      return;
    }
    this.#frame = requestAnimationFrame((now) => {
      this.#frame = 0;
      if (this.#activeAnswerId !== answerId || this.#hold) return;
      if (this.#quietFrame || (now - this.#flushedAt < MIN_FRAME_INTERVAL && this.#pendingText.length < FRAME_TEXT_LIMIT)) {
        this.#quietFrame = false;
        this.#scheduleFlush(answerId);
        return;
      }
      this.#flushedAt = now;
      this.#flushText((this.#frameTextLimit = Math.min(FRAME_TEXT_LIMIT, this.#frameTextLimit * 1.5)));
      if (this.#pendingText) this.#scheduleFlush(answerId);
      else this.#drained?.();
    });
  }

  #stopFrames(): void {
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#wait);
    this.#frame = 0;
    this.#wait = undefined;
  }

  #drained: (() => void) | undefined;

  /** Resolves once the buffered text is shown (at once when the page is hidden and frames do not run). */
  #drainText(answerId: string): Promise<void> {
    if (!this.#pendingText || this.#activeAnswerId !== answerId || document.visibilityState === 'hidden') {
      this.#flushText();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#drained = () => {
        this.#drained = undefined;
        // What ends the answer (its last blocks finished, its actions, its suggestions) is drawn in the frame
        // after its last text, not in the same long task.
        requestAnimationFrame(() => resolve());
      };
      this.#scheduleFlush(answerId);
    });
  }

  #flushText(limit = Infinity): void {
    if (!this.#pendingText || !this.#activeAnswerId) return;
    let end = this.#pendingText.length;
    if (end > limit) {
      // Cut after a line or space near the limit, never inside a surrogate pair.
      const space = this.#pendingText.slice(limit, limit + 80).search(/\s/);
      end = space >= 0 ? limit + space + 1 : limit;
      // A high surrogate (0xd800 to 0xdbff: 54 in its top six bits) keeps the low one that follows it.
      if (this.#pendingText.charCodeAt(end - 1) >> 10 === 54) end++;
    }
    this.conversation = appendAnswerText(this.conversation, this.#activeAnswerId, this.#pendingText.slice(0, end));
    this.#pendingText = this.#pendingText.slice(end);
    this.host.requestUpdate();
  }

  /** Stops the answer being streamed, keeping what was written so far. */
  stop(): void {
    const answerId = this.#activeAnswerId;
    if (!answerId) return;
    this.#flushText();
    this.conversation = stopAnswer(this.conversation, answerId);
    this.#answerAbort?.abort();
    this.#settle(answerId);
  }

  /** Asks again for a stopped or failed answer. */
  retry(answerId: string): boolean {
    const answer = findMessage(this.conversation, answerId);
    if (this.busy || this.status !== 'ready' || answer?.role !== 'assistant' || (answer.status !== 'failed' && answer.status !== 'stopped')) {
      return false;
    }
    const question = findMessage(this.conversation, answer.replyTo);
    if (question?.role !== 'user') return false;
    const nextId = createId();
    const history = chatHistory(this.conversation, question.id);
    this.conversation = restartAnswer(this.conversation, answerId, nextId, Date.now());
    this.persist();
    void this.#stream(nextId, question.text, history);
    return true;
  }

  /** Starts a new conversation (new session id); the answer being streamed is stopped, the queue emptied. */
  reset(): void {
    this.#queue = [];
    if (this.#activeAnswerId) {
      this.#answerAbort?.abort();
      this.#activeAnswerId = undefined;
      this.#answerAbort = undefined;
      this.#pendingText = '';
      this.#stopFrames();
      this.#drained?.();
    }
    this.conversation = startOver(this.conversation);
    this.persist();
    this.host.requestUpdate();
  }

  /** Rates an answer (or takes the rating back with null) and fires `chatbot-feedback` when it changed. */
  rate(answerId: string, value: FeedbackValue | null): void {
    const before = findMessage(this.conversation, answerId);
    if (before?.role !== 'assistant' || before.status === 'streaming' || before.feedback === value) return;
    this.conversation = setFeedback(this.conversation, answerId, value);
    this.persist();
    this.host.requestUpdate();
    const question = findMessage(this.conversation, before.replyTo);
    this.host.dispatchEvent(
      new ChatbotFeedbackEvent(value, answerId, before.text, question?.text ?? '', this.conversation.sessionId),
    );
  }

  /** Keeps the conversation in the configured storage. */
  persist(): void {
    const config = this.#config;
    if (config) saveConversation(storageFor(config.storage), config.botId, this.conversation);
  }
}
