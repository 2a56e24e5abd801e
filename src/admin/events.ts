// The events <bot-admin> fires for its host page: one class each, bubbling and composed, fired only for
// real changes.
import type { Bot } from '../api/schemas.js';

const init = { bubbles: true, composed: true } as const;

/** Fired after the owner signed in with the login form. */
export class BotAdminLoginEvent extends Event {
  /** The owner's id read from the token, when the token carries one. */
  readonly userId: string | undefined;

  /** Creates the event for the signed-in owner. */
  constructor(userId: string | undefined) {
    super('bot-admin-login', init);
    this.userId = userId;
  }
}

/** Why a session ended. */
export const LOGOUT_REASONS = ['user', 'expired'] as const;
/** Why a session ended: the owner logged out, or the service refused the token. */
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

/** Fired when the session ends: the owner logged out, or the service answered 401. */
export class BotAdminLogoutEvent extends Event {
  /** Why the session ended. */
  readonly reason: LogoutReason;

  /** Creates the event with the reason the session ended. */
  constructor(reason: LogoutReason) {
    super('bot-admin-logout', init);
    this.reason = reason;
  }
}

/** Fired after the service stored the bot's settings. */
export class BotAdminSavedEvent extends Event {
  /** The bot as the service answered it. */
  readonly bot: Bot;
  /** True when the bot was created, false when an existing bot was updated. */
  readonly created: boolean;

  /** Creates the event for the stored bot. */
  constructor(bot: Bot, created: boolean) {
    super('bot-admin-saved', init);
    this.bot = bot;
    this.created = created;
  }
}

/** Fired after a website was read into the bot's knowledge base. */
export class BotAdminSourceAddedEvent extends Event {
  /** The address that was added. */
  readonly url: string;
  /** How it was read: 1 the page and its child pages, 2 that page only. */
  readonly scrapeType: number;
  /** Words read, as the last progress event reported. */
  readonly words: number;

  /** Creates the event for the added address. */
  constructor(url: string, scrapeType: number, words: number) {
    super('bot-admin-source-added', init);
    this.url = url;
    this.scrapeType = scrapeType;
    this.words = words;
  }
}

/** Fired after an address was removed from the bot's knowledge base. */
export class BotAdminSourceRemovedEvent extends Event {
  /** The address that was removed. */
  readonly url: string;

  /** Creates the event for the removed address. */
  constructor(url: string) {
    super('bot-admin-source-removed', init);
    this.url = url;
  }
}

/** What the admin was doing when something failed. */
export const ADMIN_OPERATIONS = [
  'login',
  'load-bot',
  'save-bot',
  'load-widget-settings',
  'save-widget-settings',
  'list-sources',
  'add-source',
  'remove-source',
  'history',
  'leads',
] as const;
/** What the admin was doing when something failed. */
export type AdminOperation = (typeof ADMIN_OPERATIONS)[number];

/** Fired when a call to the service failed (the element shows the failure too). */
export class BotAdminErrorEvent extends Event {
  /** What the admin was doing. */
  readonly operation: AdminOperation;
  /** The typed client error (ApiError, NetworkError, ResponseShapeError) or whatever else was thrown. */
  readonly error: unknown;

  /** Creates the event for a failed operation. */
  constructor(operation: AdminOperation, error: unknown) {
    super('bot-admin-error', init);
    this.operation = operation;
    this.error = error;
  }
}

/** The events of <bot-admin> by name. */
export interface BotAdminEventMap {
  'bot-admin-login': BotAdminLoginEvent;
  'bot-admin-logout': BotAdminLogoutEvent;
  'bot-admin-saved': BotAdminSavedEvent;
  'bot-admin-source-added': BotAdminSourceAddedEvent;
  'bot-admin-source-removed': BotAdminSourceRemovedEvent;
  'bot-admin-error': BotAdminErrorEvent;
}
