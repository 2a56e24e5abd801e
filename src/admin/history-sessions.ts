import { parseServiceTimestamp } from '../api/schemas.js';
import type { ChatMessage, HistoryRecord } from '../api/schemas.js';

/** One visitor conversation assembled from the history records that share its session id. */
export interface HistorySession {
  /** A key unique within one listing: the session id, or a position for records that carry none. */
  key: string;
  /** The session id given by the chat client, when the service recorded one. */
  sessionId: string | null;
  /** The visitor (or owner) id recorded with the session, when there is one. */
  userId: string | null;
  /** When the session's earliest record was stored, when the service sent a timestamp. */
  startedAt: Date | null;
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
  records.forEach((record, index) => {
    // Records without a session id cannot be joined to others: each stands alone.
    const key = record.session_id ? `s:${record.session_id}` : `#${index}`;
    const group = bySession.get(key);
    if (group) group.push(record);
    else bySession.set(key, [record]);
  });
  return [...bySession.entries()].map(([key, group]) => {
    const ordered = [...group].sort((a, b) => (timeOf(a.created_at) ?? -Infinity) - (timeOf(b.created_at) ?? -Infinity) || 0);
    const startedAt = timeOf(ordered[0]!.created_at);
    const messages = ordered.flatMap((record) => record.chat_history_response);
    const firstVisitorMessage = messages.find((message) => message.sender_type === VISITOR_SENDER);
    return {
      key,
      sessionId: ordered[0]!.session_id || null,
      userId: ordered[0]!.user_id || null,
      startedAt: startedAt === undefined ? null : new Date(startedAt),
      firstQuestion: firstVisitorMessage?.content ?? '',
      messageCount: messages.length,
      messages,
    };
  });
}

/** Milliseconds of a wire timestamp (zone-less ones are UTC); undefined when it is missing or unreadable. */
function timeOf(timestamp: string | null | undefined): number | undefined {
  if (!timestamp) return undefined;
  try {
    return parseServiceTimestamp(timestamp).getTime();
  } catch {
    return undefined;
  }
}
