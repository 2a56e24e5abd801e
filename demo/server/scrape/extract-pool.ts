// Reads pages off the thread that answers requests: a small pool of extraction workers (started on first
// use, at most two), one page at a time each, with a time budget per page. A page over its budget has its
// worker ended (a new one starts for the next page) and fails with a sentence saying why; so does a page
// that makes its worker fail (out of memory, a crash). Idle workers never keep the process alive.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startWorker, type SerializedError } from '../worker-threads.js';
import type { Passage } from './extract.js';
import type { FetchedPage } from './safe-fetch.js';

/** What the crawler keeps of a page. */
export interface PageContent {
  /** The page title. */
  title: string;
  /** Words in its main text. */
  wordCount: number;
  /** The absolute http(s) URLs it links to. */
  links: string[];
  /** Its passages. */
  passages: Passage[];
  /** Whether it was larger than the node budget and its text is cut there. */
  truncated: boolean;
}

/** A page sent to a worker. */
export interface ExtractionJob {
  /** Pairs the reply. */
  id: number;
  /** The page body. */
  body: string;
  /** Its media type. */
  mediaType: string;
  /** Its URL (after redirects). */
  url: string;
}

/** A worker's answer for one page. */
export type ExtractionReply = { id: number } & ({ ok: true; content: PageContent } | { ok: false; error: SerializedError });

/** A page that could not be read; the message says why. */
export class ExtractionFailedError extends Error {
  /** The page. */
  readonly url: string;

  /** Creates the error for a page with its sentence. */
  constructor(url: string, message: string) {
    super(message);
    this.name = 'ExtractionFailedError';
    this.url = url;
  }
}

/** Extraction workers. */
export interface ExtractionPool {
  /** Reads a page in a worker; rejects with ExtractionFailedError after `timeoutMs` or when the worker fails. */
  extract(page: FetchedPage, timeoutMs: number): Promise<PageContent>;
  /** Ends every worker; pages waiting or being read fail. */
  close(): Promise<void>;
}

interface Waiting {
  page: FetchedPage;
  timeoutMs: number;
  resolve(content: PageContent): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  /** Whether its modules are loaded (a page's time budget starts once they are). */
  ready: boolean;
  job: (Waiting & { id: number; timer: NodeJS.Timeout }) | undefined;
}

/** Worker threads a pool starts at most: one per spare core, one or two. */
export const DEFAULT_EXTRACTION_WORKERS = Math.min(2, Math.max(1, availableParallelism() - 1));

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Creates a pool of at most `size` extraction workers (none is started until a page comes). */
export function createExtractionPool(size = DEFAULT_EXTRACTION_WORKERS): ExtractionPool {
  const workers: PoolWorker[] = [];
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  const retire = (entry: PoolWorker) => {
    const index = workers.indexOf(entry);
    if (index >= 0) workers.splice(index, 1);
    if (entry.job) clearTimeout(entry.job.timer);
    entry.job = undefined;
    void entry.worker.terminate();
  };

  const finish = (entry: PoolWorker) => {
    if (entry.job) clearTimeout(entry.job.timer);
    entry.job = undefined;
    entry.worker.unref();
    dispatch();
  };

  const spawn = (): PoolWorker => {
    const entry: PoolWorker = {
      worker: startWorker(siblingModule('extract-worker', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } }),
      ready: false,
      job: undefined,
    };
    entry.worker.on('message', (reply: ExtractionReply | { ready: true }) => {
      if ('ready' in reply) {
        entry.ready = true;
        entry.worker.unref();
        dispatch();
        return;
      }
      const job = entry.job;
      if (!job || job.id !== reply.id) return;
      finish(entry);
      if (reply.ok) job.resolve(reply.content);
      else job.reject(new ExtractionFailedError(job.page.requestedUrl, `The page at ${job.page.url} could not be read: ${reply.error.message}`));
    });
    const failed = (why: string) => {
      const job = entry.job;
      retire(entry);
      job?.reject(new ExtractionFailedError(job.page.requestedUrl, `The page at ${job.page.url} could not be read: ${why}`));
      dispatch();
    };
    entry.worker.on('error', (error) => failed(error.message));
    entry.worker.on('exit', (code) => {
      if (workers.includes(entry)) failed(`its reader stopped (exit code ${code}).`);
    });
    workers.push(entry);
    return entry;
  };

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const idle = workers.find((candidate) => candidate.ready && !candidate.job);
      if (!idle) {
        // Start another worker when every one is busy; a worker still starting will take the page.
        if (workers.length < size && workers.every((candidate) => candidate.ready)) spawn();
        return;
      }
      const entry = idle;
      const waiting = queue.shift()!;
      const id = nextId++;
      const timer = setTimeout(() => {
        retire(entry);
        waiting.reject(new ExtractionFailedError(waiting.page.requestedUrl, `The page at ${waiting.page.url} took longer than ${seconds(waiting.timeoutMs)} to read; it was left out.`));
        dispatch();
      }, waiting.timeoutMs);
      entry.job = { ...waiting, id, timer };
      entry.worker.ref();
      entry.worker.postMessage({ id, body: waiting.page.body, mediaType: waiting.page.mediaType, url: waiting.page.url } satisfies ExtractionJob);
    }
  }

  return {
    extract(page, timeoutMs) {
      if (closed) return Promise.reject(new ExtractionFailedError(page.requestedUrl, 'The service is shutting down.'));
      return new Promise<PageContent>((resolve, reject) => {
        queue.push({ page, timeoutMs, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const stopping = new ExtractionFailedError('', 'The service is shutting down.');
      for (const waiting of queue.splice(0)) waiting.reject(stopping);
      const running = workers.splice(0);
      for (const entry of running) {
        if (entry.job) {
          clearTimeout(entry.job.timer);
          entry.job.reject(stopping);
        }
      }
      await Promise.all(running.map((entry) => entry.worker.terminate()));
    },
  };
}
