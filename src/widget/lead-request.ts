// Sends the lead form to the service's `POST /api/lead` (an extension of the interface that the reference
// service offers). A service without it (a missing route, or 501) is remembered per base URL and not asked
// again; the widget then only fires its event, which is how the deployed service is served.
import { ApiError } from '../api/errors.js';
import { isRouteMissing } from '../api/route-missing.js';
import { createFixedCredentialTransport, type ClientOptions } from '../api/transport.js';

/** What became of a lead: stored, not supported by the service, or failed. */
export type LeadOutcome = 'delivered' | 'unsupported' | 'failed';

const unsupported = new Set<string>();

/** Posts `{bot_id, session_id, fields}` to `/api/lead` with the widget's credentials. */
export async function postLead(
  target: ClientOptions,
  body: { bot_id: string; session_id: string; fields: Record<string, string> },
  signal?: AbortSignal,
): Promise<LeadOutcome> {
  const baseUrl = target.baseUrl.replace(/\/+$/, '');
  if (unsupported.has(baseUrl)) return 'unsupported';
  try {
    const response = await createFixedCredentialTransport(target).send({ method: 'POST', path: '/api/lead', json: body }, signal);
    void response.body?.cancel().catch(() => undefined);
    return 'delivered';
  } catch (error) {
    if (error instanceof ApiError && (isRouteMissing(error) || error.status === 501)) {
      unsupported.add(baseUrl);
      return 'unsupported';
    }
    return 'failed';
  }
}
