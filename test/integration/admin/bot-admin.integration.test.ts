// <bot-admin> against the real reference service (started by the test runner with the demo account): the
// newcomer's path from the demo page, step by step.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/bot-admin.js';
import type { BotAdmin, BotAdminEventMap } from '../../../src/bot-admin.js';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { createClient } from '../../../src/api/client.js';
import { chatReady } from '../../elements/widget/widget-helpers.js';
import {
  alerts,
  allByRole,
  button,
  field,
  nameOf,
  openTab,
  panel,
  part,
  queryByPart,
  queryByRole,
  root,
  scrapeRun,
  settingsForm,
  sourceRows,
  statuses,
  text,
  typeInto as type,
} from '../../elements/admin/admin-helpers.js';

interface ReferenceService {
  url: string;
  username: string;
  password: string;
  botId: string;
}

const SLOW = { timeout: 20000 };

async function referenceService(): Promise<ReferenceService> {
  const response = await fetch('/__reference-service.json');
  if (!response.ok) throw new Error(`The reference service did not start: ${response.status} ${await response.text()}`);
  return (await response.json()) as ReferenceService;
}

function press(el: BotAdmin, label: string): void {
  button(el, label).click();
}

const run = scrapeRun;

/** The next event of a kind; fails after 20 s, naming what the admin shows as alerts. */
function nextEvent<K extends keyof BotAdminEventMap>(el: BotAdmin, name: K): Promise<BotAdminEventMap[K]> {
  const event = oneEvent(el, name) as unknown as Promise<BotAdminEventMap[K]>;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const shown = alerts(root(el)).join(' | ');
      reject(new Error(`No ${name} within 20 s; alerts: ${shown || 'none'}`));
    }, 20000);
    void event.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

async function signIn(el: BotAdmin, svc: ReferenceService): Promise<void> {
  await type(el, field(el, 'User name'), svc.username);
  await type(el, field(el, 'Password'), svc.password);
  const login = nextEvent(el, 'bot-admin-login');
  press(el, 'Sign in');
  await login;
  await waitUntil(() => settingsForm(el) !== null, 'the settings did not appear after signing in', SLOW);
}

describe('<bot-admin> with the reference service', function () {
  this.timeout(90000);

  it('signs in, creates and updates a bot, adds a page, chats in the preview and finds the conversation', async () => {
    const svc = await referenceService();
    const el = await fixture<BotAdmin>(html`<bot-admin base-url=${svc.url} lang="en"></bot-admin>`);

    // Sign in with the demo account.
    expect(queryByRole(root(el), 'region', { name: 'Sign in' })).to.not.equal(null);
    await signIn(el, svc);
    expect(nameOf(settingsForm(el)!)).to.equal('New bot');
    expect(field(el, 'Owner ID').value).to.match(/^[0-9a-f-]{36}$/);

    // Create a bot.
    const name = `Integration bot ${Date.now().toString(36)}`;
    await type(el, field(el, 'Bot name'), name);
    await type(el, field<HTMLTextAreaElement>(el, 'Instructions (prompt)'), 'Answer from the knowledge base only.');
    const created = nextEvent(el, 'bot-admin-saved');
    press(el, 'Create bot');
    const createdEvent = await created;
    expect(createdEvent.created).to.equal(true);
    const botId = createdEvent.bot.id;
    await waitUntil(() => el.getAttribute('bot-id') === botId, 'the new bot id was not set', SLOW);
    expect(createdEvent.bot.num_message_left).to.be.a('number');

    // Update it.
    await type(el, field(el, 'Bot name'), `${name} (updated)`);
    await type(el, field(el, 'Creativity (temperature)'), '0.4');
    const updated = nextEvent(el, 'bot-admin-saved');
    press(el, 'Save changes');
    const updatedEvent = await updated;
    expect(updatedEvent.created).to.equal(false);
    expect(updatedEvent.bot).to.include({ id: botId, bot_name: `${name} (updated)`, temperature: 0.4 });
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'no saved announcement', SLOW);

    // Add a page the service serves itself, and see it listed with its words.
    await openTab(el, 'Knowledge base');
    const emptyNote = 'No pages yet. Add a website above.';
    await waitUntil(() => allByRole(panel(el, 'Knowledge base'), 'paragraph').map(text).includes(emptyNote), 'the empty knowledge base did not show', SLOW);
    const page = `${svc.url}/demo-site/faq.html`;
    await type(el, field(el, 'Address'), page);
    field(el, 'This page only').click();
    const added = nextEvent(el, 'bot-admin-source-added');
    press(el, 'Add');
    const addedEvent = await added;
    expect(addedEvent.url).to.equal(page);
    expect(addedEvent.words).to.be.greaterThan(0);
    await waitUntil(() => sourceRows(el).length > 0, 'the page was not listed', SLOW);
    const row = [...sourceRows(el)[0]!.children].map((cell) => text(cell));
    expect(row[0]).to.equal(page);
    expect(Number(row[1]!.replace(/\D/g, ''))).to.equal(addedEvent.words);
    expect(run(el).status).to.contain(`Added ${page}`);

    // Chat in the preview, with an unsaved prompt.
    await openTab(el, 'Settings');
    await type(el, field<HTMLTextAreaElement>(el, 'Instructions (prompt)'), 'Unsaved: answer briefly.');
    const widget = part(el, 'preview').querySelector<ChatbotWidget>('chatbot-widget')!;
    expect(widget.settings?.custom_prompt).to.equal('Unsaved: answer briefly.');
    await waitUntil(() => chatReady(widget), 'the preview did not become ready', SLOW);
    const question = 'How do I embed the widget?';
    queryByPart(widget.shadowRoot!, 'input')!.focus();
    await sendKeys({ type: question });
    const answered = Promise.race([
      oneEvent(widget, 'chatbot-answer-complete'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('The preview did not answer within 20 s')), 20000)),
    ]);
    await sendKeys({ press: 'Enter' });
    const answer = (await answered) as unknown as { answer: string };
    expect(answer.answer.trim()).to.not.equal('');
    expect(el.hasUnsavedChanges).to.equal(true);

    // Find the conversation in the history.
    await openTab(el, 'History');
    const sessions = () => {
      const list = queryByRole(root(el), 'list', { name: 'Conversations' });
      return list ? allByRole<HTMLButtonElement>(list, 'button') : [];
    };
    await waitUntil(() => sessions().length > 0, 'no conversation in the history', SLOW);
    const session = sessions()[0]!;
    expect(nameOf(session)).to.match(new RegExp(`^${question.replace(/[?.]/g, '\\$&')} .* · 2 messages$`));
    session.click();
    await el.updateComplete;
    const transcript = allByRole(part(el, 'transcript'), 'listitem').map(text);
    expect(transcript).to.have.length(2);
    expect(transcript[0]).to.equal(`Visitor ${question}`);

    // The service stored the update, not the unsaved preview prompt.
    const { access_token } = await createClient({ baseUrl: svc.url }).login({ username: svc.username, password: svc.password });
    const stored = await createClient({ baseUrl: svc.url, token: access_token }).getBotInformation(botId);
    expect(stored).to.include({ bot_name: `${name} (updated)`, custom_prompt: 'Answer from the knowledge base only.' });
  });

  it('edits the greeting of a bot, and the service stores it beside the fields the admin does not edit', async () => {
    const svc = await referenceService();
    const { access_token: token } = await createClient({ baseUrl: svc.url }).login({ username: svc.username, password: svc.password });
    const client = createClient({ baseUrl: svc.url, token });
    const bot = await client.createBot({ bot_name: `Greeting bot ${Date.now().toString(36)}` });
    await client.updateWidgetSettings(bot.id, { theme: 'dark', initial_message: 'Old greeting' });
    const el = await fixture<BotAdmin>(html`<bot-admin base-url=${svc.url} bot-id=${bot.id} token=${token} lang="en" no-preview></bot-admin>`);
    await waitUntil(() => queryByRole(root(el), 'textbox', { name: 'Greeting message' }) !== null, 'the greeting did not load', SLOW);
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('Old greeting');

    await type(el, field<HTMLTextAreaElement>(el, 'Greeting message'), 'Welcome to the garden centre!');
    press(el, 'Add a question');
    await el.updateComplete;
    await type(el, field(el, 'Question 1'), 'When are you open?');
    await type(el, field(el, 'Show the greeting beside the closed chat after (seconds)'), '12');
    press(el, 'Save changes');
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'no saved announcement', SLOW);

    const stored = await client.getWidgetSettings(bot.id);
    expect(stored).to.include({ initial_message: 'Welcome to the garden centre!', auto_show_initial_message_after: 12, theme: 'dark' });
    expect(stored.suggest_messages).to.deep.equal(['When are you open?']);
    expect(el.hasUnsavedChanges).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('shows the service reason for an address it will not read', async () => {
    const svc = await referenceService();
    const el = await fixture<BotAdmin>(html`<bot-admin base-url=${svc.url} bot-id=${svc.botId} lang="en" no-preview></bot-admin>`);
    await signIn(el, svc);
    await openTab(el, 'Knowledge base');
    await waitUntil(() => sourceRows(el).length > 0, 'the demo knowledge base was not listed', SLOW);
    const rowsBefore = sourceRows(el).length;
    await type(el, field(el, 'Address'), 'http://10.255.255.1/private');
    const failed = nextEvent(el, 'bot-admin-error');
    press(el, 'Add');
    expect((await failed).operation).to.equal('add-source');
    await waitUntil(() => run(el).alert !== '', 'no refusal shown', SLOW);
    expect(run(el).alert).to.match(/^The service could not read http:\/\/10\.255\.255\.1\/private\. \S/);
    expect(sourceRows(el).length).to.equal(rowsBefore);
    await expect(el).to.be.accessible();
  });
});
