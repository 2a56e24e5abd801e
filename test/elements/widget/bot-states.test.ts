import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ChatbotErrorEvent } from '../../../src/chatbot-widget.js';
import { botRecord, heldJsonResponse, jsonResponse } from './fake-service.js';
import { allByRole, ask, byRole, chatReady, composer, mountWidget, nextEvent, part, parts, queryByPart, queryByRole } from './widget-helpers.js';

async function notice(options: Parameters<typeof mountWidget>[0]) {
  const { el, service } = await mountWidget({ ...options, ready: false });
  await waitUntil(() => queryByRole(el.shadowRoot!, 'alert'), 'no unavailable notice');
  return { el, service, text: part(el, 'notice').textContent!.trim() };
}

describe('<chatbot-widget> bot states', () => {
  it('draws the chat while the bot information is on its way, and sends a question typed meanwhile once it has come', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { el, service } = await mountWidget({
      ready: false,
      bot: () => heldJsonResponse(botRecord({ bot_name: 'Late' }), gate),
    });
    await waitUntil(() => queryByPart(el.shadowRoot!, 'input'), 'no message field while the bot loads');
    const loading = part(el, 'notice');
    expect(loading.getAttribute('role')).to.equal('status');
    expect(loading.textContent).to.contain('Loading…');
    expect(part(el, 'thread').contains(loading)).to.equal(true);
    await expect(el).to.be.accessible();
    // The field takes a question at once; it is sent once the bot has come.
    await ask(el, 'Asked early');
    expect(service.questionsAsked).to.equal(0);
    expect(composer(el).value).to.equal('Asked early');
    expect(part<HTMLButtonElement>(el, 'send-button').disabled).to.equal(true);
    release();
    await waitUntil(() => !part<HTMLButtonElement>(el, 'send-button').disabled, 'sending stayed off once the bot had come');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => service.questionsAsked === 1, 'the question typed while the bot loaded was not sent');
    expect(service.streamBodies[0]?.['message']).to.equal('Asked early');
    expect(part(el, 'title').textContent).to.equal('Late');
    expect(queryByPart(el.shadowRoot!, 'notice')).to.equal(null);
  });

  it('fires no chatbot-error for the bot information a removed element no longer waits for', async () => {
    let asked!: () => void;
    let cancelled!: () => void;
    const botAsked = new Promise<void>((resolve) => (asked = resolve));
    const bodyCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    const bot = () => {
      asked();
      return new Response(new ReadableStream({ cancel: () => cancelled() }));
    };
    const { el } = await mountWidget({ ready: false, bot });
    const errors: Event[] = [];
    el.addEventListener('chatbot-error', (event) => errors.push(event));
    await botAsked;
    el.remove();
    await bodyCancelled;
    // The cancelled read settles in microtasks: a task later the controller has seen it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).to.have.length(0);
  });

  it('explains a deactivated bot instead of a chat', async () => {
    const { el, text } = await notice({ bot: { is_activate: false, bot_name: 'Sleepy' } });
    expect(text).to.equal('This assistant is switched off at the moment.');
    expect(parts(el, 'input')).to.have.length(0);
    expect(part(el, 'title').textContent).to.equal('Sleepy');
    await expect(el).to.be.accessible();
  });

  it('explains a bot with no messages left', async () => {
    const { text } = await notice({ bot: { num_message_left: 0 } });
    expect(text).to.contain('cannot answer any more messages');
  });

  it('lets a visitor chat with a bot whose information gives no message count (null)', async () => {
    const { el } = await mountWidget({ bot: { num_message_left: null } });
    expect(queryByRole(el.shadowRoot!, 'alert')).to.equal(null);
    expect(parts(el, 'input')).to.have.length(1);
  });

  it('explains the service refusing a deactivated bot (403, 1003) and fires chatbot-error', async () => {
    const { el, service } = await mountWidget({ ready: false, bot: () => jsonResponse({ message: 'Bot is deactivated', message_code: 1003 }, 403) });
    void service;
    const failed = (await nextEvent(el, 'chatbot-error')) as ChatbotErrorEvent;
    expect(failed).to.include({ operation: 'load-bot', kind: 'deactivated' });
    await el.updateComplete;
    expect(part(el, 'notice').textContent).to.contain('switched off');
  });

  it('explains an unknown bot (404, 1006)', async () => {
    const { text } = await notice({ bot: () => jsonResponse({ message: 'Bot not found', message_code: 1006 }, 404) });
    expect(text).to.equal('This assistant could not be found.');
  });

  it('explains no messages left from the service (402, 1004)', async () => {
    const { text } = await notice({ bot: () => jsonResponse({ message: 'No messages left', message_code: 1004 }, 402) });
    expect(text).to.contain('cannot answer any more messages');
  });

  it('explains a website that may not use the bot (403, 1005)', async () => {
    const { text } = await notice({ bot: () => jsonResponse({ message: 'Origin not allowed', message_code: 1005 }, 403) });
    expect(text).to.equal('This assistant is not available on this website.');
  });

  it('explains refused credentials (401)', async () => {
    const { text } = await notice({ bot: () => jsonResponse({ message: 'Unauthorized', message_code: 1002 }, 401) });
    expect(text).to.equal('This assistant could not confirm access.');
  });

  it('offers to try again when the bot could not be loaded', async () => {
    let attempts = 0;
    const { el, text } = await notice({
      bot: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({ id: 'bot', bot_name: 'Back again' });
      },
    });
    expect(text).to.contain('The assistant could not be loaded.');
    byRole<HTMLButtonElement>(part(el, 'notice'), 'button').click();
    await waitUntil(() => chatReady(el));
    expect(part(el, 'title').textContent).to.equal('Back again');
  });

  it('chats with a bot whose fields it does not use are odd, and reads its own fields past wrong types', async () => {
    const { el } = await mountWidget({
      ready: false,
      bot: () => jsonResponse({ id: '', created_at: 'yesterday', temperature: 'hot', bot_name: 'Odd', is_activate: 'yes', num_message_left: '0' }),
    });
    await waitUntil(() => chatReady(el), 'no chat for a bot with odd fields');
    expect(part(el, 'title').textContent).to.equal('Odd');
  });

  it('treats a body that is not a bot as a failed load, with Retry', async () => {
    const { el, text } = await notice({ bot: () => jsonResponse(['not', 'a', 'bot']) });
    expect(text).to.contain('The assistant could not be loaded.');
    expect(allByRole(part(el, 'notice'), 'button')).to.have.length(1);
  });

  it('shows the unavailable states in the bot language', async () => {
    const { text } = await notice({ lang: '', bot: { is_activate: false, bot_language: 'vi' } });
    expect(text).to.equal('Trợ lý này hiện đang tắt.');
  });

  it('waits for a bot id and base URL before loading anything', async () => {
    const { el, service } = await mountWidget({ ready: false, botId: '' });
    await el.updateComplete;
    expect(service.requests).to.have.length(0);
    el.botId = 'late-bot';
    await waitUntil(() => queryByPart(el.shadowRoot!, 'input'));
    expect(service.requests[0]!.url.searchParams.get('bot_id')).to.equal('late-bot');
  });
});
