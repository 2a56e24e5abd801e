// Read aloud and voice input (beyond WCAG AA), with the browser's own speech synthesis and recognition and
// no dependency. Loaded with import() the first time a visitor presses either button; the widget shows the
// buttons only where the browser has the API (`speechSynthesis`; `SpeechRecognition`, or Chromium's and
// Safari's `webkitSpeechRecognition`). Both take their language from the page the widget drew: an answer is
// read in the language it is marked with (the bot's when known, else the interface's), and recognition
// listens in the panel's.

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

/** The language (BCP 47) an element is marked with, itself or by its nearest ancestor. */
const languageOf = (element: Element) => element.closest<HTMLElement>('[lang]')!.lang;

/**
 * A pressed speech button: with the text of an answer, Read aloud; without, the microphone of voice input.
 */
export function speech(button: HTMLButtonElement, text?: string): void {
  if (text === undefined) toggleVoice(button);
  // The first element marked with a language in the answer is its bubble when it carries the bot's
  // language, else the hidden sender label in the interface's.
  else readAloud(text, languageOf(button.closest('.message')!.querySelector('[lang]')!));
}

let reading: SpeechSynthesisUtterance | undefined;

/**
 * Speaks the text in the language, cutting off whatever the widget was reading; asked again for the text it
 * is still reading, it stops instead. No voice is chosen: the browser picks its voice for the language.
 */
export function readAloud(text: string, lang: string): void {
  const again = reading?.text === text && speechSynthesis.speaking;
  speechSynthesis.cancel();
  reading = undefined;
  if (again) return;
  reading = new SpeechSynthesisUtterance(text);
  reading.lang = lang;
  speechSynthesis.speak(reading);
}

/** The field's text while listening: what was typed before, then what was heard, a space between. */
export function withHeard(typed: string, heard: string): string {
  return typed && !/\s$/.test(typed) ? `${typed} ${heard}` : typed + heard;
}

/** The recognitions listening now, by their microphone button. */
const listening = new WeakMap<HTMLButtonElement, Recognition>();

/**
 * Pressed microphone: listens once in the panel's language, writing everything heard so far after what was
 * typed into the message field of the button's form, as it firms up (an `input` event, as typing does);
 * pressed again while listening, it stops. Listening ends by itself after a pause or an error (a refused
 * microphone), and when the field no longer holds what it wrote (the visitor typed, or sent the question):
 * those words are then dropped. The button is `aria-pressed` while it listens.
 */
export function toggleVoice(microphone: HTMLButtonElement): void {
  const running = listening.get(microphone);
  if (running) return running.stop();
  const field = microphone.form!.querySelector('textarea')!;
  const typed = field.value;
  let written = typed;
  const scope = window as unknown as RecognitionWindow;
  const recognition = new (scope.SpeechRecognition ?? scope.webkitSpeechRecognition)!();
  recognition.lang = languageOf(microphone);
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
