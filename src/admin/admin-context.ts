import type { ReactiveControllerHost } from 'lit';
import type { ChatbotClient } from '../api/client.js';
import type { AdminOperation } from './events.js';

/**
 * What the panel controllers need from <bot-admin>. It is handed to them as an object of its own, so the
 * session's client and the error reporting stay off the element's public API.
 */
export interface AdminContext {
  /** The element: controllers attach to it, ask it to render and fire its events on it. */
  readonly host: ReactiveControllerHost & EventTarget;
  /** The client of the service, with the session's credentials. */
  readonly client: ChatbotClient;
  /** The bot being edited; undefined while a new bot is being created. */
  readonly botId: string | undefined;
  /** The owner id from the session, used to prefill `user_id`. */
  readonly sessionUserId: string | undefined;
  /** Reports a failed call: fires `bot-admin-error`, and ends the session on 401. */
  reportError(operation: AdminOperation, error: unknown): void;
}
