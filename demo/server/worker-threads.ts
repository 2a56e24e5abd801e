// Starts the service's worker threads and carries errors between threads. The service runs from TypeScript
// sources (under `node --import tsx`, under tsx's `tsImport` in `npm run demo`, under the test runner), and
// a worker thread inherits none of these loaders: a `.ts` worker registers tsx itself before it loads.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The URL of a worker module next to the caller, with the caller's own extension (`.ts` from sources). */
export function siblingModule(baseName: string, callerUrl: string): URL {
  const extension = new URL(callerUrl).pathname.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./${baseName}${extension}`, callerUrl);
}

/**
 * Starts the worker module at `url`. A `.ts` module starts through worker-bootstrap.mjs, which registers
 * tsx in the new thread before loading it.
 */
export function startWorker(url: URL, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, options);
  return new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), { ...options, workerData: { entry: url.href } });
}

/** An error as it crosses a thread: its message, name and own fields (`code`, `detail`, …). */
export interface SerializedError {
  /** The message. */
  message: string;
  /** The error's name (`Error`, `DatabaseError`, `RangeError`, …). */
  name: string;
  /** Its own enumerable fields with plain values. */
  fields: Record<string, string | number | boolean>;
}

/** Turns an error into what crosses a thread (structured cloning drops an error's own fields such as `code`). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

/** Rebuilds an error from the other thread, with its fields, and this thread's stack. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return Object.assign(error, serialized.fields);
}
