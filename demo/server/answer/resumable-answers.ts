// Answers that outlive their request. A resumable answer is generated apart from the request that asked
// for it: its text goes to the database in batches (storage/answers.ts), its process renews a lease while it
// works, and it ends complete, cut off by a limit, or failed, whether or not anyone is still reading.
// Readers follow an answer from any offset: from this process's memory when the answer is generated here
// (the fast path), otherwise from the database, woken by notifications (LISTEN/NOTIFY on PostgreSQL) and
// by a poll in case one is missed. The database is always the source another process reads.
import type { Logger } from '../config.js';
import type { CreditReservation } from '../storage/credits.js';
import type { Database } from '../storage/database.js';
import {
  ANSWER_CHANNEL,
  appendAnswerText,
  deleteOldAnswers,
  failAnswer,
  finishAnswer,
  readAnswer,
  sweepAbandonedAnswers,
  type AnswerStatus,
} from '../storage/answers.js';
import { answerOfBody } from './answer-body.js';

/** The limits of resumable answers. */
export interface AnswerLimits {
  /** Longest an answer may generate, in ms; it is then cut off. */
  timeLimitMs: number;
  /** Most characters of answer text; it is then cut off. */
  maxChars: number;
  /** How long a generating answer's process is trusted without a sign of life, in ms. */
  leaseMs: number;
  /** Most time between two writes of a generating answer's text, in ms. */
  flushMs: number;
  /** How long a finished answer can be resumed (and its idempotency key found), in ms. */
  retentionMs: number;
}

/** What a reader of an answer receives: text (with the body length after it), then one end. */
export type AnswerUpdate =
  | { type: 'text'; text: string; offset: number }
  | { type: 'end'; status: Exclude<AnswerStatus, 'generating'> };

/** How an answer being generated here ends its text. */
export interface AnswerEnding {
  /** The tail of the body once the answer is complete (the suggestions), given the answer text. */
  tail(answer: string): string;
}

/** How often a reader of another process's answer looks again when no notification came, in ms. */
const POLL_MS = 1000;

/** Most streams of one answer a process serves at once (the asking request included). */
export const MAX_READERS_PER_ANSWER = 4;

/** Why a generation stopped before its provider ended. */
const STOPS = { timeLimit: 'time limit', shutdown: 'shutdown', abandoned: 'abandoned' } as const;

/** An answer generated in this process: its body so far and its state, with a wake-up for readers. */
class LiveAnswer {
  /** The body so far. */
  text: string;
  /** Where it stands. */
  status: AnswerStatus = 'generating';
  #waiters = new Set<() => void>();

  constructor(text: string) {
    this.text = text;
  }

  /** Wakes every reader. */
  changed(): void {
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  /** Resolves at the next change, or when `signal` aborts. */
  next(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        signal.removeEventListener('abort', wake);
        this.#waiters.delete(wake);
        resolve();
      };
      this.#waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}

/** The resumable answers of one process: those it generates, and reading any answer of the database. */
export class ResumableAnswers {
  readonly #db: Database;
  readonly #limits: AnswerLimits;
  readonly #logger: Logger;
  readonly #live = new Map<string, { answer: LiveAnswer; stop: AbortController; done: Promise<void> }>();
  /** Readers of stored answers waiting for a notification, by answer id. */
  readonly #wakers = new Map<string, Set<() => void>>();
  /** How many streams of each answer this process serves. */
  readonly #readers = new Map<string, number>();
  #unlisten: (() => void) | undefined;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(db: Database, limits: AnswerLimits, logger: Logger) {
    this.#db = db;
    this.#limits = limits;
    this.#logger = logger;
  }

  /** The limits in force. */
  get limits(): AnswerLimits {
    return this.#limits;
  }

  /**
   * Listens for notifications, marks the answers of dead processes as cut off (every generating one on
   * PGlite, whose folder this process alone uses), and sweeps again every lease.
   */
  async start(): Promise<void> {
    try {
      this.#unlisten = await this.#db.listen(ANSWER_CHANNEL, (id) => this.#wake(id));
    } catch (error) {
      this.#logger.warn(`Answer notifications are unavailable, readers poll instead: ${(error as Error).message}`);
    }
    await this.sweep({ all: this.#db.engine === 'pglite' });
    this.#sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => this.#logger.error('Sweeping abandoned answers failed', error));
    }, Math.max(this.#limits.leaseMs, 1000));
    this.#sweeper.unref();
  }

  /** Stops sweeping and listening; answers still generating are cut off and stored. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#unlisten?.();
    const running = [...this.#live.values()];
    for (const { stop } of running) stop.abort(STOPS.shutdown);
    await Promise.all(running.map(({ done }) => done));
  }

  /**
   * Marks abandoned answers (past their lease, or all generating ones) as cut off, stores them in the
   * history, and tells their readers; old finished answers are deleted.
   */
  async sweep({ all = false } = {}): Promise<void> {
    const ids = await sweepAbandonedAnswers(this.#db, { all, answerOf: answerOfBody });
    for (const id of ids) await this.#notify(id);
    await deleteOldAnswers(this.#db, this.#limits.retentionMs);
  }

  /**
   * Generates a stored answer in the background from the provider's pieces (`first` already read): its
   * body starts as `head` (already stored). The credit is kept when the answer is stored, complete or cut
   * off, and given back when it fails. `stop` is the provider's abort controller.
   */
  generate(
    id: string,
    { head, pieces, first, credit, ending, stop }: { head: string; pieces: AsyncIterator<string>; first: IteratorResult<string>; credit: CreditReservation; ending: AnswerEnding; stop: AbortController },
  ): void {
    const answer = new LiveAnswer(head);
    const entry = { answer, stop, done: Promise.resolve() };
    this.#live.set(id, entry);
    entry.done = this.#run(id, answer, { pieces, first, credit, ending, stop }).finally(() => this.#live.delete(id));
  }

  async #run(
    id: string,
    live: LiveAnswer,
    { pieces, first, credit, ending, stop }: { pieces: AsyncIterator<string>; first: IteratorResult<string>; credit: CreditReservation; ending: AnswerEnding; stop: AbortController },
  ): Promise<void> {
    const { leaseMs, flushMs, timeLimitMs, maxChars } = this.#limits;
    let flushed = live.text.length;
    let writing = Promise.resolve();
    let flushTimer: NodeJS.Timeout | undefined;
    // One write at a time, in order: each takes what was generated since the last one that succeeded.
    const flush = (): Promise<void> => {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      writing = writing.then(async () => {
        const end = live.text.length;
        try {
          if (!(await appendAnswerText(this.#db, id, live.text.slice(flushed, end), leaseMs))) {
            stop.abort(STOPS.abandoned);
            return;
          }
          if (end > flushed) {
            flushed = end;
            await this.#notify(id);
          }
        } catch (error) {
          this.#logger.warn(`The text of answer ${id} could not be written yet: ${(error as Error).message}`);
        }
      });
      return writing;
    };
    // An empty write renews the lease while the provider thinks.
    const heartbeat = setInterval(() => void flush(), Math.max(Math.floor(leaseMs / 3), 1));
    const timeLimit = setTimeout(() => stop.abort(STOPS.timeLimit), timeLimitMs);
    const stopped = new Promise<never>((_, reject) => stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true }));
    stopped.catch(() => undefined);

    let answer = '';
    let cutOff = false;
    let failed: unknown;
    try {
      for (let result = first; !result.done; result = await Promise.race([pieces.next(), stopped])) {
        const room = maxChars - answer.length;
        const piece = result.value.length > room ? result.value.slice(0, room) : result.value;
        answer += piece;
        live.text += piece;
        live.changed();
        if (piece.length < result.value.length) {
          cutOff = true;
          break;
        }
        flushTimer ??= setTimeout(() => void flush(), flushMs);
        if (stop.signal.aborted) throw stop.signal.reason;
      }
    } catch (error) {
      if (stop.signal.aborted && stop.signal.reason !== STOPS.abandoned) cutOff = true;
      else if (!stop.signal.aborted) failed = error;
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeLimit);
      clearTimeout(flushTimer);
      stop.abort(STOPS.shutdown);
      void Promise.resolve(pieces.return?.(undefined)).catch(() => undefined);
    }
    await flush();

    let status: Exclude<AnswerStatus, 'generating'>;
    try {
      if (stop.signal.reason === STOPS.abandoned && !cutOff && failed === undefined) {
        // A sweep declared this process dead and stored the answer as cut off: that stands.
        status = 'cut_off';
        credit.keep();
      } else if (failed !== undefined) {
        this.#logger.error(`The answer stream ${id} failed`, failed);
        await failAnswer(this.#db, id);
        await credit.refund();
        status = 'failed';
      } else {
        const rest = cutOff ? '' : ending.tail(answer);
        const finished = await finishAnswer(this.#db, id, { status: cutOff ? 'cut_off' : 'complete', rest: live.text.slice(flushed) + rest, answer: answer.trim() });
        credit.keep();
        if (finished) live.text += rest;
        status = finished && !cutOff ? 'complete' : 'cut_off';
      }
    } catch (error) {
      this.#logger.error(`The answer ${id} could not be stored`, error);
      await failAnswer(this.#db, id).catch(() => undefined);
      await credit.refund().catch(() => undefined);
      status = 'failed';
    }
    live.status = status;
    live.changed();
    await this.#notify(id).catch(() => undefined);
  }

  /**
   * Counts a stream of an answer; undefined when the answer already has MAX_READERS_PER_ANSWER here (a
   * client that reconnects in a loop must not hold connections and polls without bound). Call the result
   * once the stream ends.
   */
  openReader(id: string): (() => void) | undefined {
    const count = this.#readers.get(id) ?? 0;
    if (count >= MAX_READERS_PER_ANSWER) return undefined;
    this.#readers.set(id, count + 1);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      const left = (this.#readers.get(id) ?? 1) - 1;
      if (left > 0) this.#readers.set(id, left);
      else this.#readers.delete(id);
    };
  }

  /**
   * Reads an answer from offset `after`: the text there is so far, then the text as it comes, then how it
   * ended. Stops when `signal` aborts, when the answer is unknown, or after the longest an answer can take.
   */
  async *follow(id: string, after: number, signal: AbortSignal): AsyncGenerator<AnswerUpdate, void> {
    const live = this.#live.get(id)?.answer;
    if (live) yield* this.#followLive(live, after, signal);
    else yield* this.#followStored(id, after, signal);
  }

  async *#followLive(live: LiveAnswer, after: number, signal: AbortSignal): AsyncGenerator<AnswerUpdate, void> {
    let offset = after;
    while (!signal.aborted) {
      const waiting = live.next(signal);
      if (live.text.length > offset) {
        yield { type: 'text', text: live.text.slice(offset), offset: live.text.length };
        offset = live.text.length;
      }
      if (live.status !== 'generating') {
        yield { type: 'end', status: live.status };
        return;
      }
      await waiting;
    }
  }

  async *#followStored(id: string, after: number, signal: AbortSignal): AsyncGenerator<AnswerUpdate, void> {
    const deadline = Date.now() + this.#limits.timeLimitMs + 2 * this.#limits.leaseMs;
    let offset = after;
    while (!signal.aborted && Date.now() < deadline) {
      // Waiting starts before the read, so a notification sent between the two is not missed.
      const waiting = this.#nextNotification(id, signal);
      try {
        let row = await readAnswer(this.#db, id);
        if (row?.lease_expired) {
          await this.sweep();
          row = await readAnswer(this.#db, id);
        }
        if (!row) return;
        if (row.text.length > offset) {
          yield { type: 'text', text: row.text.slice(offset), offset: row.text.length };
          offset = row.text.length;
        }
        if (row.status !== 'generating') {
          yield { type: 'end', status: row.status };
          return;
        }
        await waiting.promise;
      } finally {
        waiting.cancel();
      }
    }
  }

  #nextNotification(id: string, signal: AbortSignal): { promise: Promise<void>; cancel(): void } {
    let cancel = () => undefined as void;
    const promise = new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', wake);
        const set = this.#wakers.get(id);
        set?.delete(wake);
        if (set?.size === 0) this.#wakers.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      signal.addEventListener('abort', wake, { once: true });
      let set = this.#wakers.get(id);
      if (!set) this.#wakers.set(id, (set = new Set()));
      set.add(wake);
      cancel = wake;
    });
    return { promise, cancel };
  }

  #wake(id: string): void {
    for (const wake of [...(this.#wakers.get(id) ?? [])]) wake();
  }

  async #notify(id: string): Promise<void> {
    try {
      await this.#db.notify(ANSWER_CHANNEL, id);
    } catch (error) {
      // Readers elsewhere poll; this one's readers need no notification from the database.
      this.#logger.warn(`Answer ${id} could not be announced: ${(error as Error).message}`);
      this.#wake(id);
    }
  }
}
