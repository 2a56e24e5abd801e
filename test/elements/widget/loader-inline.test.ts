// An inline widget is content, not a launcher: the loader imports the rest at once. Own file: the element
// must not be defined yet.
import { expect, waitUntil } from '@open-wc/testing';
import { IDLE_LOAD_DELAY, mountWidget } from '../../../src/widget/loader.js';

describe('script-tag loader, inline', () => {
  it('loads at once for an inline widget, without a launcher', async () => {
    const script = document.createElement('script');
    script.dataset['mode'] = 'inline';
    script.dataset['botId'] = 'inline-bot';
    script.dataset['appSrc'] = '/src/embed-app.ts';
    const { element } = mountWidget(script);
    expect(element.shadowRoot).to.equal(null);
    await waitUntil(() => customElements.get('chatbot-widget'), 'not loaded at once', { timeout: IDLE_LOAD_DELAY - 1000 });
    element.remove();
  });
});
