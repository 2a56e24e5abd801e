// ChatFly's public clients against the reference service, each written as that client sends its requests
// (method, path, headers, body shape) and reads the answers (wrapped or bare, JSON per chunk, raw text
// concatenated), with nothing changed but the host.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { htmlPage, startSite, testEngines, useService, type TestSite } from './helpers.js';

const PAGES = {
  '/faq': { body: htmlPage('Garden centre FAQ', {
    'Opening hours': 'The garden centre is open from nine in the morning until six in the evening, every day except Sunday.',
    'Delivery of plants': 'Plants are delivered within three working days. Large trees are delivered by our own van.',
  }) },
  '/hire': { body: htmlPage('Tool hire', {
    'Tool hire deposit': 'Every hired tool needs a refundable deposit of fifty pounds, returned when the tool comes back clean.',
  }) },
};
const SITE_ORIGIN_OF_THE_EMBED = 'https://shop.example';

// How every client reads the streamed answer: the chunks as text, concatenated.
async function concatenated(response: Response): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

// How the clients cut the answer from the suggestions: by the documented markers.
function answerOf(text: string): string {
  return text.split('*Suggest Questions:*')[0]!.replace('*Answer:*', '').trim();
}
function suggestionsOf(text: string): string[] {
  const tail = text.split('*Suggest Questions:*')[1] ?? '';
  return tail.split('\n').map((line) => line.replace(/^\d+\.\s*/, '').trim()).filter(Boolean);
}

// ChatFly's base64 of a URL, as the browser's btoa writes it.
function btoa(text: string): string {
  return Buffer.from(text, 'latin1').toString('base64');
}

for (const engine of testEngines()) {
  describe(`ChatFly's public clients (${engine.name})`, () => {
    let site: TestSite;
    before(async () => {
      site = await startSite(PAGES);
    });
    after(() => site.close());
    const service = useService(engine, () => ({ scrapeAllowedHosts: [site.host], allowSignup: true }));

    // The admin's test sets up the bot the other clients then use (in order, as in real life).
    let botId: string;
    let ownerToken: string;

    it('ChatFly admin dashboard: sign-up, login, bot, widget settings, sources, chat, history', async () => {
      const HOST = service().url;
      const email = `owner-${randomUUID()}@example.com`;
      const signup = await fetch(`${HOST}/api/user`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'garden-owner-1', full_name: 'Garden Owner', role: 'user' }),
      });
      assert.equal(signup.status, 200);

      const login = await fetch(`${HOST}/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: email, password: 'garden-owner-1', scope: '', client_id: '', client_secret: '' }),
      });
      const loginBody = (await login.json()) as { message_code: number; data: { access_token: string } };
      assert.equal(loginBody.message_code, 0);
      ownerToken = loginBody.data.access_token;
      const auth = { Authorization: `Bearer ${ownerToken}`, 'Content-Type': 'application/json' };

      // The create form: one empty rule, the display name of the model, case_study as a code, no user_id.
      const created = await fetch(`${HOST}/api/bot`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          bot_name: 'Garden helper',
          case_study: '2',
          is_visibility: true,
          domain: ['shop.example'],
          collect_customer_info: { numberShowing: 1, name: true, email: true, phone: false, company: false },
          rules: [''],
          gpt_model_name: 'GPT - 3.5 - 16k',
          temperature: 0,
          custom_prompt: '',
          bot_tone_type: 1,
          custom_error_message: '',
          is_enable_citation: false,
          is_activate: true,
          bot_language: 'en',
        }),
      });
      assert.equal(created.status, 200);
      const bot = (await created.json()) as { id: string; user_id: string };
      botId = bot.id;

      const bots = (await (await fetch(`${HOST}/api/bot`, { headers: auth })).json()) as { id: string; bot_name: string }[];
      assert.deepEqual(bots.map(({ id, bot_name }) => ({ id, bot_name })), [{ id: botId, bot_name: 'Garden helper' }]);

      // The edit page leaves gpt_model_name and temperature out.
      const edited = await fetch(`${HOST}/api/bot`, { method: 'PUT', headers: auth, body: JSON.stringify({ id: botId, bot_name: 'Garden helper', custom_prompt: 'Be brief.', rules: [''] }) });
      assert.equal(edited.status, 200);
      assert.equal(((await edited.json()) as { gpt_model_name: string }).gpt_model_name, 'GPT - 3.5 - 16k');

      const setting = await fetch(`${HOST}/api/bot/bot-widget-setting?bot_id=${botId}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ bot_id: botId, display_name: 'Gardener', initial_message: 'Hi! Ask me about the garden centre.', suggest_messages: ['When are you open?'], theme: 'light', chat_bubble_button_color: '#2e7d32', align_chat_bubble_button: 'right', auto_show_initial_message_after: 3 }),
      });
      assert.equal(setting.status, 200);

      // Sources: the progress stream, every chunk JSON.parse'd (one page, so one chunk).
      for (const path of ['/faq', '/hire']) {
        const upload = await fetch(`${HOST}/api/scraping/url`, { method: 'POST', headers: auth, body: JSON.stringify({ bot_id: botId, scrape_url: `${site.origin}${path}`, scrape_type: 2 }) });
        assert.equal(upload.status, 200);
        const decoder = new TextDecoder();
        const events: { url: string; progress: number; num_token: number }[] = [];
        for await (const chunk of upload.body as unknown as AsyncIterable<Uint8Array>) events.push(JSON.parse(decoder.decode(chunk)));
        assert.equal(events.at(-1)!.progress, 1);
      }
      const sources = (await (await fetch(`${HOST}/api/scraping/url/${botId}`, { headers: auth })).json()) as { knowledge_base_id: string; url: string; num_token: number }[];
      assert.equal(sources.length, 2);

      // Its chat page: the owner's token and user_id, suggestions asked for.
      const sessionId = randomUUID();
      const chat = await fetch(`${HOST}/api/chat/get-streaming-response?is_get_suggest_question=true`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ bot_id: botId, message: 'When are you open?', session_id: sessionId, user_id: bot.user_id }),
      });
      const text = await concatenated(chat);
      assert.match(answerOf(text), /nine in the morning/);
      assert.ok(suggestionsOf(text).length > 0);

      // The same page with nobody signed in sends `Bearer undefined`: the public bot still answers.
      const anonymous = await fetch(`${HOST}/api/chat/get-streaming-response?is_get_suggest_question=false`, {
        method: 'POST',
        headers: { Authorization: 'Bearer undefined', 'Content-Type': 'application/json' },
        body: JSON.stringify({ bot_id: botId, message: 'Do you deliver plants?', session_id: randomUUID() }),
      });
      assert.match(answerOf(await concatenated(anonymous)), /three working days/);

      const history = (await (await fetch(`${HOST}/api/chat/history?bot_id=${botId}&date_from=2023-01-01T00:00:00&date_to=2030-12-31T00:00:00&order=created_at.desc`, { headers: auth })).json()) as { session_id: string; chat_history_response: unknown[] }[];
      assert.ok(history.some((record) => record.session_id === sessionId && record.chat_history_response.length === 2));

      const credits = (await (await fetch(`${HOST}/api/chat/num-message-left?bot_id=${botId}`, { headers: auth })).json()) as { data: { num_message_left: number } };
      assert.equal(typeof credits.data.num_message_left, 'number');

      // Removing sources: the newer JSON body, and the older query with btoa not URL-encoded.
      const hire = sources.find((source) => source.url.endsWith('/hire'))!;
      const removed = await fetch(`${HOST}/api/scraping/url`, { method: 'DELETE', headers: auth, body: JSON.stringify({ bot_id: botId, base64_urls: [btoa(hire.url)] }) });
      assert.equal(removed.status, 200);
      const upload = await fetch(`${HOST}/api/scraping/url`, { method: 'POST', headers: auth, body: JSON.stringify({ bot_id: botId, scrape_url: hire.url, scrape_type: 2 }) });
      await upload.text();
      const removedOld = await fetch(`${HOST}/api/scraping/url?bot_id=${botId}&base64_url=${btoa(hire.url)}`, { method: 'DELETE', headers: auth });
      assert.equal(removedOld.status, 200);
      const upload2 = await fetch(`${HOST}/api/scraping/url`, { method: 'POST', headers: auth, body: JSON.stringify({ bot_id: botId, scrape_url: hire.url, scrape_type: 2 }) });
      await upload2.text();
    });

    it('ChatFly embed widget: widget settings, lead-form settings, chat without auth, lead form', async () => {
      const HOST = service().url;
      const page = { Origin: SITE_ORIGIN_OF_THE_EMBED };
      const settings = (await (await fetch(`${HOST}/api/bot/bot-widget-setting?bot_id=${botId}`, { headers: page })).json()) as Record<string, unknown>;
      assert.equal(settings['initial_message'], 'Hi! Ask me about the garden centre.');
      assert.deepEqual(settings['suggest_messages'], ['When are you open?']);
      assert.equal(settings['display_name'], 'Gardener');
      assert.equal(settings['chat_bubble_button_color'], '#2e7d32');
      assert.equal(settings['auto_show_initial_message_after'], 3);
      for (const field of ['theme', 'bot_avatar_url', 'chat_icon_url', 'chat_message_color', 'align_chat_bubble_button']) assert.ok(field in settings, field);

      const info = (await (await fetch(`${HOST}/api/bot/information/collect-customer-info?bot_id=${botId}`, { headers: page })).json()) as { message_code: number; data: { numberShowing: number; name: boolean; email: boolean } };
      assert.equal(info.message_code, 0);
      assert.equal(info.data.numberShowing, 1);

      const sessionId = randomUUID();
      const chat = await fetch(`${HOST}/api/chat/get-streaming-response?is_get_suggest_question=false`, {
        method: 'POST',
        headers: { ...page, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bot_id: botId, message: 'How much is the deposit for hiring a tool?', session_id: sessionId }),
      });
      assert.equal(chat.status, 200);
      assert.match(answerOf(await concatenated(chat)), /fifty pounds/);

      // After numberShowing answers the lead form appears; its fields are those set to true.
      const lead = await fetch(`${HOST}/api/chat/submit-information?bot_id=${botId}`, {
        method: 'POST',
        headers: { ...page, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bot_id: botId, session_id: sessionId, user_infor: { name: 'Ada Lovelace', email: 'ada@example.com' } }),
      });
      assert.equal(lead.status, 200);
      assert.equal(((await lead.json()) as { message_code: number }).message_code, 0);
      const leads = (await (await fetch(`${HOST}/api/lead/${botId}`, { headers: { Authorization: `Bearer ${ownerToken}` } })).json()) as { session_id: string }[];
      assert.ok(leads.some((entry) => entry.session_id === sessionId));
    });

    it('Chatwoot integration: sign-up, login, chat with its history, no auth', async () => {
      const HOST = service().url;
      const email = `agent-${randomUUID()}@example.com`;
      const signup = await fetch(`${HOST}/api/user`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'chatwoot-agent-1', full_name: 'Support Agent', role: 'user' }),
      });
      assert.equal(signup.status, 200);
      const login = await fetch(`${HOST}/token`, { method: 'POST', body: new URLSearchParams({ username: email, password: 'chatwoot-agent-1' }) });
      assert.ok(((await login.json()) as { data: { access_token: string } }).data.access_token);

      const reply = await fetch(`${HOST}/api/chat/get-streaming-response-with-chat-history`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          bot_id: botId,
          message: 'Do you deliver plants?',
          chat_history: [
            { sender_type: 'user', content: 'When are you open?' },
            { sender_type: 'assistant', content: 'From nine until six, every day except Sunday.' },
          ],
        }),
      });
      assert.equal(reply.status, 200);
      assert.match(answerOf(await concatenated(reply)), /three working days/);
    });

    it('Pipedream: the bot picker and a chat with an API key as a bearer credential', async () => {
      const HOST = service().url;
      const key = ((await (await fetch(`${HOST}/api/keys`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}` } })).json()) as { key: string }).key;
      const options = (await (await fetch(`${HOST}/api/bot`, { headers: { Authorization: `Bearer ${key}` } })).json()) as { id: string; bot_name: string }[];
      assert.deepEqual(options.map((bot) => ({ label: bot.bot_name, value: bot.id })), [{ label: 'Garden helper', value: botId }]);
      const reply = await fetch(`${HOST}/api/chat/get-streaming-response`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bot_id: options[0]!.id, message: 'When are you open?', session_id: randomUUID() }),
      });
      assert.equal(reply.status, 200);
      assert.match(answerOf(await concatenated(reply)), /nine in the morning/);
    });

    it('Activepieces: a chat with the API key in CHATFLY-API-KEY', async () => {
      const HOST = service().url;
      const key = ((await (await fetch(`${HOST}/api/keys`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}` } })).json()) as { key: string }).key;
      const reply = await fetch(`${HOST}/api/chat/get-streaming-response?is_get_suggest_question=false`, {
        method: 'POST',
        headers: { 'CHATFLY-API-KEY': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bot_id: botId, message: 'Is there a deposit for tool hire?', session_id: randomUUID() }),
      });
      assert.equal(reply.status, 200);
      const text = await concatenated(reply);
      assert.match(answerOf(text), /fifty pounds/);
      assert.ok(!text.includes('*Suggest Questions:*'));
    });
  });
}
