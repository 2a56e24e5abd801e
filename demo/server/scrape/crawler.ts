// Reads a site for the knowledge base: the first page, and for a full-site scrape its same-origin links
// breadth first to depth 2, up to a page cap and a deadline. Pages that fail are reported and skipped;
// pages still waiting when the deadline passes are reported as not read.
import type { Passage } from './extract.js';
import { ExtractionFailedError, type PageContent } from './extract-pool.js';
import { ScrapeRefusedError, fetchPage, type FetchPolicy, type FetchedPage } from './safe-fetch.js';

/** Why a page was not read when the scrape's deadline came first. */
const TIME_LIMIT_REACHED = 'Not read: the scrape reached its time limit first.';

/** The deepest level a full-site scrape follows links to (the first page is level 0). */
export const MAX_CRAWL_DEPTH = 2;

/** One page read (or skipped) by a crawl. */
export type CrawlStep =
  | {
      /** Read. */
      kind: 'page';
      /** The URL as linked (the entry's URL). */
      url: string;
      /** The page title. */
      title: string;
      /** Words in its main text. */
      wordCount: number;
      /** Its passages. */
      passages: Passage[];
      /** Whether the page was too large to read whole and its text is cut. */
      truncated: boolean;
      /** Share of the crawl done, 0..1, never decreasing. */
      progress: number;
    }
  | {
      /** Skipped. */
      kind: 'skipped';
      /** The URL. */
      url: string;
      /** Why. */
      reason: string;
      /** Share of the crawl done. */
      progress: number;
    };

/** How far a crawl goes. */
export interface CrawlOptions {
  /** The fetch limits. */
  policy: FetchPolicy;
  /** 1: the page and its same-origin children to depth 2; 2: that page only. */
  scrapeType: 1 | 2;
  /** Most pages read. */
  maxPages: number;
  /** Stops the crawl (the client went away). */
  signal: AbortSignal;
  /** When the crawl stops reading (a `Date.now()` time): what it read is kept, the rest reported as not read. */
  deadline: number;
  /** Reads a fetched page (in a worker) within `timeoutMs`, or rejects with ExtractionFailedError. */
  extract(page: FetchedPage, timeoutMs: number): Promise<PageContent>;
  /** The time budget of reading one page, in milliseconds. */
  extractTimeoutMs: number;
}

/** Crawls from a page already fetched, yielding each page read or skipped. */
export async function* crawl(first: FetchedPage, options: CrawlOptions): AsyncGenerator<CrawlStep> {
  const origin = new URL(first.url).origin;
  const queue: { url: string; depth: number; page?: FetchedPage }[] = [{ url: first.requestedUrl, depth: 0, page: first }];
  const seen = new Set([first.requestedUrl, first.url]);
  let done = 0;
  let progress = 0;
  const advance = () => {
    done++;
    const total = Math.min(options.maxPages, done + queue.length);
    progress = Math.max(progress, queue.length === 0 || done >= options.maxPages ? 1 : done / total);
    return progress;
  };
  while (queue.length > 0 && done < options.maxPages) {
    if (options.signal.aborted) return;
    const left = options.deadline - Date.now();
    if (left <= 0) {
      // Reported in the order they would have been read, up to the page cap.
      for (const item of queue.splice(0, options.maxPages - done)) {
        yield { kind: 'skipped', url: item.url, reason: TIME_LIMIT_REACHED, progress: advance() };
      }
      return;
    }
    const item = queue.shift()!;
    let content: PageContent;
    try {
      const page = item.page ?? (await fetchPage(item.url, { ...options.policy, timeoutMs: Math.min(options.policy.timeoutMs, left) }, options.signal));
      const budget = options.deadline - Date.now();
      // A page fetched as the deadline came, or whose reading the deadline cut short, was left out for the
      // time limit, not for its own reading time (which it was never given).
      if (budget <= 0) throw new ExtractionFailedError(item.url, TIME_LIMIT_REACHED);
      content = await options.extract(page, Math.min(options.extractTimeoutMs, budget)).catch((error: unknown) => {
        throw error instanceof ExtractionFailedError && budget < options.extractTimeoutMs && Date.now() >= options.deadline
          ? new ExtractionFailedError(item.url, TIME_LIMIT_REACHED)
          : error;
      });
    } catch (error) {
      if (options.signal.aborted) return;
      if (!(error instanceof ScrapeRefusedError || error instanceof ExtractionFailedError)) throw error;
      yield { kind: 'skipped', url: item.url, reason: error.message, progress: advance() };
      continue;
    }
    if (options.scrapeType === 1 && item.depth < MAX_CRAWL_DEPTH) {
      for (const link of content.links) {
        if (seen.has(link) || new URL(link).origin !== origin) continue;
        seen.add(link);
        queue.push({ url: link, depth: item.depth + 1 });
      }
    }
    yield { kind: 'page', url: item.url, title: content.title, wordCount: content.wordCount, passages: content.passages, truncated: content.truncated, progress: advance() };
  }
}
