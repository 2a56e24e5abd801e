// The service's options and their defaults, in one place.
import type { AnswerProvider } from './answer/provider.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limits.js';

/** Where the service writes what it notices; errors always carry the cause. */
export interface Logger {
  /** Something worth knowing (start, seed). */
  info(message: string): void;
  /** Something that went wrong and was handled. */
  warn(message: string): void;
  /** Something that went wrong and was not (a 500). */
  error(message: string, cause?: unknown): void;
}

/** A logger that writes errors to stderr and drops the rest (the default of startServer). */
export const QUIET_LOGGER: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (message, cause) => console.error(message, cause),
};

/** A logger that writes everything to the console (the default of the command line). */
export const CONSOLE_LOGGER: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, cause) => console.error(message, cause),
};

/** Everything that configures the service's behaviour (not where it listens). */
export interface ServiceOptions {
  /** A PostgreSQL URL; the embedded PGlite is used when absent. */
  databaseUrl?: string;
  /** The PostgreSQL schema to work in (created when missing); tests give each run its own. */
  databaseSchema?: string;
  /** The PGlite data folder; in memory when absent. */
  dataDir?: string;
  /** The token signing secret; generated once and stored in the database when absent. */
  jwtSecret?: string;
  /** Lifetime of access tokens, in seconds (default one day). */
  tokenLifetimeSeconds?: number;
  /** `host:port` (or `host` for any port) entries the scraper may reach although they are private addresses. */
  scrapeAllowedHosts?: readonly string[];
  /** Time allowed for one page, headers and body, in milliseconds (default 10 s). */
  scrapeTimeoutMs?: number;
  /** Largest page body the scraper reads, in bytes (default 2 MB). */
  scrapeMaxBytes?: number;
  /** Most pages one full-site scrape reads (default 20). */
  scrapeMaxPages?: number;
  /** Time allowed for reading (parsing and cutting) one page in a worker, in milliseconds (default 20 s). */
  scrapeExtractTimeoutMs?: number;
  /** Time allowed for a whole scrape, in milliseconds (default 60 s); pages not read by then are reported. */
  scrapeDeadlineMs?: number;
  /** Largest request body, in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** The answer generator (default: the extractive one, or the OpenAI-compatible one when configured). */
  answerProvider?: AnswerProvider;
  /** Pause between streamed word groups of the extractive answer, in milliseconds (default 0). */
  answerDelayMs?: number;
  /** Longest a resumable answer may generate, in ms, before it is stored as cut off (default 120 s). */
  answerTimeLimitMs?: number;
  /** Most characters of a resumable answer's text before it is stored as cut off (default 20,000). */
  answerMaxChars?: number;
  /** How long a process generating an answer is trusted without a sign of life, in ms (default 15 s). */
  answerLeaseMs?: number;
  /** Most time between two writes of a generating answer's text, in ms (default 250). */
  answerFlushMs?: number;
  /** How long a finished answer can be resumed and its idempotency key found, in ms (default one day). */
  answerRetentionMs?: number;
  /** How long a visitor's read of a bot may be served from this process's memory, in ms (default 1000; 0: never). */
  botCacheTtlMs?: number;
  /** Message credits a new bot starts with (default 1000). */
  messageCredits?: number;
  /** Whether `POST /api/users` lets anyone create an account (default false). */
  allowSignup?: boolean;
  /** Message credits a new bot of a self-signed-up account starts with (default 20). */
  signupMessageCredits?: number;
  /** Rate limits: the defaults with these changes, or false for none (default: DEFAULT_RATE_LIMITS). */
  rateLimits?: Partial<RateLimitSettings> | false;
  /** Proxies in front of the service whose `X-Forwarded-For` entry is trusted (default 0: the socket's address). */
  trustProxyHops?: number;
  /** Where notices go (default: errors to stderr). */
  logger?: Logger;
}

/** The options with every default filled in. */
export interface ResolvedOptions extends Required<Omit<ServiceOptions, 'databaseUrl' | 'databaseSchema' | 'dataDir' | 'jwtSecret' | 'answerProvider' | 'rateLimits'>> {
  /** Every limit, or false for none. */
  rateLimits: RateLimitSettings | false;
  /** As given. */
  databaseUrl: string | undefined;
  /** As given. */
  databaseSchema: string | undefined;
  /** As given. */
  dataDir: string | undefined;
  /** As given. */
  jwtSecret: string | undefined;
  /** As given. */
  answerProvider: AnswerProvider | undefined;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number, got ${value}.`);
  return value;
}

/** Fills in the defaults and checks the numbers. */
export function resolveOptions(options: ServiceOptions): ResolvedOptions {
  return {
    databaseUrl: options.databaseUrl || undefined,
    databaseSchema: options.databaseSchema,
    dataDir: options.dataDir || undefined,
    jwtSecret: options.jwtSecret || undefined,
    tokenLifetimeSeconds: positive('tokenLifetimeSeconds', options.tokenLifetimeSeconds, 24 * 60 * 60),
    scrapeAllowedHosts: (options.scrapeAllowedHosts ?? []).map((entry) => entry.trim().toLowerCase()).filter(Boolean),
    scrapeTimeoutMs: positive('scrapeTimeoutMs', options.scrapeTimeoutMs, 10_000),
    scrapeMaxBytes: positive('scrapeMaxBytes', options.scrapeMaxBytes, 2_000_000),
    scrapeMaxPages: positive('scrapeMaxPages', options.scrapeMaxPages, 20),
    scrapeExtractTimeoutMs: positive('scrapeExtractTimeoutMs', options.scrapeExtractTimeoutMs, 20_000),
    scrapeDeadlineMs: positive('scrapeDeadlineMs', options.scrapeDeadlineMs, 60_000),
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, 1_000_000),
    answerProvider: options.answerProvider,
    answerDelayMs: positive('answerDelayMs', options.answerDelayMs, 0),
    answerTimeLimitMs: positive('answerTimeLimitMs', options.answerTimeLimitMs, 120_000),
    answerMaxChars: positive('answerMaxChars', options.answerMaxChars, 20_000),
    answerLeaseMs: positive('answerLeaseMs', options.answerLeaseMs, 15_000),
    answerFlushMs: positive('answerFlushMs', options.answerFlushMs, 250),
    answerRetentionMs: positive('answerRetentionMs', options.answerRetentionMs, 24 * 60 * 60 * 1000),
    botCacheTtlMs: positive('botCacheTtlMs', options.botCacheTtlMs, 1000),
    messageCredits: positive('messageCredits', options.messageCredits, 1000),
    allowSignup: options.allowSignup ?? false,
    signupMessageCredits: positive('signupMessageCredits', options.signupMessageCredits, 20),
    rateLimits: options.rateLimits === false ? false : resolveRateLimits(options.rateLimits ?? {}),
    trustProxyHops: positive('trustProxyHops', options.trustProxyHops, 0),
    logger: options.logger ?? QUIET_LOGGER,
  };
}

function resolveRateLimits(changes: Partial<RateLimitSettings>): RateLimitSettings {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const [name, value] of Object.entries(changes) as [keyof RateLimitSettings, number | undefined][]) {
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`rateLimits.${name} must be a whole number of at least 1, got ${value}.`);
    limits[name] = value;
  }
  return limits;
}
