// The loader loads the widget by itself after a few idle seconds. Own file: the element must not be defined yet.
// The idle timer is taken from the loader as it sets it and fired by the test, so no test waits on the clock.
import { expect } from '@open-wc/testing';
import { IDLE_LOAD_DELAY, mountWidget } from '../../../src/widget/loader.js';

describe('script-tag loader, idle', () => {
  it('loads the widget after a few idle seconds without any intent', async () => {
    const script = document.createElement('script');
    script.dataset['botId'] = 'idle-bot';
    script.dataset['appSrc'] = '/src/embed-app.ts';
    const idleTimers: { run: () => void; delay: number | undefined }[] = [];
    const realSetTimeout = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (delay === IDLE_LOAD_DELAY && typeof handler === 'function') {
        idleTimers.push({ run: () => handler(...rest), delay });
        return 0;
      }
      return realSetTimeout(handler, delay, ...rest);
    }) as typeof window.setTimeout;
    let element: HTMLElement;
    try {
      ({ element } = mountWidget(script));
    } finally {
      window.setTimeout = realSetTimeout;
    }
    expect(idleTimers.map((timer) => timer.delay)).to.deep.equal([IDLE_LOAD_DELAY]);
    expect(customElements.get('chatbot-widget')).to.equal(undefined);

    idleTimers[0]!.run();
    await customElements.whenDefined('chatbot-widget');
    element.remove();
  });
});
