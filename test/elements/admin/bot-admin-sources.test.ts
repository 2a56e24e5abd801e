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
  nextEvent,
  openTab,
  panel,
  press,
  queryByRole,
  root,
  scrapeRun,
  settingsForm,
  sourceRows,
  statuses,
  text,
  typeInto,
} from './admin-helpers.js';
import { BOT_ID, ControlledStream, OWNER_ID, json, serviceWithBot, type FakeService } from './fake-service.js';

const LIST_PATH = `/api/scraping/url/${BOT_ID}`;

function serviceWithSources(sources: { knowledge_base_id: string; url: string; num_token: number }[]): FakeService {
  return serviceWithBot().on('GET', LIST_PATH, () => json(sources));
}

async function openSources(el: BotAdmin): Promise<void> {
  await openTab(el, 'Knowledge base');
  await waitUntil(() => !statuses(sourcesPanel(el)).includes('Loading…'));
}

const sourcesPanel = (el: BotAdmin) => panel(el, 'Knowledge base');

/** The paragraphs of the knowledge-base panel (texts). */
const paragraphs = (el: BotAdmin) => allByRole(sourcesPanel(el), 'paragraph').map(text);

/** The table of entries, or null while there is none. */
const table = (el: BotAdmin) => queryByRole(sourcesPanel(el), 'table', { name: 'Pages in the knowledge base' });

/** The rows of entries, each as its cells' texts. */
const rows = (el: BotAdmin): string[][] => sourceRows(el).map((row) => [...row.children].map(text));

/** The total row of the table. */
const totalRow = (el: BotAdmin) => text(allByRole(table(el)!, 'row').at(-1)!);

const run = scrapeRun;

/** The confirmation dialog. */
const dialogOf = (el: BotAdmin) => byRole<HTMLDialogElement>(root(el), 'dialog', { hidden: true });

async function addSource(el: BotAdmin, url: string, mode: 'This page only' | 'This page and the pages it links to (two levels deep)') {
  await typeInto(el, field(el, 'Address'), url);
  field(el, mode).click();
  await el.updateComplete;
  button(el, 'Add').click();
  await el.updateComplete;
}

describe('<bot-admin> knowledge base', () => {
  it('lists the entries with their word counts and the total, and is accessible', async () => {
    const service = serviceWithSources([
      { knowledge_base_id: 'kb1', url: 'https://shop.example/help', num_token: 1200 },
      { knowledge_base_id: 'kb2', url: 'https://shop.example/prices', num_token: 345 },
    ]);
    const { el } = await mountAdmin({ service });
    await openSources(el);
    expect(service.sent('GET', LIST_PATH)).to.have.length(1);
    expect(rows(el)).to.deep.equal([
      ['https://shop.example/help', '1,200', 'Remove'],
      ['https://shop.example/prices', '345', 'Remove'],
    ]);
    expect(totalRow(el)).to.equal('Total 1,545');
    expect(paragraphs(el)).to.include('2 pages, 1,545 words in total.');
    await expect(el).to.be.accessible();
  });

  it('says so when the knowledge base is empty', async () => {
    const { el } = await mountAdmin();
    await openSources(el);
    expect(paragraphs(el)).to.include('No pages yet. Add a website above.');
    await expect(el).to.be.accessible();
  });

  it('checks the address before sending anything', async () => {
    const { el, service } = await mountAdmin();
    await openSources(el);
    await press(el, 'Add');
    expect(descriptionOf(field(el, 'Address'))).to.equal('A full address, such as https://example.com/help. Please enter an address.');
    await typeInto(el, field(el, 'Address'), 'javascript:alert(1)');
    await press(el, 'Add');
    await waitUntil(() => focused(el) === field(el, 'Address'));
    expect(field(el, 'Address').getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(field(el, 'Address'))).to.equal(
      'A full address, such as https://example.com/help. Please enter a full address starting with http:// or https://.',
    );
    expect(service.sent('POST', '/api/scraping/url')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('shows the streamed progress, then lists the new entry and fires bot-admin-source-added', async () => {
    const stream = new ControlledStream();
    let listed: { knowledge_base_id: string; url: string; num_token: number }[] = [];
    const service = serviceWithBot()
      .on('GET', LIST_PATH, () => json(listed))
      .on('POST', '/api/scraping/url', () => stream.response);
    const { el } = await mountAdmin({ service });
    await openSources(el);
    const added = nextEvent(el, 'bot-admin-source-added');
    await addSource(el, 'https://shop.example/', 'This page and the pages it links to (two levels deep)');
    expect(JSON.parse(service.sent('POST', '/api/scraping/url')[0]!.body)).to.deep.equal({
      bot_id: BOT_ID,
      scrape_url: 'https://shop.example/',
      scrape_type: 1,
      user_id: OWNER_ID,
    });
    await waitUntil(() => run(el).status === 'Starting to read https://shop.example/…');
    expect(button(el, 'Stop')).to.exist;

    stream.push('{"url": "https://shop.example/", "progress": 0.25, "num_token": 300}\n{"url": "https://shop.ex');
    await waitUntil(() => run(el).status.includes('25%'));
    expect(run(el).status).to.equal('Reading https://shop.example/: 25% done, 300 words so far.');
    expect(run(el).progress!.value).to.equal(0.25);
    await expect(el).to.be.accessible();

    stream.push('ample/faq", "progress": 0.5, "num_token": 900}');
    await waitUntil(() => run(el).status.includes('50%'));
    expect(run(el).status).to.equal('Reading https://shop.example/faq: 50% done, 900 words so far.');

    listed = [{ knowledge_base_id: 'kb1', url: 'https://shop.example/', num_token: 1500 }];
    stream.push('{"url": "https://shop.example/about", "progress": 1, "num_token": 1500}');
    stream.close();
    const event = await added;
    expect(event).to.include({ url: 'https://shop.example/', scrapeType: 1, words: 1500 });
    await waitUntil(() => rows(el).length === 1);
    expect(rows(el)[0]).to.deep.equal(['https://shop.example/', '1,500', 'Remove']);
    expect(run(el).status).to.equal('Added https://shop.example/: 1,500 words.');
    expect(field(el, 'Address').value).to.equal('');
    expect(service.sent('GET', LIST_PATH)).to.have.length(2);
  });

  it('shows where a dropped progress stream stopped and lists what was stored', async () => {
    const stream = new ControlledStream();
    const service = serviceWithBot()
      .on('GET', LIST_PATH, () => json([]))
      .on('POST', '/api/scraping/url', () => stream.response);
    const { el } = await mountAdmin({ service });
    await openSources(el);
    let added = false;
    el.addEventListener('bot-admin-source-added', () => (added = true));
    await addSource(el, 'https://shop.example/', 'This page only');
    expect(JSON.parse(service.sent('POST', '/api/scraping/url')[0]!.body).scrape_type).to.equal(2);
    stream.push('{"url":"https://shop.example/docs","progress":0.4,"num_token":420}\n');
    await waitUntil(() => run(el).status.includes('40%'));
    stream.drop();
    await waitUntil(() => run(el).alert !== '');
    expect(run(el).alert).to.equal(
      'The connection dropped at 40%, while reading https://shop.example/docs (420 words so far). The list below shows what was stored; add the address again to read the rest.',
    );
    expect(run(el).progress!.value).to.equal(0.4);
    await waitUntil(() => service.sent('GET', LIST_PATH).length === 2);
    expect(added).to.equal(false);
    expect(field(el, 'Address').value).to.equal('https://shop.example/');
    await expect(el).to.be.accessible();
  });

  it('says when the stream ends before reaching 100%', async () => {
    const stream = new ControlledStream();
    const service = serviceWithBot().on('POST', '/api/scraping/url', () => stream.response);
    const { el } = await mountAdmin({ service });
    await openSources(el);
    await addSource(el, 'https://shop.example/', 'This page only');
    stream.push('{"url":"https://shop.example/","progress":0.6,"num_token":50}');
    stream.close();
    await waitUntil(() => run(el).alert !== '');
    expect(run(el).alert).to.equal(
      'The service stopped reporting at 60%, while reading https://shop.example/ (50 words so far). The list below shows what was stored.',
    );
  });

  it('gives the service reason for a refused address', async () => {
    const service = serviceWithBot().on('POST', '/api/scraping/url', () =>
      json({ message: 'The address could not be reached: connection refused', message_code: 1007 }, 422),
    );
    const { el } = await mountAdmin({ service });
    await openSources(el);
    const error = nextEvent(el, 'bot-admin-error');
    await addSource(el, 'https://unreachable.example/', 'This page only');
    expect((await error).operation).to.equal('add-source');
    await waitUntil(() => run(el).alert !== '');
    expect(run(el).alert).to.equal(
      'The service could not read https://unreachable.example/. The address could not be reached: connection refused',
    );
    expect(service.sent('GET', LIST_PATH)).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('stops reading on request', async () => {
    const stream = new ControlledStream();
    const service = serviceWithBot().on('POST', '/api/scraping/url', () => stream.response);
    const { el } = await mountAdmin({ service });
    await openSources(el);
    await addSource(el, 'https://shop.example/', 'This page only');
    stream.push('{"url":"https://shop.example/","progress":0.3,"num_token":10}\n');
    await waitUntil(() => run(el).status.includes('30%'));
    await press(el, 'Stop');
    await waitUntil(() => run(el).status === 'Stopped at 30%. The list below shows what was stored.');
    expect(button(el, 'Add')).to.exist;
  });

  it('removes an entry after confirmation and fires bot-admin-source-removed', async () => {
    const url = 'https://shop.example/ưu-đãi';
    const service = serviceWithSources([
      { knowledge_base_id: 'kb1', url, num_token: 10 },
      { knowledge_base_id: 'kb2', url: 'https://shop.example/b', num_token: 20 },
    ]).on('DELETE', '/api/scraping/url', () => json({ message: 'Deleted', message_code: 0 }));
    const { el } = await mountAdmin({ service });
    await openSources(el);
    await press(el, `Remove ${url}`);
    const dialog = dialogOf(el);
    expect(dialog.open).to.equal(true);
    expect(descriptionOf(dialog)).to.equal(`${url} will no longer be used to answer questions.`);
    const removed = nextEvent(el, 'bot-admin-source-removed');
    button(el, 'Remove', dialog).click();
    expect((await removed).url).to.equal(url);
    const request = service.sent('DELETE', '/api/scraping/url')[0]!;
    expect(request.url.searchParams.get('bot_id')).to.equal(BOT_ID);
    const bytes = Uint8Array.from(atob(request.url.searchParams.get('base64_url')!), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).to.equal(url);
    await el.updateComplete;
    expect(rows(el).map((row) => row[0])).to.deep.equal(['https://shop.example/b']);
    expect(totalRow(el)).to.equal('Total 20');
    expect(statuses(sourcesPanel(el))).to.deep.equal([`Removed ${url}.`]);
  });

  it('hides removal where the service has no such route', async () => {
    const service = serviceWithSources([{ knowledge_base_id: 'kb1', url: 'https://shop.example/a', num_token: 10 }]).on(
      'DELETE',
      '/api/scraping/url',
      () => new Response('', { status: 405 }),
    );
    const { el } = await mountAdmin({ service });
    await openSources(el);
    await press(el, 'Remove https://shop.example/a');
    button(el, 'Remove', dialogOf(el)).click();
    await waitUntil(() => alerts(sourcesPanel(el)).length > 0);
    expect(alerts(sourcesPanel(el))).to.deep.equal(['This service cannot remove pages from the knowledge base.']);
    expect(rows(el)).to.deep.equal([['https://shop.example/a', '10']]);
  });

  it('does not link addresses that are not web addresses', async () => {
    const service = serviceWithSources([{ knowledge_base_id: 'kb1', url: 'javascript:alert(1)', num_token: 1 }]);
    const { el } = await mountAdmin({ service });
    await openSources(el);
    expect(allByRole(table(el)!, 'link')).to.have.length(0);
    expect(rows(el)[0]![0]).to.equal('javascript:alert(1)');
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let calls = 0;
    const service = serviceWithBot().on('GET', LIST_PATH, () => (++calls === 1 ? Promise.reject(new TypeError('offline')) : json([])));
    const { el } = await mountAdmin({ service });
    await openTab(el, 'Knowledge base');
    await waitUntil(() => alerts(sourcesPanel(el)).length > 0);
    expect(alerts(sourcesPanel(el))).to.deep.equal([
      'The knowledge base could not be listed. Could not reach the service. Check the connection and try again. Try again',
    ]);
    await press(el, 'Try again');
    await waitUntil(() => paragraphs(el).includes('No pages yet. Add a website above.'));
  });

  it('asks for the bot to be created first', async () => {
    const { el } = await mountAdmin({ botId: null });
    await waitUntil(() => settingsForm(el) !== null);
    await openTab(el, 'Knowledge base');
    expect(paragraphs(el)).to.deep.equal(['Create the bot first: fill in its settings and save them.']);
  });
});
