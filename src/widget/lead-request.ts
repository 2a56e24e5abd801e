// Sends the lead form to the service's `POST /api/lead` (an extension of the interface that the reference
// service offers). A service without it (404/405/501) is remembered per base URL and not asked again; the
// widget then only fires its event, which is how the deployed service is served.

/** How to reach the service. */
export interface LeadTarget {
  /** Base address of the service. */
  baseUrl: string;
  /** Bearer token, if any. */
  token?: string;
  /** API key, if any. */
  apiKey?: string;
  /** Where the API key goes. */
  apiKeyHeader?: 'authorization' | 'chatfly-api-key';
  /** The fetch to use. */
  fetch?: typeof fetch;
}

/** What became of a lead: stored, not supported by the service, or failed. */
export type LeadOutcome = 'delivered' | 'unsupported' | 'failed';

const unsupported = new Set<string>();

/** Posts `{bot_id, session_id, fields}` to `/api/lead`. */
export async function postLead(
  target: LeadTarget,
  body: { bot_id: string; session_id: string; fields: Record<string, string> },
  signal?: AbortSignal,
): Promise<LeadOutcome> {
  const baseUrl = target.baseUrl.replace(/\/+$/, '');
  if (unsupported.has(baseUrl)) return 'unsupported';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const bearer = (target.token || (target.apiKeyHeader !== 'chatfly-api-key' ? target.apiKey : ''))?.replace(/^bearer\s+/i, '');
  if (bearer) headers['authorization'] = `Bearer ${bearer}`;
  if (target.apiKey && target.apiKeyHeader === 'chatfly-api-key') headers['chatfly-api-key'] = target.apiKey;
  try {
    const response = await (target.fetch ?? globalThis.fetch)(`${baseUrl}/api/lead`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    void response.body?.cancel().catch(() => undefined);
    if (response.ok) return 'delivered';
    if (response.status === 404 || response.status === 405 || response.status === 501) {
      unsupported.add(baseUrl);
      return 'unsupported';
    }
    return 'failed';
  } catch {
    return 'failed';
  }
}
