// Read aloud and voice input (beyond WCAG AA): the browser's speech synthesis and speech recognition, stubbed
// on `window`, so the tests see what the widget asks of them and what it does with their events.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { allByRole, ask, button, composer, mountWidget, settled } from './widget-helpers.js';

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

/** A speech recognition that hears what the test says it hears. */
class FakeRecognition extends EventTarget {
  static made: FakeRecognition[] = [];
  lang = '';
  interimResults = false;
  listening = false;
  constructor() {
    super();
    FakeRecognition.made.push(this);
  }
  start(): void {
    this.listening = true;
  }
  stop(): void {
    this.end();
  }
  /** Everything heard so far, as the browser reports it: one result per phrase, best alternative first. */
  hear(...phrases: string[]): void {
    this.dispatchEvent(Object.assign(new Event('result'), { results: phrases.map((transcript) => [{ transcript }]) }));
  }
  /** Listening ends (a pause, an error, or stop()). */
  end(): void {
    this.listening = false;
    this.dispatchEvent(new Event('end'));
  }
}

describe('<chatbot-widget> voice input', () => {
  let replaced: { restore(): void }[] = [];
  /** Speech recognition as Chromium and Safari name it (webkitSpeechRecognition), or none at all. */
  const recognitionIs = (recognition: typeof FakeRecognition | undefined) => {
    FakeRecognition.made = [];
    replaced = [replaceOnWindow('SpeechRecognition', undefined), replaceOnWindow('webkitSpeechRecognition', recognition)];
  };
  afterEach(() => {
    for (const one of replaced.splice(0)) one.restore();
  });

  it("writes what it hears into the message field, in the widget's language, from the keyboard", async () => {
    recognitionIs(FakeRecognition);
    const { el } = await mountWidget({ lang: 'fr' });
    const microphone = button(el, 'Saisie vocale');
    expect(microphone.getAttribute('aria-pressed')).to.equal('false');
    composer(el).focus();
    await sendKeys({ type: 'Bonjour,' });
    // After the field and before Send in the tab order.
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(microphone);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => FakeRecognition.made.length === 1, 'no recognition started');
    const recognition = FakeRecognition.made[0]!;
    expect([recognition.lang, recognition.interimResults, recognition.listening]).to.deep.equal(['fr', true, true]);
    expect(microphone.getAttribute('aria-pressed')).to.equal('true');

    recognition.hear('quelles sont');
    await el.updateComplete;
    expect(composer(el).value).to.equal('Bonjour, quelles sont');
    recognition.hear('quelles sont', ' vos heures');
    await el.updateComplete;
    expect(composer(el).value).to.equal('Bonjour, quelles sont vos heures');

    recognition.end();
    await el.updateComplete;
    expect(microphone.getAttribute('aria-pressed')).to.equal('false');
    expect(composer(el).value).to.equal('Bonjour, quelles sont vos heures');
  });

  it('stops listening when pressed again, and drops words heard after the question was sent', async () => {
    recognitionIs(FakeRecognition);
    const { el } = await mountWidget();
    const microphone = button(el, 'Voice input');
    microphone.click();
    await waitUntil(() => FakeRecognition.made[0]?.listening, 'no recognition started');
    expect(microphone.getAttribute('aria-pressed')).to.equal('true');
    microphone.click();
    await waitUntil(() => !FakeRecognition.made[0]!.listening, 'pressed again, it kept listening');
    expect(microphone.getAttribute('aria-pressed')).to.equal('false');

    microphone.click();
    await waitUntil(() => FakeRecognition.made[1]?.listening, 'no second recognition started');
    const recognition = FakeRecognition.made[1]!;
    recognition.hear('opening hours');
    await el.updateComplete;
    expect(composer(el).value).to.equal('opening hours');
    composer(el).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(composer(el).value).to.equal('');
    // Words heard after the question went do not write it back: listening stops.
    recognition.hear('opening hours please');
    await el.updateComplete;
    expect(composer(el).value).to.equal('');
    expect(recognition.listening).to.equal(false);
    expect(microphone.getAttribute('aria-pressed')).to.equal('false');
  });

  it('offers no microphone where the browser cannot recognise speech', async () => {
    recognitionIs(undefined);
    const { el } = await mountWidget();
    expect(allByRole(el.shadowRoot!, 'button', { name: 'Voice input' })).to.deep.equal([]);
  });
});
