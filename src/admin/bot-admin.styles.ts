// The look of <bot-admin>: read only through the private --_* copies of the public --chatbot-* tokens, so a
// host page themes the admin and the widget with the same properties.
import { css, unsafeCSS } from 'lit';
import { TOKEN_CSS } from '../themes/tokens.js';

/** Styles of <bot-admin>. */
export const botAdminStyles = [
  unsafeCSS(TOKEN_CSS),
  css`
    :host {
      display: block;
      container-type: inline-size;
      color: var(--_text);
      font-family: var(--_font-family);
      font-size: medium;
      line-height: var(--_line-height);
    }
    /* The font-size token is em of the visitor's default size (medium), as in the widget. */
    .admin,
    dialog {
      font-size: var(--_font-size);
    }
    :host([hidden]) {
      display: none;
    }
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }
    .admin {
      background: var(--_background);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 1em 1.25em 1.25em;
    }
    header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5em 1em;
      margin-block-end: 0.75em;
    }
    h2,
    h3,
    h4 {
      margin: 0 0 0.5em;
      line-height: 1.25;
    }
    h2 {
      font-size: 1.3em;
    }
    h3 {
      font-size: 1.15em;
    }
    h4 {
      font-size: 1em;
    }
    p {
      margin: 0 0 0.5em;
    }
    a {
      color: var(--_link);
    }
    button,
    input,
    select,
    textarea {
      font: inherit;
      color: inherit;
    }
    input:not([type='checkbox'], [type='radio'], [type='range']),
    select,
    textarea {
      width: 100%;
      padding: 0.45em 0.6em;
      background: var(--_background);
      /* The border is a field's only outline (no placeholders), so it takes text contrast (WCAG 1.4.11). */
      border: 1px solid var(--_text-muted);
      border-radius: 8px;
    }
    input:not([type='checkbox'], [type='radio'], [type='range']),
    select {
      min-height: 2.5em;
    }
    input[readonly] {
      background: var(--_surface);
    }
    textarea {
      resize: vertical;
    }
    [aria-invalid='true']:not([type='checkbox']) {
      border-color: var(--_error);
      border-width: 2px;
    }
    button {
      cursor: pointer;
      padding: 0.45em 0.9em;
      border-radius: 8px;
      border: 1px solid var(--_border);
      background: var(--_surface);
    }
    button:disabled {
      cursor: not-allowed;
      opacity: 0.6;
    }
    button.primary {
      background: var(--_accent);
      color: var(--_accent-text);
      border-color: var(--_accent);
    }
    button.link {
      padding: 0;
      border: 0;
      background: none;
      color: var(--_link);
      text-decoration: underline;
      text-align: start;
    }
    :is(button, input, select, textarea, a, [tabindex]):focus-visible {
      outline: 3px solid var(--_focus-ring);
      outline-offset: 2px;
    }
    fieldset {
      border: 1px solid var(--_border);
      border-radius: 10px;
      margin: 0 0 1em;
      padding: 0.5em 1em 0.75em;
      min-width: 0;
    }
    fieldset fieldset {
      border-style: dashed;
    }
    legend {
      font-weight: 600;
      padding-inline: 0.25em;
    }
    label {
      display: block;
      font-weight: 500;
      margin-block-end: 0.2em;
    }
    .field {
      margin-block: 0.6em;
    }
    .check {
      display: grid;
      grid-template-columns: auto 1fr;
      align-items: start;
      column-gap: 0.5em;
      margin-block: 0.4em;
    }
    .check input {
      margin-block-start: 0.3em;
      width: 1.1em;
      height: 1.1em;
      accent-color: var(--_accent);
    }
    .check label {
      font-weight: 400;
      margin: 0;
    }
    .check .hint {
      grid-column: 2;
    }
    .hint,
    .empty,
    .meta,
    .dirty-note {
      color: var(--_text-muted);
      font-size: 0.9em;
    }
    .hint {
      margin: 0.2em 0 0;
    }
    .field-error {
      color: var(--_error);
      font-weight: 500;
      margin: 0.25em 0 0;
    }
    .note {
      padding: 0.6em 0.8em;
      border-radius: 8px;
      background: var(--_surface);
    }
    .note.error,
    .issue-summary {
      background: var(--_error-surface);
      color: var(--_error);
    }
    .note.warning {
      border-inline-start: 4px solid var(--_accent);
    }
    .issue-summary {
      border: 2px solid var(--_error);
      border-radius: 10px;
      padding: 0.6em 1em;
      margin-block-end: 1em;
    }
    .issue-summary ul {
      margin: 0;
      padding-inline-start: 1.2em;
    }
    .issue-summary button.link {
      color: var(--_error);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5em 0.75em;
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      margin: -1px;
      padding: 0;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
      border: 0;
    }

    [role='tablist'] {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
      border-block-end: 1px solid var(--_border);
      margin-block-end: 1em;
    }
    [role='tab'] {
      border: 0;
      border-block-end: 3px solid transparent;
      border-radius: 8px 8px 0 0;
      background: none;
      padding: 0.5em 1em;
      color: var(--_text-muted);
    }
    [role='tab'][aria-selected='true'] {
      color: var(--_text);
      border-block-end-color: var(--_accent);
      font-weight: 600;
    }
    [role='tabpanel']:focus-visible {
      outline-offset: 4px;
    }

    .login {
      max-width: 26em;
    }

    .settings-layout {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(18em, 24em);
      gap: 1.25em;
      align-items: start;
    }
    @container (max-width: 52em) {
      .settings-layout {
        grid-template-columns: minmax(0, 1fr);
      }
    }
    .slider {
      display: flex;
      align-items: center;
      gap: 0.75em;
    }
    .slider input {
      flex: 1;
      accent-color: var(--_accent);
    }
    .slider output {
      min-width: 3ch;
      font-variant-numeric: tabular-nums;
    }
    .list ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .list li {
      margin-block: 0.5em;
    }
    .list .row {
      display: flex;
      gap: 0.5em;
      align-items: start;
    }
    .list .row button.remove {
      flex: none;
    }
    .details {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(12em, 1fr));
      gap: 0.5em 1em;
      margin: 0.75em 0 0;
    }
    .details dt {
      color: var(--_text-muted);
      font-size: 0.9em;
    }
    .details dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .save-status {
      font-weight: 500;
    }
    /* Focus scrolling keeps the control clear of the sticky Save bar (WCAG 2.4.11). */
    form.settings > :not(.actions) :is(input, select, textarea, button) {
      scroll-margin-block-end: 5em;
    }
    form.settings > .actions {
      position: sticky;
      bottom: 0;
      z-index: 1;
      padding-block: 0.75em;
      background: var(--_background);
      border-block-start: 1px solid var(--_border);
    }
    form.add-source > .actions,
    form.history-filter .actions {
      margin-block: 0.5em 1em;
    }
    .preview {
      position: sticky;
      top: 0.5em;
      display: flex;
      flex-direction: column;
      gap: 0.25em;
    }
    .preview-widget {
      display: block;
      height: var(--chatbot-admin-preview-height, 560px);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      overflow: hidden;
    }

    .run {
      margin-block: 1em;
    }
    .run progress {
      width: 100%;
      height: 0.75em;
      accent-color: var(--_accent);
    }
    .table-scroll {
      overflow-x: auto;
    }
    table {
      border-collapse: collapse;
      width: 100%;
    }
    caption {
      text-align: start;
      font-weight: 600;
      padding-block-end: 0.4em;
    }
    th,
    td {
      text-align: start;
      padding: 0.45em 0.6em;
      border-block-end: 1px solid var(--_border);
      vertical-align: top;
    }
    thead th,
    tfoot th {
      font-weight: 600;
    }
    tbody th {
      font-weight: 400;
    }
    .number {
      text-align: end;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .url {
      overflow-wrap: anywhere;
    }

    .inline-fields {
      display: flex;
      flex-wrap: wrap;
      gap: 0 1em;
      align-items: end;
    }
    .inline-fields .field {
      flex: 1 1 10em;
    }
    .inline-fields .actions {
      margin-block: 0.6em;
    }
    .history-toolbar {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      align-items: center;
      gap: 0.5em 1em;
      margin-block: 0.5em;
    }
    .history-layout {
      display: grid;
      grid-template-columns: minmax(14em, 1fr) minmax(0, 2fr);
      gap: 1em;
      align-items: start;
    }
    @container (max-width: 44em) {
      .history-layout {
        grid-template-columns: minmax(0, 1fr);
      }
    }
    .sessions {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.4em;
    }
    .session {
      width: 100%;
      text-align: start;
      display: grid;
      gap: 0.15em;
      background: var(--_background);
    }
    .session[aria-current='true'] {
      border-color: var(--_accent);
      box-shadow: inset 4px 0 0 var(--_accent);
    }
    .session .question {
      font-weight: 500;
      overflow-wrap: anywhere;
    }
    .transcript {
      border: 1px solid var(--_border);
      border-radius: 10px;
      padding: 0.75em 1em;
    }
    .transcript-header {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      gap: 0.5em;
    }
    .transcript ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.6em;
    }
    .message {
      padding: 0.5em 0.75em;
      border-radius: var(--_bubble-radius);
      background: var(--_surface);
      max-width: 90%;
    }
    .message.from-user {
      justify-self: end;
      background: var(--_accent);
      color: var(--_accent-text);
    }
    .message .sender {
      display: block;
      font-size: 0.8em;
      font-weight: 600;
    }
    .message p {
      margin: 0;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .message .markdown {
      overflow-wrap: anywhere;
      min-width: 0;
    }
    .message .cut-off {
      margin-top: 0.4em;
      padding-top: 0.3em;
      border-top: 1px dashed currentColor;
      font-size: 0.85em;
      font-style: italic;
    }
    .markdown,
    .markdown p {
      white-space: pre-line;
    }
    .markdown > * + *,
    .markdown li > * + * {
      margin-block-start: 0.6em;
    }
    .markdown .cut + * {
      margin-block-start: 0;
    }
    .markdown ul,
    .markdown ol {
      margin: 0;
      padding-inline-start: 1.4em;
    }
    .markdown .heading {
      margin-block: 0.8em 0.3em;
    }
    .markdown code {
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.9em;
      padding: 0.1em 0.3em;
      border-radius: 4px;
      background: color-mix(in srgb, var(--_text) 10%, transparent);
    }
    .markdown blockquote {
      margin: 0;
      padding-inline-start: 0.8em;
      border-inline-start: 3px solid var(--_border);
      color: var(--_text-muted);
    }
    .markdown hr {
      border: 0;
      border-block-start: 1px solid var(--_border);
    }
    /* Code blocks look as in the widget, on the code background, where highlighted tokens keep their contrast. */
    .markdown .code-block {
      border: 1px solid var(--_border);
      border-radius: 8px;
      overflow: hidden;
      background: var(--_code-background);
      color: var(--_code-text);
    }
    .markdown .code-bar {
      display: flex;
      align-items: center;
      justify-content: space-between;
      padding-inline: 0.75em 0.25em;
      font-size: 0.8em;
      border-block-end: 1px solid var(--_border);
    }
    .markdown .code-bar .icon-button {
      display: inline-flex;
      padding: 0.2em 0.5em;
    }
    .markdown .code-bar svg {
      width: 1.1em;
      height: 1.1em;
      fill: currentColor;
    }
    .markdown .code-bar .icon-button[data-copied]::after {
      content: '✓';
      margin-inline-start: 0.3em;
    }
    .markdown pre {
      margin: 0;
      padding: 0.6em 0.75em;
      overflow-x: auto;
      direction: ltr;
      text-align: left;
    }
    .markdown pre code {
      padding: 0;
      background: none;
      white-space: pre;
    }
    .leads {
      margin-block-start: 1.5em;
    }

    dialog {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_background);
      color: var(--_text);
      box-shadow: var(--_shadow);
      padding: 1.25em;
      max-width: min(30em, 90vw);
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.4);
    }
    @media (prefers-reduced-motion: reduce) {
      * {
        transition: none !important;
        animation: none !important;
      }
    }
  `,
];
