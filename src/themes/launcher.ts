// The launcher bubble's look: its icon, its rules, its theme tokens and the function that turns tokens into
// :host rules. Shared by the script-tag loader (which draws the launcher before the widget has loaded) and by
// the widget itself, so the hand-over is invisible; the script-tag app even takes this module from the loader
// rather than carrying a second copy (scripts/shared-with-loader.mjs). Plain strings: no Lit here.

/** The chat bubble icon with three dots cut out (24×24 view box, even-odd fill). */
export const CHAT_ICON_PATH =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z' +
  // The three dots, centred at (8, 11), (12, 11) and (16, 11): each move is relative to where the last
  // subpath began, so the three repeat one another (and compress to almost one).
  'm2.75 7a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0zm4 0a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0zm4 0a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0z';

/** Styles of the launcher button (class `launcher`) and its icon; the host rules come from tokenCss(). */
export const LAUNCHER_CSS =
  `.launcher{all:initial;box-sizing:border-box;position:fixed;z-index:var(--_z-index);` +
  `inset-block-end:var(--_offset);inset-inline-end:var(--_offset);width:var(--_launcher-size);height:var(--_launcher-size);` +
  `border:2px solid transparent;border-radius:50%;background:var(--_accent);color:var(--_accent-text);box-shadow:var(--_shadow);cursor:pointer;` +
  `display:grid;place-items:center;transition:none}` +
  `.launcher:focus-visible{outline:3px solid var(--_focus-ring);outline-offset:3px}` +
  `.launcher svg{width:28px;height:28px;fill:currentColor;fill-rule:evenodd;pointer-events:none}` +
  `.launcher[aria-busy=true] svg{opacity:.6}` +
  // Motion only for visitors who have not asked for less (the transition's timing is the default, ease).
  // The same computed style as a reduced-motion rule that undoes it, in fewer bytes.
  `@media (prefers-reduced-motion:no-preference){.launcher{transition:transform .15s}.launcher:hover{transform:scale(1.06)}}`;

/** One public custom property. */
export interface ThemeToken {
  /** Name without the `--chatbot-` prefix. */
  readonly name: string;
  /** Default in the light theme. */
  readonly light: string;
  /** Default in the dark theme (the light default when omitted). */
  readonly dark?: string;
}

/** The tokens the launcher bubble uses (the script-tag loader draws it with these alone). */
export const LAUNCHER_TOKENS: readonly ThemeToken[] = [
  // Brand colour: launcher, send button, visitor bubbles.
  { name: 'accent', light: '#2563eb', dark: '#1d4ed8' },
  // Text and icons drawn on the accent colour.
  { name: 'accent-text', light: '#ffffff' },
  // Keyboard focus outline.
  { name: 'focus-ring', light: '#1d4ed8', dark: '#93c5fd' },
  // Shadow of the panel and launcher.
  { name: 'shadow', light: '0 12px 40px rgb(0 0 0 / 0.18)', dark: '0 12px 40px rgb(0 0 0 / 0.6)' },
  // Diameter of the launcher bubble.
  { name: 'launcher-size', light: '56px' },
  // Distance of the launcher and panel from the viewport edges.
  { name: 'offset', light: '20px' },
  // Stacking order of the launcher and panel.
  { name: 'z-index', light: '2147483000' },
];

/**
 * The :host rules that define the private `--_*` copies of the given tokens: light by default, dark for
 * `theme="dark"`, and dark for `theme="auto"` (or no theme) when the visitor's system prefers it.
 */
export function tokenCss(tokens: readonly ThemeToken[]): string {
  // The copies of every token's light default, or (inDark) of the dark defaults of the tokens that have one.
  const copies = (inDark?: boolean) =>
    tokens.map((token) => (inDark && !token.dark ? '' : `--_${token.name}:var(--chatbot-${token.name},${inDark ? token.dark : token.light});`)).join('');
  const dark = `${copies(true)}color-scheme:dark}`;
  return `:host{${copies()}color-scheme:light}:host([theme=dark]){${dark}@media (prefers-color-scheme:dark){:host(:not([theme=light])){${dark}}`;
}
