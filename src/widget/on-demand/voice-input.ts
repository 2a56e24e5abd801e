// Voice input (beyond WCAG AA): the visitor speaks and the browser's speech recognition writes the words
// into the message field, in the widget's language; the visitor reads them and sends as usual. Loaded with
// import() the first time the microphone button is pressed; the widget shows that button only where the
// browser has speech recognition (`SpeechRecognition`, or Chromium's and Safari's `webkitSpeechRecognition`).

/** The part of the Web Speech API's recognition used here (TypeScript's DOM library has none of it). */
interface Recognition extends EventTarget {
  lang: string;
  interimResults: boolean;
  start(): void;
  stop(): void;
}

/** A `result` event: every result so far, each with its best alternative first. */
interface RecognitionResultEvent extends Event {
  readonly results: ArrayLike<ArrayLike<{ readonly transcript: string }>>;
}

type RecognitionWindow = Record<'SpeechRecognition' | 'webkitSpeechRecognition', (new () => Recognition) | undefined>;

/** The field's text while listening: what was typed before, then what was heard, a space between. */
export function withHeard(typed: string, heard: string): string {
  return typed && !/\s$/.test(typed) ? `${typed} ${heard}` : typed + heard;
}

/** The recognitions listening now, by their microphone button. */
const listening = new WeakMap<HTMLButtonElement, Recognition>();

/**
 * Pressed microphone: listens once in the language (a BCP 47 tag), writing everything heard so far after
 * what was typed into the message field of the button's form, as it firms up (an `input` event, as typing
 * does); pressed again while listening, it stops. Listening ends by itself after a pause or an error (a
 * refused microphone), and when the field no longer holds what it wrote (the visitor typed, or sent the
 * question): those words are then dropped. The button is `aria-pressed` while it listens.
 */
export function toggleVoice(microphone: HTMLButtonElement, lang: string): void {
  const running = listening.get(microphone);
  if (running) return running.stop();
  const field = microphone.form!.querySelector('textarea')!;
  const typed = field.value;
  let written = typed;
  const scope = window as unknown as RecognitionWindow;
  const recognition = new (scope.SpeechRecognition ?? scope.webkitSpeechRecognition)!();
  recognition.lang = lang;
  recognition.interimResults = true;
  recognition.addEventListener('result', (event) => {
    if (field.value !== written) return recognition.stop();
    written = withHeard(typed, Array.from((event as RecognitionResultEvent).results, (result) => result[0]?.transcript ?? '').join(''));
    field.value = written;
    field.dispatchEvent(new Event('input'));
  });
  recognition.addEventListener('end', () => {
    listening.delete(microphone);
    microphone.setAttribute('aria-pressed', 'false');
  });
  recognition.start();
  listening.set(microphone, recognition);
  microphone.setAttribute('aria-pressed', 'true');
}
