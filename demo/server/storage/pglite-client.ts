// The embedded database seen from the service thread: a Database whose every query, script and transaction
// runs in the database worker (pglite-worker.ts). The worker keeps the process alive only while a request
// is waiting for it, as an in-thread database would.
import type { Worker } from 'node:worker_threads';
import { deserializeError, siblingModule, startWorker, type SerializedError } from '../worker-threads.js';
import type { Database, Queryable } from './database.js';
import type { DatabaseReply, DatabaseRequest } from './pglite-protocol.js';

/** How long `close()` waits for the worker to close PGlite before ending the thread. */
const CLOSE_DEADLINE_MS = 5_000;

type Request = DatabaseRequest extends infer Message ? (Message extends { id: number } ? Omit<Message, 'id'> : never) : never;

/** Starts a database worker and opens PGlite in it (in `dataDir`, or in memory when absent). */
export async function openPgliteWorker(dataDir: string | undefined): Promise<Omit<Database, 'notify' | 'listen'>> {
  const worker: Worker = startWorker(siblingModule('pglite-worker', import.meta.url));
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  worker.unref();

  const failAll = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: DatabaseReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(deserializeError(reply.error as SerializedError));
  });
  worker.on('error', (error) => failAll(new Error(`The embedded database stopped: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => failAll(new Error(`The embedded database stopped (its thread exited with code ${code}).`)));

  const request = <T>(message: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...message, id } as DatabaseRequest);
    });
  };
  const queryable = (transaction: number | undefined): Queryable => ({
    query: <Row>(sql: string, params?: readonly unknown[]) => request<Row[]>({ op: 'query', sql, params: params ? [...params] : undefined, transaction }),
    exec: (sql) => request<void>({ op: 'exec', sql, transaction }),
  });

  try {
    await request({ op: 'open', dataDir });
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    engine: 'pglite',
    ...queryable(undefined),
    async transaction(work) {
      const transaction = await request<number>({ op: 'begin' });
      let result;
      try {
        result = await work(queryable(transaction));
      } catch (error) {
        await request({ op: 'end', transaction, commit: false }).catch(() => undefined);
        throw error;
      }
      await request({ op: 'end', transaction, commit: true });
      return result;
    },
    async close() {
      if (!stopped) {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_DEADLINE_MS)));
        await Promise.race([request({ op: 'close' }).catch(() => undefined), deadline]);
        clearTimeout(timer);
      }
      failAll(new Error('The database is closed.'));
      await worker.terminate();
    },
  };
}
