// Answers as resources (the `answers` table): created with their credit in one transaction, their text
// appended in batches while they are generated, finished as complete or cut off together with the exchange
// in the history, and swept when the process writing them died (its lease ran out).
import { randomBytes } from 'node:crypto';
import { creditReservation, type CreditReservation } from './credits.js';
import type { Database, Queryable } from './database.js';
import { insertExchange } from './history.js';

/** The states of a stored answer. */
export const ANSWER_STATUSES = ['generating', 'complete', 'cut_off', 'failed'] as const;
/** The state of a stored answer. */
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** The channel on which a process says that an answer changed (the payload is the answer id). */
export const ANSWER_CHANNEL = 'chatbot_answers';

/** An answer id: 128 random bits, base64url (22 characters). */
export const ANSWER_ID = /^[A-Za-z0-9_-]{22}$/;

/** A stored answer, as readers see it. */
export interface StoredAnswer {
  /** Its id. */
  id: string;
  /** The bot that answers. */
  bot_id: string;
  /** The session that asked. */
  session_id: string;
  /** The body written so far (the answer's framing included). */
  text: string;
  /** Where it stands. */
  status: AnswerStatus;
  /** Whether it is generating past its lease (its process is gone). */
  lease_expired: boolean;
}

/** The outcome of starting an answer. */
export type AnswerStart =
  | { kind: 'created'; id: string; credit: CreditReservation }
  | { kind: 'existing'; id: string }
  | { kind: 'noCredit' };

/** Makes a new, unguessable answer id. */
export function newAnswerId(): string {
  return randomBytes(16).toString('base64url');
}

const LEASE = `clock_timestamp() + $2 * interval '1 millisecond'`;
// `startAnswer` rolls its insert back when the bot has no credit; a transaction rolls back on a throw.
const NO_CREDIT = Symbol('no credit');

/**
 * Stores a new answer (status generating, `text` its first words) and takes its credit, in one transaction.
 * With an idempotency key already used in the session, nothing is taken and the existing answer is named.
 */
export async function startAnswer(
  db: Database,
  fields: { botId: string; sessionId: string; idempotencyKey: string | undefined; question: string; text: string; leaseMs: number },
): Promise<AnswerStart> {
  const id = newAnswerId();
  return db.transaction(async (tx): Promise<AnswerStart> => {
    const inserted = await tx.query<{ id: string }>(
      `insert into answers (id, lease_until, bot_id, session_id, idempotency_key, question, text)
       values ($1, ${LEASE}, $3, $4, $5, $6, $7)
       on conflict (bot_id, session_id, idempotency_key) do nothing returning id`,
      [id, fields.leaseMs, fields.botId, fields.sessionId, fields.idempotencyKey ?? null, fields.question, fields.text],
    );
    if (inserted.length === 0) {
      const existing = await findAnswerByKey(tx, fields.botId, fields.sessionId, fields.idempotencyKey ?? '');
      if (existing) return { kind: 'existing', id: existing };
      throw new Error('An answer with this idempotency key vanished while it was being read.');
    }
    const taken = await tx.query('update bots set num_message_left = num_message_left - 1 where id = $1 and num_message_left > 0 returning id', [fields.botId]);
    if (taken.length === 0) throw NO_CREDIT;
    return { kind: 'created', id, credit: creditReservation(db, fields.botId) };
  }).catch((error: unknown): AnswerStart => {
    if (error === NO_CREDIT) return { kind: 'noCredit' };
    throw error;
  });
}

/** The id of the answer a session's idempotency key names, if any. */
export async function findAnswerByKey(db: Queryable, botId: string, sessionId: string, idempotencyKey: string): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>('select id from answers where bot_id = $1 and session_id = $2 and idempotency_key = $3', [botId, sessionId, idempotencyKey]);
  return rows[0]?.id;
}

/** Reads an answer. */
export async function readAnswer(db: Queryable, id: string): Promise<StoredAnswer | undefined> {
  const rows = await db.query<StoredAnswer>(
    `select id, bot_id, session_id, text, status, (status = 'generating' and lease_until < clock_timestamp()) as lease_expired
     from answers where id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Appends a batch of text to a generating answer and renews its lease (an empty batch only renews it);
 * false when the answer is no longer generating (a sweep declared its process dead).
 */
export async function appendAnswerText(db: Queryable, id: string, batch: string, leaseMs: number): Promise<boolean> {
  const rows = await db.query(`update answers set text = text || $3, lease_until = ${LEASE} where id = $1 and status = 'generating' returning id`, [id, leaseMs, batch]);
  return rows.length > 0;
}

/**
 * Ends a generating answer as complete or cut off: appends the rest of its text and stores the exchange
 * (question and answer) in the history, in one transaction. False when it was no longer generating (then
 * nothing is written).
 */
export async function finishAnswer(
  db: Database,
  id: string,
  ending: { status: 'complete' | 'cut_off'; rest: string; answer: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ bot_id: string; session_id: string; question: string }>(
      `update answers set text = text || $2, status = $3, finished_at = clock_timestamp()
       where id = $1 and status = 'generating' returning bot_id, session_id, question`,
      [id, ending.rest, ending.status],
    );
    const row = rows[0];
    if (!row) return false;
    await insertExchange(tx, row.bot_id, row.session_id, row.question, ending.answer, ending.status === 'cut_off');
    return true;
  });
}

/** Marks a generating answer as failed (nothing goes to the history; its credit is given back by the caller). */
export async function failAnswer(db: Queryable, id: string): Promise<void> {
  await db.query(`update answers set status = 'failed', finished_at = clock_timestamp() where id = $1 and status = 'generating'`, [id]);
}

/** Removes an answer that never produced a word (its provider failed at once), freeing its idempotency key. */
export async function deleteAnswer(db: Queryable, id: string): Promise<void> {
  await db.query('delete from answers where id = $1', [id]);
}

/**
 * Marks as cut off the answers whose writing process is gone, and stores each in the history with the text
 * it had: those past their lease, or every generating one with `all` (PGlite at start: its folder has one
 * process). `answerOf` takes the answer out of the stored body. Resolves to the ids.
 */
export async function sweepAbandonedAnswers(db: Database, { all, answerOf }: { all: boolean; answerOf: (text: string) => string }): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; bot_id: string; session_id: string; question: string; text: string }>(
      `update answers set status = 'cut_off', finished_at = clock_timestamp()
       where status = 'generating' and ($1 or lease_until < clock_timestamp())
       returning id, bot_id, session_id, question, text`,
      [all],
    );
    for (const row of rows) await insertExchange(tx, row.bot_id, row.session_id, row.question, answerOf(row.text), true);
    return rows.map((row) => row.id);
  });
}

/** Deletes finished answers older than `retentionMs` (their exchanges stay in the history). */
export async function deleteOldAnswers(db: Queryable, retentionMs: number): Promise<void> {
  await db.query(`delete from answers where status <> 'generating' and created_at < clock_timestamp() - $1 * interval '1 millisecond'`, [retentionMs]);
}
