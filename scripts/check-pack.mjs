// Packs the package (`npm pack`, after `npm run build`) and checks the tarball a user would install: it holds
// every file package.json names (exports, main, module, types, customElements), every file those import
// (chunks, declarations, source maps), README and LICENSE, and nothing else: no tests, demo, stories or
// sources. Modules it imports by bare name must be dependencies or peer dependencies, and every shipped
// module that defines a custom element must be listed in `sideEffects` so bundlers keep it. Then, with the
// tarball installed into small consumers: custom-elements.json declares each element's events with the very
// classes of its event map, the widget's entries load neither zod nor <bot-admin>, and the generated JSX and
// Vue types accept right attributes and refuse wrong ones (test/types/).
//   node scripts/check-pack.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import ts from 'typescript';
import { installPackage, packPackage } from './check-helpers.mjs';

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

  // 7. The custom elements manifest describes both elements, and nothing else.
  const manifestProblems = [];
  const manifestPath = pkg.customElements ? clean(pkg.customElements) : undefined;
  let manifest;
  if (!manifestPath) manifestProblems.push('package.json has no "customElements" field');
  else if (!shipped.has(manifestPath)) manifestProblems.push(`${manifestPath} is not in the tarball`);
  else {
    manifest = JSON.parse(readFileSync(join(dir, manifestPath), 'utf8'));
    const declarations = (manifest.modules ?? []).flatMap((module) => module.declarations ?? []);
    for (const tag of ['chatbot-widget', 'bot-admin']) {
      const declaration = declarations.find((item) => item.tagName === tag);
      if (!declaration) manifestProblems.push(`${manifestPath} does not declare <${tag}>`);
      else if (!declaration.attributes?.length) manifestProblems.push(`<${tag}> has no attributes in ${manifestPath}`);
    }
    for (const module of manifest.modules ?? []) {
      if (!shipped.has(module.path)) manifestProblems.push(`module ${module.path} is not a shipped file`);
      for (const declaration of module.declarations ?? []) {
        if (!declaration.customElement) manifestProblems.push(`${module.path} declares ${declaration.name}, which is not an element`);
        for (const member of declaration.members ?? []) {
          if (member.static || member.name.startsWith('#') || (member.privacy && member.privacy !== 'public')) {
            manifestProblems.push(`<${declaration.tagName}> lists the non-public member ${member.name}`);
          }
        }
      }
    }
  }
  check('custom-elements.json ships and declares <chatbot-widget> and <bot-admin>, their public members only', manifestProblems);

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

  // 9-12 use the tarball installed in a consumer folder, as a user has it.
  const consumer = join(tmp, 'consumer');
  mkdirSync(consumer, { recursive: true });
  installPackage(consumer, dir);
  const tsc = join(resolve('.'), 'node_modules/typescript/bin/tsc');
  const typecheck = (folder, checker = tsc) => {
    const result = spawnSync(process.execPath, [checker, '-p', join(folder, 'tsconfig.json')], { encoding: 'utf8', cwd: folder });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
  };
  const writeTsconfig = (folder, include) =>
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, types: [] },
        include,
      }),
    );

  // 9. Every event of custom-elements.json is in its element's event map (and the global one) with the very
  // class the manifest names, and the maps have no event the manifest leaves out.
  const eventProblems = [];
  if (manifest) {
    const lines = ['type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;'];
    const exportsByTarget = Object.entries(pkg.exports).filter(([, value]) => typeof value === 'object' && value.import);
    for (const module of manifest.modules ?? []) {
      const subpath = exportsByTarget.find(([, value]) => clean(value.import) === module.path)?.[0];
      if (!subpath) {
        eventProblems.push(`no package entry imports ${module.path}`);
        continue;
      }
      const specifier = posix.join(pkg.name, subpath);
      for (const declaration of module.declarations ?? []) {
        const map = `${declaration.name}EventMap`;
        const events = declaration.events ?? [];
        const untyped = events.filter((event) => !event.type?.text);
        for (const event of untyped) eventProblems.push(`<${declaration.tagName}> event ${event.name} has no type in the manifest`);
        const typed = events.filter((event) => event.type?.text);
        lines.push(`import type { ${[map, ...new Set(typed.map((event) => event.type.text))].join(', ')} } from '${specifier}';`);
        lines.push(`export const ${declaration.name}EventNames: Same<keyof ${map}, ${typed.map((event) => `'${event.name}'`).join(' | ') || 'never'}> = true;`);
        typed.forEach((event, index) => {
          lines.push(`export const ${declaration.name}Event${index}: Same<${map}['${event.name}'], ${event.type.text}> = true;`);
          lines.push(`export const ${declaration.name}GlobalEvent${index}: Same<GlobalEventHandlersEventMap['${event.name}'], ${event.type.text}> = true;`);
        });
      }
    }
    const folder = join(consumer, 'events');
    mkdirSync(folder);
    writeFileSync(join(folder, 'events.ts'), `${lines.join('\n')}\n`);
    writeTsconfig(folder, ['events.ts']);
    const result = typecheck(folder);
    if (!result.ok) eventProblems.push(`the event maps and custom-elements.json disagree:\n${result.output}`);
  }
  check('every event in custom-elements.json has the class its element\'s event map gives it, and no event is missing', eventProblems);

  // 10. The widget alone: its entries reach neither zod nor the admin, so a page that only chats loads neither.
  const weightProblems = [];
  for (const subpath of ['./chatbot-widget.js', './react/chatbot-widget.js']) {
    const start = clean(pkg.exports[subpath]?.import ?? '');
    const seen = new Set();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop();
      if (seen.has(file) || !shipped.has(file)) continue;
      seen.add(file);
      const text = readFileSync(join(dir, file), 'utf8');
      if (/customElements\.define\(\s*["']bot-admin["']/.test(text) || /\bclass BotAdmin\b/.test(text)) weightProblems.push(`${subpath} reaches ${file}, which holds <bot-admin>`);
      for (const specifier of specifiersOf(text)) {
        if (/^zod($|\/)/.test(specifier)) weightProblems.push(`${subpath} reaches ${file}, which imports ${specifier}`);
        else if (specifier.startsWith('.') && /\.js$/.test(specifier)) queue.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
      }
    }
  }
  check('chatbot-widget/chatbot-widget.js and chatbot-widget/react/chatbot-widget.js load neither zod nor <bot-admin>', weightProblems);

  // 11-12. The generated framework types, in the fixtures of test/types/: right attributes pass, and every line
  // marked as an expected error fails once its mark is taken away.
  const fixtures = [
    { name: 'JSX (tsc)', folder: 'test/types/jsx', checker: tsc, mark: /\{\/\*\s*@ts-expect-error[^*]*\*\/\}/ },
    { name: 'Vue (vue-tsc)', folder: 'test/types/vue', checker: join(resolve('.'), 'node_modules/vue-tsc/bin/vue-tsc.js'), mark: /<!--\s*@vue-expect-error[^>]*-->/ },
  ];
  for (const fixture of fixtures) {
    const problems = [];
    const folder = join(consumer, posix.basename(fixture.folder));
    cpSync(fixture.folder, folder, { recursive: true });
    const passing = typecheck(folder, fixture.checker);
    if (!passing.ok) problems.push(`the fixture does not type-check:\n${passing.output}`);
    let marked = 0;
    for (const file of ['app.tsx', 'App.vue'].filter((name) => existsSync(join(folder, name)))) {
      const lines = readFileSync(join(folder, file), 'utf8').split('\n');
      const expected = [];
      const stripped = lines.map((line, index) => {
        if (!fixture.mark.test(line)) return line;
        expected.push(index + 2);
        return line.replace(fixture.mark, '');
      });
      marked += expected.length;
      writeFileSync(join(folder, file), stripped.join('\n'));
      const failing = typecheck(folder, fixture.checker);
      const failed = new Set([...failing.output.matchAll(new RegExp(`${file.replace('.', '\\.')}\\((\\d+),`, 'g'))].map((match) => Number(match[1])));
      for (const line of expected) if (!failed.has(line)) problems.push(`${fixture.folder}/${file}:${line} is accepted, but it is wrong`);
    }
    if (marked === 0) problems.push(`${fixture.folder} marks no wrong attribute`);
    check(`${fixture.name} types from the package accept right attributes and refuse the ${marked} wrong ones`, problems);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

for (const note of notes) console.log(`  note: ${note}`);
console.log(`pack: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
