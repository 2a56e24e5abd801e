import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import en, { type WidgetStrings } from '../../../src/i18n/en.js';
import { createPackLoader, expandPack } from '../../../src/i18n/pack-loader.js';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { compactPackModule, exportArrayDirectly } from '../../../scripts/compact-language-packs.mjs';

const compact = compactPackModule as (code: string, id: string) => string;
const exportDirectly = exportArrayDirectly as (code: string) => string;
const dir = mkdtempSync(join(tmpdir(), 'compact-language-packs-'));
let written = 0;

// The module as the build hands it to the plugin (types stripped), compacted, then imported.
async function shipped(source: string, id: string): Promise<unknown> {
  const javascript = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const file = join(dir, `pack-${written++}.mjs`);
  writeFileSync(file, compact(javascript, id));
  return ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
}

// Strings compared as they are; functions by what they make of the same arguments.
function comparable(pack: WidgetStrings): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(pack).map(([key, value]) => [key, typeof value === 'function' ? (value as (...values: string[]) => string)('Ada', 'an answer') : value]),
  );
}

describe('compactLanguagePacks', () => {
  for (const language of ['vi', 'ja', 'fr', 'es', 'de', 'ar']) {
    it(`ships the ${language} pack without its keys, and the widget reads it back whole`, async () => {
      const id = `src/i18n/${language}.ts`;
      const values = await shipped(readFileSync(id, 'utf8'), id);
      assert.ok(Array.isArray(values), 'the shipped pack is an array of values');
      assert.equal(values.length, Object.keys(en).length);
      const source = ((await import(`../../../src/i18n/${language}.js`)) as { default: WidgetStrings }).default;
      assert.deepEqual(comparable(expandPack(en, values)), comparable(source));
    });
  }

  it('refuses a pack it could not read back whole', () => {
    for (const code of [
      'const pack = { ...base, lang: "x" }; export default pack;',
      'const pack = { ["lang"]: "x" }; export default pack;',
      'const pack = { greeting(name) { return name; } }; export default pack;',
      'const pack = { get lang() { return "x"; } }; export default pack;',
      'let pack = { lang: "x" }; export default pack;',
      'export default makePack();',
    ]) {
      assert.throws(() => compact(code, 'src/i18n/xx.ts'), /src\/i18n\/xx\.ts: /, code);
    }
  });

  it('orders the values by sorted key, whatever the order in the source', async () => {
    const values = await shipped('export default { b: "B", a: "A", c: (n: number) => `C${n}` };', 'x.ts');
    assert.deepEqual((values as unknown[]).slice(0, 2), ['A', 'B']);
    assert.equal((values as ((n: number) => string)[])[2]!(1), 'C1');
  });
});

describe('exportArrayDirectly', () => {
  it('exports a pack chunk\'s array itself, and the chunk still gives the same values', async () => {
    const chunk = 'var e=[(e,t)=>`${e}: ${t}`,"Dismiss","en"];export{e as default};\n//# sourceMappingURL=chatbot-widget-en-x.js.map\n';
    const direct = exportDirectly(chunk);
    assert.equal(direct, 'export default[(e,t)=>`${e}: ${t}`,"Dismiss","en"];');
    const file = join(dir, `chunk-${written++}.mjs`);
    writeFileSync(file, direct);
    const values = ((await import(pathToFileURL(file).href)) as { default: [(a: string, b: string) => string, string, string] }).default;
    assert.equal(values[0]('Ada', 'yes'), 'Ada: yes');
    assert.deepEqual(values.slice(1), ['Dismiss', 'en']);
  });

  it('leaves a chunk of any other shape as it is', () => {
    for (const code of [
      'var e=[1],t=[2];export{e as default};',
      'var e=[1];export{e as default,e as other};',
      'var e=[1];export{t as default};',
      'var e={a:1};export{e as default};',
      'var e=[1];console.log(e);export{e as default};',
      'var e=[1];export{e as values};',
    ]) {
      assert.equal(exportDirectly(code), code);
    }
  });
});

describe('createPackLoader', () => {
  it('loads a pack shipped as its values alone as the pack itself', async () => {
    const english = { lang: 'en', hello: 'Hello', name: (who: string) => `I am ${who}` };
    // In the order of the sorted keys: hello, lang, name.
    const fromArray = { default: ['Xin chào', 'vi', (who: string) => `Tôi là ${who}`] };
    const missing = () => Promise.reject(new Error('not used'));
    const packs = createPackLoader(english, { vi: () => Promise.resolve(fromArray), ja: missing, fr: missing, es: missing, de: missing, ar: missing });
    const vi = await packs.load('vi');
    assert.equal(vi.lang, 'vi');
    assert.equal(vi.hello, 'Xin chào');
    assert.equal(vi.name('Ada'), 'Tôi là Ada');
    assert.equal(packs.loaded('vi'), vi);
  });
});
