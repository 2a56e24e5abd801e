import { expect, waitUntil } from '@open-wc/testing';
import type { BotAdmin } from '../../../src/bot-admin.js';
import { all, button, focused, get, mountAdmin, openTab, press, q, text } from './admin-helpers.js';
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
  await waitUntil(() => text(q(el, '.history-toolbar [role="status"]')) !== 'Loading…' && q(el, '.history-toolbar') !== null);
}

function dateInput(el: BotAdmin, id: 'from' | 'to'): HTMLInputElement {
  return get<HTMLInputElement>(el, `#history-${id}`);
}

async function setDate(el: BotAdmin, id: 'from' | 'to', value: string): Promise<void> {
  const input = dateInput(el, id);
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
    expect(text(get(el, '.history-toolbar [role="status"]'))).to.equal('2 conversations.');
    const items = all(el, '.sessions .session');
    expect(items.map((item) => text(item.querySelector('.question')))).to.deep.equal(['Do you ship to Hanoi?', 'Opening hours?']);
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(text(items[0]!.querySelector('.meta'))).to.equal(`${dateTime.format(new Date('2024-03-02T09:30:00Z'))} · 4 messages`);
    expect(text(items[1]!.querySelector('.meta'))).to.contain('2 messages');
    expect(get(el, '.sessions').getAttribute('aria-label')).to.equal('Conversations');
    await expect(el).to.be.accessible();
  });

  it('asks for the chosen period and order', async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    await setDate(el, 'from', '2024-03-01');
    await setDate(el, 'to', '2024-03-31');
    const order = get<HTMLSelectElement>(el, '#history-order');
    order.value = 'created_at.asc';
    order.dispatchEvent(new Event('change', { bubbles: true }));
    await press(el, 'Show');
    await waitUntil(() => service.sent('GET', '/api/chat/history').length === 2);
    const query = service.sent('GET', '/api/chat/history')[1]!.url.searchParams;
    expect(query.get('date_from')).to.equal(serviceTime(2024, 3, 1));
    expect(query.get('date_to')).to.equal(serviceTime(2024, 3, 31, true));
    expect(query.get('order')).to.equal('created_at.asc');
  });

  it('refuses an end before the start without asking the service', async () => {
    const service = historyService();
    const { el } = await mountAdmin({ service });
    await openHistory(el);
    await setDate(el, 'from', '2024-03-10');
    await setDate(el, 'to', '2024-03-01');
    await press(el, 'Show');
    await waitUntil(() => focused(el)?.id === 'history-to');
    expect(text(get(el, '#history-period-error'))).to.equal('The end date is before the start date.');
    expect(dateInput(el, 'to').getAttribute('aria-invalid')).to.equal('true');
    expect(dateInput(el, 'to').getAttribute('aria-describedby')).to.equal('history-period-hint history-period-error');
    expect(service.sent('GET', '/api/chat/history')).to.have.length(1);
    await expect(el).to.be.accessible();
    await setDate(el, 'to', '2024-03-20');
    expect(q(el, '#history-period-error')).to.equal(null);
  });

  it('opens a transcript and goes back to the list', async () => {
    const { el } = await mountAdmin({ service: historyService() });
    await openHistory(el);
    const first = all<HTMLButtonElement>(el, '.sessions .session')[1]!;
    first.click();
    await waitUntil(() => focused(el)?.id === 'transcript-title');
    expect(first.getAttribute('aria-current')).to.equal('true');
    const messages = all(el, '.transcript li').map((item) => [text(item.querySelector('.sender')), text(item.querySelector('p'))]);
    expect(messages).to.deep.equal([
      ['Visitor', 'Opening hours?'],
      ['Bot', '9 to 5, "Monday", to Friday.'],
    ]);
    await expect(el).to.be.accessible();
    await press(el, 'Close the conversation');
    expect(q(el, '.transcript')).to.equal(null);
    await waitUntil(() => focused(el) === first);
  });

  it('says when the period has no conversations and offers no export', async () => {
    const { el } = await mountAdmin({ service: historyService([]) });
    await openHistory(el);
    expect(text(get(el, '.history-toolbar [role="status"]'))).to.equal('No conversations in this period.');
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
    await waitUntil(() => q(el, '.leads table') !== null);
    expect(text(get(el, '#leads-title'))).to.equal('Contact details left by visitors');
    expect(all(el, '.leads th').map(text)).to.deep.equal(['Sent', 'Name', 'Email', 'Conversation', 'city']);
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(all(el, '.leads td').map(text)).to.deep.equal([
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
    expect(q(el, '.leads')).to.equal(null);
  });

  it('says when the history cannot be loaded and tries again', async () => {
    let calls = 0;
    const service = serviceWithBot().on('GET', '/api/chat/history', () =>
      ++calls === 1 ? json({ message: 'History is resting', message_code: 5000 }, 500) : json([RECORDS]),
    );
    const { el } = await mountAdmin({ service });
    await openTab(el, 'History');
    await waitUntil(() => q(el, '#panel-history [role="alert"]') !== null);
    expect(text(q(el, '#panel-history [role="alert"] p'))).to.equal(
      'The history could not be loaded. The service answered: History is resting',
    );
    await press(el, 'Try again');
    await waitUntil(() => all(el, '.sessions .session').length === 2);
  });
});
