// Block-level rules of CommonMark that the spec examples measure, each on its own: tabs after container
// markers, list items that start with code or a blank line, lazy continuation lines (of a paragraph only),
// loose lists, and HTML blocks, read as their source text. Streamed, each reads as the whole text does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalBlocks, parseBlocks, useBlockReaders, type Block } from '../../../src/ui/markdown/blocks.js';
import { resolveReference, takeDefinitions } from '../../../src/ui/markdown/definitions.js';
import { readHtmlBlock } from '../../../src/ui/markdown/html-blocks.js';
import { readTable } from '../../../src/ui/markdown/tables.js';
import { markTask } from '../../../src/ui/markdown/tasks.js';

// As in the widget once the readers loaded on demand have arrived.
useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });

const code = (text: string): Block => ({ type: 'code', lang: '', text });
const paragraph = (text: string): Block => ({ type: 'paragraph', text });
const html = (text: string): Block => ({ type: 'html', text });
const bullets = (tight: boolean, ...items: Block[][]): Block => ({ type: 'list', ordered: false, start: 1, tight, items });

describe('Markdown blocks: tabs after container markers', () => {
  it('counts a tab after `>` or a list marker by columns, so it is consumed in part', () => {
    assert.deepEqual(parseBlocks('>\t\tfoo'), [{ type: 'quote', children: [code('  foo')] }]);
    assert.deepEqual(parseBlocks('-\t\tfoo'), [bullets(true, [code('  foo')])]);
    assert.deepEqual(parseBlocks('1.\tfoo\n\tbar'), [{ type: 'list', ordered: true, start: 1, tight: true, items: [[paragraph('foo\nbar')]] }]);
  });

  it('keeps tabs inside a line as they are', () => {
    assert.deepEqual(parseBlocks('a\tb *\tc'), [paragraph('a\tb *\tc')]);
  });
});

describe('Markdown blocks: list items', () => {
  it('starts an item with indented code when five spaces or more follow its marker', () => {
    const ordered = (items: Block[][]): Block => ({ type: 'list', ordered: true, start: 1, tight: false, items });
    assert.deepEqual(parseBlocks('1.     indented code\n\n   paragraph\n\n       more code'), [ordered([[code('indented code'), paragraph('paragraph'), code('more code')]])]);
    assert.deepEqual(parseBlocks('1.      indented code\n\n   paragraph'), [ordered([[code(' indented code'), paragraph('paragraph')]])]);
  });

  it('lets an item begin with one blank line at most', () => {
    assert.deepEqual(parseBlocks('-\n  foo'), [bullets(true, [paragraph('foo')])]);
    assert.deepEqual(parseBlocks('-\n\n  foo'), [bullets(true, []), paragraph('foo')]);
    assert.deepEqual(parseBlocks('-   \n  foo'), [bullets(true, [paragraph('foo')])]);
  });

  it('makes a list loose when a blank line comes before a block of definitions only', () => {
    assert.deepEqual(parseBlocks('- a\n- b\n\n  [ref]: /url\n- d'), [bullets(false, [paragraph('a')], [paragraph('b')], [paragraph('d')])]);
    assert.deepEqual(parseBlocks('- a\n- b\n  [ref]: /url\n- d'), [bullets(true, [paragraph('a')], [paragraph('b\n[ref]: /url')], [paragraph('d')])]);
  });
});

describe('Markdown blocks: lazy continuation lines continue a paragraph only', () => {
  it('continues a paragraph in a quote or a list item', () => {
    assert.deepEqual(parseBlocks('> a\nb'), [{ type: 'quote', children: [paragraph('a\nb')] }]);
    assert.deepEqual(parseBlocks('- a\nb'), [bullets(true, [paragraph('a\nb')])]);
  });

  it('does not continue indented code, a fence or a heading', () => {
    assert.deepEqual(parseBlocks('>     foo\n    bar'), [{ type: 'quote', children: [code('foo')] }, code('bar')]);
    assert.deepEqual(parseBlocks('> ```\nfoo\n```'), [{ type: 'quote', children: [code('')] }, paragraph('foo'), code('')]);
    assert.deepEqual(parseBlocks('- ```\n  a\nb'), [bullets(true, [code('a')]), paragraph('b')]);
    assert.deepEqual(parseBlocks('> # Title\nb'), [{ type: 'quote', children: [{ type: 'heading', level: 1, text: 'Title' }] }, paragraph('b')]);
  });

  it('reads a lazy line indented four columns as paragraph text, not as a nested item', () => {
    const [list] = parseBlocks('- a\n - b\n  - c\n   - d\n    - e');
    assert.deepEqual(list, bullets(true, [paragraph('a')], [paragraph('b')], [paragraph('c')], [paragraph('d\n- e')]));
  });
});

describe('Markdown blocks: HTML blocks are read as their source text', () => {
  it('reads each of the seven kinds with its end', () => {
    for (const [text, blocks] of [
      ['<pre>\n**a**\n\nb</pre>\nc', [html('<pre>\n**a**\n\nb</pre>'), paragraph('c')]],
      ['<!-- a\n\n*b* -->\nc', [html('<!-- a\n\n*b* -->'), paragraph('c')]],
      ['<?php\n\necho 1; ?>\nc', [html('<?php\n\necho 1; ?>'), paragraph('c')]],
      ['<!DOCTYPE html>\nc', [html('<!DOCTYPE html>'), paragraph('c')]],
      ['<![CDATA[\na\n\n]]>\nc', [html('<![CDATA[\na\n\n]]>'), paragraph('c')]],
      ['<div>\n*a*\n\n*b*', [html('<div>\n*a*'), paragraph('*b*')]],
      ['<a href="/bar\\/)">\n*a*\n\nc', [html('<a href="/bar\\/)">\n*a*'), paragraph('c')]],
      ['</span>', [html('</span>')]],
      ['<!-- -->', [html('<!-- -->')]],
    ] as const) {
      assert.deepEqual(parseBlocks(text), blocks, text);
    }
  });

  it('keeps entities and escapes as written', () => {
    assert.deepEqual(parseBlocks('<a href="&ouml;&ouml;.html">'), [html('<a href="&ouml;&ouml;.html">')]);
  });

  it('runs a block that never ends to the end of its quote, list item or text', () => {
    assert.deepEqual(parseBlocks('<!-- a\n\nb'), [html('<!-- a\n\nb')]);
    assert.deepEqual(parseBlocks('> <!-- a\n> b\n\nc'), [{ type: 'quote', children: [html('<!-- a\nb')] }, paragraph('c')]);
    assert.deepEqual(parseBlocks('- <div>\n  a\n- b'), [bullets(true, [html('<div>\na')], [paragraph('b')])]);
  });

  it('lets kinds 1 to 6 interrupt a paragraph, and not a lone tag (kind 7)', () => {
    assert.deepEqual(parseBlocks('a\n<div>\nb'), [paragraph('a'), html('<div>\nb')]);
    assert.deepEqual(parseBlocks('a\n<!-- b -->'), [paragraph('a'), html('<!-- b -->')]);
    assert.deepEqual(parseBlocks('a\n<span>\nb'), [paragraph('a\n<span>\nb')]);
  });

  it('is not read where it is not a whole block start: indented, or text before the tag on its line', () => {
    assert.deepEqual(parseBlocks('    <div>'), [code('<div>')]);
    assert.deepEqual(parseBlocks('<span> a'), [paragraph('<span> a')]);
    assert.deepEqual(parseBlocks('<a b="c'), [paragraph('<a b="c')]);
  });

  it('keeps two lists apart with a comment between them', () => {
    assert.deepEqual(parseBlocks('- a\n\n<!-- -->\n\n- b'), [bullets(true, [paragraph('a')]), html('<!-- -->'), bullets(true, [paragraph('b')])]);
  });
});

describe('Markdown blocks: streamed', () => {
  it('finishes the blocks a whole parse gives, character by character', () => {
    const text =
      '<div>\n*a*\n\n<!-- open\n\nstill -->\n\n>     code\n    more\n\n> ```\nlazy\n```\n\n-\t\tcode\n\n-\n\n  after\n\n- a\n - b\n    - c\n\n  [r]: /u\n- d\n\n<span>\nend';
    const blocks = new IncrementalBlocks();
    const finished: Block[] = [];
    for (let end = 1; end <= text.length; end++) finished.push(...blocks.update(text.slice(0, end)).finished);
    finished.push(...blocks.update(text, true).finished);
    assert.deepEqual(finished, parseBlocks(text));
  });
});
