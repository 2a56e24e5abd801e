// The label of the launcher the script-tag loader draws before the rest of the widget has loaded (issue 14,
// item 15): it says what the loaded widget will say. Own file: the element must not be defined yet, as on a
// real page.
import { expect, waitUntil } from '@open-wc/testing';
import { mountWidget } from '../../../src/widget/loader.js';
import { byPart } from '../queries.js';
import { createFakeService } from './fake-service.js';

function loaderScript(data: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  Object.assign(script.dataset, { baseUrl: 'https://service.test', storage: 'none', appSrc: '/src/embed-app.ts', ...data });
  return script;
}

/** The launcher in the element's shadow root (the loader's before the load, the widget's after). */
const launcher = (el: HTMLElement) => byPart<HTMLButtonElement>(el.shadowRoot!, 'launcher');

describe('script-tag loader, launcher label', () => {
  it('takes the label and direction of a language pack the page supplies, before the widget loads', () => {
    const json = document.createElement('script');
    json.type = 'application/json';
    json.id = 'label-pack-he';
    json.textContent = JSON.stringify({ lang: 'he', dir: 'rtl', openChat: 'פתיחת הצ׳אט' });
    document.body.append(json);
    const { element } = mountWidget(loaderScript({ botId: 'label-he-bot', languagePack: json.id }));
    try {
      expect(customElements.get('chatbot-widget')).to.equal(undefined);
      expect(launcher(element).getAttribute('aria-label')).to.equal('פתיחת הצ׳אט');
      expect(getComputedStyle(launcher(element)).direction).to.equal('rtl');
      // Right to left, the launcher sits in the bottom left corner, where the loaded widget puts it.
      expect(launcher(element).getBoundingClientRect().right).to.be.below(innerWidth / 2);
    } finally {
      element.remove();
      json.remove();
    }
  });

  it('takes data-open-chat-label before the widget loads, and the loaded widget keeps it', async () => {
    expect(customElements.get('chatbot-widget')).to.equal(undefined);
    const service = createFakeService({ bot: { bot_name: 'Labelled bot' } });
    const handle = mountWidget(loaderScript({ botId: 'label-bot', lang: 'fr', openChatLabel: 'Une question ? Écrivez-nous' }));
    const el = handle.element as HTMLElement & { fetch?: typeof fetch; updateComplete?: Promise<boolean> };
    try {
      expect(launcher(el).getAttribute('aria-label')).to.equal('Une question ? Écrivez-nous');
      el.fetch = service.fetch;
      await handle.load();
      const panelLanguage = () => el.shadowRoot!.querySelector('[part~="panel"]')?.getAttribute('lang');
      await waitUntil(() => panelLanguage() === 'fr', 'the widget did not take over in French');
      await el.updateComplete;
      expect(launcher(el).getAttribute('aria-label')).to.equal('Une question ? Écrivez-nous');
    } finally {
      el.remove();
    }
  });
});
