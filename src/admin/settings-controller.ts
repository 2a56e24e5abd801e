// Loads a bot into the settings form, checks the form as the owner types, and saves it (create or update).
// The greeting (the bot's widget settings, an endpoint of its own that a service may lack) loads with the bot
// and is saved after it by the same Save.
import type { ReactiveController } from 'lit';
import { ApiError } from '../api/errors.js';
import type { Bot, BotCreateBody, BotUpdateBody, WidgetSettings, WidgetSettingsPatch } from '../api/schemas.js';
import { isRouteMissing } from '../api/route-missing.js';
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
import {
  emptyGreetingForm,
  greetingFormFromSettings,
  greetingIssuesFromFieldErrors,
  isGreetingFormDirty,
  validateGreetingForm,
  type GreetingForm,
} from './greeting-form-state.js';
import { ServiceTask } from './service-task.js';

/** Where the settings are in their life. */
export type SettingsStatus = 'new' | 'loading' | 'loaded' | 'load-failed';

/**
 * Where the greeting is: `new` (no saved bot yet), `loading`, `loaded` (editable), `unsupported` (the service
 * has no widget-settings endpoint) or `load-failed`.
 */
export type GreetingStatus = 'new' | 'loading' | 'loaded' | 'unsupported' | 'load-failed';

/** The list fields of the form, edited row by row (starter questions belong to the greeting). */
export const LIST_FIELDS = ['rules', 'domains', 'customLeadFields', 'starterQuestions'] as const;
/** A list field of the form. */
export type ListField = (typeof LIST_FIELDS)[number];

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
  /** The greeting as the owner has typed it. */
  greeting: GreetingForm = emptyGreetingForm();
  /** The greeting as last loaded or saved, for dirty tracking. */
  greetingBaseline: GreetingForm = emptyGreetingForm();
  /** Why the last save of the greeting failed (the bot itself was saved), when the failure is not about a field. */
  greetingSaveError: unknown;

  private readonly context: AdminContext;
  private validationIssues: FormIssue[] = [];
  private serverIssues: FormIssue[] = [];
  private readonly touched = new Set<string>();
  private submitted = false;
  private readonly loadTask: ServiceTask<[botId: string], Bot>;
  private readonly saveTask: ServiceTask<[body: BotCreateBody | BotUpdateBody, create: boolean], Bot>;
  // Resolves to null when the service has no widget-settings endpoint.
  private readonly greetingLoadTask: ServiceTask<[botId: string], WidgetSettings | null>;
  private readonly greetingSaveTask: ServiceTask<[botId: string, patch: WidgetSettingsPatch], WidgetSettings>;
  private greetingSupported = false;

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
    this.greetingLoadTask = new ServiceTask(
      context,
      'load-widget-settings',
      async ([botId], signal) => {
        try {
          return await context.client.getWidgetSettings(botId, { signal });
        } catch (error) {
          // A service without the endpoint has no greeting to edit: not a failure.
          if (error instanceof ApiError && isRouteMissing(error)) return null;
          throw error;
        }
      },
      (settings) => this.showGreeting(settings),
    );
    this.greetingSaveTask = new ServiceTask(context, 'save-widget-settings', ([botId, patch], signal) =>
      context.client.updateWidgetSettings(botId, patch, { signal }),
    );
  }

  /** Cancels calls in flight when the element leaves the page. */
  hostDisconnected(): void {
    this.loadTask.abort();
    this.saveTask.abort();
    this.greetingLoadTask.abort();
    this.greetingSaveTask.abort();
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

  /** Where the greeting is. */
  get greetingStatus(): GreetingStatus {
    switch (this.greetingLoadTask.callStatus) {
      case 'idle':
        return 'new';
      case 'loading':
        return 'loading';
      case 'failed':
        return 'load-failed';
      case 'loaded':
        return this.greetingSupported ? 'loaded' : 'unsupported';
      default: {
        const unreachable: never = this.greetingLoadTask.callStatus;
        return unreachable;
      }
    }
  }

  /** Why loading the greeting failed. */
  get greetingLoadError(): unknown {
    return this.greetingLoadTask.callStatus === 'failed' ? this.greetingLoadTask.error : undefined;
  }

  /** True while a save (of the bot, then of the greeting) is on its way. */
  get saving(): boolean {
    return this.saveTask.callStatus === 'loading' || this.greetingSaveTask.callStatus === 'loading';
  }

  /** True when the form (the bot's settings or its greeting) differs from what was loaded or saved. */
  get dirty(): boolean {
    return isBotFormDirty(this.form, this.baseline) || this.greetingDirty;
  }

  private get greetingDirty(): boolean {
    return this.greetingStatus === 'loaded' && isGreetingFormDirty(this.greeting, this.greetingBaseline);
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
    this.greetingLoadTask.reset();
    this.greetingSaveTask.reset();
    this.bot = undefined;
    this.form = emptyBotForm(this.context.sessionUserId ?? '');
    this.baseline = this.form;
    this.greeting = emptyGreetingForm();
    this.greetingBaseline = this.greeting;
    this.resetChecks();
    this.context.host.requestUpdate();
  }

  /** Loads a bot from the service into the form, and its greeting beside it. */
  async load(botId: string): Promise<void> {
    await Promise.all([this.loadTask.run([botId]), this.loadGreeting(botId)]);
  }

  /** Loads the greeting of a bot (again, after a failure). */
  loadGreeting(botId: string): Promise<void> {
    return this.greetingLoadTask.run([botId]);
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
    this.edited(field);
  }

  /** Applies the owner's edit of the greeting; `field` names the field that changed. */
  editGreeting(patch: Partial<GreetingForm>, field: string): void {
    this.greeting = { ...this.greeting, ...patch };
    this.edited(field);
  }

  /** The rows of a list field. */
  rowsOf(list: ListField): readonly string[] {
    return list === 'starterQuestions' ? this.greeting.starterQuestions : this.form[list];
  }

  /** Replaces the rows of a list field; `field` names the row or list that changed. */
  setRows(list: ListField, rows: string[], field: string = list): void {
    if (list === 'starterQuestions') this.editGreeting({ starterQuestions: rows }, field);
    else this.edit({ [list]: rows }, field);
  }

  private edited(field: string): void {
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
    this.greeting = this.greetingBaseline;
    this.resetChecks();
    this.context.host.requestUpdate();
  }

  /**
   * Checks the whole form and, when it is valid, creates or updates the bot, then saves the greeting when it
   * changed; nothing is sent while a field is invalid, and a failed save keeps every typed value.
   */
  async save(): Promise<SaveOutcome> {
    this.submitted = true;
    this.serverIssues = [];
    this.saveError = undefined;
    this.greetingSaveError = undefined;
    this.lastSaved = undefined;
    const botId = this.bot?.id;
    const result = validateBotForm(this.form, botId, this.baseline);
    const greeting = this.greetingStatus === 'loaded' ? validateGreetingForm(this.greeting, this.greetingBaseline) : undefined;
    this.validationIssues = [...(result.ok ? [] : result.issues), ...(greeting && !greeting.ok ? greeting.issues : [])];
    if (!result.ok || (greeting && !greeting.ok)) {
      this.context.host.requestUpdate();
      return 'invalid';
    }
    const sentForm = this.form;
    const sentGreeting = this.greeting;
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
    this.context.host.dispatchEvent(new BotAdminSavedEvent(saved, creating));
    if (creating) {
      // A new bot gets its greeting once it exists: the part loads now and is saved by the next Save.
      void this.loadGreeting(saved.id);
      this.lastSaved = 'created';
      return 'saved';
    }
    const patch = greeting?.ok ? greeting.patch : {};
    if (Object.keys(patch).length > 0) {
      const outcome = await this.saveGreeting(saved.id, patch, sentGreeting);
      if (outcome !== 'saved') return outcome;
    }
    this.lastSaved = 'updated';
    this.context.host.requestUpdate();
    return 'saved';
  }

  // Saves the changed greeting fields of a bot whose settings were just saved; `sentGreeting` is the greeting
  // the patch was made from (edits typed since then stay in the form).
  private async saveGreeting(botId: string, patch: WidgetSettingsPatch, sentGreeting: GreetingForm): Promise<SaveOutcome> {
    await this.greetingSaveTask.run([botId, patch]);
    this.context.host.requestUpdate();
    const status = this.greetingSaveTask.callStatus;
    const error = this.greetingSaveTask.error;
    if (status === 'failed') {
      this.submitted = true;
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        this.serverIssues = greetingIssuesFromFieldErrors(error.fieldErrors, this.greeting);
        return 'invalid';
      }
      this.greetingSaveError = error;
      return 'failed';
    }
    if (status !== 'loaded') return 'failed';
    this.greetingBaseline = greetingFormFromSettings(this.greetingSaveTask.value!);
    if (this.greeting === sentGreeting) this.greeting = this.greetingBaseline;
    return 'saved';
  }

  private show(bot: Bot): void {
    this.bot = bot;
    this.form = formFromBot(bot, this.context.sessionUserId ?? '');
    this.baseline = this.form;
    this.resetChecks();
  }

  private showGreeting(settings: WidgetSettings | null): void {
    this.greetingSupported = settings !== null;
    this.greeting = settings ? greetingFormFromSettings(settings) : emptyGreetingForm();
    this.greetingBaseline = this.greeting;
  }

  private resetChecks(): void {
    this.validationIssues = [];
    this.serverIssues = [];
    this.touched.clear();
    this.submitted = false;
    this.saveError = undefined;
    this.greetingSaveError = undefined;
  }

  private revalidate(): void {
    const result = validateBotForm(this.form, this.bot?.id, this.baseline);
    const greeting = this.greetingStatus === 'loaded' ? validateGreetingForm(this.greeting, this.greetingBaseline) : undefined;
    this.validationIssues = [...(result.ok ? [] : result.issues), ...(greeting && !greeting.ok ? greeting.issues : [])];
  }
}
