import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain JavaScript build helper without type declarations
import { squeezeLitTemplates, unwrapPreloads } from '../../../scripts/minify-lit-templates.mjs';

const squeeze = squeezeLitTemplates as (code: string) => string;
const unwrap = unwrapPreloads as (code: string) => string;

describe('squeezeLitTemplates: html``', () => {
  it('turns a white space run holding a line break into one space in text and between bindings', () => {
    assert.equal(squeeze('html`<p>Hello\n    ${a}\n  world ${b}\n  ${c}</p>`'), 'html`<p>Hello ${a} world ${b} ${c}</p>`');
  });

  it('drops a white space run holding a line break between tags, between a tag and a binding, and before a tag closes', () => {
    assert.equal(
      squeeze('html`<div class="a">\n  <span>${a}</span>\n  ${b}\n  <p\n    title=${c}\n  >x</p>\n  <path d=${d}\n  />\n</div>`'),
      'html`<div class=a><span>${a}</span>${b}<p title=${c}>x</p><path d=${d}/></div>`',
    );
  });

  it('keeps white space without a line break as it is', () => {
    const template = 'html`<span>${name}: </span> <b>${x}</b> ${y} <i>z</i>`';
    assert.equal(squeeze(template), template);
  });

  it('takes the quotes off static attribute values of letters, digits, "_" and "-"', () => {
    assert.equal(
      squeeze('html`<button type="button" class="icon-button" aria-hidden="true" @click=${f}>${x}</button>`'),
      'html`<button type=button class=icon-button aria-hidden=true @click=${f}>${x}</button>`',
    );
  });

  it('keeps the quotes a value needs: spaces, other characters, before "/>", next to a binding', () => {
    for (const template of [
      'html`<div class="message user" part="message user-message"></div>`',
      'html`<svg viewBox="0 0 24 24"><path d="M7 7h10v10H7z" /></svg>`',
      'html`<path fill="none"/>`',
      'html`<a href="https://example.com/x">x</a>`',
      'html`<p class="note ${kind}"></p>`',
      'html`<p class="${kind}"></p>`',
      'html`<p title="a ${b} c" part="x${y}"></p>`',
    ]) {
      assert.equal(squeeze(template), template);
    }
  });

  it('squeezes templates nested in expressions, and leaves the code around them alone', () => {
    assert.equal(
      squeeze('const a = "x=\\"y\\" "; html`<ul role="list">${items.map((i) => html`<li class="item">${i}</li>`)}</ul>`'),
      'const a = "x=\\"y\\" "; html`<ul role=list>${items.map((i) => html`<li class=item>${i}</li>`)}</ul>`',
    );
  });
});

describe('squeezeLitTemplates: css``', () => {
  it('drops comments and the white space around punctuation, and shortens 0.5 to .5', () => {
    assert.equal(
      squeeze('css`\n  /* note */\n  .a > .b,\n  .c {\n    opacity: 0.5;\n    margin: 0 auto;\n  }\n`'),
      'css`.a>.b,.c{opacity:.5;margin:0 auto}`',
    );
  });

  it('drops the white space at the start and the end of a sheet, and keeps it beside a binding inside', () => {
    assert.equal(squeeze('css`\n  ${a}\n  .b ${c} {\n    color: red;\n  }\n  ${d}\n`'), 'css`${a} .b ${c}{color:red}${d}`');
    assert.equal(squeeze('css`\n`'), 'css``');
  });
});

describe('unwrapPreloads', () => {
  it("takes each dynamic import out of Vite's preload helper, with what it is chained to", () => {
    const chunk = [
      'const __vitePreload = (load) => load();',
      'const packs = { vi: () => __vitePreload(() => import("./vi-a1.js"), __VITE_PRELOAD__) };',
      'void __vitePreload(() => import("./teaser-b2.js").then((module) => {',
      '\tthis.teaser = module;',
      '}, () => f(a, b)), __VITE_PRELOAD__);',
    ].join('\n');
    assert.equal(
      unwrap(chunk),
      [
        'const __vitePreload = (load) => load();',
        'const packs = { vi: () => (import("./vi-a1.js")) };',
        'void (import("./teaser-b2.js").then((module) => {',
        '\tthis.teaser = module;',
        '}, () => f(a, b)));',
      ].join('\n'),
    );
  });

  it('leaves a chunk without dynamic imports as it is', () => {
    const chunk = 'export const x = import.meta.url;';
    assert.equal(unwrap(chunk), chunk);
  });

  it('fails on a call of the helper it cannot unwrap', () => {
    for (const chunk of [
      'f(__vitePreload(() => { return import("./a.js"); }, __VITE_PRELOAD__));',
      'f(__vitePreload(load, __VITE_PRELOAD__));',
      'f(__vitePreload(() => import("./a.js"), deps));',
    ]) {
      assert.throws(() => unwrap(chunk), /cannot unwrap/, chunk);
    }
  });
});
