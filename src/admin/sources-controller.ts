// The bot's knowledge base: list the entries, read a new address with streamed progress, remove an entry.
import type { ReactiveController } from 'lit';
import { AbortError, ApiError } from '../api/errors.js';
import type { DataSource, ScrapeType } from '../api/schemas.js';
import type { AdminContext } from './admin-context.js';
import { BotAdminSourceAddedEvent, BotAdminSourceRemovedEvent } from './events.js';
import { ServiceTask, type CallStatus } from './service-task.js';

/** Where reading an address is: running, or how it ended. */
export const SCRAPE_RUN_STATUSES = ['running', 'done', 'incomplete', 'dropped', 'stopped', 'refused', 'failed'] as const;
/**
 * Where reading an address is: `running`; `done` (progress reached 100%); `incomplete` (the stream ended
 * early); `dropped` (the connection broke mid-stream); `stopped` (by the owner); `refused` (the service
 * would not read it); `failed` (no answer, or an unreadable one, before any progress).
 */
export type ScrapeRunStatus = (typeof SCRAPE_RUN_STATUSES)[number];

/** One attempt to read an address into the knowledge base. */
export interface ScrapeRun {
  /** The address being read. */
  url: string;
  /** How it is read. */
  scrapeType: ScrapeType;
  /** Where the attempt is. */
  status: ScrapeRunStatus;
  /** The page the service reported last ('' before the first report). */
  page: string;
  /** The share done, 0..1, as last reported. */
  progress: number;
  /** Words read so far, as last reported. */
  words: number;
  /** How many progress reports arrived. */
  reports: number;
  /** What went wrong, for `refused`, `dropped` and `failed`. */
  error: unknown;
}

/** Why an address cannot be read, before anything is sent. */
export type SourceUrlIssue = 'required' | 'invalid_url';

/** Checks an address typed by the owner: an absolute http(s) URL. */
export function checkSourceUrl(text: string): { ok: true; url: string } | { ok: false; issue: SourceUrlIssue } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, issue: 'required' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, issue: 'invalid_url' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return { ok: false, issue: 'invalid_url' };
  return { ok: true, url: trimmed };
}

// A 405, or a 404 that is not the service's own answer (which carries a message), means there is no such route.
function isRouteMissing(error: ApiError): boolean {
  if (error.status === 405) return true;
  const body = error.body;
  const hasMessage = typeof body === 'object' && body !== null && 'message' in body;
  return error.status === 404 && error.messageCode === undefined && !hasMessage;
}

/** Owns the knowledge-base panel's calls and state. */
export class SourcesController implements ReactiveController {
  /** The entries as last listed. */
  sources: DataSource[] = [];
  /** The current or last attempt to read an address. */
  run: ScrapeRun | undefined;
  /** Addresses being removed. */
  readonly removing = new Set<string>();
  /** The last failed removal. */
  removeError: { url: string; error: unknown } | undefined;
  /** True once the service showed it cannot remove entries (no such route). */
  removeUnsupported = false;
  /** The last address removed, for the announcement. */
  lastRemoved: string | undefined;

  private readonly context: AdminContext;
  private readonly listTask: ServiceTask<[botId: string], DataSource[]>;
  private runAbort: AbortController | undefined;
  private loadedFor: string | undefined;

  /** Attaches the controller to its element. */
  constructor(context: AdminContext) {
    this.context = context;
    context.host.addController(this);
    this.listTask = new ServiceTask(
      context,
      'list-sources',
      ([botId], signal) => context.client.listDataSources(botId, { signal }),
      (sources) => (this.sources = sources),
    );
  }

  /** Cancels calls in flight when the element leaves the page. */
  hostDisconnected(): void {
    this.listTask.abort();
    this.runAbort?.abort();
  }

  /** Where the list is. */
  get listStatus(): CallStatus {
    return this.listTask.callStatus;
  }

  /** Why listing failed. */
  get listError(): unknown {
    return this.listStatus === 'failed' ? this.listTask.error : undefined;
  }

  /** The sum of the entries' word counts. */
  get totalWords(): number {
    return this.sources.reduce((sum, source) => sum + source.num_token, 0);
  }

  /** Lists the entries of the current bot unless it was already tried for it (`force` lists again). */
  load(force = false): Promise<void> {
    const botId = this.context.botId;
    if (!botId || (!force && this.loadedFor === botId)) return Promise.resolve();
    if (this.loadedFor !== botId) this.reset();
    this.loadedFor = botId;
    return this.listTask.run([botId]);
  }

  /** Forgets the listed entries (another bot is shown). */
  reset(): void {
    this.listTask.reset();
    this.runAbort?.abort();
    this.sources = [];
    this.run = undefined;
    this.removing.clear();
    this.removeError = undefined;
    this.lastRemoved = undefined;
    this.loadedFor = undefined;
  }

  /** Reads an address into the knowledge base, following the streamed progress, then lists the entries again. */
  async add(url: string, scrapeType: ScrapeType, userId: string | undefined): Promise<ScrapeRunStatus> {
    const botId = this.context.botId;
    if (!botId) return 'failed';
    this.runAbort?.abort();
    const abort = (this.runAbort = new AbortController());
    const run: ScrapeRun = { url, scrapeType, status: 'running', page: '', progress: 0, words: 0, reports: 0, error: undefined };
    this.run = run;
    this.context.host.requestUpdate();
    const params = { bot_id: botId, scrape_url: url, scrape_type: scrapeType, ...(userId ? { user_id: userId } : {}) };
    try {
      for await (const report of this.context.client.uploadDataSource(params, { signal: abort.signal })) {
        if (report.url) run.page = report.url;
        run.progress = report.progress;
        run.words = report.num_token;
        run.reports += 1;
        this.context.host.requestUpdate();
      }
      run.status = run.reports > 0 && run.progress >= 1 ? 'done' : 'incomplete';
    } catch (error) {
      if (error instanceof AbortError || abort.signal.aborted) run.status = 'stopped';
      else {
        run.error = error;
        if (run.reports > 0) run.status = 'dropped';
        else run.status = error instanceof ApiError && !error.isUnauthorized && error.status < 500 ? 'refused' : 'failed';
        this.context.reportError('add-source', error);
      }
    } finally {
      if (this.runAbort === abort) this.runAbort = undefined;
      this.context.host.requestUpdate();
    }
    if (run.status === 'done') this.context.host.dispatchEvent(new BotAdminSourceAddedEvent(url, scrapeType, run.words));
    // Whatever was read before a stop or a break may be stored: show the list as the service has it now.
    if (run.status !== 'refused' && run.status !== 'failed' && this.context.botId === botId) await this.load(true);
    return run.status;
  }

  /** Stops reading the current address. */
  stop(): void {
    this.runAbort?.abort();
  }

  /** Removes an address from the knowledge base. */
  async remove(url: string): Promise<boolean> {
    const botId = this.context.botId;
    if (!botId || this.removing.has(url)) return false;
    this.removing.add(url);
    this.removeError = undefined;
    this.lastRemoved = undefined;
    this.context.host.requestUpdate();
    try {
      await this.context.client.deleteDataSource(botId, url);
      if (this.context.botId !== botId) return false;
      this.sources = this.sources.filter((source) => source.url !== url);
      this.lastRemoved = url;
      this.context.host.dispatchEvent(new BotAdminSourceRemovedEvent(url));
      return true;
    } catch (error) {
      if (error instanceof ApiError && isRouteMissing(error)) this.removeUnsupported = true;
      this.removeError = { url, error };
      this.context.reportError('remove-source', error);
      return false;
    } finally {
      this.removing.delete(url);
      this.context.host.requestUpdate();
    }
  }
}
