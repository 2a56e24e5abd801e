// Resumable answers: an event-stream answer (or one asked with an idempotency key) is stored as it is
// generated and outlives its request. A client that lost it reads exactly the rest with Last-Event-ID, from
// any process on the same database; a question asked again with its key reads the same answer for one
// credit; an answer whose process was killed is stored as cut off; strangers cannot read it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startServer, type AnswerProvider, type RunningServer, type StartServerOptions } from '../../demo/server/index.js';
import { createClient } from '../../src/api/client.js';
import type { AnswerEvent } from '../../src/stream/answer-parser.js';
import { endlessProvider } from './fixtures/endless-provider.js';
import { dropTestSchemas, parseAnswer, testEngines, useService, wrapService, type TestEngine, type TestService } from './helpers.js';

// The client's resumable stream runs on fetch-event-source, written for browsers (`window` timers, and
// `document` in its clean-up); Node has neither.
const globals = globalThis as unknown as { window?: unknown; document?: unknown };
globals.window ??= globalThis;
globals.document ??= Object.assign(new EventTarget(), { hidden: false });

const PATH = '/api/chat/get-streaming-response-with-custom-settings';
const WORDS = 40;
const FULL_ANSWER = Array.from({ length: WORDS }, (_, index) => `w${index}`).join(' ');

// A deterministic answer that takes a while: WORDS words, one every 15 ms, whatever the client does.
const slowProvider: AnswerProvider = {
  name: 'slow test provider',
  async *answer({ signal }) {
    for (let index = 0; index < WORDS && !signal.aborted; index++) {
      yield `w${index} `;
      await sleep(15);
    }
  },
};

/** One server-sent event as the test reads it. */
interface Sse {
  event: string;
  id: string | undefined;
  data: string;
}

/** What an answer stream carried: its first event, its text chunks with their ids, and how it ended. */
interface ReadStream {
  start: { answer_id: string; offset: number } | undefined;
  startId: string | undefined;
  chunks: { id: string; text: string }[];
  end: 'done' | 'error' | 'none';
  errorData: string;
}

function parseBlock(block: string): Sse {
  const sse: Sse = { event: 'message', id: undefined, data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const [, field, value = ''] = /^([^:]*)(?:: ?(.*))?$/s.exec(line)!;
    if (field === 'event') sse.event = value;
    else if (field === 'id') sse.id = value;
    else if (field === 'data') data.push(value);
  }
  sse.data = data.join('\n');
  return sse;
}

/** Reads an event stream; with `chunkLimit`, stops (and cancels the body) after that many text chunks. */
async function readStream(response: Response, chunkLimit = Infinity): Promise<ReadStream> {
  const read: ReadStream = { start: undefined, startId: undefined, chunks: [], end: 'none', errorData: '' };
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body!.getReader();
  try {
    for (let step = 0; step < 10_000; step++) {
      const { value, done } = await reader.read();
      if (done) return read;
      buffer += decoder.decode(value, { stream: true });
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const sse = parseBlock(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (sse.event === 'answer') {
          read.start = JSON.parse(sse.data);
          read.startId = sse.id;
        } else if (sse.event === 'done') {
          read.end = 'done';
        } else if (sse.event === 'error') {
          read.end = 'error';
          read.errorData = sse.data;
        } else {
          read.chunks.push({ id: sse.id!, text: JSON.parse(sse.data) as string });
          if (read.chunks.length >= chunkLimit) return read;
        }
      }
    }
    throw new Error('The stream did not end within 10,000 reads.');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

const textOf = (read: ReadStream) => read.chunks.map((chunk) => chunk.text).join('');

function ask(service: TestService, json: Record<string, unknown>, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(`${service.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ chat_history: [], ...json }),
    signal,
  });
}

async function creditsOf(service: TestService, token: string, botId: string): Promise<number> {
  return (await service.call('GET', `/api/bot/information?bot_id=${botId}`, { token })).body.num_message_left as number;
}

async function historyOf(service: TestService, token: string, botId: string) {
  const { body } = await service.call('GET', `/api/chat/history?bot_id=${botId}&order=created_at.asc`, { token });
  return body as { session_id: string; chat_history_response: { sender_type: string; content: string; cut_off?: boolean }[] }[];
}

/** Two services on one database: two processes' worth on PostgreSQL, the same one twice on PGlite. */
function twoServices(engine: TestEngine, options: StartServerOptions): () => [TestService, TestService] {
  const first = useService(engine, options);
  if (engine.name !== 'postgres') return () => [first(), first()];
  let second: TestService | undefined;
  before(async () => {
    const { databaseUrl, databaseSchema } = (await first().server.service.ready()).options;
    second = wrapService(await startServer({ port: 0, rateLimits: false, databaseUrl, databaseSchema, ...options }));
  });
  after(() => second?.server.close());
  return () => [first(), second!];
}

for (const engine of testEngines()) {
  describe(`resumable answers (${engine.name})`, () => {
    const services = twoServices(engine, { answerProvider: slowProvider, messageCredits: 10, answerFlushMs: 20 });

    it('names the answer first, ids every chunk with its offset, and stores it once for one credit', async () => {
      const [service] = services();
      const owner = await service.user();
      const bot = await service.bot(owner.token, { is_visibility: true });
      const read = await readStream(await ask(service, { bot_id: bot.id, message: 'Tell me', session_id: 'session-a' }));
      assert.ok(read.start, 'the first event names the answer');
      assert.match(read.start.answer_id, /^[A-Za-z0-9_-]{22}$/);
      assert.equal(read.startId, `${read.start.answer_id}:0`);
      let offset = 0;
      for (const chunk of read.chunks) {
        offset += chunk.text.length;
        assert.equal(chunk.id, `${read.start.answer_id}:${offset}`);
      }
      assert.equal(read.end, 'done');
      assert.equal(parseAnswer(textOf(read)).answer, FULL_ANSWER);
      const history = await historyOf(service, owner.token, bot.id);
      assert.deepEqual(history.map((session) => session.chat_history_response), [[{ sender_type: 'user', content: 'Tell me' }, { sender_type: 'assistant', content: FULL_ANSWER }]]);
      assert.equal(await creditsOf(service, owner.token, bot.id), 9);
    });

    it('is read by the client\'s resumable stream, which asks once and can read the answer again on another process', async () => {
      const [first, second] = services();
      const owner = await first.user();
      const bot = await first.bot(owner.token, { is_visibility: true });
      const positions: { answerId: string; offset: number }[] = [];
      const answerText = async (events: AsyncIterable<AnswerEvent>) => {
        let text = '';
        for await (const event of events) if (event.type === 'text') text += event.text;
        return text;
      };
      const asked = await answerText(createClient({ baseUrl: first.url }).streamResumableAnswer({ bot_id: bot.id, message: 'Client', chat_history: [] }, { sessionId: 'session-client', idempotencyKey: 'client-1', onPosition: (position) => positions.push(position) }));
      assert.equal(asked, FULL_ANSWER);
      const answerId = positions[0]!.answerId;
      assert.deepEqual(positions[0], { answerId, offset: 0 });
      const again = await answerText(createClient({ baseUrl: second.url }).resumeAnswer({ answerId, offset: 0 }, { sessionId: 'session-client' }));
      assert.equal(again, FULL_ANSWER);
      assert.equal(await creditsOf(first, owner.token, bot.id), 9);
    });

    it('goes on when the client leaves; Last-Event-ID on another process reads exactly the missing text', async () => {
      const [first, second] = services();
      const owner = await first.user();
      const bot = await first.bot(owner.token, { is_visibility: true });
      const question = { bot_id: bot.id, message: 'Tell me more', session_id: 'session-b' };
      const leaving = new AbortController();
      const before = await readStream(await ask(first, question, {}, leaving.signal), 3);
      leaving.abort();
      const lastId = before.chunks.at(-1)!.id;

      const resumed = await readStream(await ask(second, question, { 'last-event-id': lastId }));
      assert.equal(resumed.startId, lastId, 'the resumed stream starts where the client was');
      assert.equal(resumed.end, 'done');
      const whole = textOf(before) + textOf(resumed);
      assert.equal(parseAnswer(whole).answer, FULL_ANSWER, 'nothing missing, nothing twice');
      // The same rest through the GET route, by offset.
      const [answerId, offset] = lastId.split(':');
      const viaGet = await readStream(await fetch(`${second.url}/api/chat/answers/${answerId}/events?after=${offset}&session_id=session-b`));
      assert.equal(textOf(viaGet), textOf(resumed));
      assert.equal((await historyOf(second, owner.token, bot.id)).length, 1);
      assert.equal(await creditsOf(second, owner.token, bot.id), 9, 'one credit, kept although the client left');
    });

    it('answers a question asked again with its idempotency key from the same answer, for one credit', async () => {
      const [first, second] = services();
      const owner = await first.user();
      const bot = await first.bot(owner.token, { is_visibility: true });
      const question = { bot_id: bot.id, message: 'Once only', session_id: 'session-c' };
      const [one, two] = await Promise.all([
        ask(first, question, { 'idempotency-key': 'question-1' }).then((response) => readStream(response)),
        ask(second, question, { 'idempotency-key': 'question-1' }).then((response) => readStream(response)),
      ]);
      assert.equal(one.start!.answer_id, two.start!.answer_id);
      assert.equal(textOf(one), textOf(two));
      assert.equal(parseAnswer(textOf(one)).answer, FULL_ANSWER);
      // Later, as message_id in the body and read as raw text: still the same answer.
      const raw = await fetch(`${second.url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...question, chat_history: [], message_id: 'question-1' }) });
      assert.equal(await raw.text(), textOf(one));
      assert.equal(await creditsOf(first, owner.token, bot.id), 9);
      assert.equal((await historyOf(first, owner.token, bot.id)).length, 1);
      // Another key is another question.
      const other = await readStream(await ask(first, question, { 'idempotency-key': 'question-2' }));
      assert.notEqual(other.start!.answer_id, one.start!.answer_id);
      assert.equal(await creditsOf(first, owner.token, bot.id), 8);
    });

    it('lets only the session that asked and the bot\'s owner resume; refuses malformed positions by name', async () => {
      const [first, second] = services();
      const owner = await first.user();
      const bot = await first.bot(owner.token, { is_visibility: true });
      const read = await readStream(await ask(first, { bot_id: bot.id, message: 'Mine', session_id: 'session-d' }));
      const answerId = read.start!.answer_id;
      const eventsOf = (query: string, headers: Record<string, string> = {}) => second.call('GET', `/api/chat/answers/${answerId}/events${query}`, { headers });
      assert.equal((await eventsOf('?session_id=session-x')).status, 404, 'another session');
      assert.equal((await eventsOf('')).status, 404, 'no session');
      assert.equal((await second.call('GET', `/api/chat/answers/${'A'.repeat(22)}/events?session_id=session-d`)).status, 404, 'an unknown answer looks the same');
      const stranger = await ask(second, { bot_id: bot.id, message: 'Mine', session_id: 'session-x' }, { 'last-event-id': `${answerId}:0` });
      assert.equal(stranger.status, 404, 'Last-Event-ID from another session');
      await stranger.text();
      const asOwner = await second.request('GET', `/api/chat/answers/${answerId}/events`, { token: owner.token });
      assert.equal(asOwner.status, 200);
      assert.equal(textOf(await readStream(asOwner)), textOf(read));
      const ownSession = await eventsOf('?after=5', { 'x-session-id': 'session-d' });
      assert.equal(ownSession.status, 200);
      const badHeader = await ask(second, { bot_id: bot.id, message: 'Mine', session_id: 'session-d' }, { 'last-event-id': 'not an id' });
      assert.equal(badHeader.status, 422);
      assert.deepEqual(((await badHeader.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc, ['header', 'last-event-id']);
      assert.deepEqual((await eventsOf('?after=-1&session_id=session-d')).body.detail[0].loc, ['query', 'after']);
      assert.deepEqual((await second.call('GET', '/api/chat/answers/short/events')).body.detail[0].loc, ['path', 'answer_id']);
      const keyed = await readStream(await ask(first, { bot_id: bot.id, message: 'Keyed', session_id: 'session-d', message_id: 'keyed-1' }));
      const byKey = (query: string) => second.request('GET', `/api/chat/answers/events?bot_id=${bot.id}&message_id=keyed-1${query}`);
      const found = await byKey('&session_id=session-d');
      assert.equal(found.status, 200);
      assert.equal(textOf(await readStream(found)), textOf(keyed), 'found by its key, from the start');
      assert.equal((await byKey('&session_id=session-x')).status, 404, 'the key means nothing in another session');
      assert.deepEqual(((await (await byKey('')).json()) as { detail: { loc: string[] }[] }).detail[0]!.loc, ['query', 'session_id']);
      const unknownKey = await second.request('GET', `/api/chat/answers/events?bot_id=${bot.id}&message_id=never-asked&session_id=session-d`);
      assert.equal(unknownKey.status, 404, 'a key never asked is not asked now');
      assert.equal(await creditsOf(first, owner.token, bot.id), 8, 'two questions, two credits: reading by key asked nothing');
      const keyWithoutSession = await ask(second, { bot_id: bot.id, message: 'Mine' }, { 'idempotency-key': 'k1' });
      assert.equal(keyWithoutSession.status, 422);
      assert.deepEqual(((await keyWithoutSession.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc, ['header', 'idempotency-key']);
    });
  });

  describe(`resumable answers cut off by a limit (${engine.name})`, () => {
    const service = useService(engine, { answerProvider: slowProvider, messageCredits: 10, answerMaxChars: 20 });

    it('stores an answer that reached the length limit as cut off, says so at the end of the stream, and keeps its credit', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const read = await readStream(await ask(service(), { bot_id: bot.id, message: 'Go on', session_id: 'session-e' }));
      assert.equal(read.end, 'error');
      assert.equal(read.errorData, 'The answer was cut off.');
      const cut = FULL_ANSWER.slice(0, 20).trim();
      assert.equal(parseAnswer(textOf(read)).answer, cut);
      const [session] = await historyOf(service(), owner.token, bot.id);
      assert.deepEqual(session!.chat_history_response[1], { sender_type: 'assistant', content: cut, cut_off: true });
      assert.equal(await creditsOf(service(), owner.token, bot.id), 9);
    });
  });

  describe(`reconnections are rate-limited (${engine.name})`, () => {
    const service = useService(engine, { answerProvider: slowProvider, messageCredits: 10, rateLimits: { resumesPerMinute: 2 } });

    it('answers 429 once a visitor has reconnected too often, resumes and retried questions alike', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const question = { bot_id: bot.id, message: 'Limited', session_id: 'session-g' };
      const read = await readStream(await ask(service(), question, { 'idempotency-key': 'limited-1' }));
      const lastId = read.chunks.at(-1)!.id;
      assert.equal((await ask(service(), question, { 'idempotency-key': 'limited-1' }).then((response) => readStream(response))).start!.answer_id, read.start!.answer_id);
      const resumed = await ask(service(), question, { 'last-event-id': lastId });
      assert.equal(resumed.status, 200);
      await resumed.text();
      const refused = await ask(service(), question, { 'last-event-id': lastId });
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      await refused.text();
      assert.equal(await creditsOf(service(), owner.token, bot.id), 9);
    });
  });

  describe(`readers of one answer (${engine.name})`, () => {
    const service = useService(engine, { answerProvider: endlessProvider, answerTimeLimitMs: 20_000 });

    it('serves at most four streams of one answer in a process, the asking one included', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const closing = new AbortController();
      try {
        const asked = await ask(service(), { bot_id: bot.id, message: 'Endless', session_id: 'session-h' }, {}, closing.signal);
        // The asking stream stays open: only its first event is read.
        const { value } = await asked.body!.getReader().read();
        const answerId = /"answer_id":"([^"]+)"/.exec(new TextDecoder().decode(value))![1];
        const open = (): Promise<Response> => fetch(`${service().url}/api/chat/answers/${answerId}/events`, { headers: { authorization: `Bearer ${owner.token}` }, signal: closing.signal });
        const readers = [await open(), await open(), await open()];
        assert.deepEqual(readers.map((response) => response.status), [200, 200, 200]);
        const refused = await open();
        assert.equal(refused.status, 429);
        assert.equal((await refused.json() as { message_code: number }).message_code, 1009);
      } finally {
        closing.abort();
      }
    });
  });

  describe(`an answering process killed mid-answer (${engine.name})`, () => {
    after(() => dropTestSchemas());
    let child: ChildProcess | undefined;
    let dataDir: string | undefined;
    after(() => {
      child?.kill('SIGKILL');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('is stored as cut off with the text it had written, never complete', async () => {
      const database = engine.name === 'postgres' ? await engine.freshDatabase() : { dataDir: (dataDir = mkdtempSync(join(tmpdir(), 'chatbot-resume-'))) };
      child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/answering-service.ts', import.meta.url))], {
        env: {
          ...process.env,
          TEST_SERVICE_DATABASE_URL: database.databaseUrl ?? '',
          TEST_SERVICE_DATABASE_SCHEMA: database.databaseSchema ?? '',
          TEST_SERVICE_DATA_DIR: database.dataDir ?? '',
          TEST_SERVICE_LEASE_MS: '2000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      const dying = wrapService({ url: (JSON.parse(line) as { url: string }).url } as RunningServer);
      assert.equal((await dying.call('POST', '/api/users', { json: { username: 'killed-owner', password: 'a long password' } })).status, 200);
      const login = await dying.call('POST', '/token', { body: new URLSearchParams({ username: 'killed-owner', password: 'a long password' }) });
      const owner = { token: login.body.access_token as string };
      const bot = await dying.bot(owner.token, { is_visibility: true });
      const received = await readStream(await ask(dying, { bot_id: bot.id, message: 'Never ends', session_id: 'session-f' }), 10);
      const answerId = received.start!.answer_id;
      child.kill('SIGKILL');
      await once(child, 'exit');
      child = undefined;

      const survivor = wrapService(await startServer({ port: 0, rateLimits: false, ...database }));
      try {
        const read = await readStream(await survivor.request('GET', `/api/chat/answers/${answerId}/events`, { token: owner.token }));
        assert.equal(read.end, 'error', 'never reported complete');
        assert.equal(read.errorData, 'The answer was cut off.');
        const stored = textOf(read);
        assert.match(stored, /^\*Answer:\* (w\d+ )+$/, 'whole words in order, no suggestions');
        const sent = textOf(received);
        assert.ok(stored.startsWith(sent) || sent.startsWith(stored), 'what was stored is what was generated');
        const [session] = await historyOf(survivor, owner.token, bot.id);
        assert.deepEqual(session!.chat_history_response.map((message) => message.cut_off), [undefined, true]);
        assert.equal(session!.chat_history_response[1]!.content, parseAnswer(stored).answer);
      } finally {
        await survivor.server.close();
      }
    });
  });
}
