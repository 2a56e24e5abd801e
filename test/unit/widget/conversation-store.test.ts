import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AnswerMessage } from '../../../src/widget/chat-state.js';
import {
  parseStoredConversation,
  serializeConversation,
  storageFor,
  type KeyValueStorage,
  type StorageKind,
} from '../../../src/widget/conversation-store.js';

const question = { id: 'q1', role: 'user', text: 'Hi', at: 1_700_000_000_000 };
const answer = {
  id: 'a1',
  role: 'assistant',
  text: 'Hello',
  suggestions: ['More?'],
  status: 'complete',
  feedback: 'up',
  replyTo: 'q1',
  at: 1_700_000_000_500,
};
const stored = (messages: unknown[]): string =>
  JSON.stringify({ version: 1, sessionId: 's1', messages, lead: { status: 'open', values: { name: 'Ada' } } });

describe('parseStoredConversation', () => {
  it('reads back what serializeConversation wrote', () => {
    const conversation = parseStoredConversation(stored([question, answer]))!;
    assert.deepEqual(conversation.messages, [question, answer]);
    assert.deepEqual(parseStoredConversation(serializeConversation(conversation)), conversation);
  });

  it('keeps a message time only when it is a number a Date can hold (within ±8.64e15 ms)', () => {
    const before = Date.now();
    // JSON has no NaN or Infinity: its largest numbers are the ones a Date cannot hold.
    for (const at of ['1700000000000', null, true, [5], { at: 5 }, 8.64e15 + 1, -8.64e15 - 1, 1e20, -1e308]) {
      const time = parseStoredConversation(stored([{ ...question, at }]))!.messages[0]!.at;
      assert.ok(time >= before && time <= Date.now(), `${JSON.stringify(at)} is replaced by the time of reading`);
    }
    assert.equal(parseStoredConversation(stored([{ ...question, at: 0 }]))!.messages[0]!.at, 0);
    assert.equal(parseStoredConversation(stored([{ ...question, at: -1.5 }]))!.messages[0]!.at, -1.5);
    assert.equal(parseStoredConversation(stored([{ ...question, at: 8.64e15 }]))!.messages[0]!.at, 8.64e15);
    assert.equal(parseStoredConversation(stored([{ ...answer, at: -8.64e15 }]))!.messages[0]!.at, -8.64e15);
  });

  it('turns an unknown failure into a service failure and keeps a streaming answer streaming (the widget resumes it)', () => {
    const failed = parseStoredConversation(stored([question, { ...answer, status: 'failed', failure: 'bogus' }]))!;
    assert.equal((failed.messages[1] as AnswerMessage).failure, 'service');
    const streaming = parseStoredConversation(stored([question, { ...answer, status: 'streaming' }]))!;
    assert.deepEqual([(streaming.messages[1] as AnswerMessage).status, (streaming.messages[1] as AnswerMessage).failure], ['streaming', undefined]);
  });

  it('ignores a corrupt, foreign or outdated entry', () => {
    for (const json of [null, '', '   ', '{', 'not json', '"a conversation"', '[]', '{"version":2,"sessionId":"s1"}', stored([{ ...answer, status: 'bogus' }])]) {
      assert.equal(parseStoredConversation(json), undefined, String(json));
    }
  });
});

describe('storageFor', () => {
  it('gives the session or local storage, and nothing for none or any other name, even one the page defines', () => {
    const page = globalThis as unknown as { window?: unknown };
    const session: KeyValueStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
    const local: KeyValueStorage = { ...session };
    page.window = { sessionStorage: session, localStorage: local, noneStorage: session, pageStorage: local };
    try {
      assert.equal(storageFor('session'), session);
      assert.equal(storageFor('local'), local);
      assert.equal(storageFor('none'), null);
      assert.equal(storageFor('page' as StorageKind), null);
    } finally {
      delete page.window;
    }
  });

  it('gives nothing when the browser refuses the storage', () => {
    const page = globalThis as unknown as { window?: unknown };
    page.window = Object.defineProperty({}, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      assert.equal(storageFor('local'), null);
    } finally {
      delete page.window;
    }
  });
});
