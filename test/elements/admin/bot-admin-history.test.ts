import { expect, waitUntil } from '@open-wc/testing';
import type { BotAdmin } from '../../../src/bot-admin.js';
import {
  alerts,
  allByRole,
  button,
  byRole,
  descriptionOf,
  field,
  focused,
  mountAdmin,
  nameOf,
  openTab,
  panel,
  part,
  press,
  queryByPart,
  queryByRole,
  root,
  statuses,
  text,
} from './admin-helpers.js';
import { BOT_ID, json, serviceWithBot, type FakeService } from './fake-service.js';

const record = (sessionId: string, createdAt: string, messages: [string, string][]) => ({
  bot_name: 'Helpdesk',
  bot_id: BOT_ID,
  user_id: 'visitor-1',
  session_id: sessionId,
  created_at: createdAt,
  chat_history_response: messages.map(([sender_type, content]) => ({ sender_type, content })),
});

const RECORDS = [
  record('s-2', '2024-03-02T09:30:00.000Z', [
    ['user', 'Do you ship to Hanoi?'],
    ['assistant', 'Yes, in 2 days.'],
    ['user', '=1+1'],
    ['assistant', 'That is 2.'],
  ]),
  record('s-1', '2024-03-01T08:00:00.000Z', [
    ['user', 'Opening hours?'],
    ['assistant', '9 to 5, "Monday", to Friday.'],
  ]),
];

function historyService(records: unknown[] = RECORDS): FakeService {
  return serviceWithBot().on('GET', '/api/chat/history', () => json([records]));
}

async function openHistory(el: BotAdmin): Promise<void> {
  await openTab(el, 'History');
  await waitUntil(() => summary(el) !== '' && summary(el) !== 'Loading…');
}

/** What the history says it found (its first status message). */
function summary(el: BotAdmin): string {
  return statuses(panel(el, 'History'))[0] ?? '';
}

/** The conversations listed, as buttons that open them. */
function sessions(el: BotAdmin): HTMLButtonElement[] {
  const list = queryByRole(root(el), 'list', { name: 'Conversations' });
  return list ? allByRole<HTMLButtonElement>(list, 'button') : [];
}

async function setDate(el: BotAdmin, label: 'From' | 'To', value: string): Promise<void> {
  const input = field(el, label);
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

/** The local day boundary as the zone-less UTC date-time the service takes. */
function serviceTime(year: number, month: number, day: number, endOfDay = false): string {
  const date = endOfDay ? new Date(year, month - 1, day, 23, 59, 59) : new Date(year, month - 1, day);
  return date.toISOString().slice(0, 19);
}

describe('<bot-admin> history', () => {
  it('lists sessions newest first with their first question and message count, and is accessible', async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    const query = service.sent('GET', '/api/chat/history')[0]!.url.searchParams;
    expect(query.get('bot_id')).to.equal(BOT_ID);
    expect(query.get('order')).to.equal('created_at.desc');
    expect(summary(el)).to.equal('2 conversations.');
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(sessions(el).map(nameOf)).to.deep.equal([
      `Do you ship to Hanoi? ${dateTime.format(new Date('2024-03-02T09:30:00Z'))} · 4 messages`,
      `Opening hours? ${dateTime.format(new Date('2024-03-01T08:00:00Z'))} · 2 messages`,
    ]);
    await expect(el).to.be.accessible();
  });

  it('asks for the chosen period and order', async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    await setDate(el, 'From', '2024-03-01');
    await setDate(el, 'To', '2024-03-31');
    const order = field<HTMLSelectElement>(el, 'Order');
    order.value = 'created_at.asc';
    order.dispatchEvent(new Event('change', { bubbles: true }));
    await press(el, 'Show');
    await waitUntil(() => service.sent('GET', '/api/chat/history').length === 2);
    const query = service.sent('GET', '/api/chat/history')[1]!.url.searchParams;
    expect(query.get('date_from')).to.equal(serviceTime(2024, 3, 1));
    expect(query.get('date_to')).to.equal(serviceTime(2024, 3, 31, true));
    expect(query.get('order')).to.equal('created_at.asc');
  });

  it("writes and reads the days of the period in the element's language, not the browser's", async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service, lang: 'fr' });
    await waitUntil(() => queryByRole(root(el), 'tab', { name: 'Historique' }), 'the admin did not speak French');
    await openTab(el, 'Historique');
    await waitUntil(() => service.sent('GET', '/api/chat/history').length === 1);
    expect(navigator.language.startsWith('fr')).to.equal(false);
    const from = field(el, 'Du');
    expect(descriptionOf(from)).to.contain('Écrivez une date sous la forme 31/12/2025.');
    from.value = '01/03/2024';
    from.dispatchEvent(new Event('change', { bubbles: true }));
    field(el, 'Au').value = '31/3/2024';
    field(el, 'Au').dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    expect(field(el, 'Au').value).to.equal('31/03/2024');
    await press(el, 'Afficher');
    await waitUntil(() => service.sent('GET', '/api/chat/history').length === 2);
    const query = service.sent('GET', '/api/chat/history')[1]!.url.searchParams;
    expect(query.get('date_from')).to.equal(serviceTime(2024, 3, 1));
    expect(query.get('date_to')).to.equal(serviceTime(2024, 3, 31, true));

    el.lang = 'ja';
    await waitUntil(() => queryByRole(root(el), 'textbox', { name: '終了日' }), 'the admin did not switch to Japanese');
    expect(field(el, '終了日').value).to.equal('2024/03/31');
  });

  it('refuses an end before the start without asking the service', async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    await setDate(el, 'From', '2024-03-10');
    await setDate(el, 'To', '2024-03-01');
    await press(el, 'Show');
    await waitUntil(() => focused(el) === field(el, 'To'));
    expect(field(el, 'To').getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(field(el, 'To'))).to.equal(
      'Leave a date empty to include everything before or after. Write a day as 12/31/2025. The end date is before the start date.',
    );
    expect(service.sent('GET', '/api/chat/history')).to.have.length(1);
    await expect(el).to.be.accessible();
    await setDate(el, 'To', '2024-03-20');
    expect(descriptionOf(field(el, 'To'))).to.equal('Leave a date empty to include everything before or after. Write a day as 12/31/2025.');
  });

  it('opens a transcript and goes back to the list', async () => {
    const { el } = await mountAdmin({ service: historyService() });
    await openHistory(el);
    const first = sessions(el)[1]!;
    first.click();
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    const title = `Conversation of ${dateTime.format(new Date('2024-03-01T08:00:00Z'))}`;
    await waitUntil(() => focused(el) === queryByRole(root(el), 'heading', { name: title }));
    expect(first.getAttribute('aria-current')).to.equal('true');
    const transcript = byRole(root(el), 'region', { name: title });
    expect(allByRole(transcript, 'listitem').map(text)).to.deep.equal(['Visitor Opening hours?', 'Bot 9 to 5, "Monday", to Friday.']);
    await expect(el).to.be.accessible();
    await press(el, 'Close the conversation');
    expect(queryByPart(root(el), 'transcript')).to.equal(null);
    await waitUntil(() => focused(el) === first);
  });

  it('shows answers with the widget\'s Markdown view and what visitors typed as plain text', async () => {
    const answer = [
      'We ship **everywhere** in _Vietnam_. See [the shipping page](https://shop.example/shipping) or [this](javascript:alert(1)).',
      '',
      '```sh',
      'track --order 42',
      '```',
    ].join('\n');
    const { el } = await mountAdmin({ service: historyService([record('s-9', '2024-03-03T10:00:00.000Z', [['user', 'Do you **ship**?'], ['assistant', answer]])]) });
    await openHistory(el);
    sessions(el)[0]!.click();
    await el.updateComplete;
    const [question, reply] = allByRole(part(el, 'transcript'), 'listitem');
    expect(text(question!)).to.equal('Visitor Do you **ship**?');
    expect(allByRole(question!, 'strong')).to.have.length(0);
    expect(allByRole(reply!, 'strong').map(text)).to.deep.equal(['everywhere']);
    expect(allByRole(reply!, 'emphasis').map(text)).to.deep.equal(['Vietnam']);
    const links = allByRole<HTMLAnchorElement>(reply!, 'link');
    expect(links.map((link) => [nameOf(link), link.getAttribute('href')])).to.deep.equal([['the shipping page', 'https://shop.example/shipping']]);
    expect(text(reply!)).to.contain('or this.');
    expect(allByRole(reply!, 'code').map(text)).to.deep.equal(['track --order 42']);
    expect(button(el, 'Copy code', reply!)).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it("draws an answer's table as the widget does, styled by the Markdown extras' own sheet", async () => {
    const answer = 'Our plans:\n\n| Plan | Price |\n|:-----|------:|\n| Basic | 5 |\n| Pro | 20 |';
    const { el } = await mountAdmin({ service: historyService([record('s-7', '2024-03-03T10:00:00.000Z', [['user', 'Plans?'], ['assistant', answer]])]) });
    await openHistory(el);
    sessions(el)[0]!.click();
    await el.updateComplete;
    const reply = allByRole(part(el, 'transcript'), 'listitem')[1]!;
    const table = queryByRole(reply, 'table')!;
    expect(allByRole(table, 'cell').map(text)).to.deep.equal(['Basic', '5', 'Pro', '20']);
    expect(getComputedStyle(table).borderCollapse).to.equal('collapse');
    const [plan, price] = allByRole(table, 'cell');
    expect(getComputedStyle(plan!).borderTopStyle).to.equal('solid');
    expect(getComputedStyle(plan!).textAlign).to.equal('left');
    expect(getComputedStyle(price!).textAlign).to.equal('right');
    await expect(el).to.be.accessible();
  });

  it('labels an answer the service stored cut off, in words', async () => {
    const cut = { ...record('s-7', '2024-03-04T10:00:00.000Z', [['user', 'Tell me everything'], ['assistant', 'First, the roses']]) };
    cut.chat_history_response[1] = { ...cut.chat_history_response[1]!, cut_off: true } as (typeof cut.chat_history_response)[number];
    const { el } = await mountAdmin({ service: historyService([cut, record('s-8', '2024-03-03T10:00:00.000Z', [['user', 'Hi'], ['assistant', 'Hello']])]) });
    await openHistory(el);
    sessions(el)[0]!.click();
    await el.updateComplete;
    expect(allByRole(part(el, 'transcript'), 'listitem').map(text)).to.deep.equal([
      'Visitor Tell me everything',
      'Bot First, the roses Cut off: this answer did not finish.',
    ]);
    await expect(el).to.be.accessible();
    await press(el, 'Close the conversation');
    sessions(el)[1]!.click();
    await el.updateComplete;
    expect(allByRole(part(el, 'transcript'), 'listitem').map(text)).to.deep.equal(['Visitor Hi', 'Bot Hello'], 'a complete answer has no label');
  });

  it('says when the period has no conversations and offers no export', async () => {
    const { el } = await mountAdmin({ service: historyService([]) });
    await openHistory(el);
    expect(summary(el)).to.equal('No conversations in this period.');
    expect(() => button(el, 'Download CSV')).to.throw();
  });

  it('downloads the records shown as JSON and CSV', async () => {
    const { el } = await mountAdmin({ service: historyService() });
    await openHistory(el);
    const blobs: Blob[] = [];
    const names: string[] = [];
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return create.call(URL, blob);
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      names.push(this.download);
    };
    try {
      await press(el, 'Download JSON');
      await press(el, 'Download CSV');
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(names).to.deep.equal([`chat-history-${BOT_ID}.json`, `chat-history-${BOT_ID}.csv`]);
    expect(blobs[0]!.type).to.equal('application/json');
    expect(JSON.parse(await blobs[0]!.text())).to.deep.equal(RECORDS);
    expect(blobs[1]!.type).to.equal('text/csv;charset=utf-8');
    const csvBytes = new Uint8Array(await blobs[1]!.arrayBuffer());
    expect([...csvBytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(csvBytes.slice(3)).split('\r\n');
    expect(lines[0]).to.equal('session_id,created_at,bot_id,bot_name,user_id,message_index,sender_type,content');
    expect(lines[3]).to.equal(`s-2,2024-03-02T09:30:00.000Z,${BOT_ID},Helpdesk,visitor-1,3,user,'=1+1`);
    expect(lines[6]).to.equal(`s-1,2024-03-01T08:00:00.000Z,${BOT_ID},Helpdesk,visitor-1,2,assistant,"9 to 5, ""Monday"", to Friday."`);
    expect(lines).to.have.length(8);
  });

  it('shows the leads visitors left when the service lists them', async () => {
    const service = historyService().on('GET', `/api/lead/${BOT_ID}`, () =>
      json([
        { bot_id: BOT_ID, session_id: 's-2', created_at: '2024-03-02T09:31:00Z', fields: { name: 'Lan', email: 'lan@example.com', city: 'Hanoi' } },
      ]),
    );
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    const leadsTable = () => queryByRole(root(el), 'table', { name: 'Contact details left by visitors' });
    await waitUntil(() => leadsTable() !== null);
    expect(byRole(root(el), 'heading', { name: 'Contact details left by visitors' })).to.not.equal(null);
    expect(allByRole(leadsTable()!, 'columnheader').map(text)).to.deep.equal(['Sent', 'Name', 'Email', 'Conversation', 'city']);
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(allByRole(leadsTable()!, 'cell').map(text)).to.deep.equal([
      dateTime.format(new Date('2024-03-02T09:31:00Z')),
      'Lan',
      'lan@example.com',
      's-2',
      'Hanoi',
    ]);
    expect(service.sent('GET', `/api/lead/${BOT_ID}`)[0]!.headers['authorization']).to.match(/^Bearer /);
    await expect(el).to.be.accessible();
  });

  it('hides the leads where the service has no such endpoint', async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    await waitUntil(() => service.sent('GET', `/api/lead/${BOT_ID}`).length === 1);
    await el.updateComplete;
    expect(queryByRole(root(el), 'region', { name: 'Contact details left by visitors' })).to.equal(null);
  });

  it('says when the history cannot be loaded and tries again', async () => {
    let calls = 0;
    const service = serviceWithBot().on('GET', '/api/chat/history', () =>
      ++calls === 1 ? json({ message: 'History is resting', message_code: 5000 }, 500) : json([RECORDS]),
    );
    const { el } = await mountAdmin({ service });
    await openTab(el, 'History');
    await waitUntil(() => alerts(panel(el, 'History')).length > 0);
    expect(alerts(panel(el, 'History'))).to.deep.equal(['The history could not be loaded. The service answered: History is resting Try again']);
    await press(el, 'Try again');
    await waitUntil(() => sessions(el).length === 2);
  });
});
