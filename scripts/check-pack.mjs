// Packs the package (`npm pack`, after `npm run build`) and checks the tarball a user would install: it holds
// every file package.json names (exports, main, module, types, customElements), every file those import
// (chunks, declarations, source maps), README and LICENSE, and nothing else: no tests, demo, stories or
// sources. Modules it imports by bare name must be dependencies or peer dependencies, and every shipped
// module that defines a custom element must be listed in `sideEffects` so bundlers keep it.
//   node scripts/check-pack.mjs
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { packPackage } from './check-helpers.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let passed = 0;
let failed = 0;
const notes = [];

function check(label, problems) {
  if (problems.length === 0) {
    passed++;
    console.log(`  ✓ ${label}`);
    return;
  }
  failed++;
  console.log(`  ✗ ${label}`);
  for (const problem of problems.slice(0, 25)) console.log(`      ${problem}`);
  if (problems.length > 25) console.log(`      … and ${problems.length - 25} more`);
}

const clean = (path) => posix.normalize(path.replace(/^\.\//, ''));

// Every file path an `exports` value names, with the subpath and conditions that lead to it.
function exportTargets(value, trail = []) {
  if (typeof value === 'string') return [{ target: clean(value), trail: trail.join(' › ') }];
  if (Array.isArray(value)) return value.flatMap((item) => exportTargets(item, trail));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => exportTargets(item, [...trail, key]));
  }
  return [];
}

// Import specifiers of a module or declaration file, read by TypeScript's scanner (which knows strings,
// templates and comments apart from code); `import()` with a computed name gives only its literal head.
function specifiersOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

const packageNameOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

const { dir, files, tmp } = await packPackage();
const shipped = new Set(files);
console.log(`Packed ${pkg.name}@${pkg.version}: ${files.length} files`);

try {
  // 1. The metadata files.
  const license = files.find((file) => /^licen[sc]e(\.md|\.txt)?$/i.test(file));
  check('package.json, README.md and a LICENSE file are in the tarball', [
    ...['package.json', 'README.md'].filter((file) => !shipped.has(file)).map((file) => `missing ${file}`),
    ...(license ? [] : [`missing LICENSE (package.json says "license": "${pkg.license}")`]),
  ]);

  // 2. Every file package.json names exists.
  const named = [
    ...exportTargets(pkg.exports ?? {}).map(({ target, trail }) => ({ target, by: `exports › ${trail}` })),
    ...['main', 'module', 'types', 'typings', 'customElements', 'browser', 'unpkg', 'jsdelivr']
      .filter((field) => typeof pkg[field] === 'string')
      .map((field) => ({ target: clean(pkg[field]), by: field })),
  ];
  check(
    `every file package.json names is in the tarball (${named.length} references)`,
    named.filter(({ target }) => !shipped.has(target)).map(({ target, by }) => `${by} → ${target} is missing`),
  );

  // 3. Follow imports from those files: JS chunks, declaration files, source maps.
  const reachable = new Set(['package.json', 'README.md', ...(license ? [license] : [])]);
  const missing = [];
  const bareImports = [];
  const queue = named.map(({ target }) => target).filter((target) => shipped.has(target));
  while (queue.length > 0) {
    const file = queue.pop();
    if (reachable.has(file)) continue;
    reachable.add(file);
    if (shipped.has(`${file}.map`)) reachable.add(`${file}.map`);
    const isDeclaration = /\.d\.[cm]?ts$/.test(file);
    if (!isDeclaration && !/\.[cm]?js$/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const specifier of specifiersOf(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) continue;
      if (!specifier.startsWith('.')) {
        bareImports.push({ file, specifier });
        continue;
      }
      // The literal head of a computed `import('./lang-' + code)` names no file by itself.
      if (!isDeclaration && !/\.(m|c)?js$|\.json$/.test(specifier)) continue;
      const resolved = posix.normalize(posix.join(posix.dirname(file), specifier));
      const candidates = isDeclaration
        ? [resolved.replace(/\.([cm]?)js$/, '.d.$1ts'), `${resolved}.d.ts`, `${resolved}/index.d.ts`, resolved]
        : [resolved];
      const hit = candidates.find((candidate) => shipped.has(candidate));
      if (hit) queue.push(hit);
      else missing.push(`${file} imports ${specifier}, which is not in the tarball`);
    }
    // Files a loader fetches by name at run time (the script-tag loader and its lazily loaded app).
    if (!isDeclaration) {
      for (const match of text.matchAll(/["'`]((?:\.\/)?[\w.-]+\.js)["'`]/g)) {
        const sibling = posix.join(posix.dirname(file), match[1]);
        if (shipped.has(sibling)) queue.push(sibling);
      }
    }
  }
  check('every relative import of a shipped module is in the tarball', missing);

  // 4. Nothing else ships.
  const forbidden = /(^|\/)(test|tests|__tests__|demo|stories|\.storybook|src|coverage|storybook-static|node_modules)\/|\.(test|spec|stories)\.|mockServiceWorker\.js$/;
  const unnamed = files.filter((file) => !reachable.has(file));
  const unnamedDeclarations = unnamed.filter((file) => /\.d\.[cm]?ts(\.map)?$/.test(file) && !forbidden.test(file));
  const strays = unnamed.filter((file) => !unnamedDeclarations.includes(file));
  check(
    'nothing ships that package.json does not name or its files import (no tests, demo, stories or sources)',
    strays.map((file) => (forbidden.test(file) ? `${file} must not ship` : `${file} is named by nothing`)),
  );
  if (unnamedDeclarations.length > 0) {
    notes.push(
      `${unnamedDeclarations.length} declaration files no public declaration imports (harmless, but dead weight): ` +
        unnamedDeclarations.slice(0, 8).join(', ') +
        (unnamedDeclarations.length > 8 ? ', …' : ''),
    );
  }

  // 5. Bare imports resolve for a user, in modules and declarations alike: dependencies or peer dependencies,
  // never dev dependencies.
  const runtimeNames = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  const unresolvable = new Map();
  for (const { file, specifier } of bareImports) {
    const name = packageNameOf(specifier);
    if (name === pkg.name || runtimeNames.has(name)) continue;
    const where = pkg.devDependencies?.[name] ? 'a devDependency only' : 'not a dependency';
    unresolvable.set(`${name} (${where})`, [...(unresolvable.get(`${name} (${where})`) ?? []), file]);
  }
  check(
    'every package a shipped file imports is a dependency or peer dependency',
    [...unresolvable].map(([name, users]) => `${name}: imported by ${[...new Set(users)].join(', ')}`),
  );

  // 6. Modules that define elements are marked as having side effects.
  const sideEffects = pkg.sideEffects;
  const sideEffectProblems = [];
  if (sideEffects === false) sideEffectProblems.push('"sideEffects": false would let bundlers drop the element registrations');
  if (Array.isArray(sideEffects)) {
    const patterns = sideEffects.map((entry) => {
      const source = clean(entry)
        .split('**')
        .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('.*');
      return new RegExp(entry.includes('/') ? `^${source}$` : `(^|/)${source}$`);
    });
    for (const file of files.filter((name) => /\.[cm]?js$/.test(name))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (/customElements\.define\(/.test(text) && !patterns.some((pattern) => pattern.test(file))) {
        sideEffectProblems.push(`${file} defines a custom element but is not listed in "sideEffects"`);
      }
    }
    const unshipped = sideEffects.filter((entry) => !entry.includes('*') && !shipped.has(clean(entry)));
    if (unshipped.length > 0) notes.push(`"sideEffects" lists files that do not ship: ${unshipped.join(', ')}`);
  }
  check('every shipped module that defines a custom element is listed in "sideEffects"', sideEffectProblems);

  // 7. The custom elements manifest describes both elements.
  const manifestProblems = [];
  const manifestPath = pkg.customElements ? clean(pkg.customElements) : undefined;
  if (!manifestPath) manifestProblems.push('package.json has no "customElements" field');
  else if (!shipped.has(manifestPath)) manifestProblems.push(`${manifestPath} is not in the tarball`);
  else {
    const manifest = JSON.parse(readFileSync(join(dir, manifestPath), 'utf8'));
    const declarations = (manifest.modules ?? []).flatMap((module) => module.declarations ?? []);
    for (const tag of ['chatbot-widget', 'bot-admin']) {
      const declaration = declarations.find((item) => item.tagName === tag);
      if (!declaration) manifestProblems.push(`${manifestPath} does not declare <${tag}>`);
      else if (!declaration.attributes?.length) manifestProblems.push(`<${tag}> has no attributes in ${manifestPath}`);
    }
  }
  check('custom-elements.json ships and declares <chatbot-widget> and <bot-admin>', manifestProblems);

  // 8. Declaration maps point at sources a user has.
  const mapProblems = [];
  for (const file of files.filter((name) => name.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const withContent = Array.isArray(map.sourcesContent) && map.sourcesContent.every((text) => typeof text === 'string');
    if (withContent) continue;
    const absent = (map.sources ?? []).filter((source) => !existsSync(join(dir, dirname(file), source)));
    if (absent.length > 0) mapProblems.push(`${file} points at ${absent[0]}${absent.length > 1 ? ` and ${absent.length - 1} more` : ''}, which does not ship`);
  }
  check('every source map carries its sources or points at shipped files', mapProblems);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

for (const note of notes) console.log(`  note: ${note}`);
console.log(`pack: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
