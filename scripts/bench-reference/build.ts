// Builds the two reference widgets of bench-render's load row into a temporary directory: beside this
// loader, a dependency-free app (plain-app.js) and a bare-Lit one (lit-app.ts), both minified as the widget
// is, with reference.css put in. They draw the widget's inline panel (header, greeting, message field, two
// buttons, disclaimer) once the bot's information and widget settings have come, and nothing else: what any
// widget drawing that panel from a script tag pays on the main thread, without and with Lit.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

const here = import.meta.dirname;

/** The directories holding each reference's chatbot-widget.js and chatbot-widget-app.js, in `directory`. */
export interface ReferenceWidgets {
  /** The temporary directory of both (the caller removes it). */
  directory: string;
  plain: string;
  lit: string;
}

async function buildOne(entry: string, css: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { REFERENCE_CSS: JSON.stringify(css) },
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: { input: join(here, entry), output: { format: 'es', entryFileNames: 'chatbot-widget-app.js' } },
    },
  });
  await copyFile(join(here, 'chatbot-widget.js'), join(outDir, 'chatbot-widget.js'));
  return outDir;
}

export async function buildReferenceWidgets(): Promise<ReferenceWidgets> {
  const css = await readFile(join(here, 'reference.css'), 'utf8');
  const directory = await mkdtemp(join(tmpdir(), 'bench-reference-'));
  try {
    return { directory, plain: await buildOne('plain-app.js', css, join(directory, 'plain')), lit: await buildOne('lit-app.ts', css, join(directory, 'lit')) };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
