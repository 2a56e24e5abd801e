// Who the admin acts as: a token from the login form (kept in memory unless the host opts into storage),
// or a token / API key given by the host page. A 401 from the service ends the session.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AccessToken, LoginForm } from '../api/schemas.js';
import type { RequestOptions } from '../api/client.js';
import { AbortError } from '../api/errors.js';
import { decodeTokenClaims, isTokenExpired } from './token-claims.js';
import type { LogoutReason } from './events.js';

/** Where a signed-in token may be kept across page loads when the host opts in. */
export const PERSIST_MODES = ['session', 'local'] as const;
/** Where a signed-in token may be kept: `session` (this tab) or `local` (this browser). */
export type PersistMode = (typeof PERSIST_MODES)[number];

/** The state of the session as the element shows it. */
export type SessionStatus = 'signed-out' | 'signed-in' | 'expired';

/** The element that owns the session: its credentials and where it may keep a token. */
export interface SessionHost extends ReactiveControllerHost {
  /** Base address of the service (it names the stored token). */
  readonly baseUrl: string;
  /** A token given by the host page. */
  readonly token: string | undefined;
  /** An API key given by the host page. */
  readonly apiKey: string | undefined;
  /** Where a token from the login form is kept; undefined keeps it in memory only. */
  readonly persistSession: PersistMode | undefined;
}

/** What the session needs from the rest of the element. */
export interface SessionCallbacks {
  /** Sends the login form to the service. */
  login(form: LoginForm, options: RequestOptions): Promise<AccessToken>;
  /** Called after a login succeeded. */
  signedIn(userId: string | undefined): void;
  /** Called after the session ended. */
  signedOut(reason: LogoutReason): void;
}

const STORAGE_PREFIX = 'bot-admin-session:';

function storageOf(mode: PersistMode | undefined): Storage | undefined {
  if (!mode) return undefined;
  try {
    return mode === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage is blocked (sandboxed frame, privacy settings): the token stays in memory.
    return undefined;
  }
}

/** Owns the credentials of the element: login, logout, expiry on 401, opt-in persistence. */
export class SessionController implements ReactiveController {
  /** True while the login form is being sent. */
  pending = false;
  /** Why the last login failed, until the next attempt. */
  loginError: unknown = undefined;

  private readonly host: SessionHost;
  private readonly callbacks: SessionCallbacks;
  private loginToken: string | undefined;
  /** Host tokens and API keys refused by the service (or logged out of): not sent again. */
  private readonly refused = new Set<string>();
  private expired = false;
  private abort: AbortController | undefined;

  /** Attaches the controller to its element. */
  constructor(host: SessionHost, callbacks: SessionCallbacks) {
    this.host = host;
    this.callbacks = callbacks;
    host.addController(this);
  }

  /** Restores a stored token when the host opted into persistence. */
  hostConnected(): void {
    if (this.loginToken) return;
    const storage = storageOf(this.host.persistSession);
    let stored: string | null;
    try {
      stored = storage?.getItem(this.storageKey) ?? null;
    } catch {
      stored = null;
    }
    if (!stored) return;
    if (isTokenExpired(decodeTokenClaims(stored))) {
      this.forget();
      this.expired = true;
      return;
    }
    this.loginToken = stored;
  }

  /** Cancels a login in flight. */
  hostDisconnected(): void {
    this.abort?.abort();
  }

  /** The bearer token to send: the login token, else the host's token unless the service refused it. */
  get token(): string | undefined {
    if (this.loginToken) return this.loginToken;
    const hostToken = this.host.token || undefined;
    return hostToken !== undefined && !this.refused.has(hostToken) ? hostToken : undefined;
  }

  /** The host's API key unless the service refused it (or a login token is in use). */
  get apiKey(): string | undefined {
    if (this.loginToken) return undefined;
    const key = this.host.apiKey || undefined;
    return key !== undefined && !this.refused.has(key) ? key : undefined;
  }

  /** Whether the element has credentials the service has not refused. */
  get status(): SessionStatus {
    if (this.token || this.apiKey) return 'signed-in';
    return this.expired ? 'expired' : 'signed-out';
  }

  /** True when the credentials came from the login form (so logging out means something). */
  get signedInWithForm(): boolean {
    return this.loginToken !== undefined;
  }

  /** The owner's id from the token's `sub` claim, when the token is a JWT that carries one. */
  get userId(): string | undefined {
    const token = this.token;
    return token ? decodeTokenClaims(token)?.sub : undefined;
  }

  /** Sends the login form; on success the session holds the token (and stores it if the host opted in). */
  async login(username: string, password: string): Promise<boolean> {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.pending = true;
    this.loginError = undefined;
    this.host.requestUpdate();
    try {
      const { access_token } = await this.callbacks.login({ username, password }, { signal: abort.signal });
      if (abort.signal.aborted) return false;
      this.loginToken = access_token;
      this.expired = false;
      this.remember(access_token);
      this.callbacks.signedIn(this.userId);
      return true;
    } catch (error) {
      if (!(error instanceof AbortError) && !abort.signal.aborted) this.loginError = error;
      return false;
    } finally {
      if (this.abort === abort) {
        this.pending = false;
        this.abort = undefined;
        this.host.requestUpdate();
      }
    }
  }

  /** Ends the session at the owner's request. */
  logout(): void {
    const wasSignedIn = this.status === 'signed-in';
    this.loginToken = undefined;
    this.expired = false;
    this.loginError = undefined;
    // A host credential cannot be taken back from the host page; logging out stops using it.
    this.refuseHostCredentials();
    this.forget();
    this.host.requestUpdate();
    if (wasSignedIn) this.callbacks.signedOut('user');
  }

  /** Ends the session because the service answered 401 to a call made with its credentials. */
  expire(): void {
    if (this.status !== 'signed-in') return;
    if (this.loginToken) {
      this.loginToken = undefined;
      this.forget();
    } else {
      this.refuseHostCredentials();
    }
    this.expired = true;
    this.host.requestUpdate();
    this.callbacks.signedOut('expired');
  }

  private refuseHostCredentials(): void {
    for (const credential of [this.host.token, this.host.apiKey]) if (credential) this.refused.add(credential);
  }

  private get storageKey(): string {
    return `${STORAGE_PREFIX}${this.host.baseUrl}`;
  }

  private remember(token: string): void {
    try {
      storageOf(this.host.persistSession)?.setItem(this.storageKey, token);
    } catch {
      // Full or blocked storage: the session simply does not outlive the page.
    }
  }

  private forget(): void {
    for (const mode of PERSIST_MODES) {
      try {
        storageOf(mode)?.removeItem(this.storageKey);
      } catch {
        // Nothing stored where storage is blocked.
      }
    }
  }
}
