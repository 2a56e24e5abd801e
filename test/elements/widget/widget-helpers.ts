// Shared steps of the widget's element tests.
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/chatbot-widget.js';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import type { ChatbotWidgetEventMap } from '../../../src/widget/events.js';
import { createFakeService, type FakeService, type FakeServiceOptions } from './fake-service.js';

let counter = 0;

/** A fresh bot id, so every test starts with empty storage. */
export function freshBotId(): string {
  counter += 1;
  return `bot-${Date.now().toString(36)}-${counter}`;
}

/** The widget's shadow root. */
export function shadow(el: ChatbotWidget): ShadowRoot {
  return el.shadowRoot!;
}

/** One element in the widget's shadow root (throws when missing). */
export function part<T extends Element = HTMLElement>(el: ChatbotWidget, selector: string): T {
  const found = el.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`No ${selector} in the widget`);
  return found;
}

/** All matching elements in the widget's shadow root. */
export function parts<T extends Element = HTMLElement>(el: ChatbotWidget, selector: string): T[] {
  return [...el.shadowRoot!.querySelectorAll<T>(selector)];
}

/** Mounts an inline widget on a fake service and waits until it is ready to chat. */
export async function mountWidget(
  options: FakeServiceOptions & {
    mode?: 'inline' | 'launcher';
    lang?: string;
    storage?: string;
    botId?: string;
    baseUrl?: string;
    ready?: boolean;
  } = {},
  service: FakeService = createFakeService(options),
): Promise<{ el: ChatbotWidget; service: FakeService }> {
  const botId = options.botId ?? freshBotId();
  const el = await fixture<ChatbotWidget>(html`<chatbot-widget
    bot-id=${botId}
    base-url=${options.baseUrl ?? 'https://service.test'}
    mode=${options.mode ?? 'inline'}
    storage=${options.storage ?? 'session'}
    lang=${options.lang ?? 'en'}
    .fetch=${service.fetch}
    style="height: 560px"
  ></chatbot-widget>`);
  if (options.ready !== false) await waitUntil(() => el.shadowRoot!.querySelector('textarea'), 'the widget did not become ready');
  return { el, service };
}

/** Types a question into the composer and sends it with Enter. */
export async function ask(el: ChatbotWidget, text: string): Promise<void> {
  const field = part<HTMLTextAreaElement>(el, 'textarea');
  field.value = text;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await el.updateComplete;
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
  await el.updateComplete;
}

/** The answer messages. */
export function answers(el: ChatbotWidget): HTMLElement[] {
  return parts(el, '.message.bot');
}

/** The text of the last answer bubble (without the hidden sender label). */
export function lastAnswerText(el: ChatbotWidget): string {
  const bubble = answers(el).at(-1)?.querySelector('.bubble');
  if (!bubble) return '';
  const clone = bubble.cloneNode(true) as HTMLElement;
  clone.querySelector('.sr-only')?.remove();
  return clone.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** Waits until the last answer has settled (not streaming). */
export async function settled(el: ChatbotWidget): Promise<void> {
  await el.updateComplete;
  await waitUntil(() => {
    const last = answers(el).at(-1);
    return last && last.getAttribute('aria-busy') === 'false';
  }, 'the answer did not settle');
  await el.updateComplete;
}

/** The next event of a name from the widget, typed by the widget's event map. */
export function nextEvent<K extends keyof ChatbotWidgetEventMap>(target: EventTarget, name: K): Promise<ChatbotWidgetEventMap[K]> {
  return new Promise((resolve) => target.addEventListener(name, (event) => resolve(event as ChatbotWidgetEventMap[K]), { once: true }));
}
