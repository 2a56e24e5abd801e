// The `css` tag of the script-tag widget's styles. They are plain literals, never with values inside, so Lit's
// own `css` (which checks every interpolated value, with its long error message) would only add bytes: this
// tag takes one literal and nothing else (TypeScript refuses a `${…}` in it). It keeps the name `css` so that
// scripts/minify-lit-templates.mjs squeezes these literals as it does Lit's.
import { unsafeCSS, type CSSResult } from 'lit';

/** Styles from a template literal without values. */
export const css = (strings: TemplateStringsArray): CSSResult => unsafeCSS(strings[0]);
