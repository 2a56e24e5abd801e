// What the resumable-answer tests share: an HTTP server of the test file's own on 127.0.0.1, a reader of the
// answer a stream of events makes, and the two browser globals @microsoft/fetch-event-source reads, which
// Node lacks (`window` for its timers, `document` for page visibility, which openWhenHidden turns off but its
// clean-up still touches).
import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { AnswerEvent } from '../../../src/stream/answer-parser.js';

const globals = globalThis as unknown as { window?: unknown; document?: unknown };
globals.window ??= globalThis;
globals.document ??= Object.assign(new EventTarget(), { hidden: false });

/** Serves `handler` on a free port before the file's tests, and closes it, open connections too, after them. */
export function serveLocally(handler: RequestListener): { readonly baseUrl: string } {
  const server = createServer(handler);
  const local = { baseUrl: '' };
  before(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    local.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  }));
  return local;
}

/** What a stream of answer events makes: its text, its last suggestions and how many times it said done. */
export async function collect(events: AsyncIterable<AnswerEvent>): Promise<{ text: string; suggestions: string[] | undefined; dones: number }> {
  let text = '';
  let suggestions: string[] | undefined;
  let dones = 0;
  for await (const event of events) {
    if (event.type === 'text') text += event.text;
    else if (event.type === 'suggestions') suggestions = event.questions;
    else dones += 1;
  }
  return { text, suggestions, dones };
}
