// <bot-admin>: sign-in, bot settings with a live preview, knowledge base and history, for one bot.
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { createClient, type ChatbotClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { ScrapeType } from '../api/schemas.js';
import { englishAdminStrings, loadAdminStrings, type AdminStrings } from '../i18n/admin/index.js';
import { resolveLanguage } from '../i18n/languages.js';
import type { Theme } from '../themes/tokens.js';
import type { AdminContext } from './admin-context.js';
import { AdminFormat } from './admin-format.js';
import { previewSettingsFromForm, type BotForm, type PreviewSettings } from './bot-form-state.js';
import { botAdminStyles } from './bot-admin.styles.js';
import { BotAdminErrorEvent, BotAdminLoginEvent, BotAdminLogoutEvent, type AdminOperation } from './events.js';
import { HistoryController } from './history-controller.js';
import { historyExportFileName, historyToCsv, historyToJson } from './history-export.js';
import { renderHistoryPanel } from './history-panel.js';
import { renderLoginForm, type LoginFieldIssues } from './login-form.js';
import { renderPreviewPanel } from './preview-panel.js';
import { PERSIST_MODES, SessionController, type PersistMode } from './session-controller.js';
import { SettingsController } from './settings-controller.js';
import { fieldControlId, renderSettingsPanel, type ListField } from './settings-panel.js';
import { checkSourceUrl, SourcesController, type SourceUrlIssue } from './sources-controller.js';
import { renderSourcesPanel } from './sources-panel.js';

/** The sections of the admin, in tab order. */
export const ADMIN_PANELS = ['settings', 'sources', 'history'] as const;
/** A section of the admin: bot settings (with the preview), knowledge base, or history. */
export type AdminPanel = (typeof ADMIN_PANELS)[number];

/** Something the owner is asked to confirm in the dialog. */
type Confirmation = { kind: 'discard'; proceed: () => void } | { kind: 'remove'; url: string };

const persistConverter = {
  fromAttribute(value: string | null): PersistMode | undefined {
    if (value === null) return undefined;
    return (PERSIST_MODES as readonly string[]).includes(value) ? (value as PersistMode) : 'session';
  },
  toAttribute(value: PersistMode | undefined): string | null {
    return value ?? null;
  },
};

/**
 * An embeddable admin for one bot of the service: sign-in, every bot setting with a live preview that
 * answers with the unsaved settings, the knowledge base with streamed reading progress, and the
 * conversation history with exports. Without `bot-id` it creates a new bot.
 *
 * @fires {BotAdminLoginEvent} bot-admin-login - The owner signed in with the login form; `userId`.
 * @fires {BotAdminLogoutEvent} bot-admin-logout - The session ended; `reason`: `user`, or `expired` after a 401.
 * @fires {BotAdminSavedEvent} bot-admin-saved - The service stored the settings; `bot`, `created`.
 * @fires {BotAdminSourceAddedEvent} bot-admin-source-added - An address was read into the knowledge base; `url`, `scrapeType`, `words`.
 * @fires {BotAdminSourceRemovedEvent} bot-admin-source-removed - An address was removed from the knowledge base; `url`.
 * @fires {BotAdminErrorEvent} bot-admin-error - A call to the service failed; `operation`, `error`.
 *
 * @csspart base - The frame around everything.
 * @csspart header - The title bar with the sign-out button.
 * @csspart login - The login section.
 * @csspart tabs - The list of section tabs.
 * @csspart tab - One section tab.
 * @csspart panel - One section.
 * @csspart form - Each form (login, settings, add a website, history period).
 * @csspart input - Text fields, selects and the temperature slider.
 * @csspart button - Every button.
 * @csspart primary-button - The main button of each form.
 * @csspart actions - The save and discard buttons of the settings.
 * @csspart issue-summary - The list of fields to correct after a save attempt.
 * @csspart details - The read-only bot details.
 * @csspart preview - The preview beside the settings.
 * @csspart progress - The reading progress of a website.
 * @csspart table - The tables of the knowledge base and of the leads.
 * @csspart session - One conversation in the history list.
 * @csspart transcript - The open conversation.
 * @csspart dialog - The confirmation dialog.
 *
 * @cssprop --chatbot-accent - Brand colour: main buttons, selected tab, visitor messages.
 * @cssprop --chatbot-accent-text - Text drawn on the accent colour.
 * @cssprop --chatbot-background - Background of the admin.
 * @cssprop --chatbot-surface - Raised surfaces: buttons, notes, bot messages.
 * @cssprop --chatbot-text - Main text colour.
 * @cssprop --chatbot-text-muted - Hints and secondary text.
 * @cssprop --chatbot-border - Borders and dividers.
 * @cssprop --chatbot-link - Links.
 * @cssprop --chatbot-focus-ring - Keyboard focus outline.
 * @cssprop --chatbot-error - Error text.
 * @cssprop --chatbot-error-surface - Background of error notes.
 * @cssprop --chatbot-font-family - Font of the admin.
 * @cssprop --chatbot-font-size - Base font size.
 * @cssprop --chatbot-line-height - Base line height.
 * @cssprop --chatbot-radius - Corner radius of the frame, preview and dialog.
 * @cssprop --chatbot-bubble-radius - Corner radius of messages in a transcript.
 * @cssprop --chatbot-shadow - Shadow of the dialog.
 * @cssprop --chatbot-admin-preview-height - Height of the preview chat (default 560px).
 */
export class BotAdmin extends LitElement {
  static override styles = botAdminStyles;

  /** The bot to manage; without it the settings create a new bot (and this is set to its id once saved). */
  @property({ attribute: 'bot-id', reflect: true }) botId: string | undefined;

  /** Base address of the service, such as `https://api.example.com`. */
  @property({ attribute: 'base-url' }) baseUrl = '';

  /** An access token given by the host page (the login form is then skipped). */
  @property() token: string | undefined;

  /** An API key given by the host page (the login form is then skipped). */
  @property({ attribute: 'api-key' }) apiKey: string | undefined;

  /** Where the API key is sent: `authorization` (bearer, the default) or `chatfly-api-key`. */
  @property({ attribute: 'api-key-header' }) apiKeyHeader: 'authorization' | 'chatfly-api-key' | undefined;

  /**
   * Keeps a token from the login form across page loads: `session` (this tab; also the bare attribute) or
   * `local` (this browser). Without it the token lives in memory only.
   */
  @property({ attribute: 'persist-session', converter: persistConverter }) persistSession: PersistMode | undefined;

  /** The section shown: `settings`, `sources` or `history`. */
  @property({ reflect: true }) panel: AdminPanel = 'settings';

  /** Hides the preview beside the settings. */
  @property({ attribute: 'no-preview', type: Boolean }) noPreview = false;

  /** Light, dark, or `auto` following the viewer's system (the default). */
  @property({ reflect: true }) theme: Theme | undefined;

  /** The language of the admin (`en`, `vi`, `ja`, `fr`, `es`, `de`, `ar`); the viewer's languages otherwise. */
  @property() override lang = '';

  /** The fetch used for every call (and by the preview); the global fetch when unset. */
  @property({ attribute: false }) fetch: typeof fetch | undefined;

  @state() private strings: AdminStrings = englishAdminStrings;
  @state() private loginIssues: LoginFieldIssues = {};
  @state() private sourceUrl = '';
  @state() private sourceScrapeType: ScrapeType = 2;
  @state() private sourceUrlIssue: SourceUrlIssue | undefined;
  @state() private confirmation: Confirmation | undefined;
  @state() private announcement = '';

  @query('dialog') private dialog!: HTMLDialogElement | null;

  private readonly session = new SessionController(this, {
    login: (form, options) => this.client.login(form, options),
    signedIn: (userId) => this.dispatchEvent(new BotAdminLoginEvent(userId)),
    signedOut: (reason) => this.dispatchEvent(new BotAdminLogoutEvent(reason)),
  });
  private readonly context = this.createContext();
  private readonly settings = new SettingsController(this.context);
  private readonly sources = new SourcesController(this.context);
  private readonly history = new HistoryController(this.context, () => ({
    baseUrl: this.baseUrl,
    token: this.session.token,
    apiKey: this.session.apiKey,
    apiKeyHeader: this.apiKeyHeader,
    fetch: this.fetch,
  }));

  private clientInstance: ChatbotClient | undefined;
  private clientConfig: readonly unknown[] = [];
  private syncedKey: string | undefined;
  private switchingBot = false;
  private languageRequest = 0;
  private previewMemo: { form: BotForm; settings: PreviewSettings } | undefined;

  /** The client of the service with the session's credentials (made again when the address or key changes). */
  private get client(): ChatbotClient {
    const config = [this.baseUrl, this.session.apiKey, this.apiKeyHeader, this.fetch];
    if (!this.clientInstance || config.some((value, index) => value !== this.clientConfig[index])) {
      this.clientConfig = config;
      this.clientInstance = createClient({
        baseUrl: this.baseUrl,
        getToken: () => this.session.token,
        apiKey: this.session.apiKey,
        apiKeyHeader: this.apiKeyHeader,
        fetch: this.fetch,
      });
    }
    return this.clientInstance;
  }

  /** True while the settings form holds changes that are not saved. */
  get hasUnsavedChanges(): boolean {
    return this.settings.dirty;
  }

  // What the panel controllers see of the element (see AdminContext).
  private createContext(): AdminContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const admin = this;
    return {
      host: admin,
      get client() {
        return admin.client;
      },
      get botId() {
        return admin.botId;
      },
      get sessionUserId() {
        return admin.session.userId;
      },
      reportError: (operation, error) => admin.reportError(operation, error),
    };
  }

  /** Reports a failed call: ends the session on 401 and fires `bot-admin-error`. */
  private reportError(operation: AdminOperation, error: unknown): void {
    if (operation !== 'login' && error instanceof ApiError && error.isUnauthorized) {
      const hadFocus = this.matches(':focus-within');
      this.session.expire();
      if (hadFocus) void this.updateComplete.then(() => this.focusInShadow('#login-username'));
    }
    this.dispatchEvent(new BotAdminErrorEvent(operation, error));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('beforeunload', this.onBeforeUnload);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('beforeunload', this.onBeforeUnload);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang') || !this.hasUpdated) void this.loadStrings();
    if (!(ADMIN_PANELS as readonly string[]).includes(this.panel)) this.panel = 'settings';
    if (changed.has('botId') && this.hasUpdated) this.guardBotSwitch(changed.get('botId'));
    this.syncBot();
    // Each section loads what it shows the first time it is shown for a bot (both calls are idempotent).
    if (this.session.status === 'signed-in' && this.botId) {
      if (this.panel === 'sources') void this.sources.load();
      if (this.panel === 'history') void this.history.ensureLoaded();
    }
  }

  protected override updated(): void {
    this.syncDialog();
  }

  protected override render(): TemplateResult {
    const strings = this.strings;
    const signedIn = this.session.status === 'signed-in';
    return html`
      <div class="admin" part="base" lang=${strings.lang} dir=${strings.dir}>
        <header part="header">
          <h2>${strings.title}</h2>
          ${signedIn
            ? html`<button type="button" part="button" @click=${this.requestLogout}>${strings.signOut}</button>`
            : nothing}
        </header>
        <p class="visually-hidden" role="status">${this.announcement}</p>
        ${signedIn
          ? this.renderSections()
          : renderLoginForm({
              strings,
              pending: this.session.pending,
              error: this.session.loginError,
              expired: this.session.status === 'expired',
              issues: this.loginIssues,
              submit: (username, password) => void this.login(username, password),
            })}
        ${this.renderDialog()}
      </div>
    `;
  }

  private renderSections(): TemplateResult {
    const strings = this.strings;
    const labels: Record<AdminPanel, string> = {
      settings: strings.tabSettings,
      sources: strings.tabSources,
      history: strings.tabHistory,
    };
    return html`
      <div role="tablist" part="tabs" aria-label=${strings.sections} @keydown=${this.onTabKeydown}>
        ${ADMIN_PANELS.map(
          (panel) => html`
            <button
              type="button"
              role="tab"
              part="tab"
              id="tab-${panel}"
              aria-controls="panel-${panel}"
              aria-selected=${this.panel === panel ? 'true' : 'false'}
              tabindex=${this.panel === panel ? '0' : '-1'}
              @click=${() => this.selectPanel(panel)}
            >
              ${labels[panel]}
            </button>
          `,
        )}
      </div>
      ${ADMIN_PANELS.map(
        (panel) => html`
          <section role="tabpanel" part="panel" id="panel-${panel}" aria-labelledby="tab-${panel}" tabindex="0" ?hidden=${this.panel !== panel}>
            ${this.renderPanel(panel)}
          </section>
        `,
      )}
    `;
  }

  private renderPanel(panel: AdminPanel): TemplateResult {
    const strings = this.strings;
    const format = new AdminFormat(this.locale);
    switch (panel) {
      case 'settings':
        return renderSettingsPanel({
          strings,
          format,
          settings: this.settings,
          preview: this.noPreview ? nothing : this.renderPreview(),
          save: () => void this.save(),
          discard: () => this.confirmDiscard(() => this.settings.discard()),
          retryLoad: () => {
            if (this.botId) void this.settings.load(this.botId);
          },
          retryGreeting: () => {
            if (this.settings.bot) void this.settings.loadGreeting(this.settings.bot.id);
          },
          focusField: (field) => this.focusField(field),
          addRow: (list) => void this.addRow(list),
          removeRow: (list, index) => void this.removeRow(list, index),
        });
      case 'sources':
        if (!this.botId) return html`<p class="note">${strings.needsBot}</p>`;
        return renderSourcesPanel({
          strings,
          format,
          sources: this.sources,
          url: this.sourceUrl,
          scrapeType: this.sourceScrapeType,
          urlIssue: this.sourceUrlIssue,
          setUrl: (url) => {
            this.sourceUrl = url;
            if (this.sourceUrlIssue && checkSourceUrl(url).ok) this.sourceUrlIssue = undefined;
          },
          setScrapeType: (type) => (this.sourceScrapeType = type),
          add: () => void this.addSource(),
          stop: () => this.sources.stop(),
          retryList: () => void this.sources.load(true),
          remove: (url) => (this.confirmation = { kind: 'remove', url }),
        });
      case 'history':
        if (!this.botId) return html`<p class="note">${strings.needsBot}</p>`;
        return renderHistoryPanel({
          strings,
          format,
          history: this.history,
          load: () => void this.loadHistory(),
          select: (key) => void this.selectSession(key),
          download: (kind) => this.download(kind),
          copyCode: (code, button) => void this.copyCode(code, button),
        });
      default: {
        const unreachable: never = panel;
        return unreachable;
      }
    }
  }

  private renderPreview(): TemplateResult {
    const form = this.settings.form;
    if (this.previewMemo?.form !== form) this.previewMemo = { form, settings: previewSettingsFromForm(form) };
    return renderPreviewPanel({
      strings: this.strings,
      botId: this.settings.bot?.id,
      baseUrl: this.baseUrl,
      token: this.session.token,
      apiKey: this.session.apiKey,
      apiKeyHeader: this.apiKeyHeader,
      fetch: this.fetch,
      lang: this.strings.lang,
      theme: this.theme,
      settings: this.previewMemo.settings,
    });
  }

  private renderDialog(): TemplateResult {
    const strings = this.strings;
    const confirmation = this.confirmation;
    const title = confirmation?.kind === 'remove' ? strings.removeTitle : strings.discardTitle;
    const body = confirmation?.kind === 'remove' ? strings.removeBody(confirmation.url) : strings.discardBody;
    const confirmLabel = confirmation?.kind === 'remove' ? strings.remove : strings.discardConfirm;
    const cancelLabel = confirmation?.kind === 'remove' ? strings.cancel : strings.keepEditing;
    return html`
      <dialog part="dialog" aria-labelledby="confirm-title" aria-describedby="confirm-body" @close=${this.onDialogClose}>
        ${confirmation
          ? html`
              <h3 id="confirm-title">${title}</h3>
              <p id="confirm-body">${body}</p>
              <div class="actions">
                <button type="button" part="button" autofocus @click=${() => this.dialog?.close('cancel')}>${cancelLabel}</button>
                <button type="button" class="primary" part="button primary-button" @click=${() => this.dialog?.close('confirm')}>
                  ${confirmLabel}
                </button>
              </div>
            `
          : nothing}
      </dialog>
    `;
  }

  private get locale(): string {
    return this.lang || globalThis.navigator?.language || 'en';
  }

  private async loadStrings(): Promise<void> {
    const request = ++this.languageRequest;
    const language = resolveLanguage({ override: this.lang, preferred: globalThis.navigator?.languages ?? [] });
    const strings = await loadAdminStrings(language);
    if (request === this.languageRequest) this.strings = strings;
  }

  // Keeps what is shown in step with the session and the bot id, without throwing typed values away.
  private syncBot(): void {
    const key = this.session.status === 'signed-in' ? (this.botId ?? '') : undefined;
    if (key === this.syncedKey) return;
    const wasSignedOut = this.syncedKey === undefined;
    this.syncedKey = key;
    if (key === undefined) return;
    if (wasSignedOut) {
      // A new session (or the same owner back after expiry): list again what may have failed with the 401.
      this.sources.reset();
      this.history.reset();
    }
    if (key === '') {
      if (this.settings.bot !== undefined) this.settings.startNew();
      this.settings.adoptSessionUser(this.session.userId);
    } else if (this.settings.bot?.id !== key || this.settings.status === 'load-failed' || (!this.settings.dirty && wasSignedOut)) {
      if (this.settings.bot?.id !== key) {
        this.sources.reset();
        this.history.reset();
      }
      void this.settings.load(key);
    }
  }

  private guardBotSwitch(previous: string | undefined): void {
    if (this.switchingBot) {
      this.switchingBot = false;
      return;
    }
    const editing = this.settings.bot?.id;
    if (this.session.status !== 'signed-in' || !this.settings.dirty || previous !== editing || this.botId === editing) return;
    const target = this.botId;
    this.botId = previous;
    this.confirmDiscard(() => {
      this.switchingBot = true;
      this.settings.discard();
      this.botId = target;
    });
  }

  private confirmDiscard(proceed: () => void): void {
    if (!this.settings.dirty) {
      proceed();
      return;
    }
    this.confirmation = { kind: 'discard', proceed };
  }

  private syncDialog(): void {
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.confirmation && !dialog.open) dialog.showModal();
    else if (!this.confirmation && dialog.open) dialog.close();
  }

  private readonly onDialogClose = () => {
    const confirmation = this.confirmation;
    const confirmed = this.dialog?.returnValue === 'confirm';
    if (this.dialog) this.dialog.returnValue = '';
    this.confirmation = undefined;
    if (!confirmed || !confirmation) return;
    if (confirmation.kind === 'discard') confirmation.proceed();
    else void this.sources.remove(confirmation.url);
  };

  private readonly onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (this.session.status !== 'signed-in' || !this.settings.dirty) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = true;
  };

  private readonly requestLogout = () => {
    this.confirmDiscard(() => {
      this.session.logout();
      this.settings.startNew();
      this.sources.reset();
      this.history.reset();
      this.syncedKey = undefined;
      this.announcement = this.strings.signedOut;
      void this.updateComplete.then(() => this.focusInShadow('#login-username'));
    });
  };

  private async login(username: string, password: string): Promise<void> {
    const issues: LoginFieldIssues = { username: username.trim() === '', password: password === '' };
    this.announcement = '';
    if (issues.username || issues.password) {
      this.loginIssues = issues;
      await this.updateComplete;
      this.focusInShadow(issues.username ? '#login-username' : '#login-password');
      return;
    }
    this.loginIssues = {};
    const signedIn = await this.session.login(username.trim(), password);
    if (!signedIn) {
      if (this.session.loginError) this.reportError('login', this.session.loginError);
      return;
    }
    await this.updateComplete;
    this.focusInShadow(`#tab-${this.panel}`);
  }

  private selectPanel(panel: AdminPanel): void {
    this.panel = panel;
  }

  private readonly onTabKeydown = async (event: KeyboardEvent) => {
    const index = ADMIN_PANELS.indexOf(this.panel);
    const forward = this.strings.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = this.strings.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    if (event.key === forward) next = (index + 1) % ADMIN_PANELS.length;
    else if (event.key === backward) next = (index - 1 + ADMIN_PANELS.length) % ADMIN_PANELS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ADMIN_PANELS.length - 1;
    else return;
    event.preventDefault();
    this.selectPanel(ADMIN_PANELS[next]!);
    await this.updateComplete;
    this.focusInShadow(`#tab-${ADMIN_PANELS[next]}`);
  };

  private async save(): Promise<void> {
    const creating = this.settings.bot === undefined;
    const outcome = await this.settings.save();
    await this.updateComplete;
    if (outcome === 'invalid') {
      const first = this.renderRoot.querySelector<HTMLElement>('form.settings [aria-invalid="true"]');
      if (first) first.focus();
      else this.renderRoot.querySelector<HTMLElement>('.issue-summary button, .issue-summary')?.focus();
      return;
    }
    if (outcome === 'saved' && creating && this.settings.bot) {
      this.switchingBot = this.botId !== this.settings.bot.id;
      this.botId = this.settings.bot.id;
    }
  }

  private focusField(field: string): void {
    const control = this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(fieldControlId(field))}`);
    if (!control) return;
    if (control instanceof HTMLFieldSetElement) {
      control.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
    } else control.focus();
  }

  private async addRow(list: ListField): Promise<void> {
    const rows = this.settings.rowsOf(list);
    this.settings.setRows(list, [...rows, '']);
    await this.updateComplete;
    this.focusField(`${list}.${rows.length}`);
  }

  private async removeRow(list: ListField, index: number): Promise<void> {
    const rows = this.settings.rowsOf(list).filter((_, at) => at !== index);
    this.settings.setRows(list, rows);
    await this.updateComplete;
    if (rows.length === 0) this.focusInShadow(`#add-${list}`);
    else this.focusField(`${list}.${Math.min(index, rows.length - 1)}`);
  }

  private async addSource(): Promise<void> {
    const checked = checkSourceUrl(this.sourceUrl);
    if (!checked.ok) {
      this.sourceUrlIssue = checked.issue;
      await this.updateComplete;
      this.focusInShadow('#source-url');
      return;
    }
    this.sourceUrlIssue = undefined;
    const status = await this.sources.add(checked.url, this.sourceScrapeType, this.session.userId ?? this.settings.bot?.user_id);
    if (status === 'done' && this.sourceUrl.trim() === checked.url) this.sourceUrl = '';
  }

  private async loadHistory(): Promise<void> {
    const valid = await this.history.load();
    if (!valid) {
      await this.updateComplete;
      this.focusInShadow(`#history-${this.history.filterIssue?.field ?? 'from'}`);
    }
  }

  private async selectSession(key: string | undefined): Promise<void> {
    const previous = this.history.selectedKey;
    this.history.select(key);
    await this.updateComplete;
    if (key) this.focusInShadow('#transcript-title');
    else if (previous) this.focusInShadow(`#${CSS.escape(`session-${previous}`)}`);
  }

  private download(kind: 'json' | 'csv'): void {
    const botId = this.botId;
    if (!botId) return;
    const records = this.history.records;
    // A byte order mark lets spreadsheet programs read the CSV as UTF-8.
    const text = kind === 'json' ? historyToJson(records) : `\uFEFF${historyToCsv(records)}`;
    const type = kind === 'json' ? 'application/json' : 'text/csv;charset=utf-8';
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = historyExportFileName(botId, this.history.shownFilter ?? {}, kind);
    link.hidden = true;
    this.renderRoot.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  private async copyCode(code: string, button: HTMLButtonElement): Promise<void> {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      return;
    }
    this.announcement = this.strings.codeCopied;
    button.dataset['copied'] = '';
    setTimeout(() => delete button.dataset['copied'], 1500);
  }

  private focusInShadow(selector: string): void {
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }
}
