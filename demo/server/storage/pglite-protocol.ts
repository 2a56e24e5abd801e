// The messages between the service thread and the database worker.
import type { SerializedError } from '../worker-threads.js';

/** What the service thread asks the database worker; `id` pairs the reply. */
export type DatabaseRequest = { id: number } & (
  | { op: 'open'; dataDir: string | undefined }
  | { op: 'query'; sql: string; params: unknown[] | undefined; transaction: number | undefined }
  | { op: 'exec'; sql: string; transaction: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'close' }
);

/** The worker's answer to one request: its value or its error. */
export type DatabaseReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SerializedError });
