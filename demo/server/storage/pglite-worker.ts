// The database worker: owns one PGlite instance in its own thread and runs what the service thread asks
// (pglite-client.ts), so a slow query never stops the service from answering other requests. Messages are
// handled as they arrive; PGlite itself runs one statement at a time and holds plain queries back while a
// transaction is open, exactly as it does in one thread.
import { parentPort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { serializeError } from '../worker-threads.js';
import { openPgliteInThisThread } from './pglite-engine.js';
import type { DatabaseReply, DatabaseRequest } from './pglite-protocol.js';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread.');
const port = parentPort;

let db: PGlite | undefined;
let nextTransaction = 1;
/** Open transactions: the PGlite transaction and how to end it (true commits, false rolls back). */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; done: Promise<unknown> }>();
const ROLLBACK = Symbol('rollback');

function database(): PGlite {
  if (!db) throw new Error('The database is not open.');
  return db;
}

function target(transaction: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  if (transaction === undefined) return database();
  const open = transactions.get(transaction);
  if (!open) throw new Error('The transaction has ended.');
  return open.tx;
}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  let end!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (end = resolve));
  const done = database().transaction(async (tx) => {
    transactions.set(id, { tx, end, done });
    started();
    if (!(await decided)) throw ROLLBACK;
  });
  // A transaction that cannot start rejects `done` before `ready` resolves.
  await Promise.race([ready, done]);
  return id;
}

async function finish(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error('The transaction has ended.');
  open.end(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  } finally {
    transactions.delete(id);
  }
}

async function handle(request: DatabaseRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      db = await openPgliteInThisThread(request.dataDir);
      return undefined;
    case 'query':
      return (await target(request.transaction).query(request.sql, request.params)).rows;
    case 'exec':
      await target(request.transaction).exec(request.sql);
      return undefined;
    case 'begin':
      return begin();
    case 'end':
      return finish(request.transaction, request.commit);
    case 'close':
      await db?.close();
      db = undefined;
      return undefined;
    default: {
      const unknown: never = request;
      throw new Error(`Unknown database request ${JSON.stringify(unknown)}`);
    }
  }
}

port.on('message', (request: DatabaseRequest) => {
  handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies DatabaseReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies DatabaseReply),
  );
});
