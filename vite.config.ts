import { readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { compactLanguagePacks } from './scripts/compact-language-packs.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { compileLitTemplates } from './scripts/compile-lit-templates.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { compileHints } from './scripts/compile-hints.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { dropLitPageHooksPlugin } from './scripts/drop-lit-page-hooks.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { minifyLitTemplates } from './scripts/minify-lit-templates.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { sharedWithLoader } from './scripts/shared-with-loader.mjs';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { terserPass } from './scripts/terser-pass.mjs';

/**
 * Three builds, chosen by `--mode` (scripts/build.mjs runs them in order):
 * - `lib`:    ESM for npm (dist/index.js, element entry points, api, stream, react), dependencies left as imports.
 * - `app`:    dist/chatbot-widget-app.js, the whole widget with lit inside, loaded on demand by the loader
 *             (modules the loader already carries come from it: see scripts/shared-with-loader.mjs).
 * - `loader`: dist/chatbot-widget.js, the script-tag file: a tiny IIFE that mounts a launcher and loads the app.
 * Without a mode (`vite`), it serves the demo page.
 */
const external = [/^lit($|\/)/, /^@lit\//, /^@lit-labs\//, /^zod($|\/)/, /^react($|\/)/];

// The terser pass and the template minifier take most of a build by design: no timing warnings for them.
const checks = { bundlerTimings: false };

/** Modules the script-tag loader carries and hands to the app, which then does not bundle them again. */
const sharedWithLoaderOptions = {
  modules: ['src/themes/launcher.ts', 'src/i18n/language-tags.ts', 'src/widget/host-methods.ts'],
  version: (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version,
};

export default defineConfig(({ mode }): UserConfig => {
  const common: UserConfig = { publicDir: false, build: { outDir: 'dist', sourcemap: true, target: 'es2022' } };
  if (mode === 'lib') {
    return {
      ...common,
      build: {
        ...common.build,
        emptyOutDir: true,
        minify: false,
        lib: {
          entry: {
            index: 'src/index.ts',
            'chatbot-widget-element': 'src/chatbot-widget.ts',
            'bot-admin-element': 'src/bot-admin.ts',
            api: 'src/api/index.ts',
            stream: 'src/stream/index.ts',
            react: 'src/react.ts',
            'react-chatbot-widget': 'src/react/chatbot-widget.ts',
            'react-bot-admin': 'src/react/bot-admin.ts',
          },
          formats: ['es'],
        },
        rolldownOptions: {
          checks,
          external,
          preserveEntrySignatures: 'allow-extension',
          output: {
            // The zod-bound schemas and createClient in a chunk of their own: the widget's entry never
            // imports it, so a page that uses only <chatbot-widget> loads no zod, bundler or not.
            codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'schemas', test: /src\/api\/(schemas|client)\.ts$/ }] },
          },
        },
      },
    };
  }
  if (mode === 'app') {
    return {
      ...common,
      plugins: [
        sharedWithLoader({ side: 'app', ...sharedWithLoaderOptions }),
        dropLitPageHooksPlugin(),
        minifyLitTemplates(),
        // After the templates are squeezed: the compiled ones keep their HTML as it is then.
        compileLitTemplates(),
        compactLanguagePacks({ packs: /\/src\/i18n\/(?:vi|ja|fr|es|de|ar)\.ts$/ }),
        // Statements stay apart (;) rather than joined into comma sequences: the same code, whose repeats gzip
        // finds more often (9 B less of the widget's gzip size).
        terserPass({ module: true, compress: { sequences: false } }),
        compileHints({ entry: 'chatbot-widget-app.js' }),
      ],
      build: {
        ...common.build,
        emptyOutDir: false,
        // Not library mode: Vite keeps white space and comments in library ES output, and this file is
        // for browsers only.
        minify: true,
        // The language packs are single chunks with no dependencies: nothing to preload.
        modulePreload: false,
        rolldownOptions: {
          checks,
          input: 'src/embed-app.ts',
          preserveEntrySignatures: false,
          output: {
            format: 'es',
            entryFileNames: 'chatbot-widget-app.js',
            // Modules in an on-demand/ folder (src/widget/on-demand/, src/api/on-demand/) are features only some
            // visitors use: scripts/size.mjs budgets their chunks apart from the widget every visitor downloads.
            // Six characters of hash (36 bits) still give a changed chunk a new name; the app names every chunk it
            // may load, and the two characters more each were 24 B of the widget's gzip size.
            chunkFileNames: (chunk) => (/\/src\/\w+\/on-demand\//.test(chunk.facadeModuleId ?? '')
              ? 'chatbot-widget-on-demand-[name]-[hash:6].js'
              : 'chatbot-widget-[name]-[hash:6].js'),
          },
        },
      },
    };
  }
  if (mode === 'loader') {
    return {
      ...common,
      plugins: [
        sharedWithLoader({ side: 'loader', ...sharedWithLoaderOptions }),
        // Safe for the loader's code: none of its functions uses this, arguments or a prototype (so each may be
        // an arrow), and its booleans only go where any truthy value does (event listener options, conditions).
        terserPass({ module: false, compress: { unsafe_arrows: true, booleans_as_integers: true, hoist_funs: false, keep_fargs: true } }),
      ],
      build: {
        ...common.build,
        emptyOutDir: false,
        minify: true,
        lib: { entry: 'src/embed.ts', name: 'ChatbotWidgetLoader', formats: ['iife'], fileName: () => 'chatbot-widget.js' },
        rolldownOptions: { checks },
      },
    };
  }
  return {
    publicDir: false,
    server: { host: '127.0.0.1', port: 5173 },
  };
});
