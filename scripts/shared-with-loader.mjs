// A Vite plugin for the script-tag builds: modules that the loader (dist/chatbot-widget.js) already carries are
// handed to the app (dist/chatbot-widget-app.js) at run time instead of being bundled a second time.
// - In the loader, `import 'virtual:shared-with-loader'` (src/embed.ts) publishes the modules' exports, in one
//   array, on a symbol named after the package version, before the loader can import the app.
// - In the app, each shared module is replaced by `export const [ …its exports ] = <published array>`, at
//   their places in the array. An array rather than an object: the export names appear in neither file.
// The app is only ever imported by the loader; loaded any other way, or by a loader of another version, it
// fails at once with an error that says so. Only `export const` and `export function` are supported (and
// type exports, which vanish); anything else in a shared module fails the build.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const PUBLISH = 'virtual:shared-with-loader';
const RECEIVE = '\0shared-with-loader:received';

function exportNames(file) {
  const source = readFileSync(file, 'utf8');
  const unsupported = source.match(/^export\s+(?!const\s|function\s|interface\s|type\s)\S+/m);
  if (unsupported) throw new Error(`${file}: a module shared with the loader may only export const, function and types, not "${unsupported[0]}"`);
  return [...source.matchAll(/^export\s+(?:const|function)\s+([\w$]+)/gm)].map((match) => match[1]);
}

/**
 * @param {{ side: 'loader' | 'app', modules: string[], version: string }} options the build this runs in,
 *   the shared modules (paths from the project root) and the package version both files must have.
 */
export function sharedWithLoader({ side, modules, version }) {
  const key = JSON.stringify(`chatbot-widget@${version}`);
  const files = new Map(modules.map((file) => [resolve(file), exportNames(file)]));
  const names = [...files.values()].flat();
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`"${twice}" is exported by two modules shared with the loader`);
  /** Where each module's exports start in the published array. */
  const offsets = new Map();
  let offset = 0;
  for (const [file, exported] of files) {
    offsets.set(file, offset);
    offset += exported.length;
  }
  return {
    name: 'shared-with-loader',
    enforce: 'pre',
    resolveId(id) {
      if (id === PUBLISH && side === 'loader') return `\0${PUBLISH}`;
      if (id === RECEIVE) return RECEIVE;
      return undefined;
    },
    load(id) {
      if (id === `\0${PUBLISH}`) {
        const imports = [...files].map(([file, exported]) => `import { ${exported.join(', ')} } from ${JSON.stringify(file)};`);
        return `${imports.join('\n')}\nglobalThis[Symbol.for(${key})] = [${names.join(', ')}];\n`;
      }
      if (side !== 'app') return undefined;
      if (id === RECEIVE) {
        const message = JSON.stringify(`chatbot-widget-app.js needs chatbot-widget.js ${version}`);
        return `const shared = globalThis[Symbol.for(${key})];\nif (!shared) throw new Error(${message});\nexport default shared;\n`;
      }
      const file = id.split('?')[0];
      const exported = files.get(file);
      if (!exported) return undefined;
      // Skips the exports of the shared modules before this one (`[, , name]`).
      const skipped = ', '.repeat(offsets.get(file));
      return `import shared from ${JSON.stringify(RECEIVE)};\nexport const [${skipped}${exported.join(', ')}] = shared;\n`;
    },
  };
}
