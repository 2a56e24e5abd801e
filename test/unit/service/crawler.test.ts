// The crawler's deadline, driven without a network or workers: the first page is given fetched, and reading it
// is a stand-in that takes as long as it is allowed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crawl, type CrawlStep } from '../../../demo/server/scrape/crawler.js';
import { ExtractionFailedError } from '../../../demo/server/scrape/extract-pool.js';

const page = { requestedUrl: 'https://site.test/', url: 'https://site.test/', mediaType: 'text/html', body: '<p>Hello</p>' };

async function steps(deadlineInMs: number): Promise<CrawlStep[]> {
  const all: CrawlStep[] = [];
  for await (const step of crawl(page, {
    policy: { allowedHosts: [], timeoutMs: 10_000, maxBytes: 1_000_000 },
    scrapeType: 2,
    maxPages: 5,
    signal: new AbortController().signal,
    deadline: Date.now() + deadlineInMs,
    // Never done in time: fails as the extraction pool does when its time is up.
    extract: (fetched, timeoutMs) =>
      new Promise((_resolve, reject) =>
        setTimeout(() => reject(new ExtractionFailedError(fetched.requestedUrl, `The page at ${fetched.url} took longer than ${timeoutMs} ms to read; it was left out.`)), timeoutMs),
      ),
    extractTimeoutMs: 20_000,
  })) {
    all.push(step);
  }
  return all;
}

describe('crawl: the deadline', () => {
  it('reports a page whose reading the deadline cut short as not read for the time limit, not for its reading time', async () => {
    const [step, ...rest] = await steps(40);
    assert.equal(rest.length, 0);
    assert.equal(step!.kind, 'skipped');
    assert.equal(step!.kind === 'skipped' && step.reason, 'Not read: the scrape reached its time limit first.');
  });
});
