import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as launcher from '../../../src/themes/launcher.js';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { sharedWithLoader } from '../../../scripts/shared-with-loader.mjs';

interface Hooks {
  resolveId(id: string): string | undefined;
  load(id: string): string | undefined;
}
const plugin = (side: 'loader' | 'app', modules = ['src/themes/launcher.ts'], version = '9.9.9-test'): Hooks =>
  sharedWithLoader({ side, modules, version }) as Hooks;
const KEY = Symbol.for('chatbot-widget@9.9.9-test');
const LAUNCHER = resolve('src/themes/launcher.ts');
const RECEIVED = '\0shared-with-loader:received';

// Writes generated modules to files (imports of other generated modules rewritten to those files) and imports the first.
async function evaluate(modules: Record<string, string>, entry: string): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'shared-with-loader-'));
  const files = Object.fromEntries(Object.keys(modules).map((id, index) => [id, join(dir, `m${index}-${Date.now()}.mjs`)]));
  for (const [id, code] of Object.entries(modules)) {
    let text = code;
    for (const [other, file] of Object.entries(files)) text = text.replaceAll(JSON.stringify(other), JSON.stringify(pathToFileURL(file).href));
    writeFileSync(files[id]!, text);
  }
  return (await import(pathToFileURL(files[entry]!).href)) as Record<string, unknown>;
}

describe('sharedWithLoader', () => {
  it('publishes the shared modules from the loader, and the app reads them back', async () => {
    const loader = plugin('loader');
    const published = loader.resolveId('virtual:shared-with-loader')!;
    const publish = loader.load(published)!;
    assert.match(publish, /^import \{ CHAT_ICON_PATH, LAUNCHER_CSS, LAUNCHER_TOKENS, tokenCss \} from /);
    delete (globalThis as Record<symbol, unknown>)[KEY];
    await evaluate({ publish }, 'publish');
    // In the order of the module's exports, without their names.
    assert.deepStrictEqual((globalThis as Record<symbol, unknown>)[KEY], [launcher.CHAT_ICON_PATH, launcher.LAUNCHER_CSS, launcher.LAUNCHER_TOKENS, launcher.tokenCss]);

    const app = plugin('app');
    assert.equal(app.resolveId(RECEIVED), RECEIVED);
    const received = await evaluate({ replaced: app.load(LAUNCHER)!, [RECEIVED]: app.load(RECEIVED)! }, 'replaced');
    assert.deepStrictEqual({ ...received }, { ...launcher });
    delete (globalThis as Record<symbol, unknown>)[KEY];
  });

  it('hands each of several shared modules its own exports from the one published array', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shared-with-loader-'));
    const first = join(dir, 'first.mjs');
    const second = join(dir, 'second.mjs');
    writeFileSync(first, 'export const one = 1;\nexport function two() {\n  return 2;\n}\n');
    writeFileSync(second, 'export const three = 3;\n');
    const modules = [first, second];
    const loader = plugin('loader', modules);
    delete (globalThis as Record<symbol, unknown>)[KEY];
    try {
      await evaluate({ publish: loader.load(loader.resolveId('virtual:shared-with-loader')!)! }, 'publish');
      const app = plugin('app', modules);
      const receive = app.load(RECEIVED)!;
      const fromSecond = await evaluate({ replaced: app.load(second)!, [RECEIVED]: receive }, 'replaced');
      assert.deepStrictEqual({ ...fromSecond }, { three: 3 });
      const fromFirst = await evaluate({ replaced: app.load(first)!, [RECEIVED]: receive }, 'replaced');
      assert.equal(fromFirst['one'], 1);
      assert.equal((fromFirst['two'] as () => number)(), 2);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[KEY];
    }
  });

  it('makes the app fail at once, saying why, without the loader of its version', async () => {
    const app = plugin('app');
    await assert.rejects(
      evaluate({ replaced: app.load(LAUNCHER)!, [RECEIVED]: app.load(RECEIVED)! }, 'replaced'),
      { message: 'chatbot-widget-app.js needs chatbot-widget.js 9.9.9-test' },
    );
  });

  it('leaves every other module, and the publishing module outside the loader, alone', () => {
    assert.equal(plugin('app').load(resolve('src/themes/tokens.ts')), undefined);
    assert.equal(plugin('app').resolveId('virtual:shared-with-loader'), undefined);
    assert.equal(plugin('loader').load(LAUNCHER), undefined);
  });

  it('refuses modules whose exports it cannot hand over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shared-with-loader-'));
    const withDefault = join(dir, 'default.ts');
    writeFileSync(withDefault, 'export default 1;\n');
    assert.throws(() => plugin('app', [withDefault]), /may only export const, function and types/);
    const twice = join(dir, 'twice.ts');
    writeFileSync(twice, 'export const LAUNCHER_CSS = "";\n');
    assert.throws(() => plugin('app', ['src/themes/launcher.ts', twice]), /"LAUNCHER_CSS" is exported by two modules/);
  });
});
