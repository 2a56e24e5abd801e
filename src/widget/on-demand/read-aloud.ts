// Read aloud (beyond WCAG AA): an answer spoken by the browser's speech synthesis, in the answer's language.
// Loaded with import() the first time a visitor asks for it; the widget offers it only where the browser
// has `speechSynthesis`. No voice is chosen: the browser picks its voice for the language.

let current: SpeechSynthesisUtterance | undefined;

/**
 * Speaks the text in the language (a BCP 47 tag), cutting off whatever the widget was reading; asked again
 * for the text it is still reading, it stops instead.
 */
export function readAloud(text: string, lang: string): void {
  const again = current?.text === text && speechSynthesis.speaking;
  speechSynthesis.cancel();
  current = undefined;
  if (again) return;
  current = new SpeechSynthesisUtterance(text);
  current.lang = lang;
  speechSynthesis.speak(current);
}
