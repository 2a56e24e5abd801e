// Installs the locked dependencies when they are missing (a fresh clone), so `npm run demo` and
// `npm test` are the only commands a newcomer needs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  console.log(`Installing the locked dependencies of ${lock.name} (npm ci)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed: see the messages above.');
    process.exit(result.status ?? 1);
  }
}
