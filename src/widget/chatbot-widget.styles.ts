// Styles of <chatbot-widget>. Everything reads the private `--_*` tokens (see src/themes/tokens.ts); sizes
// are in px/em, never rem, so a page's root font size cannot reach in, and text is em of 'medium', the
// visitor's default size; logical properties keep RTL right.
import { unsafeCSS } from 'lit';
import { css } from '../ui/literal-css.js';
import { LAUNCHER_CSS } from '../themes/launcher.js';
import { TOKEN_CSS } from '../themes/tokens.js';

const widget = css`
  :host {
    all: initial;
    display: block;
  }
  :host([mode='inline']) {
    height: 100%;
    min-height: 360px;
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  *,
  ::before,
  ::after {
    box-sizing: border-box;
  }
  button,
  textarea,
  input {
    font: inherit;
    color: inherit;
    letter-spacing: inherit;
  }
  button {
    cursor: pointer;
  }
  :focus-visible {
    outline: 2px solid var(--_focus-ring);
    outline-offset: 2px;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  svg {
    width: 20px;
    height: 20px;
    fill: currentColor;
    flex: none;
  }

  /* Page rules that match the host element itself (a '*' rule, say) win over :host, so every inherited
     property is reset again here, on the root of everything the widget draws: the font size to 'medium',
     the visitor's own default size, which no page rule can change (--_font-size is em of it, on the
     panel's children). Letter and word spacing set on the element pass, as text-spacing tools set them
     (WCAG 1.4.12). */
  .panel {
    all: initial;
    letter-spacing: inherit;
    word-spacing: inherit;
    box-sizing: border-box;
    font-family: var(--_font-family);
    line-height: var(--_line-height);
    -webkit-text-size-adjust: 100%;
    display: flex;
    flex-direction: column;
    height: 100%;
    overflow: hidden;
    background: var(--_background);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .panel > * {
    font-size: var(--_font-size);
  }
  :host([mode='launcher']) .panel {
    position: fixed;
    z-index: var(--_z-index);
    inset-block-end: calc(var(--_offset) + var(--_launcher-size) + 12px);
    inset-inline-end: var(--_offset);
    width: min(var(--_panel-width), calc(100vw - 2 * var(--_offset)));
    height: min(var(--_panel-height), calc(100dvh - var(--_launcher-size) - 3 * var(--_offset)));
    box-shadow: var(--_shadow);
    animation: rise 0.18s ease-out;
  }
  @keyframes rise {
    from {
      opacity: 0;
      transform: translateY(8px);
    }
  }
  @media (max-width: 480px) {
    :host([mode='launcher']) .panel {
      inset: var(--_viewport-top, 0) 0 auto 0;
      width: 100%;
      height: var(--_viewport-height, 100dvh);
      border: 0;
      border-radius: 0;
    }
    :host([mode='launcher'][open]) .launcher {
      display: none;
    }
  }

  .unread {
    position: absolute;
    inset-block-start: -2px;
    inset-inline-end: -2px;
    width: 14px;
    height: 14px;
    border: 2px solid var(--_accent-text);
    border-radius: 50%;
    background: var(--_error);
  }

  .header {
    display: flex;
    align-items: center;
    gap: 8px;
    padding-block: 10px;
    padding-inline: 14px 8px;
    background: var(--_surface);
    border-block-end: 1px solid var(--_border);
  }
  .avatar {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: var(--_accent);
    color: var(--_accent-text);
    font-weight: 600;
    flex: none;
  }
  h2 {
    flex: 1;
    margin: 0;
    font-size: 1.05em;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    min-width: 32px;
    min-height: 32px;
    padding: 4px;
    border: 0;
    border-radius: 8px;
    background: none;
    color: var(--_text-muted);
  }
  .icon-button:hover {
    background: color-mix(in srgb, var(--_text) 10%, transparent);
    color: var(--_text);
  }
  .icon-button[aria-pressed='true'] {
    color: var(--_link);
  }

  /* A scroller of its own layer: following a streamed answer scrolls it every frame, which must not repaint
     everything in it. */
  .thread {
    will-change: scroll-position;
    flex: 1;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 16px 14px 8px;
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  .state {
    flex: 1;
    display: grid;
    place-content: center;
    gap: 12px;
    padding: 24px;
    text-align: center;
    color: var(--_text-muted);
  }
  .state.problem {
    color: var(--_text);
  }
  .greeting {
    margin: 0;
    padding: 10px 14px;
    align-self: flex-start;
    max-width: 88%;
    background: var(--_surface);
    border-radius: var(--_bubble-radius);
  }

  /* The messages are drawn in chunks of 4 (see DRAW_CHUNK). A chunk off screen is not laid out or painted, and
     a frame lays out and checks for visibility one chunk where there are 4 messages: a long conversation costs
     little more per frame than a short one. A chunk keeps the height it had (500px before it is first laid
     out): without flex: none the thread would shrink it to its padding. The chunks before the last, which a
     streamed frame leaves alone, are held by .history, contained, so that a frame's layout and paint do not go
     through them again (traced: paint 16.7 -> 6.8 ms over a 200-token answer). The 4px padding of both, taken
     back by the margin, keeps focus rings inside their paint containment. */
  .chunk,
  .history {
    flex: none;
    padding: 4px;
    margin: -4px;
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  .chunk {
    content-visibility: auto;
    contain-intrinsic-size: auto 500px;
  }
  .history {
    contain: layout paint style;
  }
  .message {
    display: flex;
    flex-direction: column;
    align-self: flex-start;
    align-items: flex-start;
    gap: 4px;
    max-width: 88%;
  }
  .message.user {
    align-self: flex-end;
    align-items: flex-end;
  }
  .bubble {
    padding: 10px 14px;
    border-radius: var(--_bubble-radius);
    overflow-wrap: anywhere;
    max-width: 100%;
  }
  .user .bubble {
    background: var(--_accent);
    color: var(--_accent-text);
    border-end-end-radius: 4px;
    white-space: pre-wrap;
  }
  .bot .bubble {
    background: var(--_surface);
    border-end-start-radius: 4px;
  }
  .meta {
    display: flex;
    align-items: center;
    gap: 2px;
    color: var(--_text-muted);
    font-size: 0.8em;
  }
  .meta time {
    padding-inline: 4px;
  }
  .meta .icon-button {
    min-width: 28px;
    min-height: 28px;
  }
  .meta svg {
    width: 16px;
    height: 16px;
  }
  .note {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 0;
    font-size: 0.9em;
    color: var(--_text-muted);
  }
  .note.error {
    padding: 8px 12px;
    border-radius: 10px;
    background: var(--_error-surface);
    color: var(--_error);
  }
  .text-button {
    padding: 4px 10px;
    border: 1px solid;
    border-radius: 999px;
    background: none;
    font-size: 0.95em;
  }
  .typing {
    display: inline-flex;
    justify-content: center;
    gap: 4px;
    padding: 6px 0;
  }
  .typing span {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: var(--_text-muted);
    animation: blink 1.2s infinite ease-in-out;
  }
  .typing span:nth-child(2) {
    animation-delay: 0.2s;
  }
  .typing span:nth-child(3) {
    animation-delay: 0.4s;
  }
  @keyframes blink {
    0%,
    80%,
    100% {
      opacity: 0.25;
    }
    40% {
      opacity: 1;
    }
  }

  /* A soft line break in an answer is a newline in the text: shown as a line break, as chat answers mean it. */
  .markdown {
    white-space: pre-line;
  }
  .markdown > :first-child {
    margin-block-start: 0;
  }
  .markdown > :last-child {
    margin-block-end: 0;
  }
  .markdown p,
  .markdown ul,
  .markdown ol,
  .markdown blockquote,
  .markdown .code-block,
  .markdown .table-wrap {
    margin: 0 0 0.7em;
  }
  /* The pieces of a long answer (lists of 256 items, paragraphs of about 2,000 characters, see the Markdown
     renderer) are skipped by style, layout and paint once off screen: a frame of a growing answer then costs
     what it adds, not what the answer holds (without it, paint's tree walk alone grew with the whole answer).
     The clip margin keeps what a piece draws outside its box: the numbers of a list, a link's focus ring. */
  .markdown .cut {
    margin-block-end: 0;
  }
  .markdown .piece {
    content-visibility: auto;
    contain-intrinsic-block-size: auto 3000px;
    overflow-clip-margin: 2em;
  }
  .markdown ul,
  .markdown ol {
    padding-inline-start: 1.4em;
  }
  .markdown li+li {
    margin-block-start: 0.25em;
  }
  .markdown li > ul,
  .markdown li > ol,
  .markdown li > p {
    margin: 0.25em 0 0;
  }
  .markdown .heading {
    margin-block: 0.9em 0.4em;
  }
  .markdown .level-1 {
    font-size: 1.2em;
  }
  .markdown .level-2 {
    font-size: 1.1em;
  }
  .markdown a {
    color: var(--_link);
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .markdown code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    padding: 0.1em 0.35em;
    border-radius: 5px;
    background: color-mix(in srgb, var(--_text) 10%, transparent);
  }
  .markdown blockquote {
    padding-inline-start: 0.8em;
    border-inline-start: 3px solid var(--_border);
    color: var(--_text-muted);
  }
  .markdown hr {
    border: 0;
    border-block-start: 1px solid var(--_border);
    margin: 0.8em 0;
  }
  .code-block {
    border-radius: 10px;
    overflow: hidden;
    background: var(--_code-background);
    color: var(--_code-text);
  }
  .code-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding-block: 2px;
    padding-inline: 12px 4px;
    font-size: 0.8em;
    border-block-end: 1px solid color-mix(in srgb, var(--_code-text) 20%, transparent);
  }
  .code-bar .icon-button {
    color: var(--_code-text);
  }
  .code-bar .icon-button[data-copied]::after {
    content: '✓';
    margin-inline-start: 4px;
  }
  .code-block pre {
    margin: 0;
    padding: 10px 12px;
    overflow-x: auto;
    direction: ltr;
    text-align: left;
  }
  .code-block code {
    padding: 0;
    background: none;
    font-size: 0.85em;
    white-space: pre;
  }

  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-self: stretch;
  }
  .chip {
    padding: 6px 12px;
    border: 1px solid var(--_accent);
    border-radius: 999px;
    background: var(--_background);
    color: var(--_link);
    text-align: start;
    font-size: 0.92em;
    max-width: 100%;
    overflow-wrap: anywhere;
  }
  .chip:hover {
    background: var(--_surface);
  }

  .jump {
    position: absolute;
    inset-inline: 0;
    inset-block-end: calc(100% + 8px);
    width: max-content;
    margin-inline: auto;
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 6px 12px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_background);
    box-shadow: var(--_shadow);
    font-size: 0.85em;
  }
  .bottom {
    position: relative;
    border-block-start: 1px solid var(--_border);
    padding: 10px 12px 8px;
  }
  .composer {
    display: flex;
    align-items: flex-end;
    gap: 8px;
  }
  textarea {
    flex: 1;
    min-height: 42px;
    max-height: 140px;
    padding: 10px 12px;
    field-sizing: content;
    resize: none;
    border: 1px solid var(--_text-muted);
    border-radius: 12px;
    background: var(--_background);
    line-height: 1.4;
  }
  textarea::placeholder {
    color: var(--_text-muted);
    opacity: 1;
  }
  .send {
    display: grid;
    place-items: center;
    width: 42px;
    height: 42px;
    border: 2px solid transparent;
    border-radius: 12px;
    background: var(--_accent);
    color: var(--_accent-text);
  }
  .send:dir(rtl) svg {
    scale: -1 1;
  }
  .send:disabled {
    opacity: 0.45;
    cursor: default;
  }
  .disclaimer {
    margin: 6px 0 0;
    font-size: 0.75em;
    color: var(--_text-muted);
    text-align: center;
  }
  /* Forced colours drop every fill: a transparent border (the launcher, Send) then shows the button's edge,
     and the visitor's bubbles take the system's highlight so they differ from the bot's by more than place. */
  @media (forced-colors: active) {
    .bubble {
      border: 1px solid CanvasText;
    }
    .user .bubble {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    ::before,
    ::after {
      animation: none !important;
      transition: none !important;
    }
  }
`;

/** All styles of the widget: tokens, the shared launcher look, then the widget itself. */
export const widgetStyles = [unsafeCSS(TOKEN_CSS), unsafeCSS(LAUNCHER_CSS), widget];
