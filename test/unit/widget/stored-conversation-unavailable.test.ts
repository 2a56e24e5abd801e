// The reader of a stored conversation is a chunk of its own (src/widget/on-demand/stored-conversation.ts). When
// it cannot be loaded (the visitor went offline after the page loaded), the bot is not ready (load-failed, with
// a retry), and the stored conversation is kept for the next try rather than saved over. A module hook makes
// that import fail here.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatbotErrorEvent } from '../../../src/widget/events.js';
import { failImportsOf } from '../api/failing-import.js';

failImportsOf('/on-demand/stored-conversation.js');

const { serializeConversation } = await import('../../../src/widget/conversation-store.js');
const { STORED, restoringPage, settle } = await import('./restore-helpers.js');

const savedWindow = Reflect.get(globalThis, 'window');
after(() => Object.assign(globalThis, { window: savedWindow }));

describe('a stored conversation whose reader cannot be loaded', () => {
  it('leaves the bot load-failed, fires chatbot-error, and keeps the stored conversation', async () => {
    const stored = serializeConversation(STORED);
    const page = restoringPage(stored);
    const errors: ChatbotErrorEvent[] = [];
    page.element.addEventListener('chatbot-error', (event) => errors.push(event as ChatbotErrorEvent));
    await settle(page.chat);
    assert.equal(page.chat.status, 'unavailable');
    assert.equal(page.chat.unavailableReason, 'load-failed');
    assert.deepEqual(errors.map((event) => [event.operation, event.kind]), [['load-bot', 'load-failed']]);
    page.leave();
    assert.equal(page.storedNow(), stored);
  });
});
