// Whether a refusal means the service has no such endpoint at all: the optional endpoints (leads, history forms,
// source removal) are asked once and then left alone on a service without them. A module of its own so that a
// bundle carries it only with the features that ask.
import { isRecord, type ApiError } from './errors.js';

/**
 * Tells a missing route from the service's own 404: a 405, or a 404 with no body, with a body that is not a JSON
 * object (a framework's or a proxy's page), or with FastAPI's `"detail": "Not Found"`, means the endpoint does
 * not exist on this service. Any other 404 (`{"detail": "Bot not found"}`, `{message}`) is an answer.
 */
export function isRouteMissing({ status, body }: ApiError): boolean {
  return status === 405 || (status === 404 && (!isRecord(body) || body['detail'] === 'Not Found'));
}
