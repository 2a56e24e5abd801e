import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fetchWidgetGreeting, readWidgetGreeting } from '../../../src/widget/widget-greeting.js';

function answering(status: number, body: string, seen: string[] = []): typeof fetch {
  return (async (url: string) => {
    seen.push(String(url));
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('readWidgetGreeting', () => {
  it('reads the fields ChatFly names and leaves out values of the wrong kind', () => {
    assert.deepEqual(readWidgetGreeting({ initial_message: ' Hi! ', suggest_messages: ['A?', '', 3, ' ', 'B?'], auto_show_initial_message_after: '5' }), {
      initialMessage: 'Hi!',
      starterQuestions: ['A?', 'B?'],
      teaserAfter: 5,
    });
    const none = { initialMessage: '', starterQuestions: [], teaserAfter: 0 };
    assert.deepEqual(readWidgetGreeting({ initial_message: 7, suggest_messages: 'A?', auto_show_initial_message_after: 'soon' }), none);
    assert.deepEqual(readWidgetGreeting(null), none);
  });
});

describe('fetchWidgetGreeting', () => {
  it("reads ChatFly's wrapped shape and the bare one from GET /api/bot/bot-widget-setting", async () => {
    const seen: string[] = [];
    const wrapped = JSON.stringify({ message_code: 0, message: 'ok', data: { initial_message: 'Hello', suggest_messages: ['Q?'] } });
    const greeting = await fetchWidgetGreeting({ baseUrl: 'https://service.test/', fetch: answering(200, wrapped, seen) }, 'bot 1');
    assert.equal(greeting.initialMessage, 'Hello');
    assert.deepEqual(greeting.starterQuestions, ['Q?']);
    assert.equal(seen[0], 'https://service.test/api/bot/bot-widget-setting?bot_id=bot+1');
    const bare = await fetchWidgetGreeting({ baseUrl: 'https://service.test', fetch: answering(200, JSON.stringify({ initial_message: 'Bare' })) }, 'b');
    assert.equal(bare.initialMessage, 'Bare');
  });

  it('gives no settings for a missing endpoint, a 404 of the service, a failure envelope, bad JSON or a dropped connection', async () => {
    const cases: (typeof fetch)[] = [
      answering(404, JSON.stringify({ detail: 'Not Found' })),
      answering(404, JSON.stringify({ detail: 'Bot not found' })),
      answering(200, JSON.stringify({ message_code: 1006, message: 'Bot not found', data: null })),
      answering(200, '<html>'),
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    ];
    for (const fetch of cases) {
      assert.deepEqual(await fetchWidgetGreeting({ baseUrl: 'https://service.test', fetch }, 'b'), { initialMessage: '', starterQuestions: [], teaserAfter: 0 });
    }
  });
});
