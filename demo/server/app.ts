// The Hono application: CORS for embedding, a body-size limit, one error shape, and the routes. The database
// opens on first use (PGlite's first start is slow), so building the app costs nothing.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { createExtractiveProvider } from './answer/extractive.js';
import { createOpenAiProvider, openAiSettingsFromEnv } from './answer/openai.js';
import type { AnswerProvider } from './answer/provider.js';
import { ResumableAnswers } from './answer/resumable-answers.js';
import { SuggestionChecks } from './answer/suggestions.js';
import { API_KEY_HEADER } from './auth/caller.js';
import { createTokenIssuer, loadSigningSecret } from './auth/tokens.js';
import { resolveOptions, type ResolvedOptions, type ServiceOptions } from './config.js';
import type { ServiceEnv, ServiceState } from './context.js';
import { RateLimits } from './rate-limits.js';
import { ServiceError } from './errors.js';
import { registerOpenApiRoute } from './openapi.js';
import { registerBotRoutes } from './routes/bots.js';
import { registerChatRoutes } from './routes/chat.js';
import { registerCompatRoutes } from './routes/compat.js';
import { registerDemoSiteRoutes } from './routes/demo-site.js';
import { registerHistoryRoutes } from './routes/history.js';
import { registerLeadRoutes } from './routes/leads.js';
import { registerScrapingRoutes } from './routes/scraping.js';
import { registerUserRoutes } from './routes/users.js';
import { createExtractionPool } from './scrape/extract-pool.js';
import { CallerCache } from './auth/caller-cache.js';
import { BotCache } from './storage/bot-cache.js';
import { openDatabase } from './storage/database.js';

/** The service as an application to mount: the Hono app, its readiness and its shutdown. */
export interface ServiceApp {
  /** The Hono application (mount it, or pass `app.fetch` to a server). */
  app: Hono<ServiceEnv>;
  /** Opens the database on first call and resolves once the service can answer. */
  ready(): Promise<ServiceState>;
  /** Closes the database. */
  close(): Promise<void>;
}

const CORS_HEADERS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'X-Session-Id, Retry-After' } as const;
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': `Authorization, Content-Type, ${API_KEY_HEADER}, X-Session-Id, Accept, Idempotency-Key, Last-Event-ID`,
  'Access-Control-Max-Age': '600',
} as const;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function defaultProvider(options: ResolvedOptions): AnswerProvider {
  const openAi = openAiSettingsFromEnv(process.env);
  if (openAi) return createOpenAiProvider(openAi);
  return createExtractiveProvider({ delayMs: options.answerDelayMs });
}

/** Builds the service's application. */
export function createApp(serviceOptions: ServiceOptions = {}): ServiceApp {
  const options = resolveOptions(serviceOptions);
  const provider = options.answerProvider ?? defaultProvider(options);
  const extraction = createExtractionPool();
  let opening: Promise<ServiceState> | undefined;
  let closed = false;

  const ready = (): Promise<ServiceState> => {
    if (closed) return Promise.reject(new Error('The service is closed.'));
    opening ??= (async () => {
      const db = await openDatabase(options);
      const secret = options.jwtSecret ? new TextEncoder().encode(options.jwtSecret) : await loadSigningSecret(db);
      const answers = new ResumableAnswers(
        db,
        {
          timeLimitMs: options.answerTimeLimitMs,
          maxChars: options.answerMaxChars,
          leaseMs: options.answerLeaseMs,
          flushMs: options.answerFlushMs,
          retentionMs: options.answerRetentionMs,
        },
        options.logger,
      );
      await answers.start();
      return {
        db,
        tokens: createTokenIssuer(secret, options.tokenLifetimeSeconds),
        options,
        provider,
        botCache: new BotCache(options.botCacheTtlMs),
        callers: new CallerCache(options.botCacheTtlMs),
        suggestionChecks: new SuggestionChecks(),
        extraction,
        rateLimits: new RateLimits(db, options.rateLimits),
        answers,
      };
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };

  const app = new Hono<ServiceEnv>();

  // CORS for embedding: any origin, no credentials (the bots' own Origin check decides who may chat). The
  // headers are set before the route runs, so they are on every answer, errors included, and a plain JSON
  // answer keeps @hono/node-server's fast path (changing headers afterwards would rebuild the response).
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return c.body(null, 204, PREFLIGHT_HEADERS);
    }
    for (const [name, value] of Object.entries(CORS_HEADERS)) c.header(name, value);
    await next();
  });

  const limitBody = bodyLimit({
    maxSize: options.maxBodyBytes,
    onError: (c) => {
      // The rest of the body is not read, so the connection cannot carry another request: say so, and the
      // client opens a new one instead of sending its next request into the unread bytes.
      c.header('Connection', 'close');
      throw new ServiceError('bodyTooLarge', `The request body is larger than ${options.maxBodyBytes} bytes.`);
    },
  });
  // Requests without a body skip the limit, which would otherwise build the full Request object.
  app.use('*', (c, next) => (BODYLESS_METHODS.has(c.req.method) ? next() : limitBody(c, next)));

  registerDemoSiteRoutes(app);
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  registerOpenApiRoute(app);

  let readyState: ServiceState | undefined;
  app.use('*', async (c, next) => {
    readyState ??= await ready();
    c.set('state', readyState);
    await next();
  });

  registerCompatRoutes(app);
  registerUserRoutes(app);
  registerBotRoutes(app);
  registerScrapingRoutes(app);
  registerHistoryRoutes(app);
  registerChatRoutes(app);
  registerLeadRoutes(app);

  app.notFound((c) => {
    const error = new ServiceError('notFound', `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`);
    return c.json(error.toBody(), 404);
  });

  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(error.toBody(), error.status as 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const kind = error.status === 401 ? 'unauthorized' : error.status === 404 ? 'notFound' : 'validation';
      const mapped = new ServiceError(kind, error.message || 'Bad request.');
      return c.json(mapped.toBody(), error.status);
    }
    options.logger.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return c.json(new ServiceError('internal', 'Internal server error.').toBody(), 500);
  });

  return {
    app,
    ready,
    async close() {
      closed = true;
      await extraction.close();
      const state = await opening?.catch(() => undefined);
      state?.rateLimits.close();
      await state?.answers.close();
      await state?.db.close();
    },
  };
}
