// The knowledge base of a bot: POST /api/scraping/url reads a page (scrape_type 2) or a site (scrape_type 1)
// and streams newline-delimited progress `{url, progress, num_token}`; GET lists the entries; DELETE removes
// one (by base64 URL, as the deployed service does, or by entry id).
import type { Hono } from 'hono';
import type * as z from 'zod/mini';
import { ScrapeRequestSchema, type ScrapeProgressSchema } from '../../../src/api/schemas.js';
import { ownedBot } from '../access.js';
import { callerOf, type ServiceEnv } from '../context.js';
import { requireCaller } from '../auth/caller.js';
import { ServiceError, invalidField } from '../errors.js';
import { queryObject, readJsonBody } from '../request.js';
import { crawl } from '../scrape/crawler.js';
import { ScrapeRefusedError, fetchPage, type FetchPolicy } from '../scrape/safe-fetch.js';
import { deleteSourceById, deleteSourceByUrl, listSources, storePage } from '../storage/knowledge.js';
import { cutStream } from '../streaming.js';
import { parseInput, requireUuid } from '../validation.js';

/** One line of a scrape's progress stream: `error` for a page not read, `warning` for one read in part. */
type ScrapeProgressLine = z.input<typeof ScrapeProgressSchema> & { progress: number; num_token: number };

// "example.com/docs" means https://example.com/docs; a URL with any other scheme is kept as written (and
// refused later if it is not http or https).
function withScheme(text: string): string {
  return /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) ? text : `https://${text}`;
}

/**
 * Decodes the base64 of a URL (standard or URL-safe alphabet, padded or not); undefined when it is not one. A
 * space is read as `+`: ChatFly's older admin puts the base64 in the query without encoding it.
 */
export function decodeBase64Url(text: string): string | undefined {
  const normalised = text.replace(/[ -]/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normalised)) return undefined;
  const decoded = Buffer.from(normalised, 'base64').toString('utf8');
  return decoded.includes('\uFFFD') ? undefined : decoded;
}

function urlSpellings(url: string): string[] {
  const spellings = new Set([url]);
  try {
    const parsed = new URL(withScheme(url));
    parsed.hash = '';
    spellings.add(parsed.href);
  } catch {
    // Not a URL: only the text as given can match.
  }
  return [...spellings];
}

/** Registers the knowledge-base endpoints. */
export function registerScrapingRoutes(app: Hono<ServiceEnv>): void {
  app.post('/api/scraping/url', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const body = parseInput(ScrapeRequestSchema, await readJsonBody(c), 'body');
    if (body.user_id && body.user_id.toLowerCase() !== caller.userId) {
      throw invalidField(['body', 'user_id'], 'user_id must be the id of the signed-in user (or be left out)');
    }
    const bot = await ownedBot(c, requireUuid(body.bot_id, 'body', 'bot_id'), caller);
    const { db, options, extraction } = c.get('state');
    const deadline = Date.now() + options.scrapeDeadlineMs;
    const policy: FetchPolicy = {
      allowedHosts: options.scrapeAllowedHosts,
      timeoutMs: options.scrapeTimeoutMs,
      maxBytes: options.scrapeMaxBytes,
    };
    const crawling = new AbortController();
    const onClientGone = () => crawling.abort(new Error('The client went away.'));
    c.req.raw.signal.addEventListener('abort', onClientGone, { once: true });

    // The first page is read before answering, so a refused or unreachable URL is a plain 422.
    let first;
    try {
      first = await fetchPage(withScheme(body.scrape_url), policy, crawling.signal);
    } catch (error) {
      c.req.raw.signal.removeEventListener('abort', onClientGone);
      if (error instanceof ScrapeRefusedError) {
        throw new ServiceError('scrapeRefused', error.message, [{ loc: ['body', 'scrape_url'], msg: error.message, type: 'scrape_refused' }]);
      }
      throw error;
    }

    const steps = crawl(first, {
      policy,
      scrapeType: body.scrape_type,
      maxPages: options.scrapeMaxPages,
      signal: crawling.signal,
      deadline,
      extract: extraction.extract,
      extractTimeoutMs: options.scrapeExtractTimeoutMs,
    });
    const encoder = new TextEncoder();
    let words = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const step = await steps.next();
          if (step.done || crawling.signal.aborted) {
            c.req.raw.signal.removeEventListener('abort', onClientGone);
            controller.close();
            return;
          }
          const event = step.value;
          let line: ScrapeProgressLine;
          if (event.kind === 'page') {
            await storePage(db, bot.id, { url: event.url, title: event.title, wordCount: event.wordCount, passages: event.passages });
            words += event.wordCount;
            line = { url: event.url, progress: event.progress, num_token: words };
            if (event.truncated) line.warning = `The page is too large to read whole; only its first part was kept.`;
          } else {
            options.logger.warn(`Scrape of ${event.url} skipped: ${event.reason}`);
            line = { url: event.url, progress: event.progress, num_token: words, error: event.reason };
          }
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch (error) {
          c.req.raw.signal.removeEventListener('abort', onClientGone);
          if (crawling.signal.aborted) return;
          options.logger.error(`The scrape for bot ${bot.id} failed`, error);
          cutStream(c, controller);
        }
      },
      cancel() {
        onClientGone();
        c.req.raw.signal.removeEventListener('abort', onClientGone);
        void steps.return(undefined).catch(() => undefined);
      },
    });
    return c.body(stream, 200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
  });

  app.get('/api/scraping/url/:bot_id', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const bot = await ownedBot(c, requireUuid(c.req.param('bot_id'), 'path', 'bot_id'), caller);
    return c.json(await listSources(c.get('state').db, bot.id));
  });

  app.delete('/api/scraping/url', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const query = queryObject(c);
    if (!query['bot_id']) throw invalidField(['query', 'bot_id'], 'bot_id is required', 'missing');
    const encoded = query['base64_url'];
    if (!encoded) throw invalidField(['query', 'base64_url'], 'base64_url is required', 'missing');
    const url = decodeBase64Url(encoded);
    if (url === undefined) throw invalidField(['query', 'base64_url'], 'base64_url must be the base64 of a URL');
    const bot = await ownedBot(c, requireUuid(query['bot_id'], 'query', 'bot_id'), caller);
    if (!(await deleteSourceByUrl(c.get('state').db, bot.id, urlSpellings(url)))) {
      throw new ServiceError('notFound', `The knowledge base has no entry for ${url}.`);
    }
    return c.json({ message_code: 0, message: 'Data source deleted.' });
  });

  app.delete('/api/scraping/url/:bot_id/:knowledge_base_id', async (c) => {
    const caller = requireCaller(await callerOf(c));
    const bot = await ownedBot(c, requireUuid(c.req.param('bot_id'), 'path', 'bot_id'), caller);
    const sourceId = requireUuid(c.req.param('knowledge_base_id'), 'path', 'knowledge_base_id');
    if (!(await deleteSourceById(c.get('state').db, bot.id, sourceId))) {
      throw new ServiceError('notFound', 'The knowledge base has no such entry.');
    }
    return c.json({ message_code: 0, message: 'Data source deleted.' });
  });
}
