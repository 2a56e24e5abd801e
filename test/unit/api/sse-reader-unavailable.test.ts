// The event-stream reader is a chunk of its own (src/api/on-demand/sse-answer.ts). When it cannot be loaded
// (the visitor went offline after the page loaded), the answer fails with the client's NetworkError, as a
// dropped connection does, and the response body is released. A module hook makes that import fail here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { failImportsOf } from './failing-import.js';

failImportsOf('/on-demand/sse-answer.js');

const { createClient } = await import('../../../src/api/client.js');
const { NetworkError } = await import('../../../src/api/errors.js');
const { formatSseAnswer } = await import('../../../src/stream/sse.js');

describe('an event-stream answer whose reader cannot be loaded', () => {
  it('fails with NetworkError and cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(formatSseAnswer(['Hello'])));
      },
      cancel() {
        cancelled = true;
      },
    });
    const fetch = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    const client = createClient({ baseUrl: 'http://127.0.0.1:8000', fetch });
    const stream = client.streamAnswer({ bot_id: '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11', message: 'Hi', chat_history: [] });
    await assert.rejects(async () => {
      for await (const event of stream) void event;
    }, NetworkError);
    assert.ok(cancelled, 'the response body is cancelled');
  });
});
