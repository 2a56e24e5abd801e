// Shared steps of the widget's element tests.
import { fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/chatbot-widget.js';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import type { ChatbotWidgetEventMap } from '../../../src/widget/events.js';
import { allByPart, allByRole, byPart, queryByPart, textOf } from '../queries.js';
import { createFakeService, type FakeService, type FakeServiceOptions } from './fake-service.js';

export { allByPart, allByRole, byPart, byRole, descriptionOf, nameOf, queryByPart, queryByRole, textOf } from '../queries.js';

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

/** The first element with a documented part name (`panel`, `thread`, `bot-message`, `suggestion`, …); throws when none. */
export function part<T extends HTMLElement = HTMLElement>(el: ChatbotWidget, name: string): T {
  return byPart<T>(el.shadowRoot!, name);
}

/** Every element with a documented part name. */
export function parts<T extends HTMLElement = HTMLElement>(el: ChatbotWidget, name: string): T[] {
  return allByPart<T>(el.shadowRoot!, name);
}

/** The first button with this accessible name (answers repeat theirs: Copy, Helpful); throws when none. */
export function button(el: ChatbotWidget, name: string): HTMLButtonElement {
  const found = allByRole<HTMLButtonElement>(el.shadowRoot!, 'button', { name })[0];
  if (!found) throw new Error(`No button named ${name}`);
  return found;
}

/** The suggested questions shown now. */
export function suggestions(el: ChatbotWidget): HTMLButtonElement[] {
  return parts<HTMLButtonElement>(el, 'suggestion');
}

/** The greeting at the top of an empty conversation: the thread's first paragraph. */
export function greeting(el: ChatbotWidget): HTMLElement | undefined {
  const thread = queryByPart(el.shadowRoot!, 'thread');
  return thread ? allByRole(thread, 'paragraph')[0] : undefined;
}

/** The message field. */
export function composer(el: ChatbotWidget): HTMLTextAreaElement {
  return part<HTMLTextAreaElement>(el, 'input');
}

/**
 * Whether the chat is drawn and its bot loaded: the message field is there and no loading notice (the field
 * is drawn while the bot's information is on its way, with the notice in the thread).
 */
export function chatReady(el: ChatbotWidget): boolean {
  return !!el.shadowRoot && !!queryByPart(el.shadowRoot, 'input') && !queryByPart(el.shadowRoot, 'notice');
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
  if (options.ready !== false) await waitUntil(() => chatReady(el), 'the widget did not become ready');
  return { el, service };
}

/**
 * Types a question into the message field and sends it with Enter, as a person does on a keyboard (a closed
 * launcher is clicked open first: its field cannot take keys).
 */
export async function ask(el: ChatbotWidget, text: string): Promise<void> {
  if (el.mode === 'launcher' && !el.opened) {
    part(el, 'launcher').click();
    await el.updateComplete;
  }
  composer(el).focus();
  await sendKeys({ type: text });
  await el.updateComplete;
  await sendKeys({ press: 'Enter' });
  await el.updateComplete;
}

/** The answer messages. */
export function answers(el: ChatbotWidget): HTMLElement[] {
  return parts(el, 'bot-message');
}

/** The text of the last answer bubble, without the sender's name read out before it. */
export function lastAnswerText(el: ChatbotWidget): string {
  const last = answers(el).at(-1);
  const bubble = last ? queryByPart(last, 'bubble') : null;
  return textOf(bubble).replace(/^[^:]*: /, '');
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

/** Replaces the clipboard's writeText with one that records what is copied (or refuses it) until `restore()`. */
export function stubClipboard({ refuse = false } = {}): { copied: string[]; restore(): void } {
  const copied: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(navigator.clipboard, 'writeText');
  Object.defineProperty(navigator.clipboard, 'writeText', {
    configurable: true,
    value: async (text: string) => {
      copied.push(text);
      if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
    },
  });
  return {
    copied,
    restore: () => {
      if (descriptor) Object.defineProperty(navigator.clipboard, 'writeText', descriptor);
      else delete (navigator.clipboard as unknown as Record<string, unknown>)['writeText'];
    },
  };
}

/** Reads `read()` on every animation frame until the returned function is called, which gives the values read. */
export function readEachFrame<T>(read: () => T): () => T[] {
  const values: T[] = [];
  let watching = true;
  const watch = () => {
    values.push(read());
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  return () => ((watching = false), values);
}
