// <chatbot-widget> against the real reference service (started by the test runner with the seeded demo
// bot and its knowledge base): both modes, streaming, Markdown, suggestions, the lead form and bot states.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/chatbot-widget.js';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { createClient, type Bot } from '../../../src/api/index.js';
import { allByPart, allByRole, byPart, byRole, queryByPart, queryByRole, textOf } from '../../elements/queries.js';
import { chatReady } from '../../elements/widget/widget-helpers.js';

interface ReferenceService {
  url: string;
  username: string;
  password: string;
  botId: string;
}

let service: ReferenceService;

async function referenceService(): Promise<ReferenceService> {
  const response = await fetch('/__reference-service.json');
  if (!response.ok) throw new Error(`The reference service did not start: ${await response.text()}`);
  return (await response.json()) as ReferenceService;
}

const root = (el: ChatbotWidget) => el.shadowRoot!;
const answerTexts = (el: ChatbotWidget) => allByPart(root(el), 'bot-message').map((answer) => textOf(byPart(answer, 'bubble')));
const field = (el: ChatbotWidget) => queryByPart<HTMLTextAreaElement>(root(el), 'input');

async function mount(mode: 'inline' | 'launcher', botId = service.botId): Promise<ChatbotWidget> {
  return fixture<ChatbotWidget>(html`<chatbot-widget
    mode=${mode}
    bot-id=${botId}
    base-url=${service.url}
    storage="none"
    lang="en"
    style="height: 600px"
  ></chatbot-widget>`);
}

async function askAndWatch(el: ChatbotWidget, question: string): Promise<Set<string>> {
  field(el)!.focus();
  await sendKeys({ type: question });
  await el.updateComplete;
  const before = allByPart(root(el), 'bot-message').length;
  const seen = new Set<string>();
  const complete = new Promise((resolve) => el.addEventListener('chatbot-answer-complete', resolve, { once: true }));
  await sendKeys({ press: 'Enter' });
  let watching = true;
  const watch = () => {
    const answer = allByPart(root(el), 'bot-message')[before];
    if (answer?.getAttribute('aria-busy') === 'true') seen.add(answer.textContent!.replace(/\s+/g, ' ').trim());
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  await complete;
  watching = false;
  await el.updateComplete;
  return seen;
}

async function ownerClient() {
  const login = createClient({ baseUrl: service.url });
  const { access_token } = await login.login({ username: service.username, password: service.password });
  return createClient({ baseUrl: service.url, token: access_token });
}

async function createBot(overrides: Partial<Bot>): Promise<Bot> {
  const client = await ownerClient();
  return client.createBot({
    bot_name: 'Integration bot',
    is_visibility: true,
    domain: ['localhost', '127.0.0.1'],
    is_activate: true,
    bot_language: 'en',
    ...overrides,
  } as Parameters<typeof client.createBot>[0]);
}

describe('<chatbot-widget> with the reference service', function () {
  this.timeout(60000);

  before(async () => {
    service = await referenceService();
  });

  it('chats inline: the bot loads, the answer streams in with Markdown, suggestions follow', async () => {
    const el = await mount('inline');
    await waitUntil(() => chatReady(el), 'the demo bot did not load', { timeout: 20000 });
    expect(byPart(root(el), 'title').textContent).to.equal('Widget guide');
    const seen = await askAndWatch(el, 'Which plans are there?');
    // Streaming: the answer was seen growing before it was complete.
    expect(seen.size).to.be.greaterThan(1);
    const [answer] = answerTexts(el);
    expect(answer!.length).to.be.greaterThan(20);
    const markdown = byPart(allByPart(root(el), 'bot-message')[0]!, 'bubble');
    expect([...allByRole(markdown, 'paragraph'), ...allByRole(markdown, 'listitem')]).to.not.have.length(0);
    // The demo bot cites the pages it used: live links, opened safely.
    const link = allByRole<HTMLAnchorElement>(markdown, 'link')[0];
    if (link) {
      expect(link.rel).to.equal('noopener noreferrer');
      expect(link.target).to.equal('_blank');
    }
    await waitUntil(() => allByPart(root(el), 'suggestion').length > 0, 'no suggestions', { timeout: 10000 });
    const chip = allByPart<HTMLButtonElement>(root(el), 'suggestion')[0]!;
    const question = chip.textContent!;
    const complete = new Promise((resolve) => el.addEventListener('chatbot-answer-complete', resolve, { once: true }));
    chip.click();
    await complete;
    await el.updateComplete;
    const questions = allByPart(root(el), 'user-message').map((message) => textOf(byPart(message, 'bubble')).replace('You: ', ''));
    expect(questions).to.deep.equal(['Which plans are there?', question]);
    expect(answerTexts(el)).to.have.length(2);
    await expect(el).to.be.accessible();
  });

  it('chats in launcher mode: opens from the bubble, answers, closes', async () => {
    const el = await mount('launcher');
    byPart(root(el), 'launcher').click();
    await waitUntil(() => !byPart(root(el), 'panel').hidden && chatReady(el), 'the panel did not open', { timeout: 20000 });
    expect(root(el).activeElement).to.equal(field(el));
    const seen = await askAndWatch(el, 'How do I embed the widget?');
    expect(seen.size).to.be.greaterThan(1);
    expect(answerTexts(el)[0]!.length).to.be.greaterThan(20);
    el.close();
    await el.updateComplete;
    expect(byPart(root(el), 'panel').hidden).to.equal(true);
  });

  it('keeps one session on the service across questions', async () => {
    const el = await mount('inline');
    await waitUntil(() => chatReady(el), 'the demo bot did not load', { timeout: 20000 });
    await askAndWatch(el, 'Is the widget free?');
    await askAndWatch(el, 'What are message credits?');
    const client = await ownerClient();
    const records = await client.getHistory({ bot_id: service.botId });
    const questions = records.map((record) => record.chat_history_response.map((message) => message.content));
    const session = questions.find((messages) => messages.includes('Is the widget free?'));
    expect(session, 'the conversation was not stored as one session').to.exist;
    expect(session).to.include('What are message credits?');
  });

  it('sends the lead form to the service after the set number of answers', async () => {
    const bot = await createBot({ collect_customer_info: { numberShowing: 1, name: true, email: true } });
    const el = await mount('inline', bot.id);
    await waitUntil(() => chatReady(el), 'the bot did not load', { timeout: 20000 });
    await askAndWatch(el, 'Hello?');
    const form = byRole<HTMLFormElement>(root(el), 'form', { name: 'Before we go on' });
    for (const [label, value] of [['Name', 'Ada Lovelace'], ['Email', 'ada@example.com']] as const) {
      byRole(form, 'textbox', { name: label }).focus();
      await sendKeys({ type: value });
    }
    const submitted = new Promise<Event & { delivered?: boolean }>((resolve) => el.addEventListener('chatbot-lead-submit', resolve, { once: true }));
    byRole<HTMLButtonElement>(form, 'button', { name: 'Send details' }).click();
    expect((await submitted).delivered).to.equal(true);
    const { access_token: token } = await createClient({ baseUrl: service.url }).login({ username: service.username, password: service.password });
    const leads = await (await fetch(`${service.url}/api/lead/${bot.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(JSON.stringify(leads)).to.contain('ada@example.com');
  });

  it('explains a switched-off bot and an unknown bot', async () => {
    const off = await createBot({ bot_name: 'Switched off', is_activate: false });
    const el = await mount('inline', off.id);
    await waitUntil(() => queryByRole(root(el), 'alert'), 'no notice for the switched-off bot', { timeout: 20000 });
    expect(byPart(root(el), 'notice').textContent).to.contain('switched off');
    const unknown = await mount('inline', '00000000-0000-4000-8000-00000000dead');
    await waitUntil(() => queryByRole(root(unknown), 'alert'), 'no notice for the unknown bot', { timeout: 20000 });
    expect(byPart(root(unknown), 'notice').textContent).to.contain('could not be found');
  });
});
