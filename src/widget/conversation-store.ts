// Persistence of conversations, one per bot id, in sessionStorage (default), localStorage, or nowhere. Writing
// never throws (a full or blocked storage just means nothing is kept); reading a stored conversation back is
// on-demand/stored-conversation.ts, loaded only when there is one.
import type { Conversation } from './chat-state.js';

/** Where conversations are kept. */
export const STORAGE_KINDS = ['session', 'local', 'none'] as const;
/** Where conversations are kept: for the tab's session, across visits, or not at all. */
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** The part of the Web Storage interface the store uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The version of the stored format: an entry of another version is not read. */
export const STORED_VERSION = 1;

/** The storage of a kind, or null for `none` or when the browser refuses it (private modes, sandboxes). */
export function storageFor(kind: StorageKind): KeyValueStorage | null {
  try {
    return kind === 'local' || kind === 'session' ? window[`${kind}Storage`] : null;
  } catch {
    return null;
  }
}

/** The storage key of a bot's conversation. */
export function conversationKey(botId: string): string {
  return `chatbot-widget:conversation:${botId}`;
}

/** The JSON text a conversation is stored as. */
export function serializeConversation(conversation: Conversation): string {
  return JSON.stringify({ version: STORED_VERSION, ...conversation });
}

/**
 * The stored text of a bot's conversation; null when there is none or the storage refuses to be read. Reading
 * it is `parseStoredConversation`'s work (src/widget/on-demand/stored-conversation.ts), which only a visitor
 * coming back to a conversation needs.
 */
export function storedConversationText(storage: KeyValueStorage | null, botId: string): string | null {
  if (!storage || !botId) return null;
  try {
    return storage.getItem(conversationKey(botId));
  } catch {
    return null;
  }
}

/** Saves a bot's conversation; false when the storage refused it. */
export function saveConversation(storage: KeyValueStorage | null, botId: string, conversation: Conversation): boolean {
  if (!storage || !botId) return false;
  try {
    storage.setItem(conversationKey(botId), serializeConversation(conversation));
    return true;
  } catch {
    return false;
  }
}

/** Forgets a bot's conversation. */
export function clearConversation(storage: KeyValueStorage | null, botId: string): void {
  if (!storage || !botId) return;
  try {
    storage.removeItem(conversationKey(botId));
  } catch {
    // A storage that refuses removal keeps nothing we could still read back wrongly: the next save replaces it.
  }
}
