// Read aloud and voice input (beyond WCAG AA): the browser's speech synthesis and speech recognition, stubbed
// on `window`, so the tests see what the widget asks of them and what it does with their events.
import { expect, waitUntil } from '@open-wc/testing';
import { allByRole, ask, button, mountWidget, settled } from './widget-helpers.js';

/** Replaces a property of `window` for one test; `restore()` puts the browser's own back. */
function replaceOnWindow(name: string, value: unknown): { restore(): void } {
  const descriptor = Object.getOwnPropertyDescriptor(window, name);
  Object.defineProperty(window, name, { configurable: true, writable: true, value });
  return {
    restore: () => {
      if (descriptor) Object.defineProperty(window, name, descriptor);
      else delete (window as unknown as Record<string, unknown>)[name];
    },
  };
}

/** A speech synthesis that records what it is asked to say instead of saying it. */
class FakeSynthesis {
  speaking = false;
  readonly spoken: SpeechSynthesisUtterance[] = [];
  cancels = 0;
  speak(utterance: SpeechSynthesisUtterance): void {
    this.spoken.push(utterance);
    this.speaking = true;
  }
  cancel(): void {
    this.cancels++;
    this.speaking = false;
  }
  /** The utterance being read comes to its end. */
  finish(): void {
    this.speaking = false;
    this.spoken.at(-1)!.dispatchEvent(new Event('end'));
  }
}

describe('<chatbot-widget> read aloud', () => {
  let replaced: { restore(): void } | undefined;
  afterEach(() => {
    replaced?.restore();
    replaced = undefined;
  });

  it("reads an answer aloud in the bot's language as plain text, and stops when asked again", async () => {
    const synthesis = new FakeSynthesis();
    replaced = replaceOnWindow('speechSynthesis', synthesis);
    const { el, service } = await mountWidget({ lang: 'fr', bot: { bot_language: 'English' } });
    service.queueAnswer('**Opening** hours are *nine* to five.');
    await ask(el, 'Hours?');
    await settled(el);

    const readAloud = button(el, 'Lire à voix haute');
    readAloud.click();
    await waitUntil(() => synthesis.spoken.length === 1, 'nothing was read');
    expect(synthesis.spoken[0]!.text).to.equal('Opening hours are nine to five.');
    expect(synthesis.spoken[0]!.lang).to.equal('en');

    // Pressed again while reading: it stops, and reads nothing new.
    readAloud.click();
    await waitUntil(() => synthesis.cancels === 2, 'reading did not stop');
    expect(synthesis.spoken.length).to.equal(1);
    expect(synthesis.speaking).to.equal(false);

    // Pressed once reading has come to its end: it reads again.
    readAloud.click();
    await waitUntil(() => synthesis.spoken.length === 2);
    synthesis.finish();
    readAloud.click();
    await waitUntil(() => synthesis.spoken.length === 3, 'a finished answer was not read again');
  });

  it('offers no read-aloud where the browser has no speech synthesis', async () => {
    replaced = replaceOnWindow('speechSynthesis', undefined);
    const { el, service } = await mountWidget();
    service.queueAnswer('Nine to five.');
    await ask(el, 'Hours?');
    await settled(el);
    expect(allByRole(el.shadowRoot!, 'button', { name: 'Copy answer' })).to.have.length(1);
    expect(allByRole(el.shadowRoot!, 'button', { name: 'Read aloud' })).to.deep.equal([]);
  });
});
