// Makes sure a Chromium the browser tests can drive is installed: Debian's package at /usr/bin/chromium
// (or CHROME_PATH). As root it installs the package; otherwise it says exactly what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function chromePath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export function ensureChromium() {
  const path = chromePath();
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`Chromium not found at ${path}: installing Debian's chromium package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
      : update;
    if (install.status === 0 && existsSync(path)) return path;
    throw new Error(`Installing chromium failed (apt-get exit ${install.status}).`);
  }
  throw new Error(
    `Chromium is needed for the browser tests and was not found at ${path}.\n` +
      (hasApt
        ? 'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n'
        : 'Install Chromium with your package manager, then ') +
      'or point CHROME_PATH at an installed Chromium or Chrome binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
