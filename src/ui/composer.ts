// The message field and its send/stop button. Enter sends, Shift+Enter adds a line, and nothing is sent
// while an input method is composing (Japanese, Vietnamese and other IMEs confirm with Enter).
import { html, nothing, type TemplateResult } from 'lit';
import { icon } from './icons.js';

/** What the composer shows and reports. */
export interface ComposerOptions {
  /** The text typed so far. */
  value: string;
  /** Accessible label of the field. */
  label: string;
  /** Placeholder of the field. */
  placeholder: string;
  /** Whether an answer is streaming (the button then stops it). */
  busy: boolean;
  /** Whether typing is not possible now. */
  disabled: boolean;
  /** Label of the send button. */
  sendLabel: string;
  /** Label of the stop button. */
  stopLabel: string;
  /** Called on every edit. */
  onInput: (value: string) => void;
  /** Called to send the text. */
  onSend: () => void;
  /** Called to stop the answer. */
  onStop: () => void;
  /** Label of the microphone button. */
  voiceLabel?: string;
  /** Called with the click on the microphone button; without it there is no microphone button. */
  onVoice?: (event: Event) => void;
}

const sendIcon = icon('M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z');
const stopIcon = icon('M7 7h10v10H7z');
const micIcon = icon('M9 5a3 3 0 016 0v6a3 3 0 01-6 0zM5 11h2a5 5 0 0010 0h2a7 7 0 01-6 7v3h-2v-3a7 7 0 01-6-7z');

/** The composer form. */
export function renderComposer(options: ComposerOptions): TemplateResult {
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (!options.busy) options.onSend();
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (options.busy) options.onStop();
    else options.onSend();
  };
  // One button for both jobs, so keyboard focus stays on it when sending turns into stopping.
  const label = options.busy ? options.stopLabel : options.sendLabel;
  return html`<form class="composer" part="composer" @submit=${onSubmit}>
    <textarea
      part="input"
      rows="1"
      enterkeyhint="send"
      dir="auto"
      aria-label=${options.label}
      placeholder=${options.placeholder}
      .value=${options.value}
      ?disabled=${options.disabled}
      @input=${(event: InputEvent) => options.onInput((event.target as HTMLTextAreaElement).value)}
      @keydown=${onKeydown}
    ></textarea>
    ${options.onVoice
      ? html`<button
          type="button"
          class="icon-button"
          part="voice-button"
          aria-label=${options.voiceLabel!}
          title=${options.voiceLabel!}
          aria-pressed="false"
          ?disabled=${options.disabled}
          @click=${options.onVoice}
        >
          ${micIcon}
        </button>`
      : nothing}
    <button
      type="submit"
      class="send"
      part=${options.busy ? 'stop-button' : 'send-button'}
      aria-label=${label}
      title=${label}
      ?disabled=${!options.busy && (options.disabled || options.value.trim() === '')}
    >
      ${options.busy ? stopIcon : sendIcon}
    </button>
  </form>`;
}
