// The launcher the script-tag loader draws before the rest of the widget has loaded, on a page whose body is
// transformed (issue 14, item 14): the top layer keeps it in the corner of the screen, as the loaded widget's.
// Own file: the element must not be defined yet, as on a real page.
import { expect, waitUntil } from '@open-wc/testing';
import { mountWidget } from '../../../src/widget/loader.js';
import { byPart } from '../queries.js';
import { createFakeService } from './fake-service.js';

/** The launcher in the element's shadow root (the loader's before the load, the widget's after). */
const launcher = (el: HTMLElement) => byPart<HTMLButtonElement>(el.shadowRoot!, 'launcher');

/** Where the launcher is on the screen. */
const placement = (el: HTMLElement) => {
  const { left, top, width, height } = launcher(el).getBoundingClientRect();
  return { left, top, width, height };
};

describe('script-tag loader on a page with a transformed body', () => {
  it('draws its launcher in the corner of the screen before the widget loads, where the loaded widget keeps it', async () => {
    const pageStyle = document.createElement('style');
    pageStyle.textContent = 'body { transform: translateZ(0); min-height: 3000px }';
    document.head.append(pageStyle);
    const script = document.createElement('script');
    Object.assign(script.dataset, { botId: 'top-layer-bot', baseUrl: 'https://service.test', storage: 'none', lang: 'en', appSrc: '/src/embed-app.ts' });
    const handle = mountWidget(script);
    const el = handle.element as HTMLElement & { fetch?: typeof fetch; updateComplete?: Promise<boolean> };
    try {
      expect(customElements.get('chatbot-widget')).to.equal(undefined);
      const before = placement(el);
      // 20 px (the default offset) from the bottom and the end of the viewport, not of the 3000 px body.
      expect(before.top + before.height).to.be.closeTo(innerHeight - 20, 1);
      expect(before.left + before.width).to.be.closeTo(document.documentElement.clientWidth - 20, 1);
      el.fetch = createFakeService().fetch;
      await handle.load();
      await waitUntil(() => el.shadowRoot!.querySelector('[part~="panel"]'), 'the widget did not take over');
      await el.updateComplete;
      expect(placement(el)).to.deep.equal(before);
    } finally {
      el.remove();
      pageStyle.remove();
    }
  });
});
