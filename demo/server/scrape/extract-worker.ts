// The extraction worker: parses a page and cuts it into passages in its own thread, so a page that is slow
// to read never stops the service from answering. Started and timed by extract-pool.ts.
import { parentPort } from 'node:worker_threads';
import { serializeError } from '../worker-threads.js';
import { extractPage, splitIntoPassages } from './extract.js';
import type { ExtractionJob, ExtractionReply } from './extract-pool.js';

if (!parentPort) throw new Error('extract-worker.ts runs as a worker thread.');
const port = parentPort;

port.on('message', (job: ExtractionJob) => {
  let reply: ExtractionReply;
  try {
    const page = extractPage(job.body, job.mediaType, job.url);
    const content = { title: page.title, wordCount: page.wordCount, links: page.links, passages: splitIntoPassages(page), truncated: page.truncated };
    reply = { id: job.id, ok: true, content };
  } catch (error) {
    reply = { id: job.id, ok: false, error: serializeError(error) };
  }
  port.postMessage(reply);
});
// Loading this module (the parser, Readability) takes a while on a cold start; pages are timed from here.
port.postMessage({ ready: true });
