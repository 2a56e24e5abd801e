// The public theme tokens of <chatbot-widget>, with their light and dark defaults: the panel's here, the
// launcher's in launcher.ts (the script-tag loader draws the launcher with those alone). A host page sets
// `--chatbot-*` anywhere (on the element, on :root, in a media query); the widget only ever reads the private
// `--_*` copies made on :host, so a missing or partial theme always falls back to these defaults.
import { LAUNCHER_TOKENS, tokenCss, type ThemeToken } from './launcher.js';

export { LAUNCHER_TOKENS, tokenCss, type ThemeToken } from './launcher.js';

/** The tokens of the panel and everything in it. */
export const PANEL_TOKENS: readonly ThemeToken[] = [
  // Panel background.
  { name: 'background', light: '#ffffff', dark: '#111827' },
  // Answer bubbles, header and raised surfaces.
  { name: 'surface', light: '#f3f4f6', dark: '#1f2937' },
  // Main text colour.
  { name: 'text', light: '#111827', dark: '#f9fafb' },
  // Secondary text: timestamps, notes, small print.
  { name: 'text-muted', light: '#4b5563', dark: '#d1d5db' },
  // Borders and dividers.
  { name: 'border', light: '#d1d5db', dark: '#4b5563' },
  // Links inside answers.
  { name: 'link', light: '#1d4ed8', dark: '#93c5fd' },
  // Error text and icons.
  { name: 'error', light: '#b91c1c', dark: '#fca5a5' },
  // Background of error notes.
  { name: 'error-surface', light: '#fef2f2', dark: '#3f1d1d' },
  // Background of code blocks.
  { name: 'code-background', light: '#1f2937', dark: '#030712' },
  // Text of code blocks.
  { name: 'code-text', light: '#f9fafb' },
  // Font of the whole widget.
  { name: 'font-family', light: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
  // Base font size: em of the visitor's default size ('medium'; 15px when it is 16px), never of the page's.
  { name: 'font-size', light: '0.9375em' },
  // Base line height.
  { name: 'line-height', light: '1.5' },
  // Corner radius of the panel.
  { name: 'radius', light: '16px' },
  // Corner radius of message bubbles.
  { name: 'bubble-radius', light: '14px' },
  // Width of the launcher panel.
  { name: 'panel-width', light: '400px' },
  // Largest height of the launcher panel.
  { name: 'panel-height', light: '640px' },
];

/** Every public theme token (`--chatbot-<name>`) with its defaults; docs/theming.md describes each. */
export const THEME_TOKENS: readonly ThemeToken[] = /* @__PURE__ */ LAUNCHER_TOKENS.concat(PANEL_TOKENS);

/** The themes a widget can take. */
export const THEMES = ['light', 'dark', 'auto'] as const;
/** A theme: fixed light or dark, or `auto` following the visitor's system. */
export type Theme = (typeof THEMES)[number];

/** The :host rules of every token (see tokenCss). */
export const TOKEN_CSS: string = /* @__PURE__ */ tokenCss(THEME_TOKENS);
