// The one test command (`npm test`): node tests (pure modules and the reference service) and browser
// tests (elements and integration, in Chromium), then one plain closing line with the totals.
//   node scripts/test.mjs            everything
//   node scripts/test.mjs unit       node tests only
//   node scripts/test.mjs browser    browser tests only (extra arguments go to web-test-runner)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureDependencies } from './ensure-deps.mjs';

const [what = 'all', ...extra] = process.argv.slice(2);
ensureDependencies();
const reports = 'reports';
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

function addCounts(file, label) {
  if (!existsSync(file)) {
    console.error(`${label}: the runner wrote no results; counting it as one failure.`);
    totals.failed += 1;
    return;
  }
  const counts = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

function runNodeTests() {
  const files = [...testFiles('test/unit'), ...testFiles('test/server')];
  if (files.length === 0) return;
  const out = join(reports, 'node-tests.json');
  rmSync(out, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      '--import', 'tsx',
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/node-test-count-reporter.mjs', `--test-reporter-destination=${out}`,
      ...files,
    ],
    { stdio: 'inherit' },
  );
  addCounts(out, 'node tests');
  if (result.status !== 0 && totals.failed === 0) totals.failed += 1;
}

// web-test-runner erases and redraws its progress line with terminal escape codes even when its output is
// not a terminal (its console interception clears the line before each flush). Into a pipe or a log file
// those codes are noise, so they are taken out there; on a terminal the output passes untouched.
// eslint-disable-next-line no-control-regex -- the escape character is what is being matched
const CURSOR_CODES = /\x1b\[[0-9;]*[ABCDEFGHJK]/g;

function runFiltered(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'inherit'], env });
    const decoder = new TextDecoder();
    let held = '';
    child.stdout.on('data', (chunk) => {
      const text = held + decoder.decode(chunk, { stream: true });
      // A code cut at the end of a chunk is held until the rest of it arrives.
      // eslint-disable-next-line no-control-regex -- as above
      const cut = /\x1b(\[[0-9;]*)?$/.exec(text);
      held = cut ? cut[0] : '';
      process.stdout.write((cut ? text.slice(0, cut.index) : text).replace(CURSOR_CODES, ''));
    });
    child.on('close', (status) => {
      process.stdout.write((held + decoder.decode()).replace(CURSOR_CODES, ''));
      resolve({ status });
    });
  });
}

async function runBrowserTests() {
  const files = [...testFiles('test/elements'), ...testFiles('test/integration')];
  if (files.length === 0) return;
  try {
    process.env.CHROME_PATH = ensureChromium();
  } catch (error) {
    console.error(error.message);
    totals.failed += 1;
    return;
  }
  const out = join(reports, 'wtr.json');
  rmSync(out, { force: true });
  const args = ['node_modules/@web/test-runner/dist/bin.js', ...extra];
  const env = { ...process.env, WTR_SUMMARY_FILE: out };
  const result = process.stdout.isTTY
    ? spawnSync(process.execPath, args, { stdio: 'inherit', env })
    : await runFiltered(process.execPath, args, env);
  addCounts(out, 'browser tests');
  if (result.status !== 0 && totals.failed === 0) totals.failed += 1;
}

if (what === 'all' || what === 'unit') runNodeTests();
if (what === 'all' || what === 'browser') await runBrowserTests();

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
