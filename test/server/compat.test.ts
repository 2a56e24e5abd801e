// ChatFly's own endpoints, translated onto the interface's routes: each answers as ChatFly does and keeps
// every check of the route it is translated onto.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AnswerProvider } from '../../demo/server/index.js';
import { UNKNOWN_ID, htmlPage, parseAnswer, startSite, testEngines, useService, type TestService, type TestSite } from './helpers.js';

const PAGES = {
  '/hours': { body: htmlPage('Garden centre', { 'Opening hours': 'The garden centre is open from nine in the morning until six in the evening, every day except Sunday.' }) },
  '/tools': { body: htmlPage('Tool hire', { 'Tool hire deposit': 'Every hired tool needs a refundable deposit of fifty pounds, returned when the tool comes back clean.' }) },
};

async function addSource(service: TestService, token: string, botId: string, url: string): Promise<void> {
  const response = await service.request('POST', '/api/scraping/url', { token, json: { bot_id: botId, scrape_url: url, scrape_type: 2 } });
  assert.equal(response.status, 200);
  await response.text();
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

for (const engine of testEngines()) {
  describe(`ChatFly endpoints (${engine.name})`, () => {
    let site: TestSite;
    before(async () => {
      site = await startSite(PAGES);
    });
    after(() => site.close());
    const service = useService(engine, () => ({ scrapeAllowedHosts: [site.host], messageCredits: 50 }));
    let owner: { id: string; token: string };
    let botId: string;
    before(async () => {
      owner = await service().user();
      botId = (await service().bot(owner.token, { is_visibility: true, domain: ['shop.example'], collect_customer_info: { numberShowing: 1, email: true } })).id;
      await addSource(service(), owner.token, botId, `${site.origin}/hours`);
      await addSource(service(), owner.token, botId, `${site.origin}/tools`);
    });

    it('get-streaming-response answers raw text in the documented format, suggestions per is_get_suggest_question', async () => {
      const sessionId = 'c0c0a000-1111-4222-8333-444455556666';
      const response = await service().request('POST', '/api/chat/get-streaming-response?is_get_suggest_question=true', {
        headers: { origin: 'https://shop.example' },
        json: { bot_id: botId, message: 'When are you open?', session_id: sessionId, user_id: owner.id },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
      const text = await response.text();
      assert.match(text, /^\*Answer:\* /);
      assert.match(text, /\n\n\*Suggest Questions:\*\n1\. /);
      assert.match(parseAnswer(text).answer, /nine in the morning/);

      const plain = await service().request('POST', '/api/chat/get-streaming-response?is_get_suggest_question=false', {
        json: { bot_id: botId, message: 'How much is the deposit?', session_id: sessionId },
      });
      const plainText = await plain.text();
      assert.match(plainText, /fifty pounds/);
      assert.ok(!plainText.includes('Suggest Questions'), plainText);

      const history = await service().call('GET', `/api/chat/history?bot_id=${botId}`, { token: owner.token });
      const session = history.body.find((record: { session_id: string }) => record.session_id === sessionId);
      assert.equal(session.chat_history_response.length, 4, 'both exchanges are stored in the session');
    });

    it('get-streaming-response keeps the checks of the interface route: privacy, origin, existence, fields', async () => {
      const privateBot = await service().bot(owner.token, { is_visibility: false });
      const anonymous = await service().call('POST', '/api/chat/get-streaming-response', { json: { bot_id: privateBot.id, message: 'Hi', session_id: 's1' } });
      // A private bot answers a visitor exactly as an unknown bot does (docs/security.md, finding 9).
      assert.equal(anonymous.status, 404);
      const foreign = await service().call('POST', '/api/chat/get-streaming-response', {
        headers: { origin: 'https://elsewhere.example' },
        json: { bot_id: botId, message: 'Hi', session_id: 's1' },
      });
      assert.equal(foreign.status, 403);
      const missing = await service().call('POST', '/api/chat/get-streaming-response', { json: { bot_id: botId, session_id: 's1' } });
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.body.detail[0].loc, ['body', 'message']);
      const notObject = await service().call('POST', '/api/chat/get-streaming-response', { json: ['Hi'] });
      assert.equal(notObject.status, 422);
      assert.deepEqual(notObject.body.detail[0].loc, ['body']);
      const unknown = await service().call('POST', '/api/chat/get-streaming-response', { json: { bot_id: UNKNOWN_ID, message: 'Hi' } });
      assert.equal(unknown.status, 404);
    });

    it('get-streaming-response-with-chat-history takes the earlier messages and checks their shape', async () => {
      const response = await service().request('POST', '/api/chat/get-streaming-response-with-chat-history', {
        json: {
          bot_id: botId,
          message: 'And the deposit?',
          chat_history: [
            { sender_type: 'user', content: 'Can I hire tools?' },
            { sender_type: 'assistant', content: 'Yes.' },
          ],
        },
      });
      assert.equal(response.status, 200);
      assert.match(parseAnswer(await response.text()).answer, /fifty pounds/);
      const bad = await service().call('POST', '/api/chat/get-streaming-response-with-chat-history', {
        json: { bot_id: botId, message: 'Hi', chat_history: 'none' },
      });
      assert.equal(bad.status, 422);
      assert.deepEqual(bad.body.detail[0].loc, ['body', 'chat_history']);
    });

    it('GET /api/bot lists the caller\'s own bots as a bare array', async () => {
      const user = await service().user();
      const first = await service().bot(user.token, { bot_name: 'First' });
      const second = await service().bot(user.token, { bot_name: 'Second' });
      const listed = await service().call('GET', '/api/bot', { token: user.token });
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body.map((bot: { id: string }) => bot.id), [first.id, second.id]);
      assert.equal(listed.body[1].bot_name, 'Second');
      assert.equal(listed.body[1].num_message_left, 50);
      assert.equal((await service().call('GET', '/api/bot')).status, 401);
    });

    it('bot-widget-setting: anyone may read a public bot\'s, only its owner may save, and bad values are named', async () => {
      const bot = await service().bot(owner.token, { bot_name: 'Garden helper', is_visibility: true });
      const initial = await service().call('GET', `/api/bot/bot-widget-setting?bot_id=${bot.id}`);
      assert.equal(initial.status, 200);
      assert.equal(initial.body.display_name, 'Garden helper');
      assert.equal(initial.body.initial_message, '');
      assert.deepEqual(initial.body.suggest_messages, []);

      const saved = await service().call('PUT', '/api/bot/bot-widget-setting', {
        token: owner.token,
        json: {
          bot_id: bot.id,
          initial_message: 'Hello! Ask me about the garden centre.',
          suggest_messages: ['When are you open?', ' ', 'Can I hire tools?'],
          chat_bubble_button_color: '#1f6feb',
          align_chat_bubble_button: 'left',
          auto_show_initial_message_after: '5',
        },
      });
      assert.equal(saved.status, 200);
      assert.deepEqual(saved.body.suggest_messages, ['When are you open?', 'Can I hire tools?']);
      const read = await service().call('GET', `/api/bot/bot-widget-setting?bot_id=${bot.id}`);
      assert.equal(read.body.initial_message, 'Hello! Ask me about the garden centre.');
      assert.equal(read.body.align_chat_bubble_button, 'left');
      assert.equal(read.body.auto_show_initial_message_after, 5);
      assert.equal(read.body.chat_bubble_button_color, '#1f6feb');

      const stranger = await service().user();
      const foreign = await service().call('PUT', `/api/bot/bot-widget-setting?bot_id=${bot.id}`, { token: stranger.token, json: { initial_message: 'Hijacked' } });
      assert.equal(foreign.status, 404);
      assert.equal((await service().call('PUT', `/api/bot/bot-widget-setting?bot_id=${bot.id}`, { json: { initial_message: 'x' } })).status, 401);
      const injected = await service().call('PUT', `/api/bot/bot-widget-setting?bot_id=${bot.id}`, { token: owner.token, json: { chat_message_color: 'red; background: url(x)' } });
      assert.equal(injected.status, 422);
      assert.deepEqual(injected.body.detail[0].loc, ['body', 'chat_message_color']);
      const script = await service().call('PUT', `/api/bot/bot-widget-setting?bot_id=${bot.id}`, { token: owner.token, json: { bot_avatar_url: 'javascript:alert(1)' } });
      assert.equal(script.status, 422);
      assert.deepEqual(script.body.detail[0].loc, ['body', 'bot_avatar_url']);
      assert.equal((await service().call('GET', `/api/bot/bot-widget-setting?bot_id=${bot.id}`)).body.initial_message, 'Hello! Ask me about the garden centre.', 'refused saves change nothing');
      const reset = await service().call('PUT', `/api/bot/bot-widget-setting?bot_id=${bot.id}`, { token: owner.token, json: { align_chat_bubble_button: null, suggest_messages: null } });
      assert.equal(reset.body.align_chat_bubble_button, 'right', 'null resets a field to its default');
      assert.deepEqual(reset.body.suggest_messages, []);
      assert.equal(reset.body.initial_message, 'Hello! Ask me about the garden centre.', 'fields not sent are kept');

      const privateBot = await service().bot(owner.token, { is_visibility: false });
      assert.equal((await service().call('GET', `/api/bot/bot-widget-setting?bot_id=${privateBot.id}`)).status, 404);
      const noBot = await service().call('GET', '/api/bot/bot-widget-setting');
      assert.equal(noBot.status, 422);
      assert.deepEqual(noBot.body.detail[0].loc, ['query', 'bot_id']);
    });

    it('collect-customer-info answers the lead-form settings wrapped', async () => {
      const answer = await service().call('GET', `/api/bot/information/collect-customer-info?bot_id=${botId}`, { headers: { origin: 'https://shop.example' } });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { message_code: 0, message: 'Success', data: { numberShowing: 1, email: true } });
      assert.equal((await service().call('GET', `/api/bot/information/collect-customer-info?bot_id=${UNKNOWN_ID}`)).status, 404);
    });

    it('submit-information stores a lead the owner reads, and names user_infor fields in errors', async () => {
      const sent = await service().call('POST', `/api/chat/submit-information?bot_id=${botId}`, {
        json: { bot_id: botId, session_id: 'visitor-7', user_infor: { email: 'ada@example.com', phone: 5550100 } },
      });
      assert.equal(sent.status, 200);
      assert.equal(sent.body.message_code, 0);
      const leads = await service().call('GET', `/api/lead/${botId}`, { token: owner.token });
      assert.deepEqual(leads.body.find((lead: { session_id: string }) => lead.session_id === 'visitor-7').fields, { email: 'ada@example.com', phone: '5550100' });
      const missing = await service().call('POST', `/api/chat/submit-information?bot_id=${botId}`, { json: { session_id: 'visitor-8', user_infor: { name: 'Ada' } } });
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.body.detail[0].loc, ['body', 'user_infor', 'email']);
      const none = await service().call('POST', `/api/chat/submit-information?bot_id=${botId}`, { json: { session_id: 'visitor-8' } });
      assert.equal(none.status, 422);
      assert.deepEqual(none.body.detail[0].loc, ['body', 'user_infor']);
    });

    it('num-message-left answers a bot\'s credits, or the sum over the caller\'s bots, wrapped', async () => {
      const user = await service().user();
      const bot = await service().bot(user.token, { is_visibility: true });
      await service().bot(user.token);
      const one = await service().call('GET', `/api/chat/num-message-left?bot_id=${bot.id}`, { token: user.token });
      assert.equal(one.status, 200);
      assert.equal(one.body.message_code, 0);
      assert.equal(one.body.data.num_message_left, 50);
      const all = await service().call('GET', '/api/chat/num-message-left', { token: user.token });
      assert.equal(all.body.data.num_message_left, 100);
      assert.equal((await service().call('GET', '/api/chat/num-message-left')).status, 401);
      // Finding 9 of docs/security.md: a visitor of a public bot does not learn its credit count.
      assert.equal((await service().call('GET', `/api/chat/num-message-left?bot_id=${bot.id}`)).status, 401);
      const stranger = await service().user();
      assert.equal((await service().call('GET', `/api/chat/num-message-left?bot_id=${bot.id}`, { token: stranger.token })).status, 404);
    });

    it('POST /api/user is not there unless sign-ups are allowed', async () => {
      const refused = await service().call('POST', '/api/user', { json: { email: 'new@example.com', password: 'long-enough-pw', full_name: 'New', role: 'user' } });
      assert.equal(refused.status, 404);
    });

    it('DELETE /api/scraping/url takes the JSON body form, checks every address first, and keeps the query form', async () => {
      const bot = await service().bot(owner.token);
      for (const path of ['/hours', '/tools']) await addSource(service(), owner.token, bot.id, `${site.origin}${path}`);
      const bad = await service().call('DELETE', '/api/scraping/url', {
        token: owner.token,
        json: { bot_id: bot.id, base64_urls: [base64(`${site.origin}/hours`), '%%%'] },
      });
      assert.equal(bad.status, 422);
      assert.deepEqual(bad.body.detail[0].loc, ['body', 'base64_urls', 1]);
      const listed = await service().call('GET', `/api/scraping/url/${bot.id}`, { token: owner.token });
      assert.equal(listed.body.length, 2, 'a refused request removes nothing');

      const stranger = await service().user();
      const foreign = await service().call('DELETE', '/api/scraping/url', { token: stranger.token, json: { bot_id: bot.id, base64_urls: [base64(`${site.origin}/hours`)] } });
      assert.equal(foreign.status, 404);

      const removed = await service().call('DELETE', '/api/scraping/url', {
        token: owner.token,
        json: { bot_id: bot.id, base64_urls: [base64(`${site.origin}/hours`), base64(`${site.origin}/tools`)] },
      });
      assert.equal(removed.status, 200);
      assert.equal(removed.body.message_code, 0);
      assert.deepEqual(removed.body.data.deleted, [`${site.origin}/hours`, `${site.origin}/tools`]);
      assert.deepEqual((await service().call('GET', `/api/scraping/url/${bot.id}`, { token: owner.token })).body, []);

      await addSource(service(), owner.token, bot.id, `${site.origin}/hours`);
      const byQuery = await service().call('DELETE', `/api/scraping/url?bot_id=${bot.id}&base64_url=${encodeURIComponent(base64(`${site.origin}/hours`))}`, { token: owner.token });
      assert.equal(byQuery.status, 200);
    });
  });

  describe(`what ChatFly's clients send (${engine.name})`, () => {
    let site: TestSite;
    before(async () => {
      site = await startSite(PAGES);
    });
    after(() => site.close());
    const service = useService(engine, () => ({ scrapeAllowedHosts: [site.host] }));

    it('creates a bot from the admin\'s form with rules: [\'\'] (blank rules are dropped)', async () => {
      const owner = await service().user();
      const created = await service().call('POST', '/api/bot', {
        token: owner.token,
        json: { bot_name: 'Support', case_study: '2', rules: [''], gpt_model_name: 'GPT - 3.5 - 16k', collect_customer_info: {} },
      });
      assert.equal(created.status, 200);
      assert.deepEqual(created.body.rules, []);
      const updated = await service().call('PUT', '/api/bot', { token: owner.token, json: { id: created.body.id, bot_name: 'Support', rules: ['  Be brief ', ''] } });
      assert.deepEqual(updated.body.rules, ['Be brief']);
    });

    it('reads Authorization: Bearer undefined, null or empty as no credential', async () => {
      const owner = await service().user();
      const publicBot = await service().bot(owner.token, { is_visibility: true });
      const privateBot = await service().bot(owner.token, { is_visibility: false });
      for (const authorization of ['Bearer undefined', 'Bearer null', 'Bearer', 'bearer  ']) {
        const read = await service().call('GET', `/api/bot/information?bot_id=${publicBot.id}`, { headers: { authorization } });
        assert.equal(read.status, 200, authorization);
        assert.equal(read.body.custom_prompt, undefined, 'answered as to a visitor (who does not read the prompt)');
        const chat = await service().request('POST', '/api/chat/get-streaming-response', { headers: { authorization }, json: { bot_id: publicBot.id, message: 'Hello?', session_id: 'anon-1' } });
        assert.equal(chat.status, 200, authorization);
        await chat.text();
        const closed = await service().call('GET', `/api/bot/information?bot_id=${privateBot.id}`, { headers: { authorization } });
        // As an anonymous visitor: a private bot is not found (docs/security.md, finding 9).
        assert.equal(closed.status, 404);
      }
      const wrong = await service().call('GET', `/api/bot/information?bot_id=${publicBot.id}`, { headers: { authorization: 'Bearer not-a-token' } });
      assert.equal(wrong.status, 401, 'a real but wrong credential is still refused');
    });

    it('deletes a source by base64_url in either alphabet, padded or not, and with a space for +', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token);
      // Addresses whose base64 holds a '+' and a '/', so that both alphabets differ.
      const addresses: string[] = [];
      for (let n = 0; n < 10_000 && addresses.length < 4; n++) {
        const url = new URL(`${site.origin}/hours?v=${n.toString(2).replaceAll('0', '~').replaceAll('1', '?')}`).href;
        const encoded = base64(url);
        if (encoded.includes('+') && encoded.includes('/') && encoded.endsWith('=')) addresses.push(url);
      }
      assert.equal(addresses.length, 4);
      for (const url of addresses) await addSource(service(), owner.token, bot.id, url);
      const spellings = [
        (url: string) => base64(url).replaceAll('+', ' '),
        (url: string) => base64(url).replaceAll('+', '-').replaceAll('/', '_'),
        (url: string) => base64(url).replace(/=+$/, ''),
        (url: string) => base64(url).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
      ];
      for (const [index, url] of addresses.entries()) {
        // Sent as the older admin does: not URL-encoded, so a '+' arrives as a space.
        const raw = spellings[index]!(url).replaceAll(' ', '+');
        const removed = await service().call('DELETE', `/api/scraping/url?bot_id=${bot.id}&base64_url=${raw}`, { token: owner.token });
        assert.equal(removed.status, 200, `${raw}: ${JSON.stringify(removed.body)}`);
      }
      assert.deepEqual((await service().call('GET', `/api/scraping/url/${bot.id}`, { token: owner.token })).body, []);
    });
  });

  describe(`a ChatFly client going away mid-answer (${engine.name})`, () => {
    const runs: { aborted: Promise<void>; finished: boolean }[] = [];
    let started: () => void = () => undefined;
    // Thinks (silently, up to thirty seconds) when the question says so, else writes until told to stop;
    // tells when it starts and when the abort reached it. The test waits less than the thinking lasts, so only
    // the request's abort signal (not the end of the thinking) can make it see the abort in time.
    const endlessProvider: AnswerProvider = {
      name: 'endless test provider',
      async *answer({ signal, question }) {
        const run = { aborted: new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })), finished: false };
        runs.push(run);
        started();
        if (question.startsWith('Think')) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([run.aborted, new Promise((resolve) => (timer = setTimeout(resolve, 30_000).unref()))]);
          clearTimeout(timer);
          if (signal.aborted) return;
        }
        for (let index = 0; index < 100_000 && !signal.aborted; index++) {
          yield `word${index} `;
          await new Promise((resolve) => setImmediate(resolve));
        }
        run.finished = !signal.aborted;
      },
    };
    const service = useService(engine, { answerProvider: endlessProvider, messageCredits: 10 });

    // The generation sees the abort before the route releases the credit it reserved: read the count once the
    // release has had its moment (bounded), since a client that went away waits for nothing.
    async function creditsLeftOnceSettled(token: string, botId: string): Promise<number> {
      let left: number | undefined;
      for (let attempt = 0; attempt < 50; attempt++) {
        left = (await service().call('GET', `/api/bot/information?bot_id=${botId}`, { token })).body.num_message_left as number;
        if (left === 10) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return left!;
    }

    it('get-streaming-response passes the caller\'s abort to the generation: nothing stored, no credit taken', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const controller = new AbortController();
      const response = await fetch(`${service().url}/api/chat/get-streaming-response`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: bot.id, message: 'Tell me everything', session_id: 'leaving-visitor' }),
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      for (let read = 0; read < 3; read++) assert.equal((await reader.read()).done, false);
      controller.abort();
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        runs.at(-1)!.aborted.then(() => 'aborted'),
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000, 'never aborted'))),
      ]);
      clearTimeout(timer);
      assert.equal(outcome, 'aborted', 'the generation behind the translated request saw the abort');
      assert.equal(runs.at(-1)!.finished, false);
      const history = await service().call('GET', `/api/chat/history?bot_id=${bot.id}`, { token: owner.token });
      assert.deepEqual(history.body, []);
      assert.equal(await creditsLeftOnceSettled(owner.token, bot.id), 10);
    });

    it('get-streaming-response-with-chat-history passes the caller\'s abort on before the answer starts', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: true });
      const controller = new AbortController();
      const providerStarted = new Promise<void>((resolve) => (started = resolve));
      const request = fetch(`${service().url}/api/chat/get-streaming-response-with-chat-history`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: bot.id, message: 'Think about it', chat_history: [] }),
        signal: controller.signal,
      }).catch((error: unknown) => error);
      await providerStarted;
      controller.abort();
      await request;
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        runs.at(-1)!.aborted.then(() => 'aborted'),
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000, 'never aborted'))),
      ]);
      clearTimeout(timer);
      assert.equal(outcome, 'aborted', 'the abort signal reached the generation before any byte was sent');
      assert.equal(await creditsLeftOnceSettled(owner.token, bot.id), 10);
    });
  });

  describe(`ChatFly sign-up (${engine.name})`, () => {
    const service = useService(engine, { allowSignup: true });

    it('POST /api/user creates an account whose e-mail address is its login', async () => {
      const created = await service().call('POST', '/api/user', { json: { email: 'grace@example.com', password: 'long-enough-pw', full_name: 'Grace', role: 'user' } });
      assert.equal(created.status, 200);
      assert.equal(created.body.email, 'grace@example.com');
      const login = await service().call('POST', '/token', { body: new URLSearchParams({ username: 'grace@example.com', password: 'long-enough-pw' }) });
      assert.equal(login.status, 200);
      const again = await service().call('POST', '/api/user', { json: { email: 'grace@example.com', password: 'long-enough-pw', role: 'user' } });
      assert.equal(again.status, 422);
      assert.deepEqual(again.body.detail[0].loc, ['body', 'email']);
      const admin = await service().call('POST', '/api/user', { json: { email: 'eve@example.com', password: 'long-enough-pw', role: 'admin' } });
      assert.equal(admin.status, 422);
      assert.deepEqual(admin.body.detail[0].loc, ['body', 'role']);
    });
  });
}
