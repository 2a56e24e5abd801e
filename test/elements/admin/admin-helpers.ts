// Mounting <bot-admin> against the scripted service, and reading and driving its shadow DOM.
import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../../../src/bot-admin.js';
import type { BotAdmin, BotAdminEventMap } from '../../../src/bot-admin.js';
import { BASE_URL, BOT_ID, OWNER_ID, fakeJwt, serviceWithBot, type FakeService } from './fake-service.js';

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
  if (token && botId && options.waitForForm !== false) await waitUntil(() => q(el, 'form.settings') !== null, 'the settings form did not appear');
  await el.updateComplete;
  return { el, service };
}

/** The first element of the admin's shadow root matching a selector. */
export function q<T extends Element = HTMLElement>(el: BotAdmin, selector: string): T | null {
  return el.shadowRoot!.querySelector<T>(selector);
}

/** The first element matching a selector; fails the test when there is none. */
export function get<T extends Element = HTMLElement>(el: BotAdmin, selector: string): T {
  const found = q<T>(el, selector);
  if (!found) throw new Error(`No element matches ${selector}`);
  return found;
}

/** Every element matching a selector. */
export function all<T extends Element = HTMLElement>(el: BotAdmin, selector: string): T[] {
  return [...el.shadowRoot!.querySelectorAll<T>(selector)];
}

/** The text of an element as a screen reader gets it (aria-hidden parts left out), white space collapsed. */
export function text(node: Element | null): string {
  if (!node) return '';
  const copy = node.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The control labelled by a visible label text (exact, after trimming). */
export function field<T extends HTMLElement = HTMLInputElement>(el: BotAdmin, label: string): T {
  const match = all<HTMLLabelElement>(el, 'label').find((candidate) => text(candidate) === label);
  if (!match) throw new Error(`No label "${label}"`);
  return get<T>(el, `#${CSS.escape(match.htmlFor)}`);
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

/** A button by its visible text (or accessible label). */
export function button(el: BotAdmin, label: string, root: ParentNode = el.shadowRoot!): HTMLButtonElement {
  const match = [...root.querySelectorAll<HTMLButtonElement>('button')].find(
    (candidate) => text(candidate) === label || candidate.getAttribute('aria-label') === label,
  );
  if (!match) throw new Error(`No button "${label}"`);
  return match;
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
  const tab = all<HTMLButtonElement>(el, '[role="tab"]').find((candidate) => text(candidate) === label);
  if (!tab) throw new Error(`No tab "${label}"`);
  tab.click();
  await el.updateComplete;
}

/** The next event of a kind the admin fires, typed with its class. */
export function nextEvent<K extends keyof BotAdminEventMap>(el: BotAdmin, name: K): Promise<BotAdminEventMap[K]> {
  return oneEvent(el, name) as unknown as Promise<BotAdminEventMap[K]>;
}
