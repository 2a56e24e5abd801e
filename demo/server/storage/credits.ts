// Message credits, reserved before an answer is generated and settled after it. The reservation is one
// conditional UPDATE, atomic in PostgreSQL and PGlite alike, so concurrent answers (in one process or in
// several sharing a database) can never take more credits than there are.
import type { Queryable } from './database.js';

/** A reserved credit: kept when the answer is stored, given back when it is not. */
export interface CreditReservation {
  /** Gives the credit back (once; later calls and calls after `keep` do nothing). */
  refund(): Promise<void>;
  /** Marks the credit as spent: a later `refund` does nothing. */
  keep(): void;
}

/**
 * Takes one credit from a bot that has one left; resolves to the reservation, or to undefined when the bot
 * has none (nothing is taken then).
 */
export async function reserveCredit(db: Queryable, botId: string): Promise<CreditReservation | undefined> {
  const rows = await db.query<{ num_message_left: number }>(
    'update bots set num_message_left = num_message_left - 1 where id = $1 and num_message_left > 0 returning num_message_left',
    [botId],
  );
  if (rows.length === 0) return undefined;
  return creditReservation(db, botId);
}

/**
 * The reservation of a credit already taken from a bot (inside a transaction that also stored what it pays
 * for); its refund runs on `db`.
 */
export function creditReservation(db: Queryable, botId: string): CreditReservation {
  let settled = false;
  return {
    async refund() {
      if (settled) return;
      settled = true;
      await db.query('update bots set num_message_left = num_message_left + 1 where id = $1', [botId]);
    },
    keep() {
      settled = true;
    },
  };
}
