// The launcher bubble's look, shared by the script-tag loader (which draws it before the widget has loaded)
// and by the widget itself, so the hand-over is invisible. Plain strings: no Lit here.

/** The chat bubble icon with three dots cut out (24×24 view box, even-odd fill). */
export const CHAT_ICON_PATH =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z' +
  'M6.75 11a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0zM10.75 11a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0zM14.75 11a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0z';

/** The close (×) icon (24×24 view box). */
export const CLOSE_ICON_PATH = 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z';

/** Styles of the launcher button (class `launcher`) and its icon; the host rules come from tokenCss(). */
export const LAUNCHER_CSS =
  `.launcher{all:initial;box-sizing:border-box;position:fixed;z-index:var(--_z-index);` +
  `inset-block-end:var(--_offset);inset-inline-end:var(--_offset);width:var(--_launcher-size);height:var(--_launcher-size);` +
  `border-radius:50%;background:var(--_accent);color:var(--_accent-text);box-shadow:var(--_shadow);cursor:pointer;` +
  `display:grid;place-items:center;transition:transform .15s ease}` +
  `.launcher:hover{transform:scale(1.06)}` +
  `.launcher:focus-visible{outline:3px solid var(--_focus-ring);outline-offset:3px}` +
  `.launcher svg{width:28px;height:28px;fill:currentColor;fill-rule:evenodd;pointer-events:none}` +
  `.launcher[aria-busy=true] svg{opacity:.6}` +
  `@media (prefers-reduced-motion:reduce){.launcher{transition:none}.launcher:hover{transform:none}}`;
