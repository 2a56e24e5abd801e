// One conversation across the tabs of a site (storage="local" only; this module is its own chunk, imported
// only then). Each change of a tab's conversation, the frames of a streaming answer included, goes to the
// other tabs through a BroadcastChannel (where there is none, the `storage` event brings what the tab
// saves: questions and finished answers); a tab that is not fetching an answer of its own takes what it
// receives. Only one tab fetches an answer: the one that asked, which holds a Web Lock named after it while it
// streams. A tab that finds an answer streaming waits for that lock and shows the other tab's frames
// meanwhile; when it gets the lock with the answer still streaming (its tab was closed or left the site), it
// resumes the answer itself.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatController } from '../chat-controller.js';
import { streamingAnswer } from '../chat-state.js';
import { conversationKey, parseStoredConversation, serializeConversation } from '../conversation-store.js';

/** The name of the Web Lock a tab holds while it fetches an answer. */
export function answerLockName(answerId: string): string {
  return `chatbot-widget:answer:${answerId}`;
}

const links = new WeakMap<ReactiveControllerHost, ReactiveController>();

/** Keeps this widget's conversation in step with the other tabs' (same bot, storage="local"). */
export function syncTabs(chat: ChatController, botId: string): void {
  const { host } = chat;
  const old = links.get(host);
  if (old) {
    old.hostDisconnected?.();
    host.removeController(old);
  }
  const key = conversationKey(botId);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(key) : undefined;
  const locks = typeof navigator.locks?.request === 'function' ? navigator.locks : undefined;
  const stop = new AbortController();
  // The conversation last sent or taken (not sent again); the streaming answer another tab fetches; the
  // answer whose lock this tab holds, and how to let it go.
  let shared = chat.conversation;
  let followed: string | undefined;
  let held: string | undefined;
  let release: (() => void) | undefined;

  const fetchingHere = () => {
    const streaming = streamingAnswer(chat.conversation);
    return !!streaming && streaming.id !== followed;
  };

  // Holds the answer's lock while this tab fetches it: other tabs wait for it instead of fetching too.
  const hold = (answerId: string, onGranted?: () => boolean) => {
    held = answerId;
    void locks
      ?.request(answerLockName(answerId), { signal: stop.signal }, () => {
        if (held !== answerId || (onGranted && !onGranted())) return undefined;
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => undefined);
  };
  const letGo = () => {
    held = undefined;
    release?.();
    release = undefined;
  };

  // Follows an answer another tab fetches; takes it over once that tab lets go of it while it still streams.
  const follow = (answerId: string) => {
    if (followed === answerId) return;
    followed = answerId;
    if (!locks) return;
    hold(answerId, () => {
      // What the tab that fetched it stored last (localStorage directly: importing storageFor would cost the
      // always-loaded widget an export).
      let stored = null;
      try {
        stored = localStorage.getItem(key);
      } catch {
        // A storage that refuses leaves the frames already taken.
      }
      take(stored);
      if (followed !== answerId || streamingAnswer(chat.conversation)?.id !== answerId) return false;
      followed = undefined;
      chat.resume();
      return true;
    });
  };

  const take = (json: string | null) => {
    const next = parseStoredConversation(json);
    if (!next || fetchingHere()) return;
    shared = chat.conversation = next;
    host.requestUpdate();
    const streaming = streamingAnswer(next);
    if (streaming) follow(streaming.id);
    else {
      if (followed) letGo();
      followed = undefined;
      chat.resume();
    }
  };

  const link: ReactiveController = {
    hostUpdated() {
      if (chat.conversation === shared) return;
      shared = chat.conversation;
      channel?.postMessage(serializeConversation(shared));
      const streaming = streamingAnswer(shared);
      if (streaming && streaming.id !== followed) {
        if (held !== streaming.id) {
          letGo();
          hold(streaming.id);
        }
      } else if (!streaming && held) letGo();
    },
    hostDisconnected() {
      stop.abort();
      letGo();
      channel?.close();
      removeEventListener('storage', onStorage);
    },
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) take(event.newValue);
  };
  if (channel) channel.onmessage = (event: MessageEvent<string>) => take(event.data);
  else addEventListener('storage', onStorage);
  links.set(host, link);
  host.addController(link);

  // The conversation as loaded: an answer still streaming is followed (its tab holds its lock) or, when no tab
  // does, resumed here at once; without Web Locks, it is resumed here.
  const streaming = streamingAnswer(chat.conversation);
  if (streaming && locks) follow(streaming.id);
  else chat.resume();
}
