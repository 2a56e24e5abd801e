// Conversation history: sessions and their messages. An exchange (question and answer) is written in one
// transaction; its credit was reserved before the answer was generated (storage/credits.ts).
import type { ChatMessage, HistoryOrder } from '../../../src/api/schemas.js';
import type { Database, Queryable } from './database.js';

/** One stored session, before the bot's fields are added. */
export interface StoredSession {
  /** The session id the client sent (or the service made). */
  session_id: string;
  /** When its first message was stored (fractional seconds, `Z`). */
  created_at: string;
  /** Its messages, oldest first; an answer that did not finish carries `cut_off: true`. */
  chat_history_response: ChatMessage[];
}

/** Most sessions one history query answers. */
export const HISTORY_LIMIT = 1000;

/** Stores a question and its answer in a session (the credit it costs is reserved by the caller). */
export async function recordExchange(db: Database, botId: string, sessionId: string, question: string, answer: string): Promise<void> {
  await db.transaction((tx) => insertExchange(tx, botId, sessionId, question, answer, false));
}

/**
 * Stores a question and its answer inside the caller's transaction; `cutOff` marks an answer that did not
 * finish (a limit was reached, or the process writing it died).
 */
export async function insertExchange(tx: Queryable, botId: string, sessionId: string, question: string, answer: string, cutOff: boolean): Promise<void> {
  await tx.query('insert into chat_sessions (bot_id, session_id) values ($1, $2) on conflict do nothing', [botId, sessionId]);
  await tx.query(
    `insert into chat_messages (bot_id, session_id, sender_type, content, cut_off) values ($1, $2, 'user', $3, false), ($1, $2, 'assistant', $4, $5)`,
    [botId, sessionId, question, answer, cutOff],
  );
}

/**
 * Reads the sessions of a bot that started within a period (bounds inclusive to the millisecond, as dates
 * arrive with at most millisecond precision; either bound may be open).
 */
export async function readSessions(
  db: Queryable,
  botId: string,
  from: Date | undefined,
  to: Date | undefined,
  order: HistoryOrder,
): Promise<StoredSession[]> {
  const direction = order === 'created_at.asc' ? 'asc' : 'desc';
  const rows = await db.query<{ session_id: string; created_at: string; messages: ChatMessage[] | string }>(
    `select s.session_id,
       to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
       coalesce((
         select json_agg(case when m.cut_off
             then json_build_object('sender_type', m.sender_type, 'content', m.content, 'cut_off', true)
             else json_build_object('sender_type', m.sender_type, 'content', m.content) end order by m.id)
         from chat_messages m where m.bot_id = s.bot_id and m.session_id = s.session_id
       ), '[]'::json) as messages
     from chat_sessions s
     where s.bot_id = $1
       and ($2::timestamptz is null or s.created_at >= $2::timestamptz)
       and ($3::timestamptz is null or date_trunc('milliseconds', s.created_at) <= $3::timestamptz)
     order by s.created_at ${direction}, s.session_id ${direction}
     limit ${HISTORY_LIMIT}`,
    [botId, from?.toISOString() ?? null, to?.toISOString() ?? null],
  );
  return rows.map((row) => ({
    session_id: row.session_id,
    created_at: row.created_at,
    chat_history_response: typeof row.messages === 'string' ? (JSON.parse(row.messages) as ChatMessage[]) : row.messages,
  }));
}
