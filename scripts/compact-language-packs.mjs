// A Vite plugin for the script-tag app: each language pack chunk ships its values alone, as an array in the
// order of the pack's sorted keys, and the widget puts the keys back when the pack arrives (expandPack in
// src/i18n/pack-loader.ts). The keys are the same in every pack (WidgetStrings types each pack exactly) and
// were a third of a pack's gzip bytes; a visitor downloads one pack, so that third is saved on every page.
// The sources stay ordinary typed objects; the npm build leaves them alone. A pack chunk ships without a source
// map either: it is data (strings and two one-line functions) with nothing to debug, and the map's comment
// alone was a tenth of its gzip bytes. Its array is exported as it is (`export default[…]`) rather than through
// the variable the bundler names for it.
import { parseAst } from 'vite';

function fail(id, message) {
  throw new Error(`${id}: ${message} (scripts/compact-language-packs.mjs ships only plain packs as arrays)`);
}

/** The object literal a module exports as its default: `export default {…}` or `const x = {…}; export default x`. */
function defaultExportedObject(program, id) {
  const exported = program.body.find((node) => node.type === 'ExportDefaultDeclaration')?.declaration;
  if (exported?.type === 'ObjectExpression') return exported;
  if (exported?.type !== 'Identifier') fail(id, 'no default export of an object or a constant');
  for (const node of program.body) {
    if (node.type !== 'VariableDeclaration' || node.kind !== 'const') continue;
    const declarator = node.declarations.find((candidate) => candidate.id.type === 'Identifier' && candidate.id.name === exported.name);
    if (declarator?.init?.type === 'ObjectExpression') return declarator.init;
  }
  return fail(id, `the default export ${exported.name} is not a constant object literal`);
}

/**
 * Rewrites a pack module (JavaScript): its default-exported object literal becomes the array of its values in
 * the order of its sorted keys. Anything but plain `key: value` entries (spreads, computed keys, methods,
 * getters, a key twice) fails the build rather than ship a pack the widget would read wrongly.
 */
export function compactPackModule(code, id) {
  const object = defaultExportedObject(parseAst(code), id);
  const values = new Map();
  for (const property of object.properties) {
    if (property.type !== 'Property' || property.kind !== 'init' || property.computed || property.method) {
      fail(id, 'an entry that is not a plain key: value');
    }
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (typeof key !== 'string' || values.has(key)) fail(id, `the key ${String(key)} is not a name or comes twice`);
    values.set(key, code.slice(property.value.start, property.value.end));
  }
  const array = `[${[...values.keys()].sort().map((key) => values.get(key)).join(',')}]`;
  return code.slice(0, object.start) + array + code.slice(object.end);
}

/**
 * A pack chunk as the bundler writes it (`var e=[…];export{e as default};`) with its array as the default export
 * itself and without the source map comment (the chunk ships without a map). A chunk of any other shape is left
 * as it is.
 */
export function exportArrayDirectly(code) {
  const [declaration, exported, ...rest] = parseAst(code).body;
  const declarator = declaration?.type === 'VariableDeclaration' && declaration.declarations.length === 1 ? declaration.declarations[0] : undefined;
  const specifier = exported?.type === 'ExportNamedDeclaration' && !exported.source && exported.specifiers.length === 1 ? exported.specifiers[0] : undefined;
  const exportsIt =
    declarator?.id.type === 'Identifier' &&
    specifier?.local.name === declarator.id.name &&
    (specifier.exported.name ?? specifier.exported.value) === 'default';
  if (rest.length > 0 || !exportsIt || declarator.init?.type !== 'ArrayExpression') return code;
  return `export default${code.slice(declarator.init.start, declarator.init.end)};`;
}

/** @param {{ packs: RegExp }} options the module ids of the language packs */
export function compactLanguagePacks({ packs }) {
  return {
    name: 'compact-language-packs',
    apply: 'build',
    transform(code, id) {
      if (!packs.test(id)) return null;
      return { code: compactPackModule(code, id), map: null };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId || !packs.test(chunk.facadeModuleId)) continue;
        chunk.map = null;
        chunk.code = exportArrayDirectly(chunk.code);
        delete bundle[`${chunk.fileName}.map`];
      }
    },
  };
}
