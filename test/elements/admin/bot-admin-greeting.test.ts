// The greeting part of the settings: the bot's widget settings (`initial_message`, `suggest_messages`,
// `auto_show_initial_message_after`) loaded with the bot, edited, checked and saved after it by one Save.
import { expect, waitUntil } from '@open-wc/testing';
import type { BotAdmin } from '../../../src/bot-admin.js';
import type { BotAdminErrorEvent } from '../../../src/index.js';
import {
  alerts,
  allByRole,
  button,
  byRole,
  descriptionOf,
  field,
  focused,
  mountAdmin,
  nextEvent,
  part,
  press,
  queryByRole,
  root,
  settingsForm,
  statuses,
  text,
  typeInto,
} from './admin-helpers.js';
import { BOT_ID, fakeJwt, json, OWNER_ID, serviceWithBot, wireBot, withWidgetSettings, type FakeService } from './fake-service.js';

const NEW_BOT_ID = '11111111-2222-4333-8444-555555555555';
const DELAY = 'Show the greeting beside the closed chat after (seconds)';

const SAVED_GREETING = {
  initial_message: 'Hi! Ask me about your order.',
  suggest_messages: ['Where is my order?', 'Can I return an item?'],
  auto_show_initial_message_after: 8,
};

/** A service that stores the bot and its widget settings as the reference service does. */
function storingService(saved: Record<string, unknown> = SAVED_GREETING): FakeService {
  let bot = wireBot();
  const service = serviceWithBot(bot)
    .on('GET', '/api/bot/information', () => json(bot))
    .on('PUT', '/api/bot', (request) => {
      bot = { ...bot, ...JSON.parse(request.body), updated_at: '2024-03-01T10:00:00.000000' };
      return json(bot);
    })
    .on('POST', '/api/bot', (request) => {
      bot = { ...wireBot(), ...JSON.parse(request.body), id: NEW_BOT_ID };
      return json(bot);
    });
  return withWidgetSettings(service, saved);
}

const greetingGroup = (el: BotAdmin) => byRole(settingsForm(el)!, 'group', { name: 'Greeting' });
const saysUnsaved = (el: BotAdmin) => text(part(el, 'actions')).includes('You have unsaved changes.');
const dialogOf = (el: BotAdmin) => byRole<HTMLDialogElement>(root(el), 'dialog', { hidden: true });
const widgetSettingsPuts = (service: FakeService) => service.sent('PUT', '/api/bot/bot-widget-setting').map((request) => JSON.parse(request.body));

async function mountWithGreeting(service: FakeService = storingService()): Promise<{ el: BotAdmin; service: FakeService }> {
  const mounted = await mountAdmin({ service });
  await waitUntil(() => queryByRole(greetingGroup(mounted.el), 'textbox', { name: 'Greeting message' }) !== null, 'the greeting did not load');
  return mounted;
}

/** Collects the `bot-admin-error` events fired while a test runs (they bubble out of the shadow root). */
function collectErrors(): { errors: BotAdminErrorEvent[]; stop(): void } {
  const errors: BotAdminErrorEvent[] = [];
  const listener = (event: Event) => errors.push(event as BotAdminErrorEvent);
  document.addEventListener('bot-admin-error', listener);
  return { errors, stop: () => document.removeEventListener('bot-admin-error', listener) };
}

describe('<bot-admin> greeting', () => {
  it('shows the bot\'s saved greeting, starter questions and delay, and is accessible', async () => {
    const { el, service } = await mountWithGreeting();
    expect(service.sent('GET', '/api/bot/bot-widget-setting')[0]!.url.searchParams.get('bot_id')).to.equal(BOT_ID);
    const group = greetingGroup(el);
    expect(group.contains(field(el, 'Greeting message'))).to.equal(true);
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('Hi! Ask me about your order.');
    expect(descriptionOf(field(el, 'Greeting message'))).to.equal('The first message visitors see in an empty chat. Leave it empty for none.');
    expect(field(el, 'Question 1').value).to.equal('Where is my order?');
    expect(field(el, 'Question 2').value).to.equal('Can I return an item?');
    expect(descriptionOf(byRole(group, 'group', { name: 'Starter questions' }))).to.equal(
      'Offered as buttons in an empty chat: up to 10 questions of at most 200 characters each.',
    );
    expect(field(el, DELAY).value).to.equal('8');
    expect(field(el, DELAY).inputMode).to.equal('numeric');
    expect(descriptionOf(field(el, DELAY))).to.equal('A whole number of seconds, at most 86400; 0 never shows it.');
    expect(saysUnsaved(el)).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('saves the bot, then puts exactly the changed greeting fields, and shows what was stored', async () => {
    const service = storingService();
    const { el } = await mountWithGreeting(service);
    await typeInto(el, field(el, 'Bot name'), 'Order helper');
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Greeting message'), '  Welcome! Ask me anything.  ');
    await press(el, 'Remove question 1');
    await press(el, 'Add a question');
    expect(focused(el)).to.equal(field(el, 'Question 2'));
    await typeInto(el, field(el, 'Question 2'), 'Do you ship abroad?');
    await press(el, 'Add a question');
    expect(saysUnsaved(el)).to.equal(true);

    const saved = nextEvent(el, 'bot-admin-saved');
    await press(el, 'Save changes');
    await saved;
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'the save did not finish');
    const order = service.requests.filter((request) => request.method === 'PUT').map((request) => request.url.pathname);
    expect(order).to.deep.equal(['/api/bot', '/api/bot/bot-widget-setting']);
    expect(widgetSettingsPuts(service)).to.deep.equal([
      { initial_message: 'Welcome! Ask me anything.', suggest_messages: ['Can I return an item?', 'Do you ship abroad?'], bot_id: BOT_ID },
    ]);
    expect(JSON.parse(service.sent('PUT', '/api/bot')[0]!.body)).to.not.have.any.keys('initial_message', 'suggest_messages', 'auto_show_initial_message_after');
    // The form now shows the stored greeting: trimmed, the blank row gone, nothing left unsaved.
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('Welcome! Ask me anything.');
    expect(allByRole(byRole(greetingGroup(el), 'group', { name: 'Starter questions' }), 'textbox').map((row) => (row as HTMLInputElement).value)).to.deep.equal([
      'Can I return an item?',
      'Do you ship abroad?',
    ]);
    expect(saysUnsaved(el)).to.equal(false);
  });

  it('sends only the delay when only the delay changed, and no greeting call when the greeting did not change', async () => {
    const service = storingService();
    const { el } = await mountWithGreeting(service);
    await typeInto(el, field(el, DELAY), ' 0 ');
    await press(el, 'Save changes');
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'the save did not finish');
    expect(widgetSettingsPuts(service)).to.deep.equal([{ auto_show_initial_message_after: 0, bot_id: BOT_ID }]);
    expect(field(el, DELAY).value).to.equal('0');

    await typeInto(el, field(el, 'Bot name'), 'Renamed');
    await press(el, 'Save changes');
    await waitUntil(() => service.sent('PUT', '/api/bot').length === 2, 'the bot was not saved again');
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'the second save did not finish');
    expect(widgetSettingsPuts(service)).to.have.length(1);
  });

  it('keeps a greeting edit typed while the save is on its way, and sends the greeting as it was when saving', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const service = storingService();
    service.on('PUT', '/api/bot', async (request) => {
      await held;
      return json({ ...wireBot(), ...JSON.parse(request.body) });
    });
    const { el } = await mountWithGreeting(service);
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Greeting message'), 'Sent greeting');
    await press(el, 'Save changes');
    await waitUntil(() => service.sent('PUT', '/api/bot').length === 1, 'the bot was not sent');
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Greeting message'), 'Typed while saving');
    release();
    await waitUntil(() => widgetSettingsPuts(service).length === 1 && !button(el, 'Save changes').disabled, 'the save did not finish');
    expect(widgetSettingsPuts(service)[0]).to.deep.equal({ initial_message: 'Sent greeting', bot_id: BOT_ID });
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('Typed while saving');
    expect(saysUnsaved(el)).to.equal(true);
  });

  it('discards greeting edits back to the saved greeting', async () => {
    const { el, service } = await mountWithGreeting();
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Greeting message'), 'Something else');
    await typeInto(el, field(el, 'Question 1'), 'A changed question');
    expect(saysUnsaved(el)).to.equal(true);
    expect(el.hasUnsavedChanges).to.equal(true);
    await press(el, 'Discard changes');
    button(el, 'Discard changes', dialogOf(el)).click();
    await waitUntil(() => field<HTMLTextAreaElement>(el, 'Greeting message').value === 'Hi! Ask me about your order.', 'the greeting was not discarded');
    expect(field(el, 'Question 1').value).to.equal('Where is my order?');
    expect(saysUnsaved(el)).to.equal(false);
    expect(widgetSettingsPuts(service)).to.have.length(0);
  });

  it('names a delay that is not a whole number of seconds from 0 to 86400, and sends nothing', async () => {
    const service = storingService();
    const { el } = await mountWithGreeting(service);
    const cases: [string, string][] = [
      ['2.5', 'Please enter a whole number.'],
      ['-1', 'Please enter a number from 0 to 86400.'],
      ['86401', 'Please enter a number from 0 to 86400.'],
      ['soon', 'Please enter a number, such as 2.'],
      ['', 'Please fill in this field.'],
    ];
    for (const [typed, message] of cases) {
      await typeInto(el, field(el, DELAY), typed);
      await press(el, 'Save changes');
      await waitUntil(() => focused(el) === field(el, DELAY), `the delay "${typed}" was not focused`);
      expect(field(el, DELAY).getAttribute('aria-invalid'), typed).to.equal('true');
      expect(descriptionOf(field(el, DELAY)), typed).to.contain(message);
      expect(allByRole(part(el, 'issue-summary'), 'listitem').map(text), typed).to.deep.equal([`${DELAY}: ${message}`]);
    }
    await expect(el).to.be.accessible();
    expect(service.sent('PUT', '/api/bot')).to.have.length(0);
    expect(widgetSettingsPuts(service)).to.have.length(0);
    expect(field(el, DELAY).value).to.equal('');
  });

  it('holds the starter questions to the service\'s caps before sending', async () => {
    const service = storingService({ suggest_messages: Array.from({ length: 10 }, (_, index) => `Question number ${index + 1}?`) });
    const { el } = await mountWithGreeting(service);
    await press(el, 'Add a question');
    await typeInto(el, field(el, 'Question 11'), 'One too many?');
    await typeInto(el, field(el, 'Question 3'), 'q'.repeat(201));
    await press(el, 'Save changes');
    await waitUntil(() => focused(el) === field(el, 'Question 3'), 'the long question was not focused');
    expect(allByRole(part(el, 'issue-summary'), 'listitem').map(text)).to.deep.equal([
      'Question 3: Please use at most 200 characters.',
      'Starter questions: Please keep at most 10.',
    ]);
    expect(service.sent('PUT', '/api/bot')).to.have.length(0);

    // At the caps, the service takes them.
    await press(el, 'Remove question 11');
    await typeInto(el, field(el, 'Question 3'), 'q'.repeat(200));
    await press(el, 'Save changes');
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'the save did not finish');
    expect(widgetSettingsPuts(service)[0]!.suggest_messages).to.have.length(10);
  });

  it('keeps the typed greeting and says that only the greeting failed when its save fails', async () => {
    const service = storingService().on('PUT', '/api/bot/bot-widget-setting', () => json({ message: 'Database unavailable', message_code: 5000 }, 500));
    const { el } = await mountWithGreeting(service);
    const collected = collectErrors();
    try {
      await typeInto(el, field(el, 'Bot name'), 'Order helper');
      await typeInto(el, field<HTMLTextAreaElement>(el, 'Greeting message'), 'A new greeting');
      const saved = nextEvent(el, 'bot-admin-saved');
      await press(el, 'Save changes');
      expect((await saved).bot.bot_name).to.equal('Order helper');
      await waitUntil(() => alerts(settingsForm(el)!).length > 0, 'no alert');
      expect(alerts(settingsForm(el)!)).to.deep.equal([
        'The bot settings were saved, but the greeting was not. What you typed in the greeting is still here. The service answered: Database unavailable',
      ]);
      expect(collected.errors.map((event) => event.operation)).to.deep.equal(['save-widget-settings']);
    } finally {
      collected.stop();
    }
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('A new greeting');
    expect(statuses(part(el, 'actions'))).to.deep.equal([]);
    expect(saysUnsaved(el)).to.equal(true);
    // The bot's part was stored: discarding keeps its new name and drops only the unsaved greeting.
    await press(el, 'Discard changes');
    button(el, 'Discard changes', dialogOf(el)).click();
    await waitUntil(() => field<HTMLTextAreaElement>(el, 'Greeting message').value === 'Hi! Ask me about your order.', 'the greeting was not discarded');
    expect(field(el, 'Bot name').value).to.equal('Order helper');
  });

  it('puts a service 422 of the greeting on the row the owner typed', async () => {
    const service = storingService().on('PUT', '/api/bot/bot-widget-setting', () =>
      json({ message: 'suggest_messages.1: Not allowed', message_code: 1001, detail: [{ loc: ['body', 'suggest_messages', 1], msg: 'Not allowed', type: 'value_error' }] }, 422),
    );
    const { el } = await mountWithGreeting(service);
    await typeInto(el, field(el, 'Question 1'), '');
    await press(el, 'Add a question');
    await typeInto(el, field(el, 'Question 3'), 'A forbidden question');
    await press(el, 'Save changes');
    await waitUntil(() => descriptionOf(field(el, 'Question 3')).includes('Not allowed'), 'the issue is not on the typed row');
    expect(field(el, 'Question 3').getAttribute('aria-invalid')).to.equal('true');
    expect(field(el, 'Question 3').value).to.equal('A forbidden question');
    await expect(el).to.be.accessible();
  });

  it('hides the greeting with a note when the service has no such endpoint, and the rest still saves', async () => {
    const collected = collectErrors();
    const service = serviceWithBot().on('PUT', '/api/bot', (request) => json({ ...wireBot(), ...JSON.parse(request.body) }));
    try {
      const { el } = await mountAdmin({ service });
      await waitUntil(() => text(greetingGroup(el)).includes('This service does not store a greeting, so it cannot be set here.'), 'no note');
      expect(queryByRole(greetingGroup(el), 'textbox')).to.equal(null);
      expect(collected.errors).to.deep.equal([]);
      await typeInto(el, field(el, 'Bot name'), 'Renamed');
      await press(el, 'Save changes');
      await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'), 'the save did not finish');
      expect(service.sent('PUT', '/api/bot/bot-widget-setting')).to.have.length(0);
      await expect(el).to.be.accessible();
    } finally {
      collected.stop();
    }
  });

  it('says when the greeting could not be loaded, keeps the rest of the settings, and tries again', async () => {
    let failing = true;
    const service = storingService();
    service.on('GET', '/api/bot/bot-widget-setting', () => (failing ? json({ message: 'Database unavailable', message_code: 5000 }, 500) : json({ bot_id: BOT_ID, ...SAVED_GREETING })));
    const { el } = await mountAdmin({ service });
    await waitUntil(() => alerts(greetingGroup(el)).length > 0, 'no alert');
    expect(alerts(greetingGroup(el))).to.deep.equal(['The greeting could not be loaded. The service answered: Database unavailable Try again']);
    expect(field(el, 'Bot name').value).to.equal('Helpdesk');
    failing = false;
    await press(el, 'Try again');
    await waitUntil(() => queryByRole(greetingGroup(el), 'textbox', { name: 'Greeting message' }) !== null, 'the greeting did not load');
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('Hi! Ask me about your order.');
  });

  it('asks to create a new bot first, and loads its greeting once it exists', async () => {
    const service = storingService();
    const { el } = await mountAdmin({ service, botId: null, token: fakeJwt(OWNER_ID) });
    await waitUntil(() => settingsForm(el) !== null);
    expect(text(greetingGroup(el))).to.contain('Create the bot first; then you can set its greeting here.');
    await typeInto(el, field(el, 'Bot name'), 'Brand new');
    await press(el, 'Create bot');
    await waitUntil(() => queryByRole(greetingGroup(el), 'textbox', { name: 'Greeting message' }) !== null, 'the greeting did not load');
    expect(service.sent('GET', '/api/bot/bot-widget-setting').at(-1)!.url.searchParams.get('bot_id')).to.equal(NEW_BOT_ID);
    expect(field<HTMLTextAreaElement>(el, 'Greeting message').value).to.equal('');
    expect(field(el, DELAY).value).to.equal('0');
  });
});
