// `npm run service`: the reference service alone, configured by environment variables (see
// docs/reference-service.md). Prints its URL, the demo login, the demo bot and the demo API key.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_LOGGER } from './config.js';
import { startServer } from './index.js';
import { parseRateLimits } from './rate-limits.js';

const env = process.env;
const projectRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function numberFromEnv(name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, got "${text}".`);
    process.exit(2);
  }
  return value;
}

function rateLimitsFromEnv(): ReturnType<typeof parseRateLimits> {
  try {
    return parseRateLimits(env['RATE_LIMITS']);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}

const databaseUrl = env['DATABASE_URL']?.trim() || undefined;
const databaseSchema = env['DATABASE_SCHEMA']?.trim() || undefined;
const dataDir = databaseUrl ? undefined : resolve(projectRoot, env['DATA_DIR']?.trim() || '.data/pglite');

const server = await startServer({
  port: numberFromEnv('PORT', 8787),
  host: env['HOST']?.trim() || '127.0.0.1',
  databaseUrl,
  databaseSchema,
  dataDir,
  jwtSecret: env['JWT_SECRET'] || undefined,
  seedDemo: true,
  demoUsername: env['DEMO_USERNAME']?.trim() || undefined,
  demoPassword: env['DEMO_PASSWORD'] || undefined,
  scrapeAllowedHosts: (env['SCRAPE_ALLOWED_HOSTS'] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
  answerDelayMs: numberFromEnv('ANSWER_DELAY_MS', 25),
  allowSignup: /^(1|true|yes)$/i.test(env['ALLOW_SIGNUP'] ?? ''),
  messageCredits: numberFromEnv('MESSAGE_CREDITS', 1000),
  signupMessageCredits: numberFromEnv('SIGNUP_MESSAGE_CREDITS', 20),
  rateLimits: rateLimitsFromEnv(),
  trustProxyHops: numberFromEnv('TRUST_PROXY_HOPS', 0),
  logger: CONSOLE_LOGGER,
}).catch((error: unknown) => {
  console.error('The service could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

const state = await server.service.ready();
console.log(
  [
    '',
    `Reference service: ${server.url}`,
    `Storage: ${databaseUrl ? `PostgreSQL (DATABASE_URL${databaseSchema ? `, schema ${databaseSchema}` : ''})` : `embedded PostgreSQL (PGlite) in ${dataDir}`}`,
    `Answers: ${state.provider.name}`,
    `Demo login: ${server.demo?.username} / ${server.demo?.password}`,
    `Demo bot: ${server.demo?.botId}`,
    `Demo API key: ${server.demo?.apiKey}`,
    `Demo site: ${server.url}/demo-site/`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n'),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
