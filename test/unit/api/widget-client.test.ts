import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ClientOptions } from '../../../src/api/client.js';
import { ChatbotClientError, ResponseShapeError } from '../../../src/api/errors.js';
import type { Bot } from '../../../src/api/schemas.js';
import { createWidgetClient, type WidgetClient } from '../../../src/api/widget-client.js';
import type { WidgetBot } from '../../../src/api/widget-bot.js';
import type { AnswerEvent } from '../../../src/stream/answer-parser.js';
import { formatAnswer } from '../../../src/stream/answer-format.js';
import { formatSseAnswer } from '../../../src/stream/sse.js';
import { fakeFetch, json, streamed, text, type RecordedRequest, type Responder } from './fake-fetch.js';

const BASE = 'https://api.example.test/';
const BOT_ID = '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11';
const bot = {
  id: BOT_ID,
  user_id: 'u1',
  bot_name: 'Support',
  collect_customer_info: { numberShowing: 2, name: true },
  temperature: 0.2,
  num_message_left: null,
  created_at: '2024-01-19T17:53:51Z',
  updated_at: '2024-01-19T17:53:51.643870',
  theme: 'dark',
};
const answer = formatAnswer({ answer: 'Hello **there**.\n\nSecond paragraph.', suggestions: ['Prices?', 'Hours?'] });

// Everything a caller can see of a call: the requests sent, the result or the error, and 401 reports.
interface Outcome {
  requests: { method: string; url: string; headers: Record<string, string>; body: string | undefined }[];
  result?: unknown;
  error?: Record<string, unknown>;
  unauthorized: number;
}

type Run = (client: WidgetClient, signal: AbortSignal) => Promise<unknown>;

function describeError(error: unknown): Record<string, unknown> {
  assert.ok(error instanceof ChatbotClientError, `a typed error, not ${String(error)}`);
  const fields = error as unknown as Record<string, unknown>;
  return {
    name: error.name,
    message: error.message,
    status: fields['status'],
    messageCode: fields['messageCode'],
    body: fields['body'],
    issues: error instanceof ResponseShapeError ? error.issues.map(({ code, path, expected }) => ({ code, path, expected })) : undefined,
  };
}

async function outcomeOf(
  make: (options: ClientOptions) => WidgetClient,
  responders: () => Responder[],
  run: Run,
  options: Partial<ClientOptions> = {},
  abortFirst = false,
): Promise<Outcome> {
  const fake = fakeFetch(...responders());
  let unauthorized = 0;
  const client = make({ baseUrl: BASE, fetch: fake.fetch, onUnauthorized: () => unauthorized++, ...options });
  const abort = new AbortController();
  if (abortFirst) abort.abort();
  const outcome: Outcome = { requests: [], unauthorized: 0 };
  try {
    outcome.result = await run(client, abort.signal);
  } catch (error) {
    outcome.error = describeError(error);
  }
  outcome.requests = fake.requests.map((request: RecordedRequest) => ({
    method: request.method,
    url: request.url.href,
    headers: Object.fromEntries(request.headers),
    body: request.body,
  }));
  outcome.unauthorized = unauthorized;
  return outcome;
}

// Runs a call through createClient and createWidgetClient (so the full client also type-checks as a
// WidgetClient) and returns the outcome, which must be the same for both; `widgetResult` maps the full
// client's result to what the widget's should be.
async function bothClients(
  responders: () => Responder[],
  run: Run,
  options: Partial<ClientOptions> = {},
  abortFirst = false,
  widgetResult: (result: unknown) => unknown = (result) => result,
): Promise<Outcome> {
  const full = await outcomeOf(createClient, responders, run, options, abortFirst);
  const widget = await outcomeOf(createWidgetClient, responders, run, options, abortFirst);
  assert.deepStrictEqual(widget, 'result' in full ? { ...full, result: widgetResult(full.result) } : full);
  return widget;
}

// The fields of a Bot the widget reads.
const widgetFields = (bot: unknown): WidgetBot => {
  const { bot_name, bot_language, custom_error_message, is_activate, num_message_left, collect_customer_info } = bot as Bot;
  return { bot_name, bot_language, custom_error_message, is_activate, num_message_left, collect_customer_info };
};

const getBot: Run = (client, signal) => client.getBotInformation(BOT_ID, { signal });

async function collectEvents(iterable: AsyncIterable<AnswerEvent>): Promise<{ events: AnswerEvent[]; error?: unknown }> {
  const events: AnswerEvent[] = [];
  try {
    for await (const event of iterable) events.push(event);
  } catch (error) {
    return { events, error: describeError(error) };
  }
  return { events };
}

const ask: Run = (client, signal) =>
  collectEvents(
    client.streamAnswer(
      { bot_id: BOT_ID, message: 'Hi', chat_history: [{ sender_type: 'user', content: 'Before' }], type_qa: 'qa', session_id: 's1' },
      { signal },
    ),
  );

describe('createWidgetClient getBotInformation (same as createClient)', () => {
  it('reads the fields the widget uses from a bare bot', async () => {
    const outcome = await bothClients(() => [() => json(bot)], getBot, { token: 'tok' }, false, widgetFields);
    assert.deepStrictEqual(outcome.result, {
      bot_name: 'Support',
      bot_language: '',
      custom_error_message: '',
      is_activate: true,
      num_message_left: null,
      collect_customer_info: { numberShowing: 2, name: true },
    });
    assert.equal(outcome.requests[0]!.url, `https://api.example.test/api/bot/information?bot_id=${BOT_ID}`);
    assert.equal(outcome.requests[0]!.headers['authorization'], 'Bearer tok');
  });

  it('unwraps an envelope and sends an API key in its header', async () => {
    const outcome = await bothClients(
      () => [() => json({ message_code: 0, message: 'OK', data: bot })],
      getBot,
      { apiKey: 'key-1', apiKeyHeader: 'chatfly-api-key' },
      false,
      widgetFields,
    );
    assert.equal((outcome.result as WidgetBot).bot_name, 'Support');
    assert.equal(outcome.requests[0]!.headers['chatfly-api-key'], 'key-1');
  });

  it('sends no credential for a blank token or API key (the widget passes its attributes as they are)', async () => {
    for (const apiKeyHeader of ['authorization', 'chatfly-api-key'] as const) {
      const outcome = await bothClients(() => [() => json(bot)], getBot, { token: '', apiKey: '', apiKeyHeader }, false, widgetFields);
      assert.equal(outcome.requests[0]!.headers['authorization'], undefined);
      assert.equal(outcome.requests[0]!.headers['chatfly-api-key'], undefined);
    }
    const withKey = await bothClients(() => [() => json(bot)], getBot, { token: '', apiKey: 'key-2' }, false, widgetFields);
    assert.equal(withKey.requests[0]!.headers['authorization'], 'Bearer key-2');
  });

  it('reads the token from getToken before the call', async () => {
    const outcome = await bothClients(() => [() => json(bot)], getBot, { getToken: async () => 'Bearer fresh' }, false, widgetFields);
    assert.equal(outcome.requests[0]!.headers['authorization'], 'Bearer fresh');
  });

  it('reports the service failures as ApiError, and a 401 to onUnauthorized', async () => {
    const envelope = await bothClients(() => [() => json({ message_code: 3, message: 'No credits' })], getBot);
    assert.equal(envelope.error!['name'], 'ApiError');
    assert.equal(envelope.error!['message'], 'No credits');
    const missing = await bothClients(() => [() => json({ message: 'Bot not found' }, 404)], getBot);
    assert.equal(missing.error!['status'], 404);
    const unauthorized = await bothClients(() => [() => json({ detail: 'Not authenticated' }, 401)], getBot, { token: 'old' });
    assert.equal(unauthorized.error!['message'], 'Not authenticated');
    assert.equal(unauthorized.unauthorized, 1);
  });

  it('reports a body that is not JSON the same way', async () => {
    const notJson = await bothClients(() => [() => text('<html>oops</html>')], getBot);
    assert.match(String(notJson.error!['message']), /not JSON/);
  });

  it('reads past the fields it does not use, where createClient reports a wrong shape', async () => {
    const odd = { ...bot, id: '', temperature: 'hot', created_at: 'yesterday', bot_name: 7 };
    const full = await outcomeOf(createClient, () => [() => json(odd)], getBot);
    assert.equal(full.error!['name'], 'ResponseShapeError');
    const widget = await outcomeOf(createWidgetClient, () => [() => json(odd)], getBot);
    assert.equal(widget.error, undefined);
    assert.equal((widget.result as WidgetBot).bot_name, '');
    assert.deepStrictEqual((widget.result as WidgetBot).collect_customer_info, { numberShowing: 2, name: true });
  });

  it('reports a body that is not an object, or is empty, as ResponseShapeError', async () => {
    for (const body of [() => json(['not', 'a', 'bot']), () => json({ message_code: 0, data: null }), () => text('')]) {
      const widget = await outcomeOf(createWidgetClient, () => [body], getBot);
      assert.equal(widget.error!['name'], 'ResponseShapeError');
      assert.equal(widget.error!['message'], 'Unexpected response from GET /api/bot/information: not a bot (a JSON object was expected)');
      assert.deepStrictEqual(widget.error!['issues'], [{ code: 'invalid_type', path: [], expected: 'object' }]);
    }
  });

  it('reports a failed fetch as NetworkError and an aborted call as AbortError', async () => {
    const network = await bothClients(
      () => [
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
      getBot,
    );
    assert.equal(network.error!['name'], 'NetworkError');
    const aborted = await bothClients(() => [() => json(bot)], getBot, {}, true);
    assert.equal(aborted.error!['name'], 'AbortError');
    assert.equal(aborted.requests.length, 0);
  });
});

describe('createWidgetClient streamAnswer (same as createClient)', () => {
  it('streams a raw text answer in chunks and sends type_qa in the query and the body', async () => {
    const chunks = answer.match(/[\s\S]{1,7}/g)!;
    const outcome = await bothClients(() => [() => streamed(chunks, 'application/json')], ask);
    const { events } = outcome.result as { events: AnswerEvent[] };
    assert.equal(events.filter((event) => event.type === 'text').map((event) => (event as { text: string }).text).join(''), 'Hello **there**.\n\nSecond paragraph.');
    assert.deepEqual(events.at(-2), { type: 'suggestions', questions: ['Prices?', 'Hours?'] });
    assert.deepEqual(events.at(-1), { type: 'done' });
    const [request] = outcome.requests;
    assert.equal(request!.url, 'https://api.example.test/api/chat/get-streaming-response-with-custom-settings?type_qa=qa');
    assert.equal(JSON.parse(request!.body!).type_qa, 'qa');
  });

  it('streams an event-stream answer and a JSON answer object', async () => {
    const sse = await bothClients(() => [() => text(formatSseAnswer(answer.match(/[\s\S]{1,11}/g)!), 200, 'text/event-stream')], ask);
    assert.deepEqual((sse.result as { events: AnswerEvent[] }).events.at(-1), { type: 'done' });
    const object = await bothClients(() => [() => json({ answer: 'Short.' })], ask);
    assert.deepEqual((object.result as { events: AnswerEvent[] }).events, [{ type: 'text', text: 'Short.' }, { type: 'done' }]);
  });

  it('reports errors alike: a JSON error object, a 500, and a dropped connection after part of the answer', async () => {
    const detail = await bothClients(() => [() => json({ detail: 'Bot is not active' })], ask);
    assert.equal((detail.result as { error: Record<string, unknown> }).error['message'], 'Bot is not active');
    const failed = await bothClients(() => [() => json({ message: 'Server error' }, 500)], ask);
    assert.equal((failed.result as { error: Record<string, unknown> }).error['status'], 500);
    const dropped = await bothClients(() => [() => streamed(['*Answer:* Hel', 'lo'], 'text/plain', new TypeError('terminated'))], ask);
    const { events, error } = dropped.result as { events: AnswerEvent[]; error: Record<string, unknown> };
    assert.ok(events.length > 0);
    assert.equal(error['name'], 'NetworkError');
  });

  it('answers an empty body with done only', async () => {
    const outcome = await bothClients(() => [() => text('')], ask);
    assert.deepEqual((outcome.result as { events: AnswerEvent[] }).events, [{ type: 'done' }]);
  });

  it('sends the request on the first iteration only', async () => {
    const fake = fakeFetch(() => text(answer));
    const iterator = createWidgetClient({ baseUrl: BASE, fetch: fake.fetch }).streamAnswer({ bot_id: BOT_ID, message: 'Hi', chat_history: [] });
    assert.equal(fake.requests.length, 0);
    await iterator.next();
    assert.equal(fake.requests.length, 1);
    await iterator.return();
  });
});
