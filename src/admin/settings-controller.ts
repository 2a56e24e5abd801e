// Loads a bot into the settings form, checks the form as the owner types, and saves it (create or update).
import type { ReactiveController } from 'lit';
import { AbortError, ApiError } from '../api/errors.js';
import type { Bot } from '../api/schemas.js';
import type { AdminContext } from './admin-context.js';
import {
  emptyBotForm,
  formFromBot,
  isBotFormDirty,
  issuesFromFieldErrors,
  validateBotForm,
  type BotForm,
  type FormIssue,
} from './bot-form-state.js';
import { BotAdminSavedEvent } from './events.js';

/** Where the settings are in their life. */
export type SettingsStatus = 'new' | 'loading' | 'loaded' | 'load-failed';

/** The outcome of a save attempt, so the element can move focus. */
export type SaveOutcome = 'saved' | 'invalid' | 'failed';

/** Owns the bot settings form: load, edit, validate, save, discard. */
export class SettingsController implements ReactiveController {
  /** Where the settings are in their life. */
  status: SettingsStatus = 'new';
  /** The bot as last loaded or saved. */
  bot: Bot | undefined;
  /** The form as the owner has typed it. */
  form: BotForm = emptyBotForm();
  /** The form as last loaded or saved, for dirty tracking. */
  baseline: BotForm = emptyBotForm();
  /** Why loading failed. */
  loadError: unknown;
  /** True while a save is on its way. */
  saving = false;
  /** Why the last save failed, when the failure is not about a field. */
  saveError: unknown;
  /** Set after a successful save until the next edit: 'created' or 'updated'. */
  lastSaved: 'created' | 'updated' | undefined;

  private readonly host: AdminContext;
  private validationIssues: FormIssue[] = [];
  private serverIssues: FormIssue[] = [];
  private readonly touched = new Set<string>();
  private submitted = false;
  private loadAbort: AbortController | undefined;
  private saveAbort: AbortController | undefined;

  /** Attaches the controller to its element. */
  constructor(host: AdminContext) {
    this.host = host;
    host.addController(this);
  }

  /** Cancels calls in flight when the element leaves the page. */
  hostDisconnected(): void {
    this.loadAbort?.abort();
    this.saveAbort?.abort();
  }

  /** True when the form differs from what was loaded or saved. */
  get dirty(): boolean {
    return isBotFormDirty(this.form, this.baseline);
  }

  /** The issues to show now, one per field: the service's first, then the form's for fields the owner left. */
  get issues(): FormIssue[] {
    const shown = new Map<string, FormIssue>();
    for (const issue of this.serverIssues) shown.set(issue.field, issue);
    for (const issue of this.validationIssues) {
      if (!shown.has(issue.field) && (this.submitted || this.touched.has(issue.field))) shown.set(issue.field, issue);
    }
    return [...shown.values()];
  }

  /** Whether the list of issues shows above the form: after a save attempt, until a save succeeds. */
  get showSummary(): boolean {
    return this.submitted || this.serverIssues.length > 0;
  }

  /** The issue shown for one field, if any. */
  issueOf(field: string): FormIssue | undefined {
    return this.issues.find((issue) => issue.field === field);
  }

  /** Starts a new, empty bot owned by the session's user. */
  startNew(): void {
    this.loadAbort?.abort();
    this.bot = undefined;
    this.status = 'new';
    this.form = emptyBotForm(this.host.sessionUserId ?? '');
    this.baseline = this.form;
    this.resetChecks();
    this.host.requestUpdate();
  }

  /** Loads a bot from the service into the form. */
  async load(botId: string): Promise<void> {
    this.loadAbort?.abort();
    const abort = (this.loadAbort = new AbortController());
    this.status = 'loading';
    this.loadError = undefined;
    this.host.requestUpdate();
    try {
      const bot = await this.host.client.getBotInformation(botId, { signal: abort.signal });
      if (abort.signal.aborted) return;
      this.show(bot);
      this.status = 'loaded';
    } catch (error) {
      if (abort.signal.aborted || error instanceof AbortError) return;
      this.status = 'load-failed';
      this.loadError = error;
      this.host.reportError('load-bot', error);
    } finally {
      if (this.loadAbort === abort) this.loadAbort = undefined;
      this.host.requestUpdate();
    }
  }

  /** Fills a missing owner id once the session knows it (a form still blank there). */
  adoptSessionUser(userId: string | undefined): void {
    if (!userId || this.form.userId !== '') return;
    const untouched = !this.dirty;
    this.form = { ...this.form, userId };
    if (untouched) this.baseline = { ...this.baseline, userId };
    this.host.requestUpdate();
  }

  /** Applies the owner's edit of one or more fields; `field` names the field that changed. */
  edit(patch: Partial<BotForm>, field: string): void {
    this.form = { ...this.form, ...patch };
    this.lastSaved = undefined;
    this.serverIssues = this.serverIssues.filter((issue) => issue.field !== field && !issue.field.startsWith(`${field}.`));
    this.revalidate();
    this.host.requestUpdate();
  }

  /** Marks a field as visited so its issue shows from now on. */
  touch(field: string): void {
    if (this.touched.has(field)) return;
    this.touched.add(field);
    this.revalidate();
    this.host.requestUpdate();
  }

  /** Puts the form back to the last loaded or saved settings. */
  discard(): void {
    this.form = this.baseline;
    this.resetChecks();
    this.host.requestUpdate();
  }

  /**
   * Checks the whole form and, when it is valid, creates or updates the bot; nothing is sent while a field is
   * invalid, and a failed save keeps every typed value.
   */
  async save(): Promise<SaveOutcome> {
    this.submitted = true;
    this.serverIssues = [];
    this.saveError = undefined;
    this.lastSaved = undefined;
    const botId = this.bot?.id;
    const result = validateBotForm(this.form, botId);
    this.validationIssues = result.ok ? [] : result.issues;
    if (!result.ok) {
      this.host.requestUpdate();
      return 'invalid';
    }
    this.saveAbort?.abort();
    const abort = (this.saveAbort = new AbortController());
    const sentForm = this.form;
    this.saving = true;
    this.host.requestUpdate();
    try {
      const options = { signal: abort.signal };
      const saved =
        botId === undefined
          ? await this.host.client.createBot(result.body, options)
          : await this.host.client.updateBot({ ...result.body, id: botId }, options);
      // Edits typed while the save was on its way stay in the form (and keep it dirty).
      const editedMeanwhile = this.form !== sentForm;
      this.bot = saved;
      this.status = 'loaded';
      this.baseline = formFromBot(saved, this.host.sessionUserId ?? '');
      if (!editedMeanwhile) this.form = this.baseline;
      this.resetChecks();
      this.lastSaved = botId === undefined ? 'created' : 'updated';
      this.host.dispatchEvent(new BotAdminSavedEvent(saved, botId === undefined));
      return 'saved';
    } catch (error) {
      if (error instanceof AbortError) return 'failed';
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        this.serverIssues = issuesFromFieldErrors(error.fieldErrors, this.form);
        this.host.reportError('save-bot', error);
        return 'invalid';
      }
      this.saveError = error;
      this.host.reportError('save-bot', error);
      return 'failed';
    } finally {
      if (this.saveAbort === abort) {
        this.saving = false;
        this.saveAbort = undefined;
      }
      this.host.requestUpdate();
    }
  }

  private show(bot: Bot): void {
    this.bot = bot;
    this.form = formFromBot(bot, this.host.sessionUserId ?? '');
    this.baseline = this.form;
    this.resetChecks();
  }

  private resetChecks(): void {
    this.validationIssues = [];
    this.serverIssues = [];
    this.touched.clear();
    this.submitted = false;
    this.saveError = undefined;
  }

  private revalidate(): void {
    const result = validateBotForm(this.form, this.bot?.id);
    this.validationIssues = result.ok ? [] : result.issues;
  }
}
