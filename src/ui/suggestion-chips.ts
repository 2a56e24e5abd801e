// Suggested questions as a toolbar: one tab stop, arrow keys move between chips (mirrored in right-to-left
// text), Home and End jump to the ends, Enter, Space or a click picks one.
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';

/**
 * Keeps the roving tab stop of a chip toolbar and renders it. It needs none of its element's lifecycle, only
 * to ask it for an update when the arrow keys move the tab stop.
 */
export class SuggestionChips {
  #active = 0;
  #questionsKey = '';

  /** For the element that renders the chips; `onSelect` is called with the picked question. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onSelect: (question: string) => void,
  ) {}

  /**
   * The toolbar for the questions, or nothing when there are none: named `label`, its arrow keys following
   * `dir` (mirrored in right-to-left text), each chip marked with `lang` when the questions' language is known.
   */
  render(questions: readonly string[], label: string, dir: 'ltr' | 'rtl', lang: string | undefined): TemplateResult | typeof nothing {
    if (questions.length === 0) return nothing;
    const key = questions.join('\n');
    if (key !== this.#questionsKey) {
      this.#questionsKey = key;
      this.#active = 0;
    }
    const active = Math.min(this.#active, questions.length - 1);
    return html`<div class="chips" part="suggestions" role="toolbar" aria-label=${label} @keydown=${(event: KeyboardEvent) => this.#onKeydown(event, dir)}>
      ${questions.map(
        (question, index) =>
          html`<button type="button" class="chip" part="suggestion" dir="auto" lang=${ifDefined(lang)} tabindex=${index === active ? 0 : -1} @focus=${() => (this.#active = index)} @click=${() => this.onSelect(question)}>${question}</button>`,
      )}
    </div>`;
  }

  #onKeydown(event: KeyboardEvent, dir: 'ltr' | 'rtl'): void {
    const buttons = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button')];
    const count = buttons.length;
    const current = buttons.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const rtl = dir === 'rtl';
    // The chip each key moves to (a key's name is never one of Object's own members).
    const next = {
      [rtl ? 'ArrowLeft' : 'ArrowRight']: (current + 1) % count,
      [rtl ? 'ArrowRight' : 'ArrowLeft']: (current - 1 + count) % count,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.#active = next;
    buttons[next]!.focus();
    this.host.requestUpdate();
  }
}
