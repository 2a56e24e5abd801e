// The public theme tokens of <chatbot-widget>, with their light and dark defaults, in one place. A host page
// sets `--chatbot-*` anywhere (on the element, on :root, in a media query); the widget only ever reads the
// private `--_*` copies made on :host, so a missing or partial theme always falls back to these defaults.
// Plain strings on purpose: the script-tag loader styles its launcher with them without loading Lit.

/** One public custom property. */
export interface ThemeToken {
  /** Name without the `--chatbot-` prefix. */
  readonly name: string;
  /** Default in the light theme. */
  readonly light: string;
  /** Default in the dark theme (the light default when omitted). */
  readonly dark?: string;
  /** What it styles. */
  readonly description: string;
}

/** Every public theme token (`--chatbot-<name>`) with its defaults. */
export const THEME_TOKENS: readonly ThemeToken[] = [
  { name: 'accent', light: '#2563eb', dark: '#1d4ed8', description: 'Brand colour: launcher, send button, visitor bubbles.' },
  { name: 'accent-text', light: '#ffffff', description: 'Text and icons drawn on the accent colour.' },
  { name: 'background', light: '#ffffff', dark: '#111827', description: 'Panel background.' },
  { name: 'surface', light: '#f3f4f6', dark: '#1f2937', description: 'Answer bubbles, header and raised surfaces.' },
  { name: 'text', light: '#111827', dark: '#f9fafb', description: 'Main text colour.' },
  { name: 'text-muted', light: '#4b5563', dark: '#d1d5db', description: 'Secondary text: timestamps, notes, small print.' },
  { name: 'border', light: '#d1d5db', dark: '#4b5563', description: 'Borders and dividers.' },
  { name: 'link', light: '#1d4ed8', dark: '#93c5fd', description: 'Links inside answers.' },
  { name: 'focus-ring', light: '#1d4ed8', dark: '#93c5fd', description: 'Keyboard focus outline.' },
  { name: 'error', light: '#b91c1c', dark: '#fca5a5', description: 'Error text and icons.' },
  { name: 'error-surface', light: '#fef2f2', dark: '#3f1d1d', description: 'Background of error notes.' },
  { name: 'code-background', light: '#1f2937', dark: '#030712', description: 'Background of code blocks.' },
  { name: 'code-text', light: '#f9fafb', description: 'Text of code blocks.' },
  { name: 'font-family', light: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif', description: 'Font of the whole widget.' },
  { name: 'font-size', light: '15px', description: 'Base font size (the widget never uses rem, so page roots do not matter).' },
  { name: 'line-height', light: '1.5', description: 'Base line height.' },
  { name: 'radius', light: '16px', description: 'Corner radius of the panel.' },
  { name: 'bubble-radius', light: '14px', description: 'Corner radius of message bubbles.' },
  { name: 'shadow', light: '0 12px 40px rgb(0 0 0 / 0.18)', dark: '0 12px 40px rgb(0 0 0 / 0.6)', description: 'Shadow of the panel and launcher.' },
  { name: 'panel-width', light: '400px', description: 'Width of the launcher panel.' },
  { name: 'panel-height', light: '640px', description: 'Largest height of the launcher panel.' },
  { name: 'launcher-size', light: '56px', description: 'Diameter of the launcher bubble.' },
  { name: 'offset', light: '20px', description: 'Distance of the launcher and panel from the viewport edges.' },
  { name: 'z-index', light: '2147483000', description: 'Stacking order of the launcher and panel.' },
];

const privateName = (token: ThemeToken) => `--_${token.name}`;
const publicRead = (token: ThemeToken, fallback: string) => `${privateName(token)}:var(--chatbot-${token.name},${fallback});`;

const lightDeclarations = THEME_TOKENS.map((token) => publicRead(token, token.light)).join('');
const darkDeclarations = THEME_TOKENS.filter((token) => token.dark !== undefined)
  .map((token) => publicRead(token, token.dark!))
  .join('');

/**
 * The :host rules that define the private `--_*` tokens: light by default, dark for `theme="dark"`, and
 * dark for `theme="auto"` (or no theme) when the visitor's system prefers it.
 */
export const TOKEN_CSS =
  `:host{${lightDeclarations}color-scheme:light}` +
  `:host([theme=dark]){${darkDeclarations}color-scheme:dark}` +
  `@media (prefers-color-scheme:dark){:host(:not([theme=light])){${darkDeclarations}color-scheme:dark}}`;

/** The themes a widget can take. */
export const THEMES = ['light', 'dark', 'auto'] as const;
/** A theme: fixed light or dark, or `auto` following the visitor's system. */
export type Theme = (typeof THEMES)[number];
