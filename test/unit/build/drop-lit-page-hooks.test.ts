import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { bindingPlaces, dropLitPageHooks, dropLitPageHooksPlugin } from '../../../scripts/drop-lit-page-hooks.mjs';

const placesOf = bindingPlaces as (strings: readonly string[]) => string[];
const drop = dropLitPageHooks as (code: string, id: string) => string;
const plugin = dropLitPageHooksPlugin as () => { transform(code: string, id: string): { code: string } | null };
const LIT_FILES = ['lit-html/lit-html.js', '@lit/reactive-element/reactive-element.js', '@lit/reactive-element/css-tag.js', 'lit-element/lit-element.js'];
// The files the app build bundles (the production builds, without the development condition).
const pathOf = (file: string) => fileURLToPath(new URL(`../../../node_modules/${file}`, import.meta.url)).replace(/\\/g, '/');

describe('dropLitPageHooks', () => {
  for (const file of LIT_FILES) {
    it(`leaves no page hook in the installed ${file}, and a module that still parses and exports the same`, () => {
      const id = pathOf(file);
      const code = readFileSync(id, 'utf8');
      assert.match(code, /Versions\?\?=\[\]|ShadyCSS/);
      const dropped = drop(code, id);
      assert.doesNotMatch(dropped, /Versions|PolyfillSupport|HydrateSupport|metadata|Metadata|ShadyCSS/);
      // No optional call is left on a value the hooks became.
      assert.doesNotMatch(dropped, /\b(?:0|void 0)\?\.\(/);
      const exportsOf = (source: string) => parseAst(source).body.filter((node) => node.type === 'ExportNamedDeclaration').map((node) => source.slice(node.start, node.end));
      // The same exports, but the template tags (the app's templates are compiled), and lit-html's part
      // constructors, which compiled templates name.
      const partConstructors = ',H as AttributePart,L as BooleanAttributePart,z as EventPart,I as PropertyPart,';
      assert.deepEqual(
        exportsOf(dropped),
        exportsOf(code).map((declaration) => declaration.replace(/,\w+ as (?:svg|mathml|html)\b/g, '').replace(/^(export\{\w+ as _\$LH),/, `$1${partConstructors}`)),
      );
      assert.ok(code.length - dropped.length < 1700, 'more than the hooks and the unused parts went');
    });
  }

  it('leaves the SVG and MathML kinds of template out of lit-html, and their tags out of its exports', () => {
    const id = pathOf('lit-html/lit-html.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /"<svg>"[^]*"<\/math>"[^]*\bas mathml\b[^]*\bas svg\b/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /<svg>|<\/svg>|<math>|<\/math>|replaceWith|\bas (?:svg|mathml)\b/);
  });

  it("leaves out the template scanner's random marker and attribute pattern, which the minifier would keep as calls", () => {
    const id = pathOf('lit-html/lit-html.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /Math\.random\(\)[^]*=RegExp\(`>\|/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /Math\.random|RegExp\(`>/);
  });

  it('leaves class initializers out of ReactiveElement, and fails the build of an app module that names them', () => {
    const id = pathOf('@lit/reactive-element/reactive-element.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /static addInitializer\(/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /addInitializer|\.l\?\.forEach|\.l=\[/);
    assert.throws(() => plugin().transform('ChatbotWidget.addInitializer(() => {});', '/project/src/widget/x.ts'), /has no class initializers/);
    assert.equal(plugin().transform('export const x = 1;', '/project/src/widget/x.ts'), null);
  });

  it('leaves the useDefault option and wrapped accessors out of ReactiveElement, and fails the build of an app module that names useDefault', () => {
    const id = pathOf('@lit/reactive-element/reactive-element.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /useDefault[^]*wrapped/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /useDefault|wrapped|_\$Ej/);
    // A property's changes are still recorded, and those of a reflected one written back to its attribute.
    assert.match(dropped, /C\((\w+),(\w+),\{reflect:(\w+)\}\)\{\(this\._\$AL\.has\(\1\)\|\|\(this\.hasUpdated\|\|\(\2=void 0\),this\._\$AL\.set\(\1,\2\)\),!0===\3&&/);
    assert.throws(() => plugin().transform('const options = { reflect: true, useDefault: true };', '/project/src/widget/x.ts'), /has no useDefault option/);
  });

  it("leaves out the tracking of whether parts are connected, and fails the build of an app that imports Lit's async directives", () => {
    for (const file of ['lit-html/lit-html.js', 'lit-element/lit-element.js', 'lit-html/directive.js']) {
      const id = pathOf(file);
      const code = readFileSync(id, 'utf8');
      assert.match(code, /_\$AU|setConnected/, file);
      assert.doesNotMatch(drop(code, id), /_\$AU|_\$Cv|_\$AP|_\$AO|_\$AN|setConnected|isConnected/, file);
    }
    for (const file of ['lit/async-directive.js', 'lit-html/async-directive.js', 'lit-html/development/async-directive.js']) {
      assert.throws(() => plugin().transform('export {};', pathOf(file)), /does not tell directives whether they are connected/, file);
    }
  });

  it('adopts constructed style sheets only, without the <style> elements of browsers that have none', () => {
    const id = pathOf('@lit/reactive-element/css-tag.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /createElement\("style"\)/);
    const dropped = drop(code, id);
    // supportsAdoptingStyleSheets is true, and the minifier drops the branches that write <style>.
    assert.match(dropped, /(\w+)=!0,[^]*\b\1 as supportsAdoptingStyleSheets\b/);
    assert.doesNotMatch(dropped, /"adoptedStyleSheets"in|ShadowRoot&&/);
  });

  it("leaves out what parts tell directives of their place and kind, and fails the build of an app directive that reads it", () => {
    const id = pathOf('lit-html/lit-html.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /get parentNode\(\)[^]*get startNode\(\)[^]*get endNode\(\)[^]*get tagName\(\)/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /get (?:parentNode|startNode|endNode|tagName)\(\)|creationScope/);
    // Templates are still imported into the page's document, and the nodes between a part's markers still
    // removed by its own _$AA and _$AB.
    assert.match(dropped, /=\w+\.importNode\(\w+,!0\)/);
    assert.match(dropped, /this\._\$AA\.parentNode\.insertBefore\(\w+,this\._\$AB\)/);
    const directive = "import { Directive, directive } from 'lit/directive.js';\n";
    assert.throws(() => plugin().transform(`${directive}class D extends Directive { update(part) { return part.parentNode; } }`, '/project/src/ui/d.ts'), /does not tell directives \.parentNode/);
    assert.throws(() => plugin().transform(`${directive}const first = (part) => part.startNode;`, '/project/src/ui/d.ts'), /\.startNode/);
    assert.throws(() => plugin().transform(`${directive}class D extends Directive { constructor(part) { super(part); this.kind = part.type; } }`, '/project/src/ui/d.ts'), /\.type/);
    // Nor do parts carry their type, which Lit's own class directives check: the app imports none but ifDefined.
    assert.match(code, /this\.type=2[^]*this\.type=1/);
    assert.doesNotMatch(dropped, /this\.type=/);
    assert.throws(() => plugin().transform("import { classMap } from 'lit/directives/class-map.js';", '/project/src/widget/x.ts'), /does not tell directives the type of their part/);
    assert.equal(plugin().transform("import { ifDefined } from 'lit/directives/if-defined.js';\nexport const label = (x) => ifDefined(x);", '/project/src/widget/x.ts'), null);
    // Elsewhere in the app, a DOM node's parentNode is the browser's own.
    assert.equal(plugin().transform('export const up = (node: Node) => node.parentNode;', '/project/src/widget/x.ts'), null);
    assert.throws(() => plugin().transform('render(page, root, { host, creationScope: frame });', '/project/src/widget/x.ts'), /has no creationScope /);
  });

  it('leaves out the options and hooks the app never uses, and fails the build of an app module that names one', () => {
    const id = pathOf('@lit/reactive-element/reactive-element.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /noAccessor[^]*converter\?\.toAttribute[^]*hostUpdate\?[^]*firstUpdated/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /\.converter|noAccessor|\.hasChanged|hostUpdate\?|firstUpdated|getOwnPropertySymbols\(/);
    // A property's new value is still compared with its old one by Lit's notEqual.
    assert.match(dropped, /(\w+)=\(\w+,\w+\)=>!\w+\(\w+,\w+\)[^]*getPropertyOptions\(\w+\),!\(\1\(\w+,\w+\)\)\)return;/);
    // Attributes are still read and reflected through Lit's own converter, and hostUpdated still called.
    assert.match(dropped, /converter:(\w+)[^]*\b\1\.toAttribute\([^]*\b(\w+)=\1;[^]*\b\2\.fromAttribute\(/);
    assert.match(dropped, /hostUpdated\?\.\(\)\),this\.hasUpdated=!0,this\.updated\(/);
    for (const name of ['converter', 'noAccessor', 'hasChanged', 'hostUpdate', 'firstUpdated']) {
      assert.throws(() => plugin().transform(`const options = { ${name}: 1 };`, '/project/src/widget/x.ts'), new RegExp(`has no ${name} `), name);
    }
    assert.equal(plugin().transform('const link = { hostUpdated() {} };', '/project/src/widget/x.ts'), null);
    // A reflected property is written into its attribute as a string, or as a boolean's presence, never as JSON.
    assert.match(code, /toAttribute\([^}]*JSON\.stringify/);
    assert.match(dropped, /toAttribute\((\w+),\w+\)\{switch\(\w+\)\{case Boolean:\1=\1\?\w+:null\}return \1\}/);
    for (const options of ['{ type: Array, reflect: true }', '{ reflect: true, attribute: "x", type: Object }']) {
      assert.throws(() => plugin().transform(`const properties = { x: ${options} };`, '/project/src/widget/x.ts'), /reflects no Array or Object property/, options);
    }
    assert.equal(plugin().transform('const properties = { a: { type: Array }, b: { type: Boolean, reflect: true } };', '/project/src/widget/x.ts'), null);
  });

  it('leaves out the update hooks only an overriding element needs, the update cycle otherwise the same, and fails the build of an app module that names one', () => {
    const id = pathOf('@lit/reactive-element/reactive-element.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /scheduleUpdate\(\)\{[^]*getUpdateComplete\(\)\{[^]*shouldUpdate\(\w+\)\{/);
    const dropped = drop(code, id);
    assert.match(code, /enableUpdating\(\w+\)\{\}/);
    assert.doesNotMatch(dropped, /scheduleUpdate|getUpdateComplete|shouldUpdate|enableUpdating\(\w+\)\{/);
    // The constructor's own enableUpdating (the promise an update waits for) is what connecting calls.
    assert.match(dropped, /new Promise\((\w+)=>this\.enableUpdating=\1\)[^]*this\.enableUpdating\(!0\)/);
    // An update still waits for the previous one, then runs willUpdate and update, and updateComplete is that wait.
    assert.match(dropped, /await this\._\$ES\}catch\(\w+\)\{Promise\.reject\(\w+\)\}return this\.performUpdate\(\),!this\.isUpdatePending\}/);
    assert.match(dropped, /(\w+)=!0,this\.willUpdate\((\w+)\),this\.update\(\2\)\}catch/);
    assert.match(dropped, /get updateComplete\(\)\{return this\._\$ES\}/);
    for (const name of ['scheduleUpdate', 'getUpdateComplete', 'shouldUpdate', 'enableUpdating']) {
      assert.throws(() => plugin().transform(`class W { ${name}() { return true; } }`, '/project/src/widget/x.ts'), new RegExp(`has no ${name} `), name);
    }
  });

  it("flattens an element's styles without sorting them out further", () => {
    const id = pathOf('@lit/reactive-element/reactive-element.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /static finalizeStyles\(\w+\)\{const \w+=\[\];if\(Array\.isArray/);
    const dropped = drop(code, id);
    const finalizeStyles = /static finalizeStyles\((\w+)\)\{return(\[\1\?\?\[\]\]\.flat\(1\/0\))\}/.exec(dropped);
    assert.ok(finalizeStyles, 'finalizeStyles flattens its styles');
    // What it returns, for the shapes of styles an element may declare.
    const flatten = new Function(finalizeStyles[1], `return ${finalizeStyles[2]}`) as (styles: unknown) => unknown[];
    assert.deepEqual(flatten(undefined), []);
    assert.deepEqual(flatten('a'), ['a']);
    assert.deepEqual(flatten(['a', ['b', ['c']]]), ['a', 'b', 'c']);
  });

  it("makes each style sheet once without a cache by css`` strings, a toString() or a guard against new, and leaves LitElement's renderBefore, default render and mark out", () => {
    const cssId = pathOf('@lit/reactive-element/css-tag.js');
    const css = drop(readFileSync(cssId, 'utf8'), cssId);
    assert.doesNotMatch(css, /WeakMap|\.get\(|\.set\(|toString\(\)|not constructable/);
    assert.match(css, /constructor\(\w+,\w+,\w+\)\{this\._\$cssResult\$=!0;this\.cssText=/);
    assert.match(css, /get styleSheet\(\)\{let (\w+)=this\.o;[^}]*void 0===\1\)\{\(this\.o=\1=new CSSStyleSheet\)\.replaceSync\(this\.cssText\)\}return \1\}/);
    const elementId = pathOf('lit-element/lit-element.js');
    const element = readFileSync(elementId, 'utf8');
    assert.match(element, /renderBefore\?\?=[^]*render\(\)\{return \w+\}/);
    const dropped = drop(element, elementId);
    assert.doesNotMatch(dropped, /renderBefore|render\(\)\{|createRenderRoot|_\$litElement\$/);
    assert.match(dropped, /update\(\w+\)\{const \w+=this\.render\(\)/);
  });

  it('tells where each binding of a template is, as Lit reads it', () => {
    // A template's literal parts, as a tag function receives them (String.raw of the template).
    const places = (strings: TemplateStringsArray, ..._values: unknown[]) => placesOf(strings.raw);
    assert.deepEqual(places`<p class=${1} title="a ${2} b ${3}" .value=${4} ?hidden=${5} @click=${6}>${7} and ${8}</p>`, [
      'attribute', 'attribute', 'attribute', 'attribute', 'attribute', 'attribute', 'child', 'child',
    ]);
    assert.deepEqual(places`<div ${1}></div><input title='${2}' ${3}>`, ['element', 'attribute', 'element']);
    assert.deepEqual(places`<!-- ${1} --><p>${2}</p>`, ['comment', 'child']);
    assert.deepEqual(places`<textarea>${1}</textarea><style>${2}</style>${3}`, ['raw text', 'raw text', 'child']);
    assert.deepEqual(places`<p>a > b ${1}</p><p title=">" ${2}>`, ['child', 'element']);
  });

  it('leaves element, comment and raw-text bindings out of lit-html, and fails the build of an app template that has one', () => {
    const id = pathOf('lit-html/lit-html.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /type:6[^]*emptyScript[^]*type:7/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /type:6|type:7|6===\w+\.type|emptyScript|textContent\.split/);
    // Text and attribute bindings are still found by Lit's scanner (which the app's bundle leaves out, its
    // templates compiled at build time), and their parts made.
    assert.match(dropped, /\.push\(\{type:1,index:\w+,name:/);
    assert.match(dropped, /if\((\w+)\.data===\w+\)\w+\.push\(\{type:2,index:\w+\}\);\w+\+\+/);
    // A part with a constructor is an attribute, property, boolean or event binding; without strings, the binding
    // is the attribute's whole value.
    assert.match(dropped, /(\w+)\.ctor\?\w+=new \1\.ctor\(\w+,\1\.name,\1\.strings\|\|\["",""\],this,\w+\):\w+=new \w+\(\w+,\w+\.nextSibling,this,\w+\)/);
    const module = (template: string) => `import { html } from 'lit';\nexport const view = (x) => html\`<p>\${x ? html\`${template}\` : ''}</p>\`;`;
    assert.throws(() => plugin().transform(module('<div ${x}></div>'), '/project/src/widget/x.ts'), /has no bindings in element place/);
    assert.throws(() => plugin().transform(module('<!-- ${x} -->'), '/project/src/widget/x.ts'), /has no bindings in comment place/);
    assert.throws(() => plugin().transform(module('<textarea>${x}</textarea>'), '/project/src/widget/x.ts'), /has no bindings in raw text place/);
    assert.equal(plugin().transform(module('<textarea .value=${x}></textarea>'), '/project/src/widget/x.ts'), null);
  });

  it('draws compiled templates only, named by their parts, and fails the build of an app module that names their mark', () => {
    const id = pathOf('lit-html/lit-html.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /"number"==typeof \w+\?this\._\$AC\(/);
    const dropped = drop(code, id);
    // No template is prepared in the page: no cache by strings array (_$AC), no html`` tag to make a result.
    assert.doesNotMatch(dropped, /"number"==typeof|_\$AC|\bas html\b/);
    // A compiled template's HTML is parsed once, through lit-html's Trusted Types policy (V), and drawn.
    assert.match(dropped, /\(void 0===(\w+)\.el&&\(\(\1\.el=document\.createElement\("template"\)\)\.innerHTML=(\w+)\(\1\.h,\1\.h\[0\]\)\),\1\);if\(this\._\$AH\?\._\$AD===/);
    const policy = /(\w+)=\w+\?\w+\.createPolicy\("lit-html",[^]*function (\w+)\(\w+,\w+\)\{if\(![^]*\.hasOwnProperty\("raw"\)\)throw Error\("invalid template strings array"\);return void 0!==\1\?\1\.createHTML\(\w+\):\w+\}/.exec(dropped);
    assert.ok(policy, 'the template strings check and the policy');
    assert.match(dropped, new RegExp(`\\.innerHTML=${policy[2]}\\(`));
    assert.throws(() => plugin().transform('export const compiled = { _$litType$: { h: [] }, values: [] };', '/project/src/widget/x.ts'), /has no _\$litType\$/);
  });

  it("makes lit-html's noChange and nothing symbols of its own, not the page's registry", () => {
    const id = pathOf('lit-html/lit-html.js');
    const code = readFileSync(id, 'utf8');
    assert.match(code, /(\w+)=Symbol\.for\("lit-noChange"\),(\w+)=Symbol\.for\("lit-nothing"\)[^]*\b\1 as noChange\b[^]*\b\2 as nothing\b/);
    const dropped = drop(code, id);
    assert.doesNotMatch(dropped, /Symbol\.for/);
    assert.match(dropped, /(\w+)=Symbol\(\),(\w+)=Symbol\(\)[^]*\b\1 as noChange\b[^]*\b\2 as nothing\b/);
  });

  it('fails for a Lit file that does not hold its hooks as expected', () => {
    const id = pathOf('lit-html/lit-html.js');
    assert.throws(() => drop('export const x = 1;', id), /litHtmlPolyfillSupport.* found 0 times, not once/);
    const code = readFileSync(id, 'utf8');
    const twice = code.replace(/(\w+=\w+\.litHtmlPolyfillSupport;[^;]*;)/, '$1$1');
    assert.notEqual(twice, code);
    assert.throws(() => drop(twice, id), /found 2 times/);
  });

  it('fails the build of an app that imports Lit decorators, whose metadata its Lit no longer reads', () => {
    for (const file of ['lit/decorators.js', 'lit/decorators/property.js', '@lit/reactive-element/decorators/state.js']) {
      assert.throws(() => plugin().transform('export {};', pathOf(file)), /reads no decorator metadata/, file);
    }
    assert.equal(plugin().transform('export {};', pathOf('lit/directives/guard.js')), null);
  });

  it('leaves any other file as it is', () => {
    const code = '(globalThis.litHtmlVersions ??= []).push("1"); globalThis.litHtmlPolyfillSupport?.();';
    assert.equal(drop(code, '/project/src/widget/x.ts'), code);
  });
});
