import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors.js';
import { createFixedCredentialTransport, createTransport, type Call, type ClientOptions } from '../../../src/api/transport.js';
import { fakeFetch, json, type Responder } from './fake-fetch.js';

const BASE = 'https://api.example.test/';

// Everything the service and the caller see of one call: the request sent, then the status or the error.
async function seen(
  make: (options: ClientOptions) => ReturnType<typeof createTransport>,
  options: Omit<ClientOptions, 'baseUrl' | 'fetch'>,
  call: Call,
  respond: Responder,
): Promise<unknown> {
  const fake = fakeFetch(respond);
  let outcome: unknown;
  try {
    outcome = (await make({ baseUrl: BASE, fetch: fake.fetch, ...options }).send(call, undefined)).status;
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    outcome = { name: error.name, status: error.status, message: error.message, body: error.body };
  }
  const [request] = fake.requests;
  return {
    method: request!.method,
    url: request!.url.href,
    headers: Object.fromEntries(request!.headers),
    body: request!.body,
    outcome,
  };
}

// The credentials an element can be given: none, blank, a token (with or without its Bearer prefix), a key in
// either place, and both.
const CREDENTIALS: Omit<ClientOptions, 'baseUrl' | 'fetch'>[] = [
  {},
  { token: '', apiKey: '' },
  { token: 'tok' },
  { token: 'Bearer tok' },
  { apiKey: 'key' },
  { apiKey: 'Bearer key', apiKeyHeader: 'authorization' },
  { apiKey: 'key', apiKeyHeader: 'chatfly-api-key' },
  { token: 'tok', apiKey: 'key' },
  { token: 'tok', apiKey: 'key', apiKeyHeader: 'chatfly-api-key' },
  { token: '', apiKey: 'key', apiKeyHeader: 'chatfly-api-key' },
];

const CALLS: Call[] = [
  { method: 'GET', path: '/api/bot/information', query: { bot_id: 'b1', skipped: undefined } },
  { method: 'POST', path: '/api/chat/get-streaming-response-with-custom-settings', query: { type_qa: 'qa' }, json: { message: 'Hi' } },
  { method: 'POST', path: '/api/lead', json: { fields: { name: 'Ada' } } },
];

describe('createFixedCredentialTransport', () => {
  it('sends what createTransport sends for every credential the widget can be given, and reads the answer alike', async () => {
    for (const credentials of CREDENTIALS) {
      for (const call of CALLS) {
        for (const respond of [() => json({ ok: true }), () => json({ detail: 'Not authenticated' }, 401), () => json({ message: 'Busy' }, 503)]) {
          assert.deepEqual(
            await seen(createFixedCredentialTransport, credentials, call, respond),
            await seen(createTransport, credentials, call, respond),
            `${JSON.stringify(credentials)} ${call.method} ${call.path}`,
          );
        }
      }
    }
  });
});
