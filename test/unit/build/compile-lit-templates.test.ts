import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { compileTemplates } from '../../../scripts/compile-lit-templates.mjs';

const compile = compileTemplates as (code: string, id: string) => string;
const ID = '/project/src/widget/x.ts';

describe('compileTemplates', () => {
  it('writes an html`` template as its prepared HTML and its parts, each as the app\'s Lit reads it', () => {
    const out = compile(
      "import { html, nothing } from 'lit';\n" +
        'export const view = (a, b, f) => html`<p class=${a} title="x ${b} y" .value=${b} ?hidden=${a} @click=${f}>${b}<b>${a}</b></p>${nothing}`;',
      ID,
    );
    assert.doesNotMatch(out, /\bhtml\s*`/);
    // Text bindings are comments in the prepared HTML (<?>, and one more after a binding that ends a template),
    // attribute bindings gone from it.
    assert.match(out, /h: (\w+) `<p><\?><b><\?><\/b><\/p><\?><!--\?-->`/);
    const parts = /parts: (\[.*\]) \}/.exec(out)![1]!;
    assert.equal(
      parts,
      '[{ index: 0, name: "class", ctor: A_1 }, { index: 0, name: "title", strings: ["x ", " y"], ctor: A_1 }, ' +
        '{ index: 0, name: "value", ctor: P_1 }, { index: 0, name: "hidden", ctor: B_1 }, ' +
        '{ index: 0, name: "click", ctor: E_1 }, { index: 1 }, { index: 3 }, { index: 4 }]',
    );
    // The constructors come from lit-html, which the app's Lit exports them from, and html no longer from lit.
    assert.match(out, /import \{ AttributePart as A_1, PropertyPart as P_1, BooleanAttributePart as B_1, EventPart as E_1 \} from "lit-html";/);
    assert.match(out, /import \{ nothing \} from "lit";/);
    assert.doesNotMatch(out, /private-ssr-support|\btype: \d/);
    // The result names its compiled template, with the values in the order of the parts.
    assert.match(out, /\{ \["_\$litType\$"\]: lit_template_1, values: \[a, b, b, a, f, b, a, nothing\] \}/);
  });

  it('compiles nested templates, each once', () => {
    const out = compile("import { html } from 'lit';\nexport const list = (items) => html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;", ID);
    assert.equal(out.match(/const lit_template_\d+ = /g)?.length, 2);
    assert.match(out, /`<li><\?><\/li>`, parts: \[\{ index: 1 \}\]/);
    assert.match(out, /`<ul><\?><\/ul>`, parts: \[\{ index: 1 \}\]/);
  });

  it('fails for a template the compiler cannot tell is Lit\'s, which the app\'s Lit could not draw', () => {
    assert.throws(() => compile('const html = String.raw;\nexport const page = (x) => html`<p>${x}</p>`;', ID), /an html`` template that Lit's compiler left as it was/);
    // A comment that names html`` is no template.
    assert.doesNotMatch(compile("import { html } from 'lit';\n// One html`` template:\nexport const p = html`<p></p>`;", ID), /\bhtml\s*`<p>/);
  });

  it('fails for a module that uses the html tag other than as a template\'s tag, which the app\'s Lit no longer has', () => {
    assert.throws(() => compile("import { html } from 'lit';\nexport const tag = html;", ID), /html tag used other than as the tag of a template/);
    // A property or a string of that name is no use of the tag.
    const out = compile("import { html } from 'lit';\nexport const view = (o) => html`<p>${o.html}${'html'}</p>`;\nexport const kinds = { html: 1 };", ID);
    assert.doesNotMatch(out, /import \{[^}]*\bhtml\b[^}]*\} from "lit"/);
  });

  it('fails for a part of a kind the app\'s Lit does not make', () => {
    assert.throws(() => compile("import { html } from 'lit';\nexport const v = (ref) => html`<div ${ref}></div>`;", ID), /a template part of kind 6/);
  });
});
