// POST /api/chat/get-streaming-response-with-custom-settings: retrieve, generate, stream, then store.
// The answer is raw UTF-8 text in the documented `*Answer:*` / `*Suggest Questions:*` format, or SSE when
// the client asks for `text/event-stream`. A credit is reserved just before generation and kept only once
// the answer is complete and both messages are stored; a failed answer or a client that goes away stops
// the generation, gives the credit back and leaves nothing behind.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { DEFAULT_GPT_MODEL_NAME, StreamingRequestSchema } from '../../../src/api/schemas.js';
import { formatAnswer } from '../../../src/stream/answer-format.js';
import { formatSseAnswer, formatSseError } from '../../../src/stream/sse.js';
import { visitableBot } from '../access.js';
import type { ServiceEnv } from '../context.js';
import { boundHistory } from '../answer/conversation-budget.js';
import { clientAddress } from '../client-address.js';
import type { AnswerSettings } from '../answer/provider.js';
import { asRetrievedPassages, retrievePassages } from '../answer/retrieval.js';
import { suggestQuestions } from '../answer/suggestions.js';
import { ServiceError, invalidField } from '../errors.js';
import { queryObject, readJsonBody } from '../request.js';
import { reserveCredit } from '../storage/credits.js';
import { recordExchange } from '../storage/history.js';
import { cutStream } from '../streaming.js';
import { parseInput, requireUuid } from '../validation.js';

/** The path of the streaming endpoint. */
export const STREAMING_PATH = '/api/chat/get-streaming-response-with-custom-settings';

/** Longest accepted message, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;

const BOOLEAN_TEXT = z.enum(['true', 'false', '1', '0', 'True', 'False']);
const StreamingQuerySchema = z.object({
  type_qa: z.optional(z.string()),
  is_get_suggest_question: z.optional(BOOLEAN_TEXT),
});
const SESSION_ID = /^[\w.:-]{1,128}$/;

// The answer framing comes from the shared formatter: the head is what it writes before an empty answer,
// the tail what it adds after the answer for the suggestions.
const ANSWER_HEAD = formatAnswer({ answer: '' });
function answerTail(answer: string, suggestions: readonly string[]): string {
  return formatAnswer({ answer, suggestions }).slice(ANSWER_HEAD.length + answer.length);
}

// One SSE message per chunk, written by the shared formatter (whose output for a list of chunks is each
// chunk's message followed by the closing `done` event).
const SSE_DONE = formatSseAnswer([]);
function sseChunk(chunk: string): string {
  return formatSseAnswer([chunk]).slice(0, -SSE_DONE.length);
}

function sessionIdOf(bodyValue: string | undefined, headerValue: string | undefined): string {
  const fromBody = bodyValue?.trim();
  if (fromBody) {
    if (!SESSION_ID.test(fromBody)) throw invalidField(['body', 'session_id'], 'session_id must be 1 to 128 letters, digits, or . _ : -');
    return fromBody;
  }
  const fromHeader = headerValue?.trim();
  if (fromHeader) {
    if (!SESSION_ID.test(fromHeader)) throw invalidField(['header', 'x-session-id'], 'X-Session-Id must be 1 to 128 letters, digits, or . _ : -');
    return fromHeader;
  }
  return randomUUID();
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
    const sessionId = sessionIdOf(body.session_id, c.req.header('x-session-id'));
    const { bot, isOwner } = await visitableBot(c, botId);
    if (!bot.is_activate) throw new ServiceError('botInactive', 'This bot is not active.');
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

    const sse = /text\/event-stream/i.test(c.req.header('accept') ?? '');
    const encoder = new TextEncoder();
    const encode = (text: string) => encoder.encode(sse ? sseChunk(text) : text);
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
            if (sse) controller.enqueue(encoder.encode(SSE_DONE));
            controller.close();
            c.req.raw.signal.removeEventListener('abort', onClientGone);
          }
        } catch (error) {
          stage = 'done';
          c.req.raw.signal.removeEventListener('abort', onClientGone);
          await credit.refund().catch((refundError: unknown) => options.logger.error(`A credit of bot ${bot.id} could not be given back`, refundError));
          if (generation.signal.aborted) return;
          options.logger.error(`The answer stream of bot ${bot.id} failed`, error);
          if (sse) {
            controller.enqueue(encoder.encode(formatSseError('The answer could not be completed.')));
            controller.close();
          } else {
            cutStream(c, controller);
          }
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
      'content-type': sse ? 'text/event-stream; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-session-id': sessionId,
      'x-accel-buffering': 'no',
    });
  });
}
