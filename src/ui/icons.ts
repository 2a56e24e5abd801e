// The widget's 24×24 icons, each one Lit template shared by every part that draws it.
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';

/**
 * An icon from one path of a 24×24 view box, hidden from assistive technology (its button has the label), the
 * path drawn through `transform` when given (an icon that is another turned round). One html`` template: the
 * parser puts everything inside <svg> in the SVG namespace, so the path needs no svg``.
 */
export const icon = (path: string, transform?: string): TemplateResult => html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d=${path} transform=${ifDefined(transform)} /></svg>`;

/** Two overlapping sheets: copy. */
export const copyIcon: TemplateResult = /* @__PURE__ */ icon('M8 3h10a2 2 0 012 2v12h-2V5H8zM4 7h10a2 2 0 012 2v11a2 2 0 01-2 2H4a2 2 0 01-2-2V9a2 2 0 012-2zm0 2v11h10V9z');

/**
 * A button that shows an icon: `label` is both its accessible name and its tooltip; with `pressed` it is a
 * toggle (aria-pressed). One template for every icon button of the widget.
 */
export const iconButton = (label: string, shown: TemplateResult, onClick: (event: Event) => void, pressed?: boolean): TemplateResult =>
  html`<button type="button" class="icon-button" aria-label=${label} title=${label} aria-pressed=${ifDefined(pressed)} @click=${onClick}>${shown}</button>`;
