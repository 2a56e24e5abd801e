// The lead forms visitors sent (GET /api/lead/{bot_id}): an optional extension of the service, outside the
// interface, so it is read here rather than by the client, and a service without it simply has no leads view.
import { ApiError, ResponseShapeError, isRecord } from '../api/errors.js';
import { isRouteMissing } from '../api/route-missing.js';
import { createTransport, readJson, unwrap } from '../api/transport.js';

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
  const path = `/api/lead/${encodeURIComponent(botId)}`;
  let response: Response;
  try {
    response = await createTransport(request).send({ method: 'GET', path }, request.signal);
  } catch (error) {
    if (error instanceof ApiError && isRouteMissing(error)) return undefined;
    throw error;
  }
  const body = await readJson(response, request.signal, `GET ${path}`);
  const list = unwrap(body, response);
  if (!Array.isArray(list) || !list.every(isRecord)) {
    throw new ResponseShapeError(
      `Unexpected response from GET ${path}: not a list of leads`,
      [{ code: 'custom', path: [], message: 'Expected a list of leads', input: body }],
      body,
    );
  }
  return list.map(leadRow);
}
