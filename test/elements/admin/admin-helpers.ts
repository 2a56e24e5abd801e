// Mounting <bot-admin> against the scripted service, and reading and driving its shadow DOM.
import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../../../src/bot-admin.js';
import type { BotAdmin, BotAdminEventMap } from '../../../src/bot-admin.js';
import { allByRole, byPart, byRole, nameOf, queryByPart, queryByRole, textOf } from '../queries.js';
import { BASE_URL, BOT_ID, OWNER_ID, fakeJwt, serviceWithBot, type FakeService } from './fake-service.js';

export { allByPart, allByRole, byPart, byRole, descriptionOf, nameOf, queryByPart, queryByRole } from '../queries.js';

/** How to mount the admin. */
export interface MountOptions {
  /** The scripted service (a service knowing the default bot when omitted). */
  service?: FakeService;
  /** The bot id attribute; null mounts the admin without one (create mode). */
  botId?: string | null;
  /** The token attribute; null mounts the admin signed out. */
  token?: string | null;
  /** The lang attribute. */
  lang?: string;
  /** The persist-session attribute. */
  persistSession?: string;
  /** Hides the preview (most tests do not need the widget). */
  noPreview?: boolean;
  /** Whether to wait for the settings form of a signed-in admin with a bot (default true). */
  waitForForm?: boolean;
}

/** Mounts <bot-admin> and waits until what it loads on start has arrived. */
export async function mountAdmin(options: MountOptions = {}): Promise<{ el: BotAdmin; service: FakeService }> {
  const service = options.service ?? serviceWithBot();
  const botId = options.botId === null ? undefined : (options.botId ?? BOT_ID);
  const token = options.token === null ? undefined : (options.token ?? fakeJwt(OWNER_ID));
  const el = await fixture<BotAdmin>(html`
    <bot-admin
      base-url=${BASE_URL}
      bot-id=${ifDefined(botId)}
      token=${ifDefined(token)}
      lang=${options.lang ?? 'en'}
      persist-session=${ifDefined(options.persistSession)}
      ?no-preview=${options.noPreview ?? true}
      .fetch=${service.fetch}
    ></bot-admin>
  `);
  if (token && botId && options.waitForForm !== false) await waitUntil(() => settingsForm(el) !== null, 'the settings form did not appear');
  await el.updateComplete;
  return { el, service };
}

/** The admin's shadow root. */
export function root(el: BotAdmin): ShadowRoot {
  return el.shadowRoot!;
}

/** The settings form (in the first tab's panel), or null while it is not shown. */
export function settingsForm(el: BotAdmin): HTMLFormElement | null {
  const settings = allByRole(root(el), 'tabpanel', { hidden: true })[0];
  return settings ? queryByRole<HTMLFormElement>(settings, 'form', { hidden: true }) : null;
}

/** The panel a section tab controls (`aria-controls`), by the tab's name; shown or not. */
export function panel(el: BotAdmin, tab: string): HTMLElement {
  const id = byRole(root(el), 'tab', { name: tab }).getAttribute('aria-controls') ?? '';
  const controlled = root(el).getElementById(id);
  if (!controlled) throw new Error(`The tab ${tab} controls no panel`);
  return controlled;
}

/** The texts of the alerts under `scope`. */
export function alerts(scope: ParentNode): string[] {
  return allByRole(scope, 'alert').map(textOf);
}

/** The texts of the status messages under `scope` (empty ones left out). */
export function statuses(scope: ParentNode): string[] {
  return allByRole(scope, 'status').map(textOf).filter(Boolean);
}

/** The rows of entries in the knowledge-base table (no header, no total); none while there is no table. */
export function sourceRows(el: BotAdmin): HTMLElement[] {
  const table = queryByRole(panel(el, 'Knowledge base'), 'table', { name: 'Pages in the knowledge base' });
  return table ? allByRole(table, 'row').slice(1, -1) : [];
}

/** What the reading of an address reports: its status and alert texts, and its progress bar. */
export function scrapeRun(el: BotAdmin): { status: string; alert: string; progress: HTMLProgressElement | null } {
  const progress = queryByPart(root(el), 'progress');
  if (!progress) return { status: '', alert: '', progress: null };
  return {
    status: statuses(progress)[0] ?? '',
    alert: alerts(progress)[0] ?? '',
    progress: queryByRole<HTMLProgressElement>(progress, 'progressbar', { name: 'Reading progress' }),
  };
}

/** The first element with a documented part name (`login`, `progress`, `preview`, …) in the admin. */
export function part<T extends HTMLElement = HTMLElement>(el: BotAdmin, name: string): T {
  return byPart<T>(root(el), name);
}

/** The text of an element as a screen reader gets it (aria-hidden parts left out), white space collapsed. */
export const text = textOf;

/** The form control whose accessible name is `label` (a text field, text area, select or check box). */
export function field<T extends HTMLElement = HTMLInputElement>(el: BotAdmin, label: string): T {
  const match = [...root(el).querySelectorAll<T>('input, textarea, select')].filter((control) => nameOf(control) === label);
  if (match.length !== 1) throw new Error(`${match.length} controls named "${label}"`);
  return match[0]!;
}

/** Types a value into a text control as the owner would (an input event after the change). */
export async function typeInto(el: BotAdmin, control: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  control.focus();
  control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/** Leaves a control (so its issue shows) by moving focus elsewhere. */
export async function leave(el: BotAdmin, control: HTMLElement): Promise<void> {
  control.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
  await Promise.resolve();
  await el.updateComplete;
}

/** A button by its accessible name. */
export function button(el: BotAdmin, label: string, scope: ParentNode = root(el)): HTMLButtonElement {
  return byRole<HTMLButtonElement>(scope, 'button', { name: label });
}

/** Clicks a button by its text and waits for the render. */
export async function press(el: BotAdmin, label: string): Promise<void> {
  button(el, label).click();
  await el.updateComplete;
}

/** The element focused inside the admin's shadow root. */
export function focused(el: BotAdmin): Element | null {
  return el.shadowRoot!.activeElement;
}

/** Opens a section tab. */
export async function openTab(el: BotAdmin, label: string): Promise<void> {
  byRole(root(el), 'tab', { name: label }).click();
  await el.updateComplete;
}

/** The next event of a kind the admin fires, typed with its class. */
export function nextEvent<K extends keyof BotAdminEventMap>(el: BotAdmin, name: K): Promise<BotAdminEventMap[K]> {
  return oneEvent(el, name) as unknown as Promise<BotAdminEventMap[K]>;
}
