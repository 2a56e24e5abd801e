import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { postLead } from '../../../src/widget/lead-request.js';

const lead = { bot_id: 'bot-1', session_id: 'session-1', fields: { email: 'lan@example.com' } };

function answering(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push(new Request(url, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('postLead', () => {
  it('posts the lead with the widget credentials and reports it delivered', async () => {
    const seen: Request[] = [];
    const outcome = await postLead({ baseUrl: 'https://one.test/', token: 'tok', fetch: answering(200, { message_code: 0 }, seen) }, lead);
    assert.equal(outcome, 'delivered');
    assert.equal(seen[0]!.url, 'https://one.test/api/lead');
    assert.equal(seen[0]!.headers.get('authorization'), 'Bearer tok');
    assert.deepEqual(await seen[0]!.json(), lead);
  });

  it('remembers a service without the endpoint and does not ask it again', async () => {
    const seen: Request[] = [];
    const target = { baseUrl: 'https://two.test', fetch: answering(404, { detail: 'Not Found' }, seen) };
    assert.equal(await postLead(target, lead), 'unsupported');
    assert.equal(await postLead(target, lead), 'unsupported');
    assert.equal(seen.length, 1);
  });

  it("treats the service's own 404 (an unknown bot) as a failure, not a missing endpoint", async () => {
    const seen: Request[] = [];
    const target = { baseUrl: 'https://three.test', fetch: answering(404, { message: 'Bot not found', message_code: 1006 }, seen) };
    assert.equal(await postLead(target, lead), 'failed');
    assert.equal(await postLead(target, lead), 'failed');
    assert.equal(seen.length, 2);
  });

  it('reports a server error or a dropped connection as a failure', async () => {
    assert.equal(await postLead({ baseUrl: 'https://four.test', fetch: answering(500, { message: 'Down' }) }, lead), 'failed');
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    assert.equal(await postLead({ baseUrl: 'https://five.test', fetch: offline }, lead), 'failed');
  });
});
