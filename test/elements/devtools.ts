// Browser-test commands through the DevTools protocol (scripts/wtr-cdp-commands.js).
import { executeServerCommand } from '@web/test-runner-commands';

/** Turns Chromium's forced-colours emulation on or off (as Windows High Contrast does). */
export async function emulateForcedColors(active: boolean): Promise<void> {
  await executeServerCommand('emulate-forced-colors', { active });
}

/** Sets the browser's default font size (px), as a visitor does in the browser's settings; 16 is the default. */
export async function setDefaultFontSize(size: number): Promise<void> {
  await executeServerCommand('set-default-font-size', { size });
}

/**
 * The role and computed name of the first element a CSS selector matches, from the browser's accessibility
 * tree (what a screen reader gets), with `modal: true` when it is a modal dialog; the selector searches
 * inside shadow roots too.
 */
export async function accessibleNode(selector: string): Promise<{ role: string; name: string; modal?: true } | null> {
  return executeServerCommand('accessibility-name', { selector });
}

/**
 * Takes the page's network to the addresses `urlPattern` matches away (`offline: true`: those requests fail,
 * in flight too; `navigator.onLine` turns false and `offline` fires) or gives it all back (`online` fires).
 * The pattern (URLPattern syntax, absolute, e.g. `http://127.0.0.1:4000/*`) spares the test runner's own
 * connection to the page.
 */
export async function emulateNetwork(offline: boolean, urlPattern = ''): Promise<void> {
  await executeServerCommand('emulate-network', { offline, urlPattern });
}
