// `npm run service` as a newcomer runs it: a child process configured by environment variables.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AnswerParser } from '../../src/stream/answer-parser.js';
import { dropTestSchemas, testEngines } from './helpers.js';

interface Started {
  child: ChildProcess;
  output: () => string;
  line: (label: string) => string;
}

async function startCli(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    env: { ...process.env, PORT: '0', ANSWER_DELAY_MS: '0', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Press Ctrl+C to stop.')) {
    if (child.exitCode !== null) throw new Error(`The service exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The service did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const line = (label: string) => {
    const match = new RegExp(`^${label}: (.+)$`, 'm').exec(output);
    assert.ok(match, `printed "${label}: …"`);
    return match[1]!.trim();
  };
  return { child, output: () => output, line };
}

/** Stops the service as Ctrl+C would: its exit code, or the signal that ended it and what it printed. */
async function stop(started: Started): Promise<number | string> {
  started.child.kill('SIGTERM');
  const [code, signal] = (await once(started.child, 'exit')) as [number | null, NodeJS.Signals | null];
  return code ?? `killed by ${signal}, after printing:\n${started.output().slice(-2000)}`;
}

for (const engine of testEngines()) {
  describe(`npm run service (${engine.name})`, () => {
    after(() => dropTestSchemas());

    it('prints its URL, the demo login and a stable demo bot that a visitor can chat with at once', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-cli-'));
      const storage: Record<string, string> =
        engine.name === 'pglite'
          ? { DATA_DIR: dataDir }
          : await engine.freshDatabase().then((options) => ({ DATABASE_URL: options.databaseUrl!, DATABASE_SCHEMA: options.databaseSchema! }));
      try {
        const first = await startCli({ ...storage, DEMO_USERNAME: 'cli-demo', DEMO_PASSWORD: 'cli-password' });
        const url = first.line('Reference service');
        const botId = first.line('Demo bot');
        assert.equal(first.line('Demo login'), 'cli-demo / cli-password');
        assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
        assert.equal((await fetch(`${url}/api/health`)).status, 200);
        const site = await fetch(`${url}/demo-site/`);
        assert.match(await site.text(), /<h1>chatbot-widget<\/h1>/);
        assert.equal((await fetch(`${url}/demo-site/..%2Fapp.ts`)).status, 404);
        const answer = await fetch(`${url}/api/chat/get-streaming-response-with-custom-settings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:8000' },
          body: JSON.stringify({ bot_id: botId, message: 'Is the widget free?', chat_history: [] }),
        });
        assert.equal(answer.status, 200);
        const parser = new AnswerParser();
        const events = [...parser.push(await answer.text()), ...parser.end()];
        const text = events.map((event) => (event.type === 'text' ? event.text : '')).join('');
        assert.match(text, /MIT licence/);
        assert.equal(events.find((event) => event.type === 'suggestions')?.type, 'suggestions');
        assert.equal(await stop(first), 0);

        const second = await startCli({ ...storage, DEMO_USERNAME: 'cli-demo', DEMO_PASSWORD: 'cli-password' });
        assert.equal(second.line('Demo bot'), botId, 'the same demo bot after a restart');
        assert.equal(await stop(second), 0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

describe('npm run service with bad settings', () => {
  it('exits with a message for a port that is not a number', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], { env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 2);
    assert.match(output, /PORT must be a whole number, got "eighty"/);
  });
});
