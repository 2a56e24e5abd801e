import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { readSseAnswerChunks } from '../../src/stream/sse.js';
import type { AnswerProvider } from '../../demo/server/index.js';
import { UNKNOWN_ID, htmlPage, parseAnswer, startSite, testEngines, useService, type ResponseBody, type TestService, type TestSite } from './helpers.js';

const PATH = '/api/chat/get-streaming-response-with-custom-settings';
const NOT_FOUND = 'I could not find this in the knowledge base.';


const KB_PAGES = {
  '/garden': { body: htmlPage('Garden centre', {
    'Opening hours': 'The garden centre is open from nine in the morning until six in the evening, every day except Sunday.',
    'How do I care for roses?': 'Water roses deeply once a week and feed them with rose fertiliser in spring. Prune roses in late winter, cutting just above an outward-facing bud.',
    'Delivery of plants': 'Plants are delivered within three working days. Large trees are delivered by our own van.',
  }) },
  '/tools': { body: htmlPage('Tool hire', {
    'Which tools can I hire?': 'You can hire lawn mowers, hedge trimmers, rotavators and wood chippers by the day.',
    'Tool hire deposit': 'Every hired tool needs a refundable deposit of fifty pounds, returned when the tool comes back clean.',
  }) },
};

async function fillKnowledge(service: TestService, token: string, botId: string, site: TestSite): Promise<void> {
  for (const path of Object.keys(KB_PAGES)) {
    const response = await service.request('POST', '/api/scraping/url', { token, json: { bot_id: botId, scrape_url: `${site.origin}${path}`, scrape_type: 2 } });
    assert.equal(response.status, 200);
    await response.text();
  }
}

async function ask(service: TestService, json: Record<string, unknown>, init: { token?: string; headers?: Record<string, string>; query?: string } = {}) {
  const response = await service.request('POST', `${PATH}${init.query ?? ''}`, { token: init.token, headers: init.headers, json: { chat_history: [], ...json } });
  const text = await response.text();
  const error: ResponseBody = response.ok ? undefined : JSON.parse(text);
  return { response, text, status: response.status, error, ...(response.ok ? parseAnswer(text) : { answer: '', suggestions: undefined }) };
}

async function historyOf(service: TestService, token: string, botId: string) {
  const { body } = await service.call('GET', `/api/chat/history?bot_id=${botId}&order=created_at.asc`, { token });
  return body as { session_id: string; chat_history_response: { sender_type: string; content: string }[] }[];
}

async function creditsOf(service: TestService, token: string, botId: string): Promise<number> {
  return (await service.call('GET', `/api/bot/information?bot_id=${botId}`, { token })).body.num_message_left;
}

for (const engine of testEngines()) {
  describe(`streaming answers (${engine.name})`, () => {
    let site: TestSite;
    before(async () => {
      site = await startSite(KB_PAGES);
    });
    after(() => site.close());
    const service = useService(engine, () => ({ scrapeAllowedHosts: [site.host], messageCredits: 100 }));
    let owner: { id: string; token: string };
    let botId: string;
    before(async () => {
      owner = await service().user();
      botId = (await service().bot(owner.token, { is_visibility: true, domain: ['shop.example'], is_enable_citation: false })).id;
      await fillKnowledge(service(), owner.token, botId, site);
    });

    it('streams a faithful answer as raw text in the documented format, with four suggestions', async () => {
      const result = await ask(service(), { bot_id: botId, message: 'How should I prune my roses?' }, { headers: { origin: 'https://shop.example' } });
      assert.equal(result.status, 200);
      assert.equal(result.response.headers.get('content-type'), 'text/plain; charset=utf-8');
      assert.equal(result.response.headers.get('access-control-allow-origin'), '*');
      assert.equal(result.response.headers.get('access-control-expose-headers'), 'X-Session-Id, Retry-After');
      assert.match(result.text, /^\*Answer:\* /);
      assert.match(result.text, /\n\n\*Suggest Questions:\*\n1\. .+\n2\. .+\n3\. .+\n4\. .+$/);
      assert.match(result.answer, /Prune roses in late winter, cutting just above an outward-facing bud\./);
      assert.ok(!result.answer.includes('Sources:'), 'no citations when they are off');
      assert.equal(result.suggestions?.length, 4);
      assert.ok(!result.suggestions!.includes('How do I care for roses?'), 'the heading just answered is not suggested');
    });

    it('suggests only questions the knowledge base answers', async () => {
      const { suggestions } = await ask(service(), { bot_id: botId, message: 'When are you open?' });
      assert.equal(suggestions?.length, 4);
      for (const question of suggestions!) {
        const { answer } = await ask(service(), { bot_id: botId, message: question });
        assert.notEqual(answer, NOT_FOUND, question);
      }
    });

    it('says so plainly when the knowledge base has nothing relevant', async () => {
      const { answer, suggestions } = await ask(service(), { bot_id: botId, message: 'What is the capital of Mongolia?' });
      assert.equal(answer, NOT_FOUND);
      assert.equal(suggestions?.length, 4, 'it still suggests what it can answer');
    });

    it('links its sources when citations are on, in the bot or in the owner\'s request', async () => {
      const { answer } = await ask(service(), { bot_id: botId, message: 'How much is the tool hire deposit?', is_enable_citation: true }, { token: owner.token });
      assert.match(answer, /fifty pounds/);
      assert.ok(answer.endsWith(`Sources: [Tool hire](${site.origin}/tools)`), answer);
      const visitor = await ask(service(), { bot_id: botId, message: 'How much is the tool hire deposit?', is_enable_citation: true });
      assert.match(visitor.answer, /fifty pounds/);
      assert.ok(!visitor.answer.includes('Sources:'), 'a visitor cannot turn the owner\'s citations on');
    });

    it('leaves out suggestions when is_get_suggest_question is false, and takes type_qa in the query or the body', async () => {
      const withoutSuggestions = await ask(service(), { bot_id: botId, message: 'Opening hours?', type_qa: 'question' }, { query: '?is_get_suggest_question=false&type_qa=question' });
      assert.equal(withoutSuggestions.status, 200);
      assert.equal(withoutSuggestions.suggestions, undefined);
      assert.ok(!withoutSuggestions.text.includes('Suggest Questions'));
      const bad = await ask(service(), { bot_id: botId, message: 'Opening hours?' }, { query: '?is_get_suggest_question=maybe' });
      assert.equal(bad.status, 422);
      assert.deepEqual(bad.error.detail[0].loc, ['query', 'is_get_suggest_question']);
    });

    it('answers as SSE when the client asks for text/event-stream', async () => {
      const response = await service().request('POST', PATH, {
        headers: { accept: 'text/event-stream' },
        json: { bot_id: botId, message: 'Which tools can I hire?', chat_history: [] },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      let text = '';
      for await (const chunk of readSseAnswerChunks(response.body!)) text += chunk;
      const { answer, suggestions } = parseAnswer(text);
      assert.match(answer, /lawn mowers, hedge trimmers/);
      assert.equal(suggestions?.length, 4);
    });

    it('stores both messages in the session and takes one credit per answer', async () => {
      const { call } = service();
      const bot = await service().bot(owner.token, { is_visibility: true });
      await fillKnowledge(service(), owner.token, bot.id, site);
      const sessionId = '7d1e1c4e-4c55-4f0c-9a55-3d2b3d9c1f10';
      const first = await ask(service(), { bot_id: bot.id, message: 'Opening hours?', session_id: sessionId });
      assert.equal(first.response.headers.get('x-session-id'), sessionId);
      const second = await ask(service(), {
        bot_id: bot.id,
        message: 'And on Sunday?',
        session_id: sessionId,
        chat_history: [
          { sender_type: 'user', content: 'Opening hours?' },
          { sender_type: 'assistant', content: first.answer },
        ],
      });
      assert.equal(second.status, 200);
      const fromHeader = await ask(service(), { bot_id: bot.id, message: 'Plant delivery?' }, { headers: { 'x-session-id': 'header-session-1' } });
      assert.equal(fromHeader.response.headers.get('x-session-id'), 'header-session-1');
      const generated = await ask(service(), { bot_id: bot.id, message: 'Plant delivery?' });
      const generatedId = generated.response.headers.get('x-session-id')!;
      assert.match(generatedId, /^[0-9a-f-]{36}$/);
      const history = await historyOf(service(), owner.token, bot.id);
      assert.deepEqual(history.map((record) => record.session_id), [sessionId, 'header-session-1', generatedId]);
      assert.deepEqual(history[0]!.chat_history_response, [
        { sender_type: 'user', content: 'Opening hours?' },
        { sender_type: 'assistant', content: first.answer },
        { sender_type: 'user', content: 'And on Sunday?' },
        { sender_type: 'assistant', content: second.answer },
      ]);
      assert.equal(await creditsOf(service(), owner.token, bot.id), 96);
      void call;
    });

    it('uses the bot\'s own error message when it has one', async () => {
      const bot = await service().bot(owner.token, { is_visibility: true, custom_error_message: 'Please call us on 0123 456 789.' });
      const { answer } = await ask(service(), { bot_id: bot.id, message: 'What is the capital of Mongolia?' });
      assert.equal(answer, 'Please call us on 0123 456 789.');
    });

    it('refuses a deactivated bot with 403 and keeps its credits', async () => {
      const bot = await service().bot(owner.token, { is_visibility: true, is_activate: false });
      const { status, error } = await ask(service(), { bot_id: bot.id, message: 'Hello?' });
      assert.equal(status, 403);
      assert.deepEqual(error, { message: 'This bot is not active.', message_code: 1003 });
      assert.equal(await creditsOf(service(), owner.token, bot.id), 100);
      assert.deepEqual(await historyOf(service(), owner.token, bot.id), []);
    });

    it('keeps private bots to their owner (token or API key) and public ones to their domains', async () => {
      const privateBot = await service().bot(owner.token, { is_visibility: false });
      const stranger = await service().user();
      const hidden = await ask(service(), { bot_id: privateBot.id, message: 'Hi' });
      const unknown = await ask(service(), { bot_id: UNKNOWN_ID, message: 'Hi' });
      assert.equal(hidden.status, 404, 'a private bot is not told apart from an unknown one');
      assert.deepEqual([hidden.status, hidden.error], [unknown.status, unknown.error]);
      assert.equal((await ask(service(), { bot_id: privateBot.id, message: 'Hi' }, { token: stranger.token })).status, 404);
      assert.equal((await ask(service(), { bot_id: privateBot.id, message: 'Hi' }, { token: owner.token })).status, 200);
      const key = (await service().call('POST', '/api/keys', { token: owner.token, json: {} })).body.key;
      assert.equal((await ask(service(), { bot_id: privateBot.id, message: 'Hi' }, { headers: { 'chatfly-api-key': key } })).status, 200);
      const foreign = await ask(service(), { bot_id: botId, message: 'Hi' }, { headers: { origin: 'https://evil.example' } });
      assert.equal(foreign.status, 403);
      assert.equal(foreign.error.message_code, 1005);
      assert.equal((await ask(service(), { bot_id: UNKNOWN_ID, message: 'Hi' })).status, 404);
    });

    it('answers 422 naming the field for a bad request', async () => {
      const cases: [Record<string, unknown>, (string | number)[]][] = [
        [{ bot_id: botId, message: '   ' }, ['body', 'message']],
        [{ bot_id: botId }, ['body', 'message']],
        [{ bot_id: botId, message: 'x'.repeat(4001) }, ['body', 'message']],
        [{ bot_id: botId, message: 'Hi', temperature: 2 }, ['body', 'temperature']],
        [{ bot_id: botId, message: 'Hi', chat_history: 'earlier' }, ['body', 'chat_history']],
        [{ bot_id: botId, message: 'Hi', chat_history: [{ content: 'x' }] }, ['body', 'chat_history', 0, 'sender_type']],
        [{ bot_id: botId, message: 'Hi', session_id: 'has spaces and / slashes' }, ['body', 'session_id']],
        [{ message: 'Hi' }, ['body', 'bot_id']],
        [{ bot_id: 'bot-1', message: 'Hi' }, ['body', 'bot_id']],
      ];
      for (const [json, loc] of cases) {
        const { status, error } = await ask(service(), json);
        assert.equal(status, 422, JSON.stringify(json).slice(0, 100));
        assert.equal(error.message_code, 1001);
        assert.deepEqual(error.detail[0].loc, loc, JSON.stringify(json).slice(0, 100));
      }
    });
  });

  describe(`message credits (${engine.name})`, () => {
    const service = useService(engine, { messageCredits: 1 });

    it('refuses with 402 once the credits are spent, storing and taking nothing', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      assert.equal((await ask(service(), { bot_id: bot.id, message: 'First question' })).status, 200);
      assert.equal(await creditsOf(service(), owner.token, bot.id), 0);
      const { status, error } = await ask(service(), { bot_id: bot.id, message: 'Second question' });
      assert.equal(status, 402);
      assert.equal(error.message_code, 1004);
      assert.equal(typeof error.message, 'string');
      assert.equal(await creditsOf(service(), owner.token, bot.id), 0);
      const history = await historyOf(service(), owner.token, bot.id);
      assert.equal(history.length, 1);
      assert.equal(history[0]!.chat_history_response.length, 2);
    });
  });

  describe(`client going away mid-answer (${engine.name})`, () => {
    const produced: { pieces: number; aborted: boolean; finished: boolean }[] = [];
    const slowProvider: AnswerProvider = {
      name: 'slow test provider',
      async *answer({ signal }) {
        const run = { pieces: 0, aborted: false, finished: false };
        produced.push(run);
        signal.addEventListener('abort', () => (run.aborted = true));
        for (let index = 0; index < 200; index++) {
          if (signal.aborted) return;
          run.pieces++;
          yield `word${index} `;
          await sleep(10);
        }
        run.finished = true;
      },
    };
    const service = useService(engine, { answerProvider: slowProvider, messageCredits: 10 });

    it('streams in several chunks, and stops generating, stores nothing and takes nothing when the client leaves', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const controller = new AbortController();
      const response = await fetch(`${service().url}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: bot.id, message: 'Tell me a long story', chat_history: [] }),
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      const chunks: string[] = [];
      const decoder = new TextDecoder();
      while (chunks.length < 4) {
        const { value, done } = await reader.read();
        if (done) break;
        chunks.push(decoder.decode(value));
      }
      assert.equal(chunks.length, 4, 'the answer arrives in pieces, not at the end');
      controller.abort();
      await sleep(300);
      const run = produced.at(-1)!;
      assert.equal(run.aborted, true, 'the provider saw the abort');
      assert.equal(run.finished, false);
      const piecesAfterAbort = run.pieces;
      await sleep(200);
      assert.equal(run.pieces, piecesAfterAbort, 'no work goes on after the client left');
      assert.ok(run.pieces < 60, `stopped early (${run.pieces} pieces)`);
      assert.deepEqual(await historyOf(service(), owner.token, bot.id), []);
      assert.equal(await creditsOf(service(), owner.token, bot.id), 10);
      const complete = await ask(service(), { bot_id: bot.id, message: 'Now the whole story' });
      assert.equal(complete.status, 200);
      assert.equal(produced.at(-1)!.finished, true);
      assert.equal((await historyOf(service(), owner.token, bot.id)).length, 1);
      assert.equal(await creditsOf(service(), owner.token, bot.id), 9);
    });
  });

  describe(`a provider that fails (${engine.name})`, () => {
    let failLate = false;
    const failingProvider: AnswerProvider = {
      name: 'failing test provider',
      async *answer() {
        if (failLate) {
          yield 'A start ';
          await sleep(5);
        }
        throw new Error('model endpoint down: http://secret-internal-host');
      },
    };
    const logged: string[] = [];
    const service = useService(engine, {
      answerProvider: failingProvider,
      logger: { info: () => undefined, warn: () => undefined, error: (message) => logged.push(message) },
    });

    it('answers 500 without the cause when it fails at once, and cuts the stream when it fails later; nothing is stored', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const early = await ask(service(), { bot_id: bot.id, message: 'Hi' });
      assert.equal(early.status, 500);
      assert.equal(early.error.message_code, 1000);
      assert.ok(!JSON.stringify(early.error).includes('secret-internal-host'));
      failLate = true;
      const response = await fetch(`${service().url}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: bot.id, message: 'Hi', chat_history: [] }),
      });
      assert.equal(response.status, 200);
      await assert.rejects(response.text());
      const sse = await fetch(`${service().url}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ bot_id: bot.id, message: 'Hi', chat_history: [] }),
      });
      const body = await sse.text();
      assert.match(body, /event: error\ndata: The answer could not be completed\.\n\n$/);
      assert.deepEqual(await historyOf(service(), owner.token, bot.id), []);
      assert.equal(await creditsOf(service(), owner.token, bot.id), 1000);
      assert.ok(logged.length >= 3);
    });
  });
}
