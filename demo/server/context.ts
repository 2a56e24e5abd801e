// What the service's routes share: the state every route works with, the Hono environment that carries it,
// and the caller of a request. Its own module, so that the routes and the application that registers them do
// not import each other.
import type { Context } from 'hono';
import type { AnswerProvider } from './answer/provider.js';
import type { ResumableAnswers } from './answer/resumable-answers.js';
import type { SuggestionChecks } from './answer/suggestions.js';
import type { CallerCache } from './auth/caller-cache.js';
import { resolveCaller, type Caller } from './auth/caller.js';
import type { TokenIssuer } from './auth/tokens.js';
import type { ResolvedOptions } from './config.js';
import type { RateLimits } from './rate-limits.js';
import type { ExtractionPool } from './scrape/extract-pool.js';
import type { BotCache } from './storage/bot-cache.js';
import type { Database } from './storage/database.js';

/** What every route works with once the database is open. */
export interface ServiceState {
  /** The open, migrated database. */
  db: Database;
  /** Signs and checks access tokens. */
  tokens: TokenIssuer;
  /** The options with defaults. */
  options: ResolvedOptions;
  /** Writes the answers. */
  provider: AnswerProvider;
  /** Visitors' short-lived copies of bots. */
  botCache: BotCache;
  /** Credentials this process checked in the last moment (see auth/caller-cache.ts). */
  callers: CallerCache;
  /** Which suggested questions were found answerable, per bot and version of its knowledge base. */
  suggestionChecks: SuggestionChecks;
  /** The workers that read scraped pages. */
  extraction: ExtractionPool;
  /** What visitors may spend and try, counted in the database. */
  rateLimits: RateLimits;
  /** Answers that outlive their request: generated here, or read from the database. */
  answers: ResumableAnswers;
}

/** The Hono environment of the service's routes. */
export interface ServiceEnv {
  Variables: {
    /** The service state (set by a middleware before any API route runs). */
    state: ServiceState;
  };
}

/** The caller of a request, read once per request. */
export async function callerOf(c: Context<ServiceEnv>): Promise<Caller | undefined> {
  const { db, tokens, callers } = c.get('state');
  return resolveCaller(c, db, tokens, callers);
}
