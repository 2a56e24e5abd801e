// Inline raw HTML: recognised by CommonMark's grammar and shown as the text it was written as, so nothing
// inside it is read as Markdown, in time linear in the length of the text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseInline, useRawHtmlReader } from '../../../src/ui/markdown/inline.js';
import { readRawHtml } from '../../../src/ui/markdown/raw-html.js';

// The widget gives the parser this reader when the on-demand extras arrive.
useRawHtmlReader(readRawHtml);

/** The end of the raw HTML at `i` of `text`, or 0. */
const endAt = (text: string, i = 0): number => readRawHtml(text)(i);

describe('inline raw HTML', () => {
  it('is shown as written, with no emphasis, code, link, escape, entity or hard break inside it', () => {
    for (const text of [
      '*<img src="foo" title="*"/>',
      '**<a href="**">',
      '__<a href="__">',
      '<a href="`">`',
      '[foo <bar attr="](baz)">',
      '<a href="foo  \nbar">',
      '<a href="foo\\\nbar">',
      '<a title="&amp; \\* ~~x~~ https://example.com">',
      "<a b='[x](https://example.com)' c=d e>",
      '<!-- *a* [b](c) -->',
      '<? *a* ?>',
      '<!DOCTYPE *a*>',
      '<![CDATA[ *a* `b` ]]>',
      '</a  >',
    ]) {
      assert.deepEqual(parseInline(text), [text], text);
    }
  });

  it('ends where CommonMark ends it', () => {
    assert.equal(endAt('<a>b'), 3);
    assert.equal(endAt('<a/>'), 4);
    assert.equal(endAt('<a\nb="c"\n/>d'), 11);
    assert.equal(endAt('<a b=c d>e'), 9);
    assert.equal(endAt('<a b="x>y">z'), 11);
    assert.equal(endAt('<!-->a'), 5);
    assert.equal(endAt('<!--->a'), 6);
    assert.equal(endAt('<!---->a'), 7);
    assert.equal(endAt('<!-- a -- b -->c'), 15);
    assert.equal(endAt('<?a?>b'), 5);
    assert.equal(endAt('<!A b>c'), 6);
    assert.equal(endAt('<![CDATA[a]]>b'), 13);
    assert.equal(endAt('x <b>', 2), 5);
  });

  it('is not read where CommonMark reads none', () => {
    for (const text of ['<33>', '<__>', '<a h*#ref="hi">', '<a href="hi\'>', '<a href=hi\'>', '< a>', '<a b=">', '<a/ >', '</a b>', '<!--', '<!-- a', '<?a', '<!a', '<![CDATA[a]]', '<a  =b>', '<a b =>']) {
      assert.equal(endAt(text), 0, text);
    }
  });

  it('leaves autolinks and code spans that start first alone', () => {
    assert.deepEqual(parseInline('<https://example.com/a>'), [{ type: 'link', href: 'https://example.com/a', children: ['https://example.com/a'] }]);
    assert.deepEqual(parseInline('`<a href="`">`'), [{ type: 'code', text: '<a href="' }, '">`']);
    assert.deepEqual(parseInline('*<b>*'), [{ type: 'em', children: ['<b>'] }]);
  });

  it('is read as it streams: an unfinished tag is text until it ends', () => {
    assert.deepEqual(parseInline('see <a title="*x', { open: true }), ['see <a title="', { type: 'em', children: ['x'] }]);
    assert.deepEqual(parseInline('see <a title="*x">', { open: true }), ['see <a title="*x">']);
  });

  it('never throws, and every construct it reads ends with `>` inside the text (random pieces, fixed seed)', () => {
    const pieces = ['<', '>', '<a', '</a', ' b', '=', '"', "'", '/', '!', '?', '-', '--', '<!--', '-->', '<?', '?>', '<![CDATA[', ']]>', '<!A', '\n', '*', '`', '[', ']', '(', ')', '\\', '&amp;', 'x'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 200 }), fc.boolean(), (parts, open) => {
        const text = parts.join('');
        const read = readRawHtml(text);
        for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
          const end = read(i);
          assert.ok(end === 0 || (end > i && end <= text.length && text[end - 1] === '>'), `${JSON.stringify(text)} at ${i}: ${end}`);
        }
        parseInline(text, { open });
      }),
      { seed: 20261126, numRuns: 400 },
    );
  });

  it('remembers a closing string that is missing, so an unclosed construct is not searched for again', () => {
    const text = '<!-- a '.repeat(1000);
    const read = readRawHtml(text);
    const indexOf = String.prototype.indexOf;
    let searches = 0;
    String.prototype.indexOf = function (this: string, ...args: Parameters<string['indexOf']>): number {
      searches++;
      return indexOf.apply(this, args);
    };
    try {
      for (let i = 0; i < text.length; i += 7) assert.equal(read(i), 0);
    } finally {
      String.prototype.indexOf = indexOf;
    }
    assert.equal(searches, 1);
  });
});
