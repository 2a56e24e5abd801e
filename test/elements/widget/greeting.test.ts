// The bot's greeting and starter questions in an empty conversation, and the teaser beside the closed
// launcher, from the service's widget settings (ChatFly's `bot-widget-setting`) or the element's attributes.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { CSSResultOrNative } from 'lit';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { botRecord, heldJsonResponse, jsonResponse } from './fake-service.js';
import { createFakeService } from './fake-service.js';
import { chatReady, composer, freshBotId, greeting, lastAnswerText, mountWidget, part, queryByPart, settled, suggestions } from './widget-helpers.js';

const teaser = (el: ChatbotWidget) => queryByPart(el.shadowRoot!, 'teaser');

/** Answers with `body` `delay` ms after it is asked for. */
const late = (delay: number, body: unknown) => () => heldJsonResponse(body, new Promise((resolve) => setTimeout(resolve, delay)));

describe('<chatbot-widget> greeting and starter questions', () => {
  it("shows the service's greeting and starter questions, read from ChatFly's wrapped shape, and asks a picked one", async () => {
    const { el, service } = await mountWidget({
      widgetSetting: {
        message_code: 0,
        message: 'Success',
        data: { initial_message: 'Welcome to ACME! Ask me about plans.', suggest_messages: ['What plans are there?', ' ', 'Do you ship abroad?'], display_name: 'ACME' },
      },
    });
    await waitUntil(() => suggestions(el).length === 2, 'the starter questions did not appear');
    expect(greeting(el)?.textContent).to.equal('Welcome to ACME! Ask me about plans.');
    expect(suggestions(el).map((chip) => chip.textContent)).to.deep.equal(['What plans are there?', 'Do you ship abroad?']);
    const request = service.requests.find((entry) => entry.url.pathname.endsWith('/api/bot/bot-widget-setting'))!;
    expect(request.url.searchParams.get('bot_id')).to.equal(el.botId);
    await expect(el).to.be.accessible();
    service.queueAnswer('We ship to 40 countries.');
    suggestions(el)[1]!.click();
    await settled(el);
    expect(service.streamBodies[0]!['message']).to.equal('Do you ship abroad?');
    expect(lastAnswerText(el)).to.equal('We ship to 40 countries.');
    expect(part(el, 'thread').textContent).to.not.contain('Welcome to ACME');
    expect(suggestions(el)).to.have.length(0);
  });

  it('is drawn once, complete, when the bot and its settings come within a moment: never the loading notice, default title or default greeting first', async () => {
    const seen = { titles: new Set<string>(), greetings: new Set<string>(), notices: 0 };
    const record = (root: ShadowRoot) => {
      const title = root.querySelector('[part~="title"]')?.textContent;
      if (title) seen.titles.add(title);
      const shown = root.querySelector('.greeting')?.textContent;
      if (shown) seen.greetings.add(shown);
      seen.notices += root.querySelectorAll('[part~="notice"]').length;
    };
    // Watched from the first render on: the element's shadow root exists once it is defined and connected.
    const { el } = await mountWidget({
      ready: false,
      bot: late(20, botRecord({ bot_name: 'Prompt' })),
      widgetSetting: late(60, { initial_message: 'Welcome aboard.' }),
    });
    record(el.shadowRoot!);
    const observer = new MutationObserver(() => record(el.shadowRoot!));
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    await waitUntil(() => greeting(el)?.textContent === 'Welcome aboard.', 'the greeting of the settings was not drawn');
    observer.disconnect();
    expect(chatReady(el)).to.equal(true);
    expect([...seen.titles]).to.deep.equal(['Prompt']);
    expect([...seen.greetings]).to.deep.equal(['Welcome aboard.']);
    expect(seen.notices, 'a loading notice was drawn').to.equal(0);
  });

  it("adopts its style sheets with its first draw: blank and unstyled while the bot comes, never drawn without them, the lead form's after them", async () => {
    // The lead form's module (the widget asks for it once the bot has come) is in before the settings: its
    // sheet waits for the element's. The same module URL as the widget's import, so the same module.
    const leadForm = import('../../../src/widget/on-demand/lead-form.js');
    const { el } = await mountWidget({
      ready: false,
      bot: late(20, botRecord({ collect_customer_info: { numberShowing: 1, name: true, email: true, phone: false } })),
      widgetSetting: () => heldJsonResponse({ initial_message: 'Welcome aboard.' }, leadForm.then(() => new Promise((resolve) => setTimeout(resolve, 50)))),
    });
    const root = el.shadowRoot!;
    expect(root.adoptedStyleSheets, 'sheets adopted while blank').to.have.length(0);
    expect(root.children, 'drawn while blank').to.have.length(0);
    // Looked at on every frame until ready: what a frame could paint.
    const unstyled: number[] = [];
    let watching = true;
    const look = () => {
      if (root.children.length > 0 && root.adoptedStyleSheets.length === 0) unstyled.push(root.children.length);
      if (watching) requestAnimationFrame(look);
    };
    look();
    await waitUntil(() => chatReady(el), 'the widget did not become ready');
    watching = false;
    expect(unstyled, 'a frame with the chat drawn and no style sheet').to.deep.equal([]);
    expect(greeting(el)?.textContent).to.equal('Welcome aboard.');
    const sheetOf = (style: CSSResultOrNative) => (style instanceof CSSStyleSheet ? style : style.styleSheet);
    const own = (el.constructor as typeof ChatbotWidget).elementStyles.map(sheetOf);
    expect(root.adoptedStyleSheets).to.deep.equal([...own, sheetOf((await leadForm).leadFormStyles)]);
    expect(getComputedStyle(part(el, 'panel')).display).to.equal('flex');
  });

  it('never blanks a chat already drawn: an element given its bot id once it is on the page', async () => {
    const service = createFakeService({ bot: late(60, botRecord({ bot_name: 'Later' })), widgetSetting: { initial_message: 'Hello later.' } });
    const el = await fixture<ChatbotWidget>(html`<chatbot-widget base-url="https://service.test" mode="inline" storage="session" lang="en" .fetch=${service.fetch} style="height: 560px"></chatbot-widget>`);
    // Without a bot id it waits for one, drawn with its notice: the grace is for a bot on its way.
    expect(queryByPart(el.shadowRoot!, 'notice')?.textContent).to.contain('Loading');
    let blanked = false;
    const observer = new MutationObserver(() => (blanked ||= !queryByPart(el.shadowRoot!, 'header')));
    observer.observe(el.shadowRoot!, { subtree: true, childList: true });
    el.botId = freshBotId();
    await waitUntil(() => chatReady(el) && greeting(el)?.textContent === 'Hello later.', 'the chat did not become ready');
    observer.disconnect();
    expect(blanked, 'the chat was blanked once drawn').to.equal(false);
    expect(part(el, 'title').textContent).to.equal('Later');
  });

  it('reads the bare shape too', async () => {
    const { el } = await mountWidget({ widgetSetting: { initial_message: 'Hello from the bare shape', suggest_messages: ['First?'] } });
    await waitUntil(() => suggestions(el).length === 1);
    expect(greeting(el)?.textContent).to.equal('Hello from the bare shape');
  });

  it('takes the greeting and starter questions from attributes when the service has no endpoint, with no error', async () => {
    const service = createFakeService();
    const errors: Event[] = [];
    const el = await fixture<ChatbotWidget>(html`<chatbot-widget
      bot-id=${freshBotId()}
      base-url="https://service.test"
      mode="inline"
      lang="en"
      initial-message="Hi, I answer questions about ACME."
      starter-questions='["Opening hours?", "Where are you?"]'
      .fetch=${service.fetch}
      @chatbot-error=${(event: Event) => errors.push(event)}
      style="height: 560px"
    ></chatbot-widget>`);
    await waitUntil(() => chatReady(el));
    await waitUntil(() => service.requests.some((entry) => entry.url.pathname.endsWith('/api/bot/bot-widget-setting')));
    await el.updateComplete;
    expect(greeting(el)?.textContent).to.equal('Hi, I answer questions about ACME.');
    expect(suggestions(el).map((chip) => chip.textContent)).to.deep.equal(['Opening hours?', 'Where are you?']);
    expect(errors).to.have.length(0);
    expect(composer(el).disabled).to.equal(false);
  });

  it("keeps the pack's greeting when the service answers 404 and the element sets nothing", async () => {
    const { el, service } = await mountWidget({ widgetSetting: () => jsonResponse({ detail: 'Bot not found' }, 404) });
    await waitUntil(() => service.requests.some((entry) => entry.url.pathname.endsWith('/api/bot/bot-widget-setting')));
    await el.updateComplete;
    expect(greeting(el)?.textContent).to.equal("Hi! I'm Helper. How can I help you today?");
    expect(suggestions(el)).to.have.length(0);
  });
});

describe('<chatbot-widget> teaser beside the closed launcher', () => {
  afterEach(() => sessionStorage.clear());

  it("appears after the bot's delay without taking focus, opens the chat, and comes once per visit", async () => {
    const outside = await fixture<HTMLButtonElement>(html`<button>Page button</button>`);
    outside.focus();
    const botId = freshBotId();
    const setting = { initial_message: 'Questions about ACME? Ask me!', auto_show_initial_message_after: 0.3 };
    const { el } = await mountWidget({ mode: 'launcher', botId, widgetSetting: setting });
    expect(teaser(el) === null, 'teaser shown').to.equal(true);
    await waitUntil(() => teaser(el), 'the teaser did not appear', { timeout: 5000 });
    expect(teaser(el)!.textContent).to.contain('Questions about ACME? Ask me!');
    expect(document.activeElement === outside, 'focus moved').to.equal(true);
    await expect(el).to.be.accessible();
    (teaser(el)!.querySelector('button') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(el.opened).to.equal(true);
    expect(teaser(el) === null, 'teaser shown').to.equal(true);
    el.close();
    await el.updateComplete;
    expect(teaser(el) === null, 'teaser shown').to.equal(true);

    // A second page of the same visit: no teaser again.
    const { el: again } = await mountWidget({ mode: 'launcher', botId, widgetSetting: setting });
    await new Promise((resolve) => setTimeout(resolve, 800));
    await again.updateComplete;
    expect(teaser(again) === null, 'teaser shown again').to.equal(true);
  });

  it('is dismissed with its close button or Escape, giving focus to the launcher', async () => {
    const { el } = await mountWidget({ mode: 'launcher', widgetSetting: { auto_show_initial_message_after: 0.2 } });
    await waitUntil(() => teaser(el), 'the teaser did not appear', { timeout: 5000 });
    expect(teaser(el)!.textContent).to.contain("Hi! I'm Helper.");
    const close = teaser(el)!.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!;
    close.focus();
    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(teaser(el) === null, 'teaser shown').to.equal(true);
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('launcher');
    expect(el.opened).to.equal(false);
  });
});
