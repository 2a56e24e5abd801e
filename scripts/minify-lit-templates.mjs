// A Vite plugin for the minified builds: squeezes the white space and comments out of Lit's css`` and
// html`` template literals, which the JavaScript minifier leaves as they are.
// css``: comments go, white space runs become one space (none at the start or the end of the sheet), and the
// spaces around { } ; , > go, as does the space after a declaration's ':' (never a selector's, where a space is
// a descendant combinator); 0.5 is .5.
// html``: a white space run holding a line break goes where it stands after a tag (before another tag or a
// binding), after a binding before a tag, or before the '>' or '/>' that closes a tag; anywhere else it becomes
// one space, so text keeps its word breaks. The templates break lines between elements only inside flex, grid
// or block containers, where that white space is never drawn; text that needs a space next to a tag or a
// binding keeps it on one line (`${name}: </span>`). A static attribute value of letters, digits, '_' and '-'
// loses its quotes (HTML needs none around such a value; one right before '/>' keeps them, where the '/' would
// join it). Only literal parts change; ${…} expressions are kept, with the tagged templates nested in them
// squeezed too.

// Index just past the template literal whose opening backtick is at code[start - 1].
function templateEnd(code, start) {
  for (let i = start; i < code.length; i++) {
    const ch = code[i];
    if (ch === '\\') i++;
    else if (ch === '`') return i + 1;
    else if (ch === '$' && code[i + 1] === '{') i = expressionEnd(code, i + 2) - 1;
  }
  throw new Error('unterminated template literal');
}

// Index just past the `}` closing the expression that starts at `start` (just after `${`).
function expressionEnd(code, start) {
  let depth = 1;
  for (let i = start; i < code.length; i++) {
    const ch = code[i];
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
    else if (ch === '`') i = templateEnd(code, i + 1) - 1;
    else if (ch === '"' || ch === "'") {
      for (i++; i < code.length && code[i] !== ch; i++) if (code[i] === '\\') i++;
    } else if (ch === '/' && code[i + 1] === '/') i = code.indexOf('\n', i);
    else if (ch === '/' && code[i + 1] === '*') i = code.indexOf('*/', i) + 1;
  }
  throw new Error('unterminated template expression');
}

function squeezeCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    // A property name right after '{' or ';' is a declaration (a selector never has a space after ':').
    .replace(/([{;][\w-]+): /g, '$1:')
    .replace(/([ :,(])0\.(\d)/g, '$1.$2')
    // A media feature '(name: value)' needs no space either, nor does a quoted identifier in an attribute selector.
    .replace(/\(([\w-]+): /g, '($1:')
    .replace(/='([a-z][\w-]*)'\]/g, '=$1]')
    .replace(/ !important/g, '!important')
    .replace(/;}/g, '}');
}

function squeezeHtml(text) {
  return text
    .replace(/>\s*\n\s*(?=<|$)/g, '>')
    .replace(/^\s*\n\s*(?=<)/, '')
    .replace(/\s*\n\s*(?=\/?>)/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/(\s[\w:.@?-]+)="([\w-]+)"(?=[\s>])/g, '$1=$2');
}

/** Rewrites the literal parts of every css`` and html`` template in `code`. */
export function squeezeLitTemplates(code) {
  const tagPattern = /\b(css|html)`/g;
  let out = '';
  let index = 0;
  for (let match = tagPattern.exec(code); match; match = tagPattern.exec(code)) {
    const squeeze = match[1] === 'css' ? squeezeCss : squeezeHtml;
    const start = match.index + match[0].length;
    const { strings, expressions, end } = readTemplateLiteral(code, start);
    out += code.slice(index, start);
    const squeezed = strings.map(squeeze);
    // White space at the start and end of a style sheet is nothing.
    if (squeeze === squeezeCss) {
      squeezed[0] = squeezed[0].trimStart();
      squeezed[squeezed.length - 1] = squeezed.at(-1).trimEnd();
    }
    out += squeezed.map((literal, k) => literal + (k < expressions.length ? '${' + squeezeLitTemplates(expressions[k]) + '}' : '`')).join('');
    index = end;
    tagPattern.lastIndex = end;
  }
  return out + code.slice(index);
}

/** The literal parts of every html`` template in `code`, nested ones included: one array of strings per template. */
export function htmlTemplateStrings(code) {
  const templates = [];
  const tagPattern = /\bhtml`/g;
  for (let match = tagPattern.exec(code); match; match = tagPattern.exec(code)) {
    const { strings, expressions, end } = readTemplateLiteral(code, match.index + match[0].length);
    for (const expression of expressions) templates.push(...htmlTemplateStrings(expression));
    templates.push(strings);
    tagPattern.lastIndex = end;
  }
  return templates;
}

/**
 * Reads the template literal whose text starts at `start` (just after its opening backtick): its literal
 * parts as written, the source of each `${…}` between them, and the index just after its closing backtick.
 */
function readTemplateLiteral(code, start) {
  const strings = [];
  const expressions = [];
  let literal = '';
  let i = start;
  for (;;) {
    const ch = code[i];
    if (ch === '\\') {
      literal += ch + code[i + 1];
      i += 2;
    } else if (ch === '`') {
      strings.push(literal);
      return { strings, expressions, end: i + 1 };
    } else if (ch === '$' && code[i + 1] === '{') {
      const end = expressionEnd(code, i + 2);
      strings.push(literal);
      literal = '';
      expressions.push(code.slice(i + 2, end - 1));
      i = end;
    } else if (i >= code.length) {
      throw new Error('unterminated template literal');
    } else {
      literal += ch;
      i++;
    }
  }
}

const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * `code` (a chunk as the bundler renders it, before minifying) with each dynamic import unwrapped from Vite's
 * preload helper: `__vitePreload(() => import("./x.js")…, __VITE_PRELOAD__)` becomes `(import("./x.js")…)`,
 * which the helper that only calls its function comes to. A call of the helper in any other shape fails the
 * build rather than ship a chunk that still needs it.
 */
export function unwrapPreloads(code) {
  const opened = code.split('__vitePreload(() => ').length - 1;
  const closed = code.split(', __VITE_PRELOAD__)').length - 1;
  const ofImports = code.split('__vitePreload(() => import(').length - 1;
  if (opened !== closed || opened !== ofImports || code.split('__vitePreload(').length - 1 !== opened) {
    throw new Error('a call of __vitePreload that scripts/minify-lit-templates.mjs cannot unwrap');
  }
  return code.replaceAll('__vitePreload(() => ', '(').replaceAll(', __VITE_PRELOAD__)', ')');
}

/** @returns {import('vite').Plugin} */
export function minifyLitTemplates() {
  return {
    name: 'minify-lit-templates',
    apply: 'build',
    transform(code, id) {
      // Vite wraps every dynamic import in a preload helper that adds <link rel=modulepreload> tags for the
      // chunk's own imports. The app is built with modulePreload off and its lazy chunks (language packs)
      // import nothing, so the helper would only ever call the import: it becomes exactly that.
      if (id === PRELOAD_HELPER_ID) return { code: 'export const __vitePreload = (load) => load();', map: null };
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(css|html)`/.test(code)) return null;
      const squeezed = squeezeLitTemplates(code);
      return squeezed === code ? null : { code: squeezed, map: null };
    },
    renderChunk(code) {
      // ...and the calls of that helper go too, each import left as it was written (the source map is kept as
      // it was: on these lines, what follows the call points a few columns off).
      const unwrapped = unwrapPreloads(code);
      return unwrapped === code ? null : { code: unwrapped, map: null };
    },
  };
}
