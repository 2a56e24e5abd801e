// The demo account and bot: created on first start, found again on every later start (nothing duplicated,
// nothing lost). The bot's knowledge base is filled by really scraping the demo site the service serves.
import { createHmac } from 'node:crypto';
import type { BotCreateBody } from '../../src/api/schemas.js';
import type { ServiceState } from './context.js';
import { verifyPassword } from './auth/passwords.js';
import { loadSigningSecret } from './auth/tokens.js';
import { crawl } from './scrape/crawler.js';
import { fetchPage } from './scrape/safe-fetch.js';
import { DEMO_SITE_PATH } from './routes/demo-site.js';
import { findBot, insertBot } from './storage/bots.js';
import { storePage } from './storage/knowledge.js';
import { API_KEY_PREFIX, createUser, findUserByName, setPassword, storeApiKey } from './storage/users.js';
import type { Queryable } from './storage/database.js';

/** The demo account and bot as printed at start. */
export interface DemoAccount {
  /** The demo login name. */
  username: string;
  /** The demo password. */
  password: string;
  /** The demo bot's id (stable for a data folder or database). */
  botId: string;
  /** An API key of the demo user (stable for a database and signing secret). */
  apiKey: string;
}

/** The demo login used when none is configured. */
export const DEFAULT_DEMO_USERNAME = 'demo';
/** The demo password used when none is configured. */
export const DEFAULT_DEMO_PASSWORD = 'demo-password';

/** The version of the demo knowledge base: raised when the demo pages or the extraction change, so it is read again. */
const DEMO_KNOWLEDGE_VERSION = '2';

/** Messages the demo bot starts with. */
const DEMO_MESSAGE_CREDITS = 100_000;

const DEMO_BOT: BotCreateBody = {
  bot_name: 'Widget guide',
  case_study: '2',
  is_visibility: true,
  domain: ['localhost', '127.0.0.1', '[::1]'],
  collect_customer_info: {},
  rules: [],
  gpt_model_name: 'gpt-3.5-turbo-16k',
  temperature: 0,
  custom_prompt: '',
  bot_tone_type: 4,
  custom_error_message: '',
  is_enable_citation: true,
  is_activate: true,
  bot_language: 'en',
};

async function readSetting(db: Queryable, key: string): Promise<string | undefined> {
  const [row] = await db.query<{ value: string }>('select value from service_settings where key = $1', [key]);
  return row?.value;
}

async function writeSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('insert into service_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [key, value]);
}

// The demo user's key is derived from the signing secret, so it is the same on every start without being stored.
function demoApiKey(secretSource: string, userId: string): string {
  return API_KEY_PREFIX + createHmac('sha256', secretSource).update(`demo-api-key:${userId}`).digest('base64url').slice(0, 32);
}

async function ensureDemoUser(db: Queryable, username: string, password: string): Promise<string> {
  const { id, created } = await createUser(db, username, password);
  if (!created) {
    const user = await findUserByName(db, username);
    if (user && !(await verifyPassword(password, user.password_hash))) {
      await setPassword(db, id, password);
    }
  }
  return id;
}

async function ensureDemoBot(db: Queryable, userId: string): Promise<string> {
  const key = `demo_bot:${userId}`;
  const known = await readSetting(db, key);
  if (known && (await findBot(db, known))) return known;
  const bot = await insertBot(db, userId, DEMO_BOT, DEMO_MESSAGE_CREDITS);
  if (known) {
    // The recorded demo bot was deleted: this one replaces it.
    await writeSetting(db, key, bot.id);
    return bot.id;
  }
  // Two processes seeding one database at once: the first id recorded wins and the other bot goes.
  await db.query('insert into service_settings (key, value) values ($1, $2) on conflict (key) do nothing', [key, bot.id]);
  const winner = (await readSetting(db, key))!;
  if (winner !== bot.id) await db.query('delete from bots where id = $1', [bot.id]);
  return winner;
}

/**
 * Fills the demo bot's knowledge base from the demo site at `serviceUrl` (once per bot); on later starts at
 * another address, moves the stored page URLs to it so source links keep working.
 */
async function ensureDemoKnowledge(state: ServiceState, botId: string, serviceUrl: string): Promise<void> {
  const { db, options } = state;
  const origin = new URL(serviceUrl).origin;
  const seededKey = `demo_site_origin:${botId}`;
  const versionKey = `demo_site_version:${botId}`;
  const seededOrigin = await readSetting(db, seededKey);
  // A knowledge base read by an older extractor, or from older demo pages, is read again.
  if (seededOrigin !== undefined && (await readSetting(db, versionKey)) === DEMO_KNOWLEDGE_VERSION) {
    if (seededOrigin !== origin) {
      await db.query(
        `update knowledge_sources set url = $3 || substr(url, length($2) + 1)
         where bot_id = $1 and starts_with(url, $2 || '${DEMO_SITE_PATH}')`,
        [botId, seededOrigin, origin],
      );
      await writeSetting(db, seededKey, origin);
    }
    return;
  }
  if (seededOrigin !== undefined) {
    await db.query(`delete from knowledge_sources where bot_id = $1 and starts_with(url, $2 || '${DEMO_SITE_PATH}')`, [botId, seededOrigin]);
  }
  const host = new URL(serviceUrl).host;
  const policy = { allowedHosts: [host], timeoutMs: options.scrapeTimeoutMs, maxBytes: options.scrapeMaxBytes };
  const signal = new AbortController().signal;
  const deadline = Date.now() + options.scrapeDeadlineMs;
  const first = await fetchPage(`${origin}${DEMO_SITE_PATH}index.html`, policy, signal);
  const reading = { signal, deadline, extract: state.extraction.extract, extractTimeoutMs: options.scrapeExtractTimeoutMs };
  for await (const step of crawl(first, { policy, scrapeType: 1, maxPages: options.scrapeMaxPages, ...reading })) {
    if (step.kind === 'page') {
      await storePage(db, botId, { url: step.url, title: step.title, wordCount: step.wordCount, passages: step.passages });
    } else {
      options.logger.warn(`Demo site page ${step.url} skipped: ${step.reason}`);
    }
  }
  await writeSetting(db, seededKey, origin);
  await writeSetting(db, versionKey, DEMO_KNOWLEDGE_VERSION);
}

/** Creates (or finds) the demo account, its bot and knowledge base, and its API key. */
export async function seedDemo(
  state: ServiceState,
  input: { username: string; password: string; serviceUrl: string },
): Promise<DemoAccount> {
  const { db, options } = state;
  const userId = await ensureDemoUser(db, input.username, input.password);
  const botId = await ensureDemoBot(db, userId);
  await ensureDemoKnowledge(state, botId, input.serviceUrl);
  const secret = options.jwtSecret ?? Buffer.from(await loadSigningSecret(db)).toString('base64');
  const apiKey = demoApiKey(secret, userId);
  await storeApiKey(db, userId, apiKey, 'demo');
  return { username: input.username, password: input.password, botId, apiKey };
}
