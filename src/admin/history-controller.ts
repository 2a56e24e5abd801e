// The bot's conversation history: the period and order asked for, the sessions found, the one being read,
// and the leads visitors left (when the service lists them).
import type { ReactiveController } from 'lit';
import type { HistoryParams } from '../api/client.js';
import { formatServiceDateTime, type HistoryOrder, type HistoryRecord } from '../api/schemas.js';
import type { AdminContext } from './admin-context.js';
import { groupHistorySessions, type HistorySession } from './history-sessions.js';
import { fetchLeads, type LeadRow } from './leads.js';
import { ServiceTask, type CallStatus } from './service-task.js';

/** The period and order of a history query as the owner picks them (dates as `YYYY-MM-DD`, '' for open). */
export interface HistoryFilter {
  /** First day of the period in the viewer's time zone, or '' for no start. */
  from: string;
  /** Last day of the period in the viewer's time zone, or '' for no end. */
  to: string;
  /** Newest or oldest first. */
  order: HistoryOrder;
}

/** Why a period cannot be asked for. */
export type HistoryFilterIssue = { field: 'from' | 'to'; code: 'invalid_date' | 'end_before_start' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight starting a `YYYY-MM-DD` day, or undefined for anything else. */
function localDay(text: string): Date | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/**
 * Turns the owner's days into the service's zone-less UTC date-times: from the first moment of `from` to the
 * last second of `to`, both in the viewer's time zone; an open end is left to the service's default.
 */
export function historyQueryRange(filter: HistoryFilter): { ok: true; date_from?: string; date_to?: string } | { ok: false; issue: HistoryFilterIssue } {
  const from = filter.from ? localDay(filter.from) : undefined;
  const to = filter.to ? localDay(filter.to) : undefined;
  if (filter.from && !from) return { ok: false, issue: { field: 'from', code: 'invalid_date' } };
  if (filter.to && !to) return { ok: false, issue: { field: 'to', code: 'invalid_date' } };
  if (from && to && to < from) return { ok: false, issue: { field: 'to', code: 'end_before_start' } };
  const range: { ok: true; date_from?: string; date_to?: string } = { ok: true };
  if (from) range.date_from = formatServiceDateTime(from);
  if (to) {
    const end = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
    range.date_to = formatServiceDateTime(new Date(end.getTime() - 1000));
  }
  return range;
}

/** Where the leads view is: `hidden` when the service has no leads endpoint. */
export type LeadsStatus = 'idle' | 'loading' | 'loaded' | 'hidden' | 'failed';

/** Owns the history panel's calls and state. */
export class HistoryController implements ReactiveController {
  /** The period and order asked for. */
  filter: HistoryFilter = { from: '', to: '', order: 'created_at.desc' };
  /** Why the period cannot be asked for, after the owner tried. */
  filterIssue: HistoryFilterIssue | undefined;
  /** The records as the service sent them (what the exports hold). */
  records: HistoryRecord[] = [];
  /** The records grouped into sessions. */
  sessions: HistorySession[] = [];
  /** The key of the session whose transcript is open. */
  selectedKey: string | undefined;
  /** The leads visitors sent. */
  leads: LeadRow[] = [];
  /** The filter of the records shown (what the exports are named after). */
  shownFilter: HistoryFilter | undefined;

  private readonly context: AdminContext;
  private readonly historyTask: ServiceTask<[query: HistoryParams, filter: HistoryFilter], { records: HistoryRecord[]; filter: HistoryFilter }>;
  private readonly leadsTask: ServiceTask<[botId: string], LeadRow[] | undefined>;
  private loadedFor: string | undefined;
  private triedFor: string | undefined;
  /** Whether the service has no leads endpoint (found by the last listing). */
  private leadsUnsupported = false;

  /** Attaches the controller to its element; `leadsRequest` gives the credentials for the leads call. */
  constructor(context: AdminContext, leadsRequest: () => Omit<Parameters<typeof fetchLeads>[0], 'signal'>) {
    this.context = context;
    context.host.addController(this);
    this.historyTask = new ServiceTask(
      context,
      'history',
      async ([query, filter], signal) => ({ records: await context.client.getHistory(query, { signal }), filter }),
      ({ records, filter }) => {
        this.records = records;
        this.sessions = groupHistorySessions(records);
        this.shownFilter = filter;
        if (!this.selected) this.selectedKey = undefined;
      },
    );
    this.leadsTask = new ServiceTask(
      context,
      'leads',
      ([botId], signal) => fetchLeads({ ...leadsRequest(), signal }, botId),
      (leads) => {
        this.leads = leads ?? [];
        this.leadsUnsupported = leads === undefined;
      },
    );
  }

  /** Cancels calls in flight when the element leaves the page. */
  hostDisconnected(): void {
    this.historyTask.abort();
    this.leadsTask.abort();
  }

  /** Where the history is. */
  get status(): CallStatus {
    return this.historyTask.callStatus;
  }

  /** Why loading failed. */
  get error(): unknown {
    return this.status === 'failed' ? this.historyTask.error : undefined;
  }

  /** Where the leads view is: `hidden` when the service has no leads endpoint. */
  get leadsStatus(): LeadsStatus {
    const status = this.leadsTask.callStatus;
    return status === 'loaded' && this.leadsUnsupported ? 'hidden' : status;
  }

  /** Why listing leads failed. */
  get leadsError(): unknown {
    return this.leadsStatus === 'failed' ? this.leadsTask.error : undefined;
  }

  /** The session whose transcript is open. */
  get selected(): HistorySession | undefined {
    return this.sessions.find((session) => session.key === this.selectedKey);
  }

  /** Changes the period or order (the owner then asks again). */
  setFilter(patch: Partial<HistoryFilter>): void {
    this.filter = { ...this.filter, ...patch };
    if (this.filterIssue && historyQueryRange(this.filter).ok) this.filterIssue = undefined;
    this.context.host.requestUpdate();
  }

  /** Loads the current bot's history the first time the panel shows it (once per bot). */
  async ensureLoaded(): Promise<void> {
    const botId = this.context.botId;
    if (!botId || this.loadedFor === botId || this.triedFor === botId) return;
    this.triedFor = botId;
    await this.load();
  }

  /** Forgets what was listed (another bot is shown). */
  reset(): void {
    this.historyTask.reset();
    this.leadsTask.reset();
    this.records = [];
    this.sessions = [];
    this.selectedKey = undefined;
    this.leads = [];
    this.leadsUnsupported = false;
    this.loadedFor = undefined;
    this.triedFor = undefined;
    this.shownFilter = undefined;
  }

  /** Asks the service for the history of the current bot in the chosen period; false when the period is wrong. */
  async load(): Promise<boolean> {
    const botId = this.context.botId;
    if (!botId) return false;
    const range = historyQueryRange(this.filter);
    if (!range.ok) {
      this.filterIssue = range.issue;
      this.context.host.requestUpdate();
      return false;
    }
    this.filterIssue = undefined;
    if (this.loadedFor !== botId) this.reset();
    this.loadedFor = botId;
    const leads = this.leadsTask.callStatus;
    if (leads === 'idle' || leads === 'failed') void this.leadsTask.run([botId]);
    const { ok: _ok, ...dates } = range;
    await this.historyTask.run([{ bot_id: botId, order: this.filter.order, ...dates }, { ...this.filter }]);
    return true;
  }

  /** Opens one session's transcript. */
  select(key: string | undefined): void {
    this.selectedKey = key;
    this.context.host.requestUpdate();
  }
}
