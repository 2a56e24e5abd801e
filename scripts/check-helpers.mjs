// Shared by scripts/check-stories.mjs and scripts/check-examples.mjs: a static file server on 127.0.0.1 and
// a headless Chromium driven by playwright-core, with an axe-core audit that reads into shadow roots.
import { cpSync, createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from './ensure-chromium.mjs';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the files under each mount (`{ '/': dir, '/pkg/': otherDir }`) on 127.0.0.1 at a free port;
 * `extra(req, res)` may answer a request first by returning true. Resolves to `{ url, close }`.
 */
export async function serveStatic(mounts, extra) {
  const roots = Object.entries(mounts)
    .map(([prefix, dir]) => [prefix.endsWith('/') ? prefix : `${prefix}/`, resolve(dir)])
    .sort((a, b) => b[0].length - a[0].length);
  const server = createServer(async (req, res) => {
    try {
      if (extra && (await extra(req, res))) return;
      // Chromium asks for /favicon.ico on its own; a missing one would log a console error.
      if (req.url === '/favicon.ico' && !Object.values(mounts).some((dir) => existsSync(join(dir, 'favicon.ico')))) {
        res.writeHead(204).end();
        return;
      }
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      const mount = roots.find(([prefix]) => path.startsWith(prefix) || `${path}/` === prefix);
      if (!mount) return notFound(res);
      const [prefix, root] = mount;
      let file = normalize(join(root, path.slice(prefix.length)));
      if (file !== root && !file.startsWith(root + sep)) return notFound(res);
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!existsSync(file)) return notFound(res);
      res.writeHead(200, {
        'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      createReadStream(file).pipe(res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

/** Starts Debian's Chromium (or CHROME_PATH) headless, the way it runs as root on this project's CI. */
export async function launchChromium() {
  return chromium.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const AXE_SOURCE = new URL('../node_modules/axe-core/axe.min.js', import.meta.url);

/** Page-level axe rules that judge the host page rather than an embedded element. */
export const HOST_PAGE_AXE_RULES = ['region', 'landmark-one-main', 'page-has-heading-one', 'bypass'];

/**
 * Runs axe-core in the page on the node `selector` names (open shadow roots included) and returns the
 * violations as one line each (`rule (impact): help — target`).
 */
export async function axeViolations(page, selector) {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol rather than added as a <script>, so a page's strict
  // Content-Security-Policy (which the examples have) does not block it.
  if (!hasAxe) await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  const violations = await page.evaluate(
    async ({ selector, disabled }) => {
      const root = document.querySelector(selector);
      if (!root) return [{ id: 'missing-root', impact: 'critical', help: `no ${selector} in the page`, nodes: [] }];
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const result = await window.axe.run(root, { rules, resultTypes: ['violations'] });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.map((part) => [part].flat().join(' >>> ')).join(' ')),
      }));
    },
    { selector, disabled: HOST_PAGE_AXE_RULES },
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).join(', ')}`);
}

/**
 * Packs the project with `npm pack` into a new temporary folder and extracts it there, the way npm installs
 * it. Resolves to `{ tarball, dir, files, tmp }`: `dir` is the extracted package root, `files` its paths.
 */
export async function packPackage() {
  const { mkdtempSync, readdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { spawnSync } = await import('node:child_process');
  const tmp = mkdtempSync(join(tmpdir(), 'chatbot-widget-pack-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = spawnSync(npm, ['pack', '--json', '--pack-destination', tmp], { encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout);
  const tarball = join(tmp, info.filename);
  const extracted = spawnSync('tar', ['-xzf', tarball, '-C', tmp], { encoding: 'utf8' });
  if (extracted.status !== 0) throw new Error(`tar failed:\n${extracted.stderr}`);
  const dir = join(tmp, 'package');
  const walk = (folder, prefix = '') =>
    readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? walk(folder, path) : [path];
    });
  return { tarball, dir, files: walk(dir).sort(), tmp };
}

/**
 * Installs an extracted package into <app>/node_modules the way npm would lay it out, with every other package
 * linked from this project's node_modules. The package is copied (or moved, with `move`) rather than linked:
 * bundlers and TypeScript follow a link to its real place, where the package's own imports would not resolve.
 */
export function installPackage(app, packageDir, { move = false } = {}) {
  const project = resolve('.');
  const name = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).name;
  const modules = join(app, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(join(project, 'node_modules'))) {
    if (entry === name || entry === '.bin' || entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      mkdirSync(join(modules, entry), { recursive: true });
      for (const scoped of readdirSync(join(project, 'node_modules', entry))) {
        symlinkSync(join(project, 'node_modules', entry, scoped), join(modules, entry, scoped), 'dir');
      }
    } else {
      symlinkSync(join(project, 'node_modules', entry), join(modules, entry), 'dir');
    }
  }
  if (move) renameSync(packageDir, join(modules, name));
  else cpSync(packageDir, join(modules, name), { recursive: true });
}
