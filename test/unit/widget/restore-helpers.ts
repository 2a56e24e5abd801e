// A chat controller driven without a browser, for the tests of restoring a stored conversation: a fake
// element, a page with a sessionStorage and its pagehide listeners, and the bot's information answered in memory.
import { ChatController } from '../../../src/widget/chat-controller.js';
import type { Conversation } from '../../../src/widget/chat-state.js';
import { conversationKey, serializeConversation } from '../../../src/widget/conversation-store.js';

export const BOT_ID = 'bot';

/** A conversation as a returning visitor left it: one answered question, then one whose answer was still streaming. */
export const STORED: Conversation = {
  sessionId: 'stored-session',
  messages: [
    { id: 'q1', role: 'user', text: 'Hours?', at: 1 },
    { id: 'a1', role: 'assistant', text: 'Nine to five.', suggestions: [], status: 'complete', feedback: null, replyTo: 'q1', at: 2 },
    { id: 'q2', role: 'user', text: 'Prices?', at: 3 },
    { id: 'a2', role: 'assistant', text: 'From', suggestions: [], status: 'streaming', feedback: null, replyTo: 'q2', at: 4 },
  ],
  lead: { status: 'submitted', values: { name: 'Ada' } },
};

/** An element stand-in: connected, an event target, counting the updates it was asked for. */
class FakeElement extends EventTarget {
  isConnected = true;
  controllers: { hostConnected?(): void }[] = [];
  addController(controller: { hostConnected?(): void }): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {}
  readonly updateComplete = Promise.resolve(true);
}

/**
 * Lets the bot's information and the stored conversation's reader arrive: turns of the event loop until the
 * controller is no longer loading (the first import of the reader takes many), at most 5000.
 */
export async function settle(chat: ChatController): Promise<void> {
  for (let round = 0; round < 5000 && chat.status === 'loading'; round++) await new Promise((resolve) => setImmediate(resolve));
  for (let round = 0; round < 20; round++) await new Promise((resolve) => setImmediate(resolve));
}

/** A page whose sessionStorage holds `stored` for the bot, and a controller configured on it. */
export function restoringPage(stored: string | null = serializeConversation(STORED)) {
  const items = new Map<string, string>();
  if (stored !== null) items.set(conversationKey(BOT_ID), stored);
  const pagehide: (() => void)[] = [];
  const sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.assign(globalThis, {
    window: {
      sessionStorage,
      addEventListener: (type: string, listener: () => void) => type === 'pagehide' && pagehide.push(listener),
      removeEventListener() {},
    },
  });
  const fetchInMemory = (async () =>
    new Response(JSON.stringify({ bot_name: 'Bot', is_activate: true, num_message_left: null }), {
      headers: { 'content-type': 'application/json' },
    })) as unknown as typeof fetch;
  const element = new FakeElement();
  const chat = new ChatController(element as unknown as HTMLElement & FakeElement);
  element.controllers.forEach((controller) => controller.hostConnected?.());
  chat.configure({ botId: BOT_ID, baseUrl: 'https://service.test', storage: 'session', fetch: fetchInMemory });
  return {
    chat,
    element,
    /** What the storage holds for the bot now. */
    storedNow: () => items.get(conversationKey(BOT_ID)),
    /** The page goes away (the controller saves on pagehide). */
    leave: () => pagehide.forEach((listener) => listener()),
  };
}
