// The lead forms visitors sent (GET /api/lead/{bot_id}): an optional extension of the service, outside the
// interface, so it is read here rather than by the client, and a service without it simply has no leads view.
import { AbortError, ApiError, NetworkError, ResponseShapeError } from '../api/errors.js';

/** How to reach the service for the leads call (the same credentials as the client's). */
export interface LeadsRequest {
  /** Base address of the service. */
  baseUrl: string;
  /** Bearer token, when signed in. */
  token?: string | undefined;
  /** API key, when the host gave one. */
  apiKey?: string | undefined;
  /** Where the API key goes. */
  apiKeyHeader?: 'authorization' | 'chatfly-api-key' | undefined;
  /** The fetch to use. */
  fetch?: typeof fetch | undefined;
  /** Cancels the call. */
  signal?: AbortSignal | undefined;
}

/** One lead as a flat row of text cells by column name. */
export type LeadRow = Record<string, string>;

/** Columns shown first when a lead has them, in this order. */
const LEADING_COLUMNS = ['created_at', 'name', 'email', 'phone', 'company', 'session_id'];
/** Columns that say nothing in a list of one bot's leads. */
const HIDDEN_COLUMNS = new Set(['bot_id', 'id', 'lead_id']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Flattens a lead (its nested field objects, one level deep) into text cells. */
export function leadRow(lead: Record<string, unknown>): LeadRow {
  const row: LeadRow = {};
  for (const [key, value] of Object.entries(lead)) {
    if (isRecord(value)) for (const [inner, innerValue] of Object.entries(value)) row[inner] ??= cellText(innerValue);
    else row[key] = cellText(value);
  }
  return row;
}

/** The columns of a list of leads: the usual ones first, then the others as they first appear. */
export function leadColumns(rows: readonly LeadRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (!HIDDEN_COLUMNS.has(key)) seen.add(key);
  return [...LEADING_COLUMNS.filter((key) => seen.has(key)), ...[...seen].filter((key) => !LEADING_COLUMNS.includes(key))];
}

/**
 * Reads a bot's leads; answers `undefined` when the service has no such endpoint (404 or 405) and throws the
 * client's typed errors otherwise.
 */
export async function fetchLeads(request: LeadsRequest, botId: string): Promise<LeadRow[] | undefined> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token, apiKey, apiKeyHeader = 'authorization' } = request;
  if (apiKey && apiKeyHeader === 'chatfly-api-key') headers['chatfly-api-key'] = apiKey;
  const bearer = token ?? (apiKeyHeader === 'authorization' ? apiKey : undefined);
  if (bearer) headers['authorization'] = `Bearer ${bearer.replace(/^bearer\s+/i, '')}`;
  const url = `${request.baseUrl.replace(/\/+$/, '')}/api/lead/${encodeURIComponent(botId)}`;
  let response: Response;
  let text: string;
  try {
    response = await (request.fetch ?? globalThis.fetch)(url, { headers, signal: request.signal });
    text = await response.text();
  } catch (error) {
    if (request.signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError') throw new AbortError(error);
    throw new NetworkError(error);
  }
  let body: unknown = text;
  try {
    body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // Not JSON: kept as text for the error.
  }
  if (response.status === 404 || response.status === 405) return undefined;
  if (!response.ok) throw new ApiError(response.status, body, response.statusText);
  const list = isRecord(body) && 'data' in body ? body['data'] : body;
  if (!Array.isArray(list) || !list.every(isRecord)) {
    throw new ResponseShapeError(
      `Unexpected response from GET /api/lead/${botId}: not a list of leads`,
      [{ code: 'custom', path: [], message: 'Expected a list of leads', input: body }],
      body,
    );
  }
  return list.map(leadRow);
}
