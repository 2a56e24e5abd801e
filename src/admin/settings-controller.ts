// Loads a bot into the settings form, checks the form as the owner types, and saves it (create or update).
import type { ReactiveController } from 'lit';
import { ApiError } from '../api/errors.js';
import type { Bot, BotCreateBody, BotUpdateBody } from '../api/schemas.js';
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
import { ServiceTask } from './service-task.js';

/** Where the settings are in their life. */
export type SettingsStatus = 'new' | 'loading' | 'loaded' | 'load-failed';

/** The outcome of a save attempt, so the element can move focus. */
export type SaveOutcome = 'saved' | 'invalid' | 'failed';

/** Owns the bot settings form: load, edit, validate, save, discard. */
export class SettingsController implements ReactiveController {
  /** The bot as last loaded or saved. */
  bot: Bot | undefined;
  /** The form as the owner has typed it. */
  form: BotForm = emptyBotForm();
  /** The form as last loaded or saved, for dirty tracking. */
  baseline: BotForm = emptyBotForm();
  /** Why the last save failed, when the failure is not about a field. */
  saveError: unknown;
  /** Set after a successful save until the next edit: 'created' or 'updated'. */
  lastSaved: 'created' | 'updated' | undefined;

  private readonly context: AdminContext;
  private validationIssues: FormIssue[] = [];
  private serverIssues: FormIssue[] = [];
  private readonly touched = new Set<string>();
  private submitted = false;
  private readonly loadTask: ServiceTask<[botId: string], Bot>;
  private readonly saveTask: ServiceTask<[body: BotCreateBody | BotUpdateBody, create: boolean], Bot>;

  /** Attaches the controller to its element. */
  constructor(context: AdminContext) {
    this.context = context;
    context.host.addController(this);
    this.loadTask = new ServiceTask(
      context,
      'load-bot',
      ([botId], signal) => context.client.getBotInformation(botId, { signal }),
      (bot) => this.show(bot),
    );
    this.saveTask = new ServiceTask(context, 'save-bot', ([body, create], signal) =>
      create ? context.client.createBot(body, { signal }) : context.client.updateBot(body as BotUpdateBody, { signal }),
    );
  }

  /** Cancels calls in flight when the element leaves the page. */
  hostDisconnected(): void {
    this.loadTask.abort();
    this.saveTask.abort();
  }

  /** Where the settings are in their life. */
  get status(): SettingsStatus {
    const load = this.loadTask.callStatus;
    if (load === 'loading') return 'loading';
    if (load === 'failed') return 'load-failed';
    return this.bot ? 'loaded' : 'new';
  }

  /** Why loading failed. */
  get loadError(): unknown {
    return this.loadTask.callStatus === 'failed' ? this.loadTask.error : undefined;
  }

  /** True while a save is on its way. */
  get saving(): boolean {
    return this.saveTask.callStatus === 'loading';
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
    this.loadTask.reset();
    this.bot = undefined;
    this.form = emptyBotForm(this.context.sessionUserId ?? '');
    this.baseline = this.form;
    this.resetChecks();
    this.context.host.requestUpdate();
  }

  /** Loads a bot from the service into the form. */
  load(botId: string): Promise<void> {
    return this.loadTask.run([botId]);
  }

  /** Fills a missing owner id once the session knows it (a form still blank there). */
  adoptSessionUser(userId: string | undefined): void {
    if (!userId || this.form.userId !== '') return;
    const untouched = !this.dirty;
    this.form = { ...this.form, userId };
    if (untouched) this.baseline = { ...this.baseline, userId };
    this.context.host.requestUpdate();
  }

  /** Applies the owner's edit of one or more fields; `field` names the field that changed. */
  edit(patch: Partial<BotForm>, field: string): void {
    this.form = { ...this.form, ...patch };
    this.lastSaved = undefined;
    this.serverIssues = this.serverIssues.filter((issue) => issue.field !== field && !issue.field.startsWith(`${field}.`));
    this.revalidate();
    this.context.host.requestUpdate();
  }

  /** Marks a field as visited so its issue shows from now on. */
  touch(field: string): void {
    if (this.touched.has(field)) return;
    this.touched.add(field);
    this.revalidate();
    this.context.host.requestUpdate();
  }

  /** Puts the form back to the last loaded or saved settings. */
  discard(): void {
    this.form = this.baseline;
    this.resetChecks();
    this.context.host.requestUpdate();
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
    const result = validateBotForm(this.form, botId, this.baseline);
    this.validationIssues = result.ok ? [] : result.issues;
    if (!result.ok) {
      this.context.host.requestUpdate();
      return 'invalid';
    }
    const sentForm = this.form;
    const creating = botId === undefined;
    await this.saveTask.run([creating ? result.body : { ...result.body, id: botId }, creating]);
    this.context.host.requestUpdate();
    const status = this.saveTask.callStatus;
    const error = this.saveTask.error;
    if (status === 'failed') {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        this.serverIssues = issuesFromFieldErrors(error.fieldErrors, this.form);
        return 'invalid';
      }
      this.saveError = error;
      return 'failed';
    }
    // Stopped, or replaced by a later save that reports for itself.
    if (status !== 'loaded') return 'failed';
    const saved = this.saveTask.value!;
    // Edits typed while the save was on its way stay in the form (and keep it dirty).
    const editedMeanwhile = this.form !== sentForm;
    this.bot = saved;
    this.loadTask.reset();
    this.baseline = formFromBot(saved, this.context.sessionUserId ?? '');
    if (!editedMeanwhile) this.form = this.baseline;
    this.resetChecks();
    this.lastSaved = creating ? 'created' : 'updated';
    this.context.host.dispatchEvent(new BotAdminSavedEvent(saved, creating));
    return 'saved';
  }

  private show(bot: Bot): void {
    this.bot = bot;
    this.form = formFromBot(bot, this.context.sessionUserId ?? '');
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
    const result = validateBotForm(this.form, this.bot?.id, this.baseline);
    this.validationIssues = result.ok ? [] : result.issues;
  }
}
