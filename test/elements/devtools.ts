// Browser-test commands through the DevTools protocol (scripts/wtr-cdp-commands.js).
import { executeServerCommand } from '@web/test-runner-commands';

/** Turns Chromium's forced-colours emulation on or off (as Windows High Contrast does). */
export async function emulateForcedColors(active: boolean): Promise<void> {
  await executeServerCommand('emulate-forced-colors', { active });
}

/**
 * The role and computed name of the first element a CSS selector matches, from the browser's accessibility
 * tree (what a screen reader gets); the selector searches inside shadow roots too.
 */
export async function accessibleNode(selector: string): Promise<{ role: string; name: string } | null> {
  return executeServerCommand('accessibility-name', { selector });
}
