// Suggested questions as a toolbar: one tab stop, arrow keys move between chips (mirrored in right-to-left
// text), Home and End jump to the ends, Enter, Space or a click picks one.
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';

/** What the chips need to render. */
export interface SuggestionChipsOptions {
  /** Accessible name of the toolbar. */
  label: string;
  /** Writing direction, which decides what ArrowLeft and ArrowRight mean. */
  dir: 'ltr' | 'rtl';
  /** Language of the questions (`lang` of each chip), when it differs from the interface's or is known. */
  lang?: string | undefined;
  /** Called with the picked question. */
  onSelect: (question: string) => void;
}

/** Keeps the roving tab stop of a chip toolbar and renders it. */
export class SuggestionChips implements ReactiveController {
  #active = 0;
  #questionsKey = '';

  /** Attaches to the element that renders the chips. */
  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** @internal */
  hostConnected(): void {}

  /** The toolbar for the questions, or nothing when there are none. */
  render(questions: readonly string[], options: SuggestionChipsOptions): TemplateResult | typeof nothing {
    if (questions.length === 0) return nothing;
    const key = questions.join('\n');
    if (key !== this.#questionsKey) {
      this.#questionsKey = key;
      this.#active = 0;
    }
    const active = Math.min(this.#active, questions.length - 1);
    return html`<div class="chips" part="suggestions" role="toolbar" aria-label=${options.label} @keydown=${(event: KeyboardEvent) => this.#onKeydown(event, options.dir)}>
      ${questions.map(
        (question, index) =>
          html`<button type="button" class="chip" part="suggestion" dir="auto" lang=${ifDefined(options.lang)} tabindex=${index === active ? 0 : -1} @focus=${() => (this.#active = index)} @click=${() => options.onSelect(question)}>${question}</button>`,
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
