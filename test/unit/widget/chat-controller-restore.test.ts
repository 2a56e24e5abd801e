// Restoring a stored conversation: its reader is a chunk of its own (src/widget/on-demand/stored-conversation.ts),
// so the controller reads it back asynchronously, is ready only once it is in, and saves nothing over it meanwhile.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AnswerMessage } from '../../../src/widget/chat-state.js';
import { serializeConversation } from '../../../src/widget/conversation-store.js';
import { STORED, restoringPage, settle } from './restore-helpers.js';

const savedWindow = Reflect.get(globalThis, 'window');
after(() => Object.assign(globalThis, { window: savedWindow }));

describe('ChatController restoring a stored conversation', () => {
  it('is ready with the stored conversation, its unfinished answer interrupted', async () => {
    const page = restoringPage();
    assert.equal(page.chat.status, 'loading');
    await settle(page.chat);
    assert.equal(page.chat.status, 'ready');
    assert.equal(page.chat.conversation.sessionId, 'stored-session');
    assert.deepEqual(page.chat.conversation.lead, STORED.lead);
    const last = page.chat.conversation.messages.at(-1) as AnswerMessage;
    assert.deepEqual([last.text, last.status, last.failure], ['From', 'failed', 'interrupted']);
  });

  it('saves nothing over the stored conversation while it is read back', async () => {
    const stored = serializeConversation(STORED);
    const page = restoringPage(stored);
    page.leave();
    assert.equal(page.storedNow(), stored);
    await settle(page.chat);
    page.leave();
    assert.equal(JSON.parse(page.storedNow()!).sessionId, 'stored-session');
  });

  it('queues a question sent before the stored conversation is in, and asks it after it', async () => {
    const page = restoringPage();
    assert.equal(page.chat.send('Where are you?'), true);
    assert.deepEqual(page.chat.queued, ['Where are you?']);
    await settle(page.chat);
    const questions = page.chat.conversation.messages.filter((message) => message.role === 'user').map((message) => message.text);
    assert.deepEqual(questions, ['Hours?', 'Prices?', 'Where are you?']);
  });

  it('starts over for good when reset while the stored conversation is read back', async () => {
    const page = restoringPage();
    page.chat.reset();
    const fresh = page.chat.conversation.sessionId;
    assert.notEqual(fresh, 'stored-session');
    assert.equal(JSON.parse(page.storedNow()!).sessionId, fresh);
    await settle(page.chat);
    assert.equal(page.chat.status, 'ready');
    assert.equal(page.chat.conversation.sessionId, fresh);
    assert.equal(page.chat.conversation.messages.length, 0);
  });

  it('starts empty, and saves, when nothing or something unreadable is stored', async () => {
    for (const stored of [null, '', 'not json', '{"version":1,"sessionId":"s","messages":[{"role":"alien"}]}']) {
      const page = restoringPage(stored);
      await settle(page.chat);
      assert.equal(page.chat.status, 'ready', String(stored));
      assert.equal(page.chat.conversation.messages.length, 0);
      page.leave();
      assert.equal(JSON.parse(page.storedNow()!).sessionId, page.chat.conversation.sessionId);
    }
  });
});
