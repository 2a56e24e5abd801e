import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryRecord } from '../../../src/api/schemas.js';
import { groupHistorySessions } from '../../../src/admin/history-sessions.js';

const record = (
  sessionId: string,
  createdAt: string,
  messages: [string, string][],
  userId = 'visitor',
): HistoryRecord => ({
  bot_name: 'Helpdesk',
  bot_id: 'bot-1',
  user_id: userId,
  session_id: sessionId,
  created_at: createdAt,
  chat_history_response: messages.map(([sender_type, content]) => ({ sender_type, content })),
});

describe('groupHistorySessions', () => {
  it('gives each session its first visitor question and message count', () => {
    const [session] = groupHistorySessions([
      record('s1', '2024-03-01T10:00:00Z', [['assistant', 'Welcome!'], ['user', 'Where are you?'], ['assistant', 'Hanoi'], ['user', 'Thanks']]),
    ]);
    assert.equal(session!.firstQuestion, 'Where are you?');
    assert.equal(session!.messageCount, 4);
    assert.equal(session!.sessionId, 's1');
    assert.equal(session!.startedAt!.toISOString(), '2024-03-01T10:00:00.000Z');
  });

  it('joins records of one session in time order and keeps the listing order of sessions', () => {
    const sessions = groupHistorySessions([
      record('late', '2024-03-02T09:00:00Z', [['user', 'b1']]),
      record('early', '2024-03-01T10:05:00.123456', [['user', 'a2'], ['assistant', 'a2 answer']]),
      record('early', '2024-03-01T10:00:00.000Z', [['user', 'a1'], ['assistant', 'a1 answer']]),
    ]);
    assert.deepEqual(sessions.map((s) => s.sessionId), ['late', 'early']);
    assert.deepEqual(sessions[1]!.messages.map((m) => m.content), ['a1', 'a1 answer', 'a2', 'a2 answer']);
    assert.equal(sessions[1]!.firstQuestion, 'a1');
    assert.equal(sessions[1]!.messageCount, 4);
    assert.equal(sessions[1]!.startedAt!.toISOString(), '2024-03-01T10:00:00.000Z');
  });

  it('keeps records without a session id apart and tolerates missing timestamps', () => {
    const sessions = groupHistorySessions([
      record('', '', [['user', 'one']], ''),
      record('', 'garbled', [['user', 'two']]),
    ]);
    assert.equal(sessions.length, 2);
    assert.notEqual(sessions[0]!.key, sessions[1]!.key);
    assert.equal(sessions[0]!.startedAt, null);
    assert.equal(sessions[0]!.userId, null);
    assert.equal(sessions[1]!.startedAt, null);
  });

  it('answers an empty first question for a session without visitor messages', () => {
    const [session] = groupHistorySessions([record('s', '2024-03-01T10:00:00Z', [['assistant', 'Hello']])]);
    assert.equal(session!.firstQuestion, '');
    assert.equal(session!.messageCount, 1);
  });

  it('answers no sessions for no records', () => {
    assert.deepEqual(groupHistorySessions([]), []);
  });
});
