import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, NetworkError, ResponseShapeError } from '../../../src/api/errors.js';
import { fetchLeads, leadColumns, leadRow } from '../../../src/admin/leads.js';

describe('leads', () => {
  it('flattens nested field objects and turns values into text', () => {
    assert.deepEqual(leadRow({ id: 7, session_id: 's', fields: { name: 'Lan', age: 30 }, extra: null, tags: ['a'] }), {
      id: '7',
      session_id: 's',
      name: 'Lan',
      age: '30',
      extra: '',
      tags: '["a"]',
    });
  });

  it('orders the usual columns first and hides ids', () => {
    assert.deepEqual(
      leadColumns([
        { id: '1', bot_id: 'b', city: 'Hanoi', email: 'a@b.c', created_at: 't' },
        { name: 'Lan', zip: '100000' },
      ]),
      ['created_at', 'name', 'email', 'city', 'zip'],
    );
  });

  const respond = (status: number, body: unknown) => async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

  it('reads a list of leads with the credentials', async () => {
    let seen: { url: string; headers: Headers } | undefined;
    const fetch = (async (url: string, init: RequestInit) => {
      seen = { url, headers: new Headers(init.headers) };
      return new Response(JSON.stringify({ message_code: 0, data: [{ fields: { name: 'Lan' } }] }));
    }) as unknown as typeof globalThis.fetch;
    const leads = await fetchLeads({ baseUrl: 'https://svc.test/', token: 'tok', fetch }, 'bot/1');
    assert.deepEqual(leads, [{ name: 'Lan' }]);
    assert.equal(seen!.url, 'https://svc.test/api/lead/bot%2F1');
    assert.equal(seen!.headers.get('authorization'), 'Bearer tok');
  });

  it('sends an API key in its own header when asked', async () => {
    let headers: Headers | undefined;
    const fetch = (async (_url: string, init: RequestInit) => {
      headers = new Headers(init.headers);
      return new Response('[]');
    }) as unknown as typeof globalThis.fetch;
    assert.deepEqual(await fetchLeads({ baseUrl: 'https://svc.test', apiKey: 'k', apiKeyHeader: 'chatfly-api-key', fetch }, 'b'), []);
    assert.equal(headers!.get('chatfly-api-key'), 'k');
    assert.equal(headers!.get('authorization'), null);
  });

  it('answers undefined where the service has no leads endpoint', async () => {
    assert.equal(await fetchLeads({ baseUrl: 'https://svc.test', fetch: respond(404, { detail: 'Not Found' }) as never }, 'b'), undefined);
    assert.equal(await fetchLeads({ baseUrl: 'https://svc.test', fetch: respond(405, '') as never }, 'b'), undefined);
  });

  it('throws the typed errors of the client', async () => {
    await assert.rejects(fetchLeads({ baseUrl: 'https://svc.test', fetch: respond(500, { message: 'Down' }) as never }, 'b'), (error) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.message, 'Down');
      return true;
    });
    await assert.rejects(fetchLeads({ baseUrl: 'https://svc.test', fetch: respond(200, { leads: 1 }) as never }, 'b'), ResponseShapeError);
    await assert.rejects(fetchLeads({ baseUrl: 'https://svc.test', fetch: respond(200, 'not json') as never }, 'b'), ResponseShapeError);
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    await assert.rejects(fetchLeads({ baseUrl: 'https://svc.test', fetch: offline }, 'b'), NetworkError);
  });
});
