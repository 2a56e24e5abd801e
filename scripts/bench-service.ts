// `npm run bench:service`: the reference service under load, on this machine, against 127.0.0.1.
//
// 1. Requests/s and p99 latency of GET /api/bot/information?bot_id= (a visitor loading the widget) on the
//    embedded database, side by side with a bare node:http server answering the same JSON (the ceiling of
//    this machine), interleaved over several rounds; medians are printed with the ratio to the ceiling.
//    The service is measured twice: as configured (visitor reads of a bot may come from its 1 s cache) and
//    with the cache off, so every request reads PGlite.
//    Next to them, the same read by the bot's owner with an API key (the key and the bot as remembered for
//    the bot cache's second), with its ratio to the visitor's reads (goal: at least 0.5).
// 2. 200 concurrent streamed answers (raw text, 20 ms between word groups): every one must complete with
//    an answer and suggestions, with no error; the time, the peak of open streams and the stored history
//    are checked and printed.
// 3. Health-check latency (p50, p99 of GET /api/health) on a service whose bot has 20,000 passages, alone
//    and while worst-case retrievals (questions of 40 words found in most passages) run back to back beside
//    it, over several rounds; medians and the ratio are printed (goal: p99 at most 100 ms under retrieval).
// Each server runs in its own process (autocannon is not sharing their event loop). Options:
//   --rounds=3 --duration=8 --connections=50 --streams=200 --passages=20000
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { AnswerParser } from '../src/stream/answer-parser.js';

const STREAM_PATH = '/api/chat/get-streaming-response-with-custom-settings';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; pipelining?: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;

function flag(name: string, fallback: number, zeroAllowed = false): number {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (parsed === 0 && !zeroAllowed)) throw new RangeError(`--${name} must be a positive number`);
  return parsed;
}

const role = process.argv.find((arg) => arg.startsWith('--role='))?.split('=')[1];

// ---- child roles --------------------------------------------------------------------------------------

/** Words of the large knowledge base: made-up, so every language's stemmer leaves them alone. */
const VOCABULARY = Array.from({ length: 400 }, (_, index) => {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'su', 'ta', 'ri', 'po', 'de', 'fa', 'gu', 've', 'zo', 'bi', 'hu', 'ja', 'ke', 'wo', 'ny', 'xa'];
  return `${syllables[index % 20]}${syllables[Math.floor(index / 20) % 20]}${syllables[(index * 7) % 20]}n`;
});

/** A deterministic passage of 60 words from VOCABULARY, the first hundred words the most frequent. */
function passageText(seed: number): string {
  let state = seed * 2_654_435_761 + 1;
  const words: string[] = [];
  for (let index = 0; index < 60; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const pick = state % 100 < 70 ? state % 100 : state % VOCABULARY.length;
    words.push(VOCABULARY[pick]!);
  }
  return `${words.join(' ')}.`;
}

/** The most expensive question this benchmark asks: 40 distinct words found in most passages. */
const WORST_CASE_QUESTION = `${VOCABULARY.slice(0, 40).join(' ')}?`;

async function serveService(cacheTtlMs: number, passages: number): Promise<void> {
  const { startServer } = await import('../demo/server/index.js');
  // Every request here comes from one address: the rate limits would stop it, by design, so they are off.
  const server = await startServer({ port: 0, seedDemo: true, answerDelayMs: 20, botCacheTtlMs: cacheTtlMs, rateLimits: false });
  let largeBotId: string | undefined;
  if (passages > 0) {
    const { storePage } = await import('../demo/server/storage/knowledge.js');
    const { insertBot } = await import('../demo/server/storage/bots.js');
    const { db } = await server.service.ready();
    const owner = await server.createUser('bench-large', 'bench-large-password');
    const bot = await insertBot(db, owner.id, { bot_name: 'Large bot', is_visibility: true, domain: [], bot_language: 'en' }, 1_000_000);
    largeBotId = bot.id;
    const perPage = 100;
    for (let page = 0; page * perPage < passages; page++) {
      const count = Math.min(perPage, passages - page * perPage);
      const content = Array.from({ length: count }, (_, index) => ({ heading: `Section ${page}.${index}`, content: passageText(page * perPage + index) }));
      await storePage(db, largeBotId, { url: `https://large.example/${page}`, title: `Page ${page}`, wordCount: count * 60, passages: content });
    }
  }
  process.stdout.write(`${JSON.stringify({ url: server.url, botId: server.demo!.botId, apiKey: server.demo!.apiKey, largeBotId })}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

function serveBare(body: string): void {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

// ---- the benchmark ------------------------------------------------------------------------------------

async function startChild(args: string[]): Promise<{ child: ChildProcess; info: { url: string; botId?: string; apiKey?: string; largeBotId?: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line && output.includes('\n')) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`A benchmark server exited early (${code}).`)));
  });
  return { child, info };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function streamAnswers(url: string, botId: string, count: number) {
  let open = 0;
  let peak = 0;
  const errors: string[] = [];
  const started = performance.now();
  const one = async (index: number) => {
    const response = await fetch(`${url}${STREAM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ bot_id: botId, message: 'How do I change the colours of the widget?', chat_history: [], session_id: `bench-${index}` }),
    });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    open++;
    peak = Math.max(peak, open);
    const parser = new AnswerParser();
    let answer = '';
    let suggestions = 0;
    try {
      const decoder = new TextDecoder();
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const event of parser.push(decoder.decode(bytes, { stream: true }))) if (event.type === 'text') answer += event.text;
      }
      for (const event of parser.end()) {
        if (event.type === 'text') answer += event.text;
        if (event.type === 'suggestions') suggestions = event.questions.length;
      }
    } finally {
      open--;
    }
    if (!answer.includes('--chatbot-accent') || suggestions !== 4) throw new Error(`incomplete answer (${answer.length} characters, ${suggestions} suggestions)`);
  };
  const results = await Promise.allSettled(Array.from({ length: count }, (_, index) => one(index)));
  for (const result of results) if (result.status === 'rejected') errors.push(String(result.reason?.message ?? result.reason));
  return { seconds: (performance.now() - started) / 1000, peak, completed: count - errors.length, errors };
}

async function main(): Promise<void> {
  const rounds = flag('rounds', 3);
  const duration = flag('duration', 8);
  const connections = flag('connections', 50);
  const streams = flag('streams', 200);
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  try {
    console.log(`Starting the service twice (cache on and off) and a bare node:http server…`);
    const cached = await startChild(['--role=service', '--cache=on']);
    children.push(cached.child);
    const uncached = await startChild(['--role=service', '--cache=off']);
    children.push(uncached.child);
    const path = `/api/bot/information?bot_id=${cached.info.botId}`;
    const json = await (await fetch(`${cached.info.url}${path}`)).text();
    const bare = await startChild(['--role=bare', `--body=${Buffer.from(json).toString('base64')}`]);
    children.push(bare.child);

    const targets: { name: string; url: string; headers?: Record<string, string> }[] = [
      { name: 'bare node:http (same JSON)', url: `${bare.info.url}${path}` },
      { name: 'service, PGlite, 1 s bot cache', url: `${cached.info.url}${path}` },
      { name: 'service, PGlite, no cache', url: `${uncached.info.url}/api/bot/information?bot_id=${uncached.info.botId}` },
      { name: 'service, owner by API key', url: `${cached.info.url}${path}`, headers: { authorization: `Bearer ${cached.info.apiKey}` } },
    ];
    const samples = targets.map(() => ({ rps: [] as number[], p99: [] as number[], failures: 0 }));
    console.log(`GET /api/bot/information: ${rounds} rounds × ${duration} s per target, ${connections} connections, after a 2 s warm-up each`);
    for (const target of targets) await autocannon({ url: target.url, connections, duration: 2, headers: target.headers });
    for (let round = 1; round <= rounds; round++) {
      for (const [index, target] of targets.entries()) {
        const result = await autocannon({ url: target.url, connections, duration, headers: target.headers });
        samples[index]!.rps.push(result.requests.average);
        samples[index]!.p99.push(result.latency.p99);
        samples[index]!.failures += result.errors + result.timeouts + result.non2xx;
        console.log(`  round ${round}: ${target.name.padEnd(32)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p99 ${result.latency.p99} ms`);
      }
    }
    const bareRps = median(samples[0]!.rps);
    console.log('\nMedians');
    console.log(`  ${'target'.padEnd(32)} ${'req/s'.padStart(7)}  ${'p99 ms'.padStart(6)}  ${'× bare'.padStart(6)}  failures`);
    for (const [index, target] of targets.entries()) {
      const rps = median(samples[index]!.rps);
      console.log(
        `  ${target.name.padEnd(32)} ${rps.toFixed(0).padStart(7)}  ${median(samples[index]!.p99).toFixed(0).padStart(6)}  ${(rps / bareRps).toFixed(2).padStart(6)}  ${samples[index]!.failures}`,
      );
    }
    const ratio = median(samples[1]!.rps) / bareRps;
    console.log(`  target: at least 0.50 × bare on the embedded database: ${ratio >= 0.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`);
    const keyRatio = median(samples[3]!.rps) / median(samples[1]!.rps);
    console.log(`  target: API-key requests at least 0.50 × visitor requests: ${keyRatio >= 0.5 ? 'met' : 'NOT met'} (${keyRatio.toFixed(2)})`);

    console.log(`\n${streams} concurrent streamed answers (20 ms between word groups)…`);
    const before = await fetch(`${cached.info.url}/api/chat/history?bot_id=${cached.info.botId}`, { headers: { authorization: `Bearer ${cached.info.apiKey}` } });
    const sessionsBefore = ((await before.json()) as unknown[]).length;
    const outcome = await streamAnswers(cached.info.url, cached.info.botId!, streams);
    const after = await fetch(`${cached.info.url}/api/chat/history?bot_id=${cached.info.botId}`, { headers: { authorization: `Bearer ${cached.info.apiKey}` } });
    const stored = ((await after.json()) as unknown[]).length - sessionsBefore;
    console.log(`  completed ${outcome.completed}/${streams}, errors ${outcome.errors.length}, peak open streams ${outcome.peak}, ${outcome.seconds.toFixed(2)} s, sessions stored ${stored}`);
    for (const error of outcome.errors.slice(0, 5)) console.log(`  error: ${error}`);
    const streamsOk = outcome.completed === streams && outcome.errors.length === 0 && stored === streams;
    console.log(`  target: ${streams} concurrent streams answered completely with no error: ${streamsOk ? 'met' : 'NOT met'}`);
    const failures = samples.reduce((sum, sample) => sum + sample.failures, 0);

    const passages = flag('passages', 20_000);
    console.log(`\nGET /api/health beside worst-case retrievals: a bot with ${passages} passages (seeding…)`);
    const large = await startChild(['--role=service', '--cache=on', `--passages=${passages}`]);
    children.push(large.child);
    const healthUrl = `${large.info.url}/api/health`;
    const ask = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${large.info.url}${STREAM_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: large.info.largeBotId, message: WORST_CASE_QUESTION, chat_history: [] }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      return performance.now() - started;
    };
    const alone = [await ask(), await ask(), await ask()];
    console.log(`  one worst-case answer alone (retrieval, suggestions, stream): ${median(alone).toFixed(0)} ms (median of 3)`);
    const health = { aloneP50: [] as number[], aloneP99: [] as number[], besideP50: [] as number[], besideP99: [] as number[], answers: 0, failures: 0 };
    for (let round = 1; round <= rounds; round++) {
      const quiet = await autocannon({ url: healthUrl, connections: 10, duration });
      let stop = false;
      const answerLoops = Array.from({ length: 4 }, async () => {
        while (!stop) {
          await ask();
          health.answers++;
        }
      });
      const busy = await autocannon({ url: healthUrl, connections: 10, duration });
      stop = true;
      await Promise.all(answerLoops);
      health.aloneP50.push(quiet.latency.p50);
      health.aloneP99.push(quiet.latency.p99);
      health.besideP50.push(busy.latency.p50);
      health.besideP99.push(busy.latency.p99);
      health.failures += quiet.errors + quiet.timeouts + quiet.non2xx + busy.errors + busy.timeouts + busy.non2xx;
      console.log(`  round ${round}: alone p50 ${quiet.latency.p50} ms, p99 ${quiet.latency.p99} ms; beside retrievals p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms`);
    }
    const besideP99 = median(health.besideP99);
    const aloneP99 = median(health.aloneP99);
    console.log('\nMedians');
    console.log(`  health alone:             p50 ${median(health.aloneP50)} ms, p99 ${aloneP99} ms`);
    console.log(`  health beside retrievals: p50 ${median(health.besideP50)} ms, p99 ${besideP99} ms (${(besideP99 / Math.max(1, aloneP99)).toFixed(1)} × alone; ${health.answers} worst-case answers meanwhile)`);
    const healthOk = besideP99 <= 100;
    console.log(`  target: health p99 at most 100 ms beside worst-case retrievals: ${healthOk ? 'met' : 'NOT met'} (${besideP99} ms)`);
    process.exitCode = streamsOk && failures === 0 && health.failures === 0 ? 0 : 1;
  } finally {
    stopAll();
  }
}

if (role === 'service') {
  await serveService(process.argv.includes('--cache=off') ? 0 : 1000, flag('passages', 0, true));
} else if (role === 'bare') {
  const body = process.argv.find((arg) => arg.startsWith('--body='))!.slice('--body='.length);
  serveBare(Buffer.from(body, 'base64').toString('utf8'));
} else {
  await main();
}
