// A Vite plugin for the script-tag app: every html`` template is prepared at build time by Lit's template
// compiler (@lit-labs/compiler), so the page never runs Lit's template preparation. Without it, the first
// render of each template scans its literal parts with Lit's regular expressions, parses the marked HTML and
// walks the result to find the bindings: 3.9 ms of the widget's first render in headless Chromium (7
// templates, 1.2 ms of it the HTML parse that a compiled template still needs). A compiled template is the
// prepared HTML and the list of its parts, and the app's Lit keeps only that kind (scripts/drop-lit-page-hooks.mjs
// drops the preparation).
//
// It runs after minifyLitTemplates, on the squeezed templates, and:
// - fails the build of a module with an html`` template the compiler left as it was (one whose tag it could not
//   tell was Lit's), or that names the html tag other than as a template's tag (`const tag = html`), which the
//   app's Lit could not draw;
// - writes each part as the app's Lit reads it: a text binding as { index }, an attribute, property, boolean or
//   event binding as { index, name, strings, ctor } (its constructor tells it apart), without the kind number
//   Lit's own runtime compares (58 B of the widget's gzip size), and without the strings of a binding that is
//   the attribute's whole value, ["", ""], which the app's Lit supplies (31 B); any other kind of part fails
//   the build;
// - imports the part constructors from lit-html itself, which the app's Lit exports for them, rather than
//   through lit-html's private server-rendering module, which would keep its helpers in the app; and no longer
//   imports the html tag, which the app's Lit no longer has.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compileLitTemplates as compiler } from '@lit-labs/compiler';

// The TypeScript the compiler itself runs on (its own version, not the project's): the names it makes for its
// variables are only unique within one copy of TypeScript.
const ts = createRequire(fileURLToPath(import.meta.resolve('@lit-labs/compiler')))('typescript');

const PRIVATE_IMPORT = /import \* as (\w+) from "lit-html\/private-ssr-support\.js";\s*const \{([^}]*)\} = \1\._\$LH;/;

/** Source code without its comments (for the quick look for templates: a comment may name html``). */
const withoutComments = (code) => code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

/**
 * How `code` still names the identifier `html`, other than in an import or as a property's name: 'template'
 * when it tags a template, 'other' for any other use, undefined when it does not.
 */
function htmlLeftIn(code) {
  let left;
  const visit = (node) => {
    const parent = node.parent;
    if (ts.isIdentifier(node) && node.text === 'html' && !ts.isImportSpecifier(parent) && !((ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === node)) {
      left = ts.isTaggedTemplateExpression(parent) && parent.tag === node ? 'template' : 'other';
    }
    if (left !== 'template') ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS));
  return left;
}

/** `code` (a module of the app, as JavaScript) with its html`` templates compiled; `id` names it in errors. */
export function compileTemplates(code, id) {
  let out = ts.transpileModule(code, {
    fileName: id,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, useDefineForClassFields: false },
    transformers: { before: [compiler()] },
  }).outputText;
  const left = htmlLeftIn(out);
  if (left === 'template') throw new Error(`${id}: an html\`\` template that Lit's compiler left as it was (scripts/compile-lit-templates.mjs): import html from 'lit'`);
  if (left) throw new Error(`${id}: Lit's html tag used other than as the tag of a template (scripts/compile-lit-templates.mjs), which the app's Lit no longer has`);
  const kind = /\{ type: (?![12],)(\d+),/.exec(out);
  if (kind) throw new Error(`${id}: a template part of kind ${kind[1]}, which the script-tag app's Lit does not make (scripts/compile-lit-templates.mjs)`);
  out = out.replace(/\{ type: [12], index:/g, '{ index:').replace(/, strings: \["", ""\], ctor:/g, ', ctor:');
  if (out.includes('private-ssr-support') && !PRIVATE_IMPORT.test(out)) throw new Error(`${id}: the compiler's import of Lit's part constructors is not as expected (scripts/compile-lit-templates.mjs: check this compiler version)`);
  return out
    .replace(PRIVATE_IMPORT, (_, namespace, names) => `import { ${names.trim().replace(/:/g, ' as')} } from "lit-html";`)
    .replace(/import \{([^}]*)\} from (["'])lit\2;/, (_, names) => `import { ${names.split(',').map((name) => name.trim()).filter((name) => name !== 'html').join(', ')} } from "lit";`);
}

/** @returns {import('vite').Plugin} */
export function compileLitTemplates() {
  return {
    name: 'compile-lit-templates',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\bhtml\s*`/.test(withoutComments(code))) return null;
      return { code: compileTemplates(code, id), map: null };
    },
  };
}
