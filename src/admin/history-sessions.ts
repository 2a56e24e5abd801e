import type { ChatMessage, HistoryRecord } from '../api/schemas.js';

/** One visitor conversation assembled from the history records that share its session id. */
export interface HistorySession {
  /** The session id given by the chat client. */
  sessionId: string;
  /** The visitor (or owner) id recorded with the session. */
  userId: string;
  /** The wire timestamp of the session's earliest record, as the service sent it. */
  startedAt: string;
  /** The first message a visitor sent, or an empty string when the session holds none. */
  firstQuestion: string;
  /** The number of messages of every sender in the session. */
  messageCount: number;
  /** Every message of the session in the order it was exchanged. */
  messages: ChatMessage[];
}

/** The sender type the service stores for visitor messages. */
const VISITOR_SENDER = 'user';

/**
 * Groups history records into sessions, keeping the order in which the service listed them (the first
 * record of a session decides its place) and ordering each session's records by their timestamps.
 */
export function groupHistorySessions(records: readonly HistoryRecord[]): HistorySession[] {
  const bySession = new Map<string, HistoryRecord[]>();
  for (const record of records) {
    const group = bySession.get(record.session_id);
    if (group) group.push(record);
    else bySession.set(record.session_id, [record]);
  }
  return [...bySession.entries()].map(([sessionId, group]) => {
    const ordered = [...group].sort((a, b) => timeOf(a.created_at) - timeOf(b.created_at));
    const messages = ordered.flatMap((record) => record.chat_history_response);
    const firstVisitorMessage = messages.find((message) => message.sender_type === VISITOR_SENDER);
    return {
      sessionId,
      userId: ordered[0]!.user_id,
      startedAt: ordered[0]!.created_at,
      firstQuestion: firstVisitorMessage?.content ?? '',
      messageCount: messages.length,
      messages,
    };
  });
}

/** Milliseconds of a wire timestamp; timestamps without a zone are UTC, unparsable ones sort first. */
function timeOf(timestamp: string): number {
  const hasZone = /(?:Z|[+-]\d\d:?\d\d)$/i.test(timestamp);
  const time = Date.parse(hasZone ? timestamp : `${timestamp}Z`);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}
