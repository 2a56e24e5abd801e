// The bot's conversation history: the period and order asked for, the sessions found, the one being read,
// and the leads visitors left (when the service lists them).
import type { ReactiveController } from 'lit';
import { AbortError } from '../api/errors.js';
import { formatServiceDateTime, type HistoryOrder, type HistoryRecord } from '../api/schemas.js';
import type { AdminContext } from './admin-context.js';
import { groupHistorySessions, type HistorySession } from './history-sessions.js';
import { fetchLeads, type LeadRow } from './leads.js';

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
  /** Where the history is. */
  status: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  /** Why loading failed. */
  error: unknown;
  /** The records as the service sent them (what the exports hold). */
  records: HistoryRecord[] = [];
  /** The records grouped into sessions. */
  sessions: HistorySession[] = [];
  /** The key of the session whose transcript is open. */
  selectedKey: string | undefined;
  /** Where the leads view is. */
  leadsStatus: LeadsStatus = 'idle';
  /** The leads visitors sent. */
  leads: LeadRow[] = [];
  /** Why listing leads failed. */
  leadsError: unknown;
  /** The filter of the records shown (what the exports are named after). */
  shownFilter: HistoryFilter | undefined;

  private readonly host: AdminContext;
  private readonly leadsRequest: () => Omit<Parameters<typeof fetchLeads>[0], 'signal'>;
  private abort: AbortController | undefined;
  private leadsAbort: AbortController | undefined;
  private loadedFor: string | undefined;
  private triedFor: string | undefined;

  /** Attaches the controller to its element; `leadsRequest` gives the credentials for the leads call. */
  constructor(host: AdminContext, leadsRequest: () => Omit<Parameters<typeof fetchLeads>[0], 'signal'>) {
    this.host = host;
    this.leadsRequest = leadsRequest;
    host.addController(this);
  }

  /** Cancels calls in flight when the element leaves the page. */
  hostDisconnected(): void {
    this.abort?.abort();
    this.leadsAbort?.abort();
  }

  /** The session whose transcript is open. */
  get selected(): HistorySession | undefined {
    return this.sessions.find((session) => session.key === this.selectedKey);
  }

  /** Changes the period or order (the owner then asks again). */
  setFilter(patch: Partial<HistoryFilter>): void {
    this.filter = { ...this.filter, ...patch };
    if (this.filterIssue && historyQueryRange(this.filter).ok) this.filterIssue = undefined;
    this.host.requestUpdate();
  }

  /** Loads the current bot's history the first time the panel shows it (once per bot). */
  async ensureLoaded(): Promise<void> {
    const botId = this.host.botId;
    if (!botId || this.loadedFor === botId || this.triedFor === botId) return;
    this.triedFor = botId;
    await this.load();
  }

  /** Forgets what was listed (another bot is shown). */
  reset(): void {
    this.abort?.abort();
    this.leadsAbort?.abort();
    this.status = 'idle';
    this.records = [];
    this.sessions = [];
    this.selectedKey = undefined;
    this.error = undefined;
    this.leadsStatus = 'idle';
    this.leads = [];
    this.loadedFor = undefined;
    this.triedFor = undefined;
    this.shownFilter = undefined;
  }

  /** Asks the service for the history of the current bot in the chosen period; false when the period is wrong. */
  async load(): Promise<boolean> {
    const botId = this.host.botId;
    if (!botId) return false;
    const range = historyQueryRange(this.filter);
    if (!range.ok) {
      this.filterIssue = range.issue;
      this.host.requestUpdate();
      return false;
    }
    this.filterIssue = undefined;
    if (this.loadedFor !== botId) this.reset();
    this.loadedFor = botId;
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    const filter = { ...this.filter };
    this.status = 'loading';
    this.error = undefined;
    this.host.requestUpdate();
    if (this.leadsStatus === 'idle' || this.leadsStatus === 'failed') void this.loadLeads(botId);
    try {
      const { ok: _ok, ...dates } = range;
      const records = await this.host.client.getHistory({ bot_id: botId, order: filter.order, ...dates }, { signal: abort.signal });
      if (abort.signal.aborted) return true;
      this.records = records;
      this.sessions = groupHistorySessions(records);
      this.shownFilter = filter;
      if (!this.selected) this.selectedKey = undefined;
      this.status = 'loaded';
    } catch (error) {
      if (abort.signal.aborted || error instanceof AbortError) return true;
      this.status = 'failed';
      this.error = error;
      this.host.reportError('history', error);
    } finally {
      if (this.abort === abort) this.abort = undefined;
      this.host.requestUpdate();
    }
    return true;
  }

  /** Opens one session's transcript. */
  select(key: string | undefined): void {
    this.selectedKey = key;
    this.host.requestUpdate();
  }

  private async loadLeads(botId: string): Promise<void> {
    this.leadsAbort?.abort();
    const abort = (this.leadsAbort = new AbortController());
    this.leadsStatus = 'loading';
    this.leadsError = undefined;
    try {
      const leads = await fetchLeads({ ...this.leadsRequest(), signal: abort.signal }, botId);
      if (abort.signal.aborted) return;
      this.leads = leads ?? [];
      this.leadsStatus = leads === undefined ? 'hidden' : 'loaded';
    } catch (error) {
      if (abort.signal.aborted || error instanceof AbortError) return;
      this.leadsStatus = 'failed';
      this.leadsError = error;
      this.host.reportError('leads', error);
    } finally {
      if (this.leadsAbort === abort) this.leadsAbort = undefined;
      this.host.requestUpdate();
    }
  }
}
