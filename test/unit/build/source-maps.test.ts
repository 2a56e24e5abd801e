// The app build's last two passes over its chunks (scripts/terser-pass.mjs, scripts/compile-hints.mjs) change
// code that Vite has already written a source map file for: the map files must follow the code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SourceMapConsumer } from 'source-map-js';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { compileHints } from '../../../scripts/compile-hints.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { terserPass } from '../../../scripts/terser-pass.mjs';

interface RawMap {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  sourcesContent?: string[];
}
type Bundle = Record<string, { type: 'chunk'; fileName: string; code: string; map: RawMap | null } | { type: 'asset'; fileName: string; source: string }>;
type Plugin = { generateBundle(options: unknown, bundle: Bundle): void | Promise<void> };

// `const answer = 42;` then `export function twice(n) { return n * 2; }`, each statement on a line of its own in
// the source and in the code, mapped line to line (generated line 1 and 2 from source lines 1 and 2).
const SOURCE = 'const answer = 42;\nexport function twice(n) { return n * 2; }\n';
const mapOf = (): RawMap => ({ version: 3, sources: ['src/app.ts'], names: [], mappings: 'AAAA;AACA', sourcesContent: [SOURCE] });

function bundleOf(file: string, code: string): Bundle {
  const map = mapOf();
  return {
    [file]: { type: 'chunk', fileName: file, code, map },
    [`${file}.map`]: { type: 'asset', fileName: `${file}.map`, source: JSON.stringify(map) },
  };
}

/** Where the written map file says generated `line` (1-based), `column` comes from. */
function origin(bundle: Bundle, file: string, line: number, column = 0): { line: number | null; source: string | null } {
  const asset = bundle[`${file}.map`];
  assert.equal(asset?.type, 'asset');
  const { line: sourceLine, source } = new SourceMapConsumer(JSON.parse((asset as { source: string }).source)).originalPositionFor({ line, column });
  return { line: sourceLine, source };
}

describe('source maps of the app build', () => {
  it('compile hints: the entry starts with the hint, and its map file points one line down', async () => {
    const bundle = bundleOf('app.js', 'const a=42;\nexport function t(n){return n*2}\n');
    await (compileHints({ entry: 'app.js' }) as Plugin).generateBundle({}, bundle);
    const chunk = bundle['app.js'] as { code: string };
    assert.ok(chunk.code.startsWith('//# allFunctionsCalledOnLoad\nconst a=42;'));
    assert.deepEqual(origin(bundle, 'app.js', 2), { line: 1, source: 'src/app.ts' });
    assert.deepEqual(origin(bundle, 'app.js', 3), { line: 2, source: 'src/app.ts' });
  });

  it('compile hints: a build without the entry fails', async () => {
    await assert.rejects(async () => (compileHints({ entry: 'app.js' }) as Plugin).generateBundle({}, bundleOf('other.js', 'x')), /no entry chunk named app\.js/);
  });

  it('terser pass: the map file written is the map of the code after the pass', async () => {
    // Two statements on two lines; terser puts them on one line, so the second moves to line 1.
    const bundle = bundleOf('app.js', 'const a = 42;\nexport function t(n) { return n * 2; }\n');
    await (terserPass({ module: true }) as Plugin).generateBundle({}, bundle);
    const chunk = bundle['app.js'] as { code: string };
    const code = chunk.code.split('\n')[0]!;
    assert.match(chunk.code, /\/\/# sourceMappingURL=app\.js\.map\n$/);
    const column = code.indexOf('function');
    assert.ok(column > 0, code);
    assert.deepEqual(origin(bundle, 'app.js', 1, column), { line: 2, source: 'src/app.ts' });
  });
});
