// The launcher panel's open or closed state follows the visitor to the next page of the site (the widget
// mounted again on the same storage): restored without taking focus, animating or firing chatbot-open;
// `no-remember-open` opts out.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { createFakeService, type FakeService } from './fake-service.js';
import { freshBotId, part, queryByPart } from './widget-helpers.js';

async function mountLauncher(botId: string, service: FakeService, options: { storage?: string; noRememberOpen?: boolean; mode?: string } = {}): Promise<{ el: ChatbotWidget; opened: Event[] }> {
  const opened: Event[] = [];
  const el = await fixture<ChatbotWidget>(html`<chatbot-widget
    bot-id=${botId}
    base-url="https://service.test"
    mode=${options.mode ?? 'launcher'}
    storage=${options.storage ?? 'session'}
    lang="en"
    ?no-remember-open=${options.noRememberOpen ?? false}
    .fetch=${service.fetch}
    @chatbot-open=${(event: Event) => opened.push(event)}
  ></chatbot-widget>`);
  await waitUntil(() => queryByPart(el.shadowRoot!, 'launcher') || el.mode === 'inline', 'the widget did not render');
  return { el, opened };
}

const panelShown = (el: ChatbotWidget) => !part(el, 'panel').hidden;

describe('<chatbot-widget> open state across pages', () => {
  it('opens again on the next page when it was left open, without focus, animation or chatbot-open', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const first = await mountLauncher(botId, service);
    expect(panelShown(first.el)).to.equal(false);
    part(first.el, 'launcher').click();
    await first.el.updateComplete;
    expect(panelShown(first.el)).to.equal(true);
    first.el.remove();

    const focusedBefore = document.activeElement;
    const next = await mountLauncher(botId, service);
    expect(next.el.opened).to.equal(true);
    expect(panelShown(next.el)).to.equal(true);
    expect(part(next.el, 'launcher').getAttribute('aria-expanded')).to.equal('true');
    expect(next.el.shadowRoot!.activeElement, 'no focus taken').to.equal(null);
    expect(document.activeElement).to.equal(focusedBefore);
    expect(part(next.el, 'panel').getAnimations().filter((animation) => animation.playState === 'running')).to.have.length(0);
    expect(next.opened).to.have.length(0);

    // Closed on this page: closed on the next.
    part(next.el, 'launcher').click();
    await next.el.updateComplete;
    next.el.remove();
    const third = await mountLauncher(botId, service);
    expect(third.el.opened).to.equal(false);
    expect(panelShown(third.el)).to.equal(false);
  });

  it('keeps it in the conversation storage: localStorage with storage="local", nowhere with storage="none"', async () => {
    const service = createFakeService();
    for (const storage of ['local', 'none'] as const) {
      const botId = freshBotId();
      const first = await mountLauncher(botId, service, { storage });
      part(first.el, 'launcher').click();
      await first.el.updateComplete;
      first.el.remove();
      const next = await mountLauncher(botId, service, { storage });
      expect(next.el.opened, storage).to.equal(storage === 'local');
      next.el.remove();
      localStorage.removeItem(`chatbot-widget:open:${botId}`);
    }
  });

  it('starts closed with no-remember-open, and records nothing', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const first = await mountLauncher(botId, service, { noRememberOpen: true });
    part(first.el, 'launcher').click();
    await first.el.updateComplete;
    expect(panelShown(first.el)).to.equal(true);
    first.el.remove();
    const next = await mountLauncher(botId, service, { noRememberOpen: true });
    expect(next.el.opened).to.equal(false);
    const remembering = await mountLauncher(botId, service);
    expect(remembering.el.opened, 'nothing was recorded while opted out').to.equal(false);
  });

  it('does not read the storage on an update that changes no property, as a streamed frame', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const { el } = await mountLauncher(botId, service);
    part(el, 'launcher').click();
    await el.updateComplete;
    const own = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    let reads = 0;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        reads += 1;
        return own.get!.call(window) as Storage;
      },
    });
    try {
      for (let update = 0; update < 3; update++) {
        el.requestUpdate();
        await el.updateComplete;
      }
      expect(reads, 'updates that change no property').to.equal(0);
      part(el, 'launcher').click();
      await el.updateComplete;
      expect(reads, 'closing the panel records it').to.be.greaterThan(0);
    } finally {
      Object.defineProperty(window, 'sessionStorage', own);
    }
    expect(sessionStorage.getItem(`chatbot-widget:open:${botId}`)).to.equal('');
  });
});
