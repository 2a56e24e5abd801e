// POST /api/chat/get-streaming-response-with-custom-settings: retrieve, generate, stream, then store.
// The answer is raw UTF-8 text in the documented `*Answer:*` / `*Suggest Questions:*` format, or SSE when
// the client asks for `text/event-stream`. A credit is reserved just before generation.
// A plain raw-text request (no idempotency key) keeps the interface's behaviour: the credit is kept only
// once the answer is complete and both messages are stored; a failed answer or a client that goes away
// stops the generation, gives the credit back and leaves nothing behind.
// An SSE request, or any request with an idempotency key, makes a resumable answer
// (answer/resumable-answers.ts): it is generated and stored whether or not the client stays, its events
// carry `<answer_id>:<offset>` ids, and `Last-Event-ID` (on this route or on GET ANSWER_EVENTS_PATH) reads
// the rest from any process of the database.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { DEFAULT_GPT_MODEL_NAME, StreamingRequestSchema } from '../../../src/api/schemas.js';
import { ANSWER_DONE_EVENT, formatAnswerChunkEvent, formatAnswerStartEvent, parseAnswerEventId, type AnswerPosition } from '../../../src/stream/answer-events.js';
import { formatSseError } from '../../../src/stream/sse.js';
import { ANSWER_HEAD, answerTail } from '../answer/answer-body.js';
import { visitableBot } from '../access.js';
import type { ServiceEnv } from '../context.js';
import { boundHistory } from '../answer/conversation-budget.js';
import { clientAddress } from '../client-address.js';
import type { AnswerSettings } from '../answer/provider.js';
import { asRetrievedPassages, retrievePassages } from '../answer/retrieval.js';
import { suggestQuestions } from '../answer/suggestions.js';
import { ServiceError, invalidField } from '../errors.js';
import { tooManyRequests } from '../rate-limits.js';
import { queryObject, readJsonBody } from '../request.js';
import { ANSWER_ID, deleteAnswer, findAnswerByKey, readAnswer, startAnswer } from '../storage/answers.js';
import { reserveCredit } from '../storage/credits.js';
import { recordExchange } from '../storage/history.js';
import { cutStream } from '../streaming.js';
import { parseInput, requireUuid } from '../validation.js';

/** The path of the streaming endpoint. */
export const STREAMING_PATH = '/api/chat/get-streaming-response-with-custom-settings';

/** The path that streams a resumable answer again from an offset. */
export const ANSWER_EVENTS_PATH = '/api/chat/answers/:answer_id/events';
/** The path that streams a resumable answer found by its idempotency key in a session. */
export const KEYED_ANSWER_EVENTS_PATH = '/api/chat/answers/events';

/** Longest accepted message, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;

const BOOLEAN_TEXT = z.enum(['true', 'false', '1', '0', 'True', 'False']);
const StreamingQuerySchema = z.object({
  type_qa: z.optional(z.string()),
  is_get_suggest_question: z.optional(BOOLEAN_TEXT),
});
/** The query of GET ANSWER_EVENTS_PATH. */
export const AnswerEventsQuerySchema = z.object({
  after: z.optional(z.string().check(z.regex(/^\d{1,9}$/, 'after must be a whole number of at most 9 digits'))),
  session_id: z.optional(z.string()),
});
/** The query of GET KEYED_ANSWER_EVENTS_PATH. */
export const KeyedAnswerEventsQuerySchema = z.object({
  bot_id: z.string(),
  message_id: z.string(),
  session_id: z.optional(z.string()),
  after: AnswerEventsQuerySchema.def.shape.after,
});
const SESSION_ID = /^[\w.:-]{1,128}$/;
const IDEMPOTENCY_KEY = /^[\w.:-]{1,128}$/;


/** The session the client named (body or query first, then `X-Session-Id`), or undefined. */
function sessionIdOf(value: string | undefined, where: 'body' | 'query', headerValue: string | undefined): string | undefined {
  const given = value?.trim();
  if (given) {
    if (!SESSION_ID.test(given)) throw invalidField([where, 'session_id'], 'session_id must be 1 to 128 letters, digits, or . _ : -');
    return given;
  }
  const fromHeader = headerValue?.trim();
  if (fromHeader) {
    if (!SESSION_ID.test(fromHeader)) throw invalidField(['header', 'x-session-id'], 'X-Session-Id must be 1 to 128 letters, digits, or . _ : -');
    return fromHeader;
  }
  return undefined;
}

/** The idempotency key of a question: the `Idempotency-Key` header, else the body's `message_id`. */
function idempotencyKeyOf(headerValue: string | undefined, messageId: string | undefined): string | undefined {
  const fromHeader = headerValue?.trim();
  if (fromHeader !== undefined && fromHeader !== '') {
    if (!IDEMPOTENCY_KEY.test(fromHeader)) throw invalidField(['header', 'idempotency-key'], 'Idempotency-Key must be 1 to 128 letters, digits, or . _ : -');
    return fromHeader;
  }
  const fromBody = messageId?.trim();
  if (fromBody !== undefined && fromBody !== '') {
    if (!IDEMPOTENCY_KEY.test(fromBody)) throw invalidField(['body', 'message_id'], 'message_id must be 1 to 128 letters, digits, or . _ : -');
    return fromBody;
  }
  return undefined;
}

/** Reads `Last-Event-ID`; undefined when absent, a 422 when it is not an answer position. */
function lastEventIdOf(c: Context<ServiceEnv>): AnswerPosition | undefined {
  const value = c.req.header('last-event-id');
  if (value === undefined || value.trim() === '') return undefined;
  const position = parseAnswerEventId(value);
  if (!position || !ANSWER_ID.test(position.answerId)) throw invalidField(['header', 'last-event-id'], 'Last-Event-ID must be <answer_id>:<offset> as sent in the answer\'s events');
  return position;
}

function answerNotFound(): ServiceError {
  return new ServiceError('notFound', 'Answer not found.');
}

const STREAM_HEADERS = { 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } as const;
const END_MESSAGES = { cut_off: 'The answer was cut off.', failed: 'The answer could not be completed.' } as const;

/**
 * Streams a resumable answer from `position.offset`: as events with ids (`sse`), or as raw text whose
 * unfinished end cuts the connection. The reading stops when the client goes away; the answer does not.
 */
function answerResponse(c: Context<ServiceEnv>, position: AnswerPosition, sse: boolean, sessionId: string): Response {
  const { answers } = c.get('state');
  const release = answers.openReader(position.answerId);
  if (!release) throw tooManyRequests('This answer is already being read by several connections: close one and try again.', 1000);
  const reading = new AbortController();
  const onClientGone = () => {
    reading.abort();
    release();
  };
  c.req.raw.signal.addEventListener('abort', onClientGone, { once: true });
  const follow = answers.follow(position.answerId, position.offset, reading.signal);
  const updates = (async function* () {
    try {
      yield* follow;
    } finally {
      release();
    }
  })();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (sse) controller.enqueue(encoder.encode(formatAnswerStartEvent(position)));
    },
    async pull(controller) {
      try {
        const result = await updates.next();
        if (reading.signal.aborted) {
          // The client went away (the stream may be cancelled already): nothing more is written.
          try {
            controller.close();
          } catch {
            // Already closed by the cancel.
          }
          return;
        }
        if (result.done) {
          // Nothing more to read here (the client left, or the answer is gone): a resumable client asks again.
          controller.close();
        } else if (result.value.type === 'text') {
          const { text, offset } = result.value;
          controller.enqueue(encoder.encode(sse ? formatAnswerChunkEvent(text, { answerId: position.answerId, offset }) : text));
          return;
        } else if (result.value.status === 'complete') {
          if (sse) controller.enqueue(encoder.encode(ANSWER_DONE_EVENT));
          controller.close();
        } else if (sse) {
          controller.enqueue(encoder.encode(formatSseError(END_MESSAGES[result.value.status])));
          controller.close();
        } else {
          cutStream(c, controller);
        }
      } catch (error) {
        c.get('state').options.logger.error(`Reading answer ${position.answerId} failed`, error);
        if (sse) {
          controller.enqueue(encoder.encode(formatSseError(END_MESSAGES.failed)));
          controller.close();
        } else {
          cutStream(c, controller);
        }
      }
      c.req.raw.signal.removeEventListener('abort', onClientGone);
    },
    async cancel() {
      reading.abort();
      release();
      c.req.raw.signal.removeEventListener('abort', onClientGone);
      await updates.return(undefined);
    },
  });
  return c.body(stream, 200, {
    'content-type': sse ? 'text/event-stream; charset=utf-8' : 'text/plain; charset=utf-8',
    ...STREAM_HEADERS,
    'x-session-id': sessionId,
  });
}

/**
 * Streams the rest of a resumable answer to its session or its bot's owner; anyone else, like an unknown
 * answer, gets a 404. A visitor's reconnections are rate-limited.
 */
async function resumeAnswer(c: Context<ServiceEnv>, position: AnswerPosition, sessionId: string | undefined): Promise<Response> {
  const { db, rateLimits, options } = c.get('state');
  const stored = await readAnswer(db, position.answerId);
  if (!stored) throw answerNotFound();
  const { isOwner } = await visitableBot(c, stored.bot_id).catch((error: unknown) => {
    throw error instanceof ServiceError && error.kind === 'notFound' ? answerNotFound() : error;
  });
  if (!isOwner && sessionId !== stored.session_id) throw answerNotFound();
  if (!isOwner) await rateLimits.chargeResume(stored.bot_id, clientAddress(c, options.trustProxyHops));
  return answerResponse(c, position, true, stored.session_id);
}

/** Registers the streaming answer endpoint. */
export function registerChatRoutes(app: Hono<ServiceEnv>): void {
  app.post(STREAMING_PATH, async (c) => {
    const { db, provider, options, suggestionChecks } = c.get('state');
    const query = parseInput(StreamingQuerySchema, queryObject(c), 'query');
    const body = parseInput(StreamingRequestSchema, await readJsonBody(c), 'body');
    if (body.message.length > MAX_MESSAGE_LENGTH) {
      throw invalidField(['body', 'message'], `message must be at most ${MAX_MESSAGE_LENGTH} characters`, 'string_too_long');
    }
    const botId = requireUuid(body.bot_id, 'body', 'bot_id');
    const givenSessionId = sessionIdOf(body.session_id, 'body', c.req.header('x-session-id'));
    const sessionId = givenSessionId ?? randomUUID();
    const sse = /text\/event-stream/i.test(c.req.header('accept') ?? '');
    // A client that lost an event stream and sends it again with Last-Event-ID reads the rest of its answer:
    // this route never asks a question twice for it.
    const resumeFrom = sse ? lastEventIdOf(c) : undefined;
    if (resumeFrom) return resumeAnswer(c, resumeFrom, givenSessionId);
    const idempotencyKey = idempotencyKeyOf(c.req.header('idempotency-key'), body.message_id);
    if (idempotencyKey !== undefined && givenSessionId === undefined) {
      throw invalidField(['header', 'idempotency-key'], 'an idempotency key is kept per session: send session_id (or X-Session-Id) with it');
    }
    const resumable = sse || idempotencyKey !== undefined;
    const { bot, isOwner } = await visitableBot(c, botId);
    if (!bot.is_activate) throw new ServiceError('botInactive', 'This bot is not active.');
    if (idempotencyKey !== undefined) {
      // A question asked again with its key reads the first answer: no new answer, no second credit.
      const existing = await findAnswerByKey(db, bot.id, sessionId, idempotencyKey);
      if (existing) {
        if (!isOwner) await c.get('state').rateLimits.chargeResume(bot.id, clientAddress(c, options.trustProxyHops));
        return answerResponse(c, { answerId: existing, offset: 0 }, sse, sessionId);
      }
    }
    if (!isOwner) await c.get('state').rateLimits.chargeAnswer(bot, clientAddress(c, options.trustProxyHops));
    if (bot.num_message_left <= 0) throw new ServiceError('noMessagesLeft', 'This bot has no messages left. Its owner can add more.');

    const question = body.message.trim();
    const history = boundHistory(body.chat_history);
    const wantsSuggestions = query.is_get_suggest_question === undefined || /^(true|1)$/i.test(query.is_get_suggest_question);
    // Only the owner (token or API key: the admin's preview) may override the bot's settings; a visitor's
    // overrides are ignored, so nobody spends the owner's credits and model key on a prompt of their own.
    const overrides: Partial<Pick<typeof body, 'custom_prompt' | 'rules' | 'temperature' | 'gpt_model_name' | 'is_enable_citation'>> = isOwner ? body : {};
    const settings: AnswerSettings = {
      botName: bot.bot_name,
      customPrompt: overrides.custom_prompt ?? bot.custom_prompt,
      rules: overrides.rules ?? bot.rules,
      temperature: overrides.temperature ?? bot.temperature,
      modelName: overrides.gpt_model_name?.trim() || bot.gpt_model_name || DEFAULT_GPT_MODEL_NAME,
      toneType: bot.bot_tone_type,
      language: bot.bot_language,
      citations: overrides.is_enable_citation ?? bot.is_enable_citation,
      customErrorMessage: bot.custom_error_message,
    };
    const { relevant, candidates, focus, language } = await retrievePassages(db, bot.id, question, history, { language: bot.bot_language });
    const suggestions = wantsSuggestions
      ? await suggestQuestions(db, bot.id, { question, history, answered: relevant, candidates, language, checks: suggestionChecks })
      : [];

    if (resumable) {
      // The answer row and its credit are stored together, atomically; a concurrent twin with the same key
      // finds the row and reads it instead.
      const started = await startAnswer(db, { botId: bot.id, sessionId, idempotencyKey, question, text: ANSWER_HEAD, leaseMs: options.answerLeaseMs });
      if (started.kind === 'noCredit') throw new ServiceError('noMessagesLeft', 'This bot has no messages left. Its owner can add more.');
      if (started.kind === 'existing') return answerResponse(c, { answerId: started.id, offset: 0 }, sse, sessionId);
      c.get('state').botCache.forget(bot.id);
      const stop = new AbortController();
      const pieces = provider.answer({ question, history, passages: asRetrievedPassages(relevant), settings, focus, signal: stop.signal })[Symbol.asyncIterator]();
      let first: IteratorResult<string>;
      try {
        first = await pieces.next();
      } catch (error) {
        // Nothing was said: the answer goes, with its credit and key, and the client gets a clean 500.
        await deleteAnswer(db, started.id);
        await started.credit.refund();
        options.logger.error(`The answer provider ${provider.name} failed`, error);
        throw new ServiceError('internal', 'The answer could not be generated. Try again later.');
      }
      c.get('state').answers.generate(started.id, {
        head: ANSWER_HEAD,
        pieces,
        first,
        credit: started.credit,
        ending: { tail: (answer) => answerTail(answer, suggestions) },
        stop,
      });
      return answerResponse(c, { answerId: started.id, offset: 0 }, sse, sessionId);
    }

    // The check above spares the retrieval of a bot that has nothing left; this one decides, atomically.
    const credit = await reserveCredit(db, bot.id);
    if (!credit) throw new ServiceError('noMessagesLeft', 'This bot has no messages left. Its owner can add more.');
    const generation = new AbortController();
    const onClientGone = () => generation.abort(new Error('The client went away.'));
    c.req.raw.signal.addEventListener('abort', onClientGone, { once: true });
    const pieces = provider.answer({ question, history, passages: asRetrievedPassages(relevant), settings, focus, signal: generation.signal })[Symbol.asyncIterator]();

    // The first piece is awaited before the status is sent, so a provider that fails at once is a clean 500.
    let first: IteratorResult<string>;
    try {
      first = await pieces.next();
    } catch (error) {
      c.req.raw.signal.removeEventListener('abort', onClientGone);
      await credit.refund();
      options.logger.error(`The answer provider ${provider.name} failed`, error);
      throw new ServiceError('internal', 'The answer could not be generated. Try again later.');
    }

    const encoder = new TextEncoder();
    const encode = (text: string) => encoder.encode(text);
    let answer = '';
    let pending: IteratorResult<string> | undefined = first;
    let stage: 'head' | 'answer' | 'storing' | 'done' = 'head';

    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (stage === 'head') {
            stage = 'answer';
            controller.enqueue(encode(ANSWER_HEAD));
            return;
          }
          if (stage === 'answer') {
            const result = pending ?? (await pieces.next());
            pending = undefined;
            if (generation.signal.aborted) {
              // The client is gone: end without storing anything.
              stage = 'done';
              await credit.refund();
              controller.close();
              return;
            }
            if (!result.done) {
              answer += result.value;
              if (result.value) controller.enqueue(encode(result.value));
              return;
            }
            stage = 'storing';
            const finalAnswer = answer.trim();
            await recordExchange(db, bot.id, sessionId, question, finalAnswer);
            credit.keep();
            stage = 'done';
            c.get('state').botCache.forget(bot.id);
            const tail = answerTail(answer, suggestions);
            if (tail) controller.enqueue(encode(tail));
            controller.close();
            c.req.raw.signal.removeEventListener('abort', onClientGone);
          }
        } catch (error) {
          stage = 'done';
          c.req.raw.signal.removeEventListener('abort', onClientGone);
          await credit.refund().catch((refundError: unknown) => options.logger.error(`A credit of bot ${bot.id} could not be given back`, refundError));
          if (generation.signal.aborted) return;
          options.logger.error(`The answer stream of bot ${bot.id} failed`, error);
          cutStream(c, controller);
        }
      },
      cancel() {
        onClientGone();
        // An answer being stored when the client leaves is kept (and paid for); anything earlier is refunded.
        if (stage !== 'storing') void credit.refund().catch((error: unknown) => options.logger.error(`A credit of bot ${bot.id} could not be given back`, error));
        c.req.raw.signal.removeEventListener('abort', onClientGone);
        // Ends the provider's generator once its current step settles (the abort makes that step short).
        void pieces.return?.(undefined).catch(() => undefined);
      },
    });

    return c.body(stream, 200, {
      'content-type': 'text/plain; charset=utf-8',
      ...STREAM_HEADERS,
      'x-session-id': sessionId,
    });
  });

  // A client that knows only its own key for the question (a page reloaded mid-answer) finds the answer
  // here; a pure read: unlike the POST with the same key, it never asks the question.
  app.get(KEYED_ANSWER_EVENTS_PATH, async (c) => {
    const query = parseInput(KeyedAnswerEventsQuerySchema, queryObject(c), 'query');
    const botId = requireUuid(query.bot_id, 'query', 'bot_id');
    const key = idempotencyKeyOf(undefined, query.message_id);
    if (key === undefined) throw invalidField(['query', 'message_id'], 'message_id is required');
    const sessionId = sessionIdOf(query.session_id, 'query', c.req.header('x-session-id'));
    if (sessionId === undefined) throw invalidField(['query', 'session_id'], 'session_id (or X-Session-Id) is required');
    const { db, rateLimits, options } = c.get('state');
    const { isOwner } = await visitableBot(c, botId);
    if (!isOwner) await rateLimits.chargeResume(botId, clientAddress(c, options.trustProxyHops));
    const answerId = await findAnswerByKey(db, botId, sessionId, key);
    if (!answerId) throw answerNotFound();
    return answerResponse(c, { answerId, offset: Number(query.after ?? 0) }, true, sessionId);
  });

  app.get(ANSWER_EVENTS_PATH, async (c) => {
    const answerId = c.req.param('answer_id');
    if (!ANSWER_ID.test(answerId)) throw invalidField(['path', 'answer_id'], 'answer_id must be an answer id as sent in the answer\'s first event');
    const query = parseInput(AnswerEventsQuerySchema, queryObject(c), 'query');
    const fromHeader = lastEventIdOf(c);
    if (fromHeader && fromHeader.answerId !== answerId) throw invalidField(['header', 'last-event-id'], 'Last-Event-ID names another answer than the path');
    const offset = fromHeader?.offset ?? Number(query.after ?? 0);
    return resumeAnswer(c, { answerId, offset }, sessionIdOf(query.session_id, 'query', c.req.header('x-session-id')));
  });
}
