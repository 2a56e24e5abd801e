// The loader loads the widget by itself after a few idle seconds. Own file: the element must not be defined yet.
import { expect, waitUntil } from '@open-wc/testing';
import { IDLE_LOAD_DELAY, mountWidget } from '../../../src/widget/loader.js';

describe('script-tag loader, idle', () => {
  it('loads the widget after a few idle seconds without any intent', async () => {
    const script = document.createElement('script');
    script.dataset['botId'] = 'idle-bot';
    script.dataset['appSrc'] = '/src/embed-app.ts';
    const started = performance.now();
    const { element } = mountWidget(script);
    await new Promise((resolve) => setTimeout(resolve, IDLE_LOAD_DELAY - 500));
    expect(customElements.get('chatbot-widget')).to.equal(undefined);
    await waitUntil(() => customElements.get('chatbot-widget'), 'not loaded when idle', { timeout: IDLE_LOAD_DELAY + 3000 });
    expect(performance.now() - started).to.be.at.least(IDLE_LOAD_DELAY);
    element.remove();
  });
});
