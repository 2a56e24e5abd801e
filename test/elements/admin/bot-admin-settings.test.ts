import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { BotAdmin } from '../../../src/bot-admin.js';
import {
  alerts,
  allByRole,
  button,
  byRole,
  descriptionOf,
  field,
  focused,
  leave,
  mountAdmin,
  nameOf,
  nextEvent,
  panel,
  part,
  press,
  queryByPart,
  root,
  settingsForm,
  statuses,
  text,
  typeInto,
} from './admin-helpers.js';
import { fieldBorderContrast } from '../contrast.js';
import { BOT_ID, OWNER_ID, fakeJwt, json, serviceWithBot, wireBot } from './fake-service.js';

const NEW_BOT_ID = '11111111-2222-4333-8444-555555555555';

/** A service that stores what it is sent, as the real one does. */
function storingService(bot = wireBot()) {
  let stored = bot;
  return serviceWithBot(bot)
    .on('GET', '/api/bot/information', () => json(stored))
    .on('PUT', '/api/bot', (request) => {
      stored = { ...stored, ...JSON.parse(request.body), updated_at: '2024-03-01T10:00:00.000000' };
      return json(stored);
    })
    .on('POST', '/api/bot', (request) => {
      stored = { ...wireBot(), ...JSON.parse(request.body), id: NEW_BOT_ID, num_message_left: 500 };
      return json(stored);
    });
}

/** The admin's title (its first heading), which shows the language has loaded. */
const title = (el: BotAdmin) => text(allByRole(root(el), 'heading')[0] ?? null);

/** Whether the form says it holds unsaved changes (next to its buttons). */
const saysUnsaved = (el: BotAdmin) => text(part(el, 'actions')).includes('You have unsaved changes.');

/** The confirmation dialog. */
const dialogOf = (el: BotAdmin) => byRole<HTMLDialogElement>(root(el), 'dialog', { hidden: true });

/** A section tab by name. */
const tab = (el: BotAdmin, name: string) => byRole(root(el), 'tab', { name });

describe('<bot-admin> settings', () => {
  it('shows every field of the loaded bot and is accessible', async () => {
    const { el } = await mountAdmin();
    expect(field(el, 'Bot name').value).to.equal('Helpdesk');
    expect(field<HTMLSelectElement>(el, 'Use case').value).to.equal('2');
    expect(field<HTMLSelectElement>(el, 'Use case').selectedOptions[0]!.textContent!.trim()).to.equal('Customer support');
    expect(field<HTMLSelectElement>(el, 'Tone').selectedOptions[0]!.textContent!.trim()).to.equal('Professional');
    expect(field(el, 'Language model').value).to.equal('gpt-4');
    expect(field(el, 'Creativity (temperature)').value).to.equal('0.2');
    expect(field<HTMLTextAreaElement>(el, 'Instructions (prompt)').value).to.equal('You answer questions about our shop.');
    expect(field<HTMLTextAreaElement>(el, 'Rule 1').value).to.equal('Be brief.');
    expect(field(el, 'Website 1').value).to.equal('example.com');
    expect(byRole(settingsForm(el)!, 'group', { name: 'Basics' }).contains(field(el, 'Bot name'))).to.equal(true);
    expect(field(el, 'The bot answers visitors').checked).to.equal(true);
    expect(field(el, 'Cite sources in answers').checked).to.equal(false);
    expect(field(el, 'Email').checked).to.equal(true);
    expect(field(el, 'Phone').checked).to.equal(false);
    expect(field(el, 'Show the form after this many answers').value).to.equal('2');
    expect(field(el, 'Owner ID').value).to.equal(OWNER_ID);
    expect(field(el, 'Owner ID').readOnly).to.equal(true);
    expect(field(el, 'Answer language').value).to.equal('en');
    await expect(el).to.be.accessible();
  });

  it('draws every field with a border of at least 3:1 in both themes (WCAG 1.4.11)', async () => {
    const { el } = await mountAdmin();
    const fields = [...settingsForm(el)!.querySelectorAll('input:not([type=checkbox], [type=radio], [type=range]), select, textarea')];
    expect(fields.length).to.be.above(5);
    for (const theme of ['light', 'dark'] as const) {
      el.theme = theme;
      await el.updateComplete;
      for (const control of fields) expect(fieldBorderContrast(control), `${theme}: ${nameOf(control)}`).to.be.at.least(3);
    }
  });

  it('never hides the focused control under the sticky Save bar (WCAG 2.4.11)', async () => {
    await setViewport({ width: 1280, height: 700 });
    try {
      const { el } = await mountAdmin();
      const actions = part(el, 'actions');
      const form = settingsForm(el)!;
      let checked = 0;
      for (let step = 0; step < 120; step += 1) {
        await sendKeys({ press: 'Tab' });
        const active = focused(el);
        if (!active || !form.contains(active) || actions.contains(active)) continue;
        checked += 1;
        const control = active.getBoundingClientRect();
        expect(control.bottom, nameOf(active) || active.tagName).to.be.at.most(actions.getBoundingClientRect().top);
      }
      expect(checked).to.be.above(10);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('shows the read-only details in the viewer locale', async () => {
    const { el } = await mountAdmin({ lang: 'de' });
    await waitUntil(() => title(el) === 'Bot-Verwaltung', 'the German pack did not load');
    const details = part(el, 'details');
    const values = allByRole(details, 'definition').map(text);
    const terms = Object.fromEntries(allByRole(details, 'term').map((term, index) => [text(term), values[index]]));
    const dateTime = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' });
    expect(terms).to.deep.equal({
      'Bot-ID': BOT_ID,
      'Verbleibende Nachrichten': '1.234',
      Erstellt: dateTime.format(new Date('2024-01-19T17:53:51Z')),
      'Zuletzt geändert': dateTime.format(new Date('2024-01-20T08:05:00.643Z')),
    });
  });

  it('names every invalid field before sending anything and focuses the first', async () => {
    const { el, service } = await mountAdmin();
    await typeInto(el, field(el, 'Bot name'), '   ');
    await typeInto(el, field(el, 'Website 1'), 'not a host');
    await typeInto(el, field(el, 'Show the form after this many answers'), '1.5');
    await press(el, 'Save changes');
    await waitUntil(() => focused(el) === field(el, 'Bot name'), 'the first invalid field was not focused');
    expect(service.sent('PUT', '/api/bot')).to.have.length(0);
    const summary = part(el, 'issue-summary');
    expect(summary.getAttribute('role')).to.equal('alert');
    expect(text(allByRole(summary, 'paragraph')[0]!)).to.equal('Please correct 3 fields:');
    expect(allByRole(summary, 'listitem').map(text)).to.deep.equal([
      'Bot name: Please fill in this field.',
      'Website 1: Please enter a host name such as example.com, *.example.com or localhost:5173.',
      'Show the form after this many answers: Please enter a whole number.',
    ]);
    for (const label of ['Bot name', 'Website 1', 'Show the form after this many answers']) {
      const control = field(el, label);
      expect(control.getAttribute('aria-invalid'), label).to.equal('true');
      expect(descriptionOf(control), label).to.contain('Please');
    }
    await expect(el).to.be.accessible();

    // The summary moves focus to its field; fixing a field clears its issue as the owner types.
    button(el, 'Website 1: Please enter a host name such as example.com, *.example.com or localhost:5173.').click();
    expect(focused(el)).to.equal(field(el, 'Website 1'));
    await typeInto(el, field(el, 'Website 1'), 'shop.example.com');
    expect(field(el, 'Website 1').getAttribute('aria-invalid')).to.equal('false');
  });

  it('asks for a language code and a number where the hints say so', async () => {
    const service = storingService();
    const { el } = await mountAdmin({ service });
    await typeInto(el, field(el, 'Answer language'), 'english please');
    await typeInto(el, field(el, 'Show the form after this many answers'), 'two');
    await press(el, 'Save changes');
    expect(allByRole(part(el, 'issue-summary'), 'listitem').map(text)).to.deep.equal([
      'Answer language: Please enter a language code such as en, vi or pt-BR.',
      'Show the form after this many answers: Please enter a number, such as 2.',
    ]);
    expect(descriptionOf(field(el, 'Answer language'))).to.equal(
      'A language code such as en, vi or ja. Please enter a language code such as en, vi or pt-BR.',
    );
    expect(service.sent('PUT', '/api/bot')).to.have.length(0);
    await typeInto(el, field(el, 'Answer language'), 'pt-BR');
    await typeInto(el, field(el, 'Show the form after this many answers'), '3');
    await press(el, 'Save changes');
    await waitUntil(() => service.sent('PUT', '/api/bot').length === 1);
    expect(JSON.parse(service.sent('PUT', '/api/bot')[0]!.body)).to.deep.include({ bot_language: 'pt-BR' });
  });

  it('keeps a stored answer language the form would not accept until the owner changes it', async () => {
    const service = storingService(wireBot({ bot_language: 'English' }));
    const { el } = await mountAdmin({ service });
    await typeInto(el, field(el, 'Bot name'), 'Renamed');
    await press(el, 'Save changes');
    await waitUntil(() => service.sent('PUT', '/api/bot').length === 1);
    expect(JSON.parse(service.sent('PUT', '/api/bot')[0]!.body)).to.deep.include({ bot_language: 'English' });
  });

  it('shows a field issue once the owner leaves the field', async () => {
    const { el } = await mountAdmin();
    await typeInto(el, field(el, 'Bot name'), 'x'.repeat(101));
    expect(field(el, 'Bot name').getAttribute('aria-invalid')).to.equal('false');
    await leave(el, field(el, 'Bot name'));
    expect(field(el, 'Bot name').getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(field(el, 'Bot name'))).to.equal('Please use at most 100 characters.');
    expect(queryByPart(root(el), 'issue-summary')).to.equal(null);
  });

  it('translates the issues', async () => {
    const { el } = await mountAdmin({ lang: 'vi' });
    await waitUntil(() => title(el) === 'Quản trị bot');
    await typeInto(el, field(el, 'Tên bot'), '');
    await press(el, 'Lưu thay đổi');
    await waitUntil(() => descriptionOf(field(el, 'Tên bot')) !== '');
    expect(descriptionOf(field(el, 'Tên bot'))).to.equal('Vui lòng điền vào ô này.');
    expect(text(allByRole(part(el, 'issue-summary'), 'paragraph')[0]!)).to.equal('Vui lòng sửa 1 trường:');
  });

  it('updates the bot with PUT, its id and the typed values, and fires bot-admin-saved', async () => {
    const service = storingService();
    const { el } = await mountAdmin({ service });
    await typeInto(el, field(el, 'Bot name'), 'Shop helper');
    const temperature = field(el, 'Creativity (temperature)');
    temperature.focus();
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    await press(el, 'Add a rule');
    expect(focused(el)).to.equal(field(el, 'Rule 2'));
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Rule 2'), '  Answer in English.  ');
    field(el, 'Phone').click();
    await el.updateComplete;
    expect(saysUnsaved(el)).to.equal(true);
    const saved = nextEvent(el, 'bot-admin-saved');
    await press(el, 'Save changes');
    const event = await saved;
    expect(event.created).to.equal(false);
    expect(event.bot.bot_name).to.equal('Shop helper');
    const body = JSON.parse(service.sent('PUT', '/api/bot')[0]!.body);
    expect(body).to.deep.include({
      id: BOT_ID,
      user_id: OWNER_ID,
      bot_name: 'Shop helper',
      temperature: 0.21,
      rules: ['Be brief.', 'Answer in English.'],
      collect_customer_info: { numberShowing: 2, name: true, email: true, phone: true },
    });
    expect(body).to.not.have.property('num_message_left');
    expect(body).to.not.have.property('created_at');
    await waitUntil(() => statuses(part(el, 'actions')).includes('Changes saved.'));
    expect(saysUnsaved(el)).to.equal(false);
    expect(button(el, 'Discard changes').disabled).to.equal(true);
  });

  it('puts a service 422 on its field and keeps every typed value', async () => {
    const service = serviceWithBot().on('PUT', '/api/bot', () =>
      json({ detail: [{ loc: ['body', 'temperature'], msg: 'Input should be less than or equal to 0.5', type: 'less_than_equal' }] }, 422),
    );
    const { el } = await mountAdmin({ service });
    await typeInto(el, field(el, 'Bot name'), 'Renamed');
    await typeInto(el, field(el, 'Creativity (temperature)'), '0.9');
    await press(el, 'Save changes');
    await waitUntil(() => descriptionOf(field(el, 'Creativity (temperature)')).includes('Input should be less than or equal to 0.5'));
    expect(focused(el)).to.equal(field(el, 'Creativity (temperature)'));
    expect(field(el, 'Bot name').value).to.equal('Renamed');
    expect(field(el, 'Creativity (temperature)').value).to.equal('0.9');
    await expect(el).to.be.accessible();
  });

  it('keeps every typed value when a save fails and says so', async () => {
    const service = serviceWithBot().on('PUT', '/api/bot', () => json({ message: 'Database unavailable', message_code: 5000 }, 500));
    const { el } = await mountAdmin({ service });
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Instructions (prompt)'), 'A new prompt');
    await press(el, 'Save changes');
    await waitUntil(() => alerts(settingsForm(el)!).length > 0);
    expect(alerts(settingsForm(el)!)).to.deep.equal([
      'The changes were not saved. Everything you typed is still here. The service answered: Database unavailable',
    ]);
    expect(field<HTMLTextAreaElement>(el, 'Instructions (prompt)').value).to.equal('A new prompt');
    expect(saysUnsaved(el)).to.equal(true);
  });

  it('creates a bot with POST when there is no bot-id, owned by the signed-in user', async () => {
    const service = storingService();
    const { el } = await mountAdmin({ service, botId: null, token: fakeJwt(OWNER_ID) });
    await waitUntil(() => settingsForm(el) !== null);
    expect(nameOf(settingsForm(el)!)).to.equal('New bot');
    expect(field(el, 'Owner ID').value).to.equal(OWNER_ID);
    await typeInto(el, field(el, 'Bot name'), 'Brand new');
    const saved = nextEvent(el, 'bot-admin-saved');
    await press(el, 'Create bot');
    const event = await saved;
    expect(event.created).to.equal(true);
    const body = JSON.parse(service.sent('POST', '/api/bot')[0]!.body);
    expect(body).to.not.have.property('id');
    expect(body).to.include({ user_id: OWNER_ID, bot_name: 'Brand new', gpt_model_name: 'gpt-3.5-turbo-16k', temperature: 0 });
    await waitUntil(() => el.getAttribute('bot-id') === NEW_BOT_ID);
    await el.updateComplete;
    expect(statuses(part(el, 'actions'))).to.deep.equal(['Bot created.']);
    expect(service.sent('GET', '/api/bot/information')).to.have.length(0);
    expect(button(el, 'Save changes')).to.exist;
  });

  it('asks before dropping unsaved changes when the host switches bots', async () => {
    const otherId = '22222222-3333-4444-8555-666666666666';
    const service = serviceWithBot().on('GET', '/api/bot/information', (request) =>
      json(wireBot(request.url.searchParams.get('bot_id') === otherId ? { id: otherId, bot_name: 'Other bot' } : {})),
    );
    const { el } = await mountAdmin({ service });
    await typeInto(el, field(el, 'Bot name'), 'Unsaved name');
    el.botId = otherId;
    await el.updateComplete;
    const dialog = dialogOf(el);
    expect(dialog.open).to.equal(true);
    expect(el.getAttribute('bot-id')).to.equal(BOT_ID);
    expect(nameOf(dialog)).to.equal('Discard unsaved changes?');
    await expect(el).to.be.accessible();

    button(el, 'Keep editing', dialog).click();
    await waitUntil(() => !dialog.open);
    expect(field(el, 'Bot name').value).to.equal('Unsaved name');
    expect(el.botId).to.equal(BOT_ID);

    el.botId = otherId;
    await el.updateComplete;
    button(el, 'Discard changes', dialog).click();
    await waitUntil(() => field(el, 'Bot name').value === 'Other bot');
    expect(el.getAttribute('bot-id')).to.equal(otherId);
  });

  it('asks before signing out with unsaved changes and before the page unloads', async () => {
    const { el } = await mountAdmin();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).to.equal(false);
    await typeInto(el, field(el, 'Bot name'), 'Unsaved name');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).to.equal(true);
    await press(el, 'Sign out');
    expect(dialogOf(el).open).to.equal(true);
    button(el, 'Keep editing', dialogOf(el)).click();
    await el.updateComplete;
    expect(settingsForm(el)).to.not.equal(null);
  });

  it('discards changes back to the saved settings', async () => {
    const { el } = await mountAdmin();
    await typeInto(el, field(el, 'Bot name'), 'Changed');
    await press(el, 'Discard changes');
    button(el, 'Discard changes', dialogOf(el)).click();
    await waitUntil(() => field(el, 'Bot name').value === 'Helpdesk');
    expect(saysUnsaved(el)).to.equal(false);
  });

  it('edits list rows from the keyboard and removes them', async () => {
    const { el } = await mountAdmin();
    await press(el, 'Remove website 1');
    expect(text(byRole(settingsForm(el)!, 'group', { name: 'Allowed websites' }))).to.contain('No websites listed.');
    expect(focused(el)).to.equal(button(el, 'Add a website'));
    await press(el, 'Add a website');
    expect(focused(el)).to.equal(field(el, 'Website 1'));
    await press(el, 'Add a field');
    await typeInto(el, field(el, 'Field 1'), 'Email');
    await press(el, 'Save changes');
    await waitUntil(() => focused(el) === field(el, 'Field 1'));
    expect(descriptionOf(field(el, 'Field 1'))).to.equal('This field is already asked for.');
  });

  it('offers a stored value the form does not know instead of dropping it', async () => {
    const service = serviceWithBot(wireBot({ case_study: 'Hotel concierge', bot_tone_type: 0, gpt_model_name: 'GPT - 3.5 - 16k' }));
    const { el } = await mountAdmin({ service });
    expect(field<HTMLSelectElement>(el, 'Use case').selectedOptions[0]!.textContent!.trim()).to.equal('Other: Hotel concierge');
    expect(field<HTMLSelectElement>(el, 'Tone').selectedOptions[0]!.textContent!.trim()).to.equal('Not specified');
    expect(field(el, 'Language model').value).to.equal('GPT - 3.5 - 16k');
    expect(saysUnsaved(el)).to.equal(false);
  });

  it('says when the bot cannot be loaded and tries again', async () => {
    let calls = 0;
    const service = serviceWithBot().on('GET', '/api/bot/information', () =>
      ++calls === 1 ? json({ message: 'Bot not found', message_code: 1006 }, 404) : json(wireBot()),
    );
    const { el } = await mountAdmin({ service, waitForForm: false });
    await waitUntil(() => alerts(panel(el, 'Settings')).length > 0);
    expect(alerts(panel(el, 'Settings'))).to.deep.equal(['The bot could not be loaded. The service answered: Bot not found Try again']);
    await press(el, 'Try again');
    await waitUntil(() => settingsForm(el) !== null);
  });

  it('moves between sections with the arrow keys', async () => {
    const { el } = await mountAdmin();
    tab(el, 'Settings').focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => focused(el) === tab(el, 'Knowledge base'));
    expect(el.panel).to.equal('sources');
    expect(tab(el, 'Knowledge base').getAttribute('aria-selected')).to.equal('true');
    expect(panel(el, 'Settings').hidden).to.equal(true);
    await sendKeys({ press: 'End' });
    await waitUntil(() => focused(el) === tab(el, 'History'));
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => focused(el) === tab(el, 'Settings'));
    await expect(el).to.be.accessible();
  });
});
