// The reader of a 200 body that is one JSON object is a chunk of its own (src/api/on-demand/json-answer.ts).
// When it cannot be loaded (the visitor went offline after the page loaded), the answer fails with the
// client's NetworkError, as a dropped connection does. A module hook makes that import fail here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { failImportsOf } from './failing-import.js';

failImportsOf('/on-demand/json-answer.js');

const { createWidgetClient } = await import('../../../src/api/widget-client.js');
const { NetworkError } = await import('../../../src/api/errors.js');

const params = { bot_id: '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11', message: 'Hi', chat_history: [] };

describe('a JSON object answer whose reader cannot be loaded', () => {
  it('fails with NetworkError', async () => {
    const fetch = async () => new Response(JSON.stringify({ answer: 'Hello' }), { headers: { 'content-type': 'application/json' } });
    const client = createWidgetClient({ baseUrl: 'http://127.0.0.1:8000', fetch });
    await assert.rejects(async () => {
      for await (const event of client.streamAnswer(params)) void event;
    }, NetworkError);
  });

  it('leaves answer text that only starts like JSON alone', async () => {
    const fetch = async () => new Response('{curly} is how I start', { headers: { 'content-type': 'text/plain' } });
    const client = createWidgetClient({ baseUrl: 'http://127.0.0.1:8000', fetch });
    const texts: string[] = [];
    for await (const event of client.streamAnswer(params)) if (event.type === 'text') texts.push(event.text);
    assert.equal(texts.join(''), '{curly} is how I start');
  });
});
