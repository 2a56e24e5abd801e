// The adversarial corpus of the Markdown parsers: hostile patterns, each built at any size, and the work the
// widget does with an answer's text short of the DOM. Used by `npm run bench:markdown` and by the growth
// test in the unit tests (test/unit/markdown/markdown-growth.test.ts).
import { codeTokens } from '../src/ui/markdown/code-tokens.js';
import { markTask, parseBlocks, parseInline, readHtmlBlock, readRawHtml, readTable, resolveReference, takeDefinitions, useBlockReaders, useRawHtmlReader, type Block } from '../src/ui/markdown/index.js';

// Tables, HTML blocks, definitions and raw HTML are read too (the widget imports their readers the first time
// an answer has a pipe, `]:` or `<` before a letter, `/`, `!` or `?` in it).
useBlockReaders({ readTable, readHtmlBlock, takeDefinitions, resolveReference, markTask });
useRawHtmlReader(readRawHtml);

export const repeat = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const nested = (open: string, middle: string, close: string, size: number): string => {
  const depth = Math.floor((size - middle.length) / (open.length + close.length));
  return open.repeat(depth) + middle + close.repeat(depth);
};

/** The adversarial corpus: each pattern builds a text of about `size` characters. */
export const CORPUS: Record<string, (size: number) => string> = {
  '[ repeated': (size) => repeat('[', size),
  '] repeated': (size) => repeat(']', size),
  'http://a) repeated': (size) => repeat('http://a)', size),
  '**a repeated': (size) => repeat('**a ', size),
  '*a repeated': (size) => repeat('*a ', size),
  '_a repeated': (size) => repeat('_a ', size),
  'a** repeated (closers)': (size) => repeat('a** ', size),
  '*a_ mismatches': (size) => repeat('*a_', size),
  '**a*_b_ mixed runs': (size) => repeat('**a*_b_ ***c__d~~', size),
  '~~a repeated': (size) => repeat('~~a ', size),
  '__a repeated': (size) => repeat('__a ', size),
  '***a repeated': (size) => repeat('***a ', size),
  'a_ repeated (closers)': (size) => repeat('a_ ', size),
  '~a~ single tildes': (size) => repeat('~a~ ', size),
  'nested [[[a]]]': (size) => nested('[', 'a', ']', size),
  'nested links [[[a](https://x.y)]]]': (size) => nested('[', 'a](https://x.y)', ']', size),
  'nested emphasis *_*_a_*_*': (size) => nested('*_', 'a', '_*', size),
  'open [ then links [a](x)': (size) => repeat('[', size / 2) + repeat('[a](x)', size / 2),
  '[a](b repeated': (size) => repeat('[a](b', size),
  '[a](<b repeated': (size) => repeat('[a](<b', size),
  '[a](b "c repeated': (size) => repeat('[a](b "c ', size),
  '[a](\\( repeated': (size) => repeat('[a](\\(', size),
  '](( repeated after one [': (size) => '[a' + repeat('](((', size),
  '![a]( repeated (images)': (size) => repeat('![a](', size),
  '[a][b] references, no definitions': (size) => repeat('[a][b] ', size),
  '[a]: /b definitions': (size) => repeat('[a]: /b\n', size),
  'many definitions, then references to them': (size) => {
    const count = Math.floor(size / 60);
    const definitions = Array.from({ length: count }, (_, n) => `[Label ${n}]: https://x.y/${n} "t"`).join('\n');
    return `${Array.from({ length: count }, (_, n) => `[label  ${n}]`).join(' ')}\n\n${definitions}`.slice(0, size);
  },
  'long labels, defined and used': (size) => repeat(`[${'a'.repeat(998)}]: /b\n\n[${'a'.repeat(998)}][${'a'.repeat(998)}]\n\n`, size),
  'labels of 1,000 characters': (size) => repeat(`[${'a'.repeat(1000)}]: /b\n[${'a'.repeat(1000)}]\n`, size),
  '[a][] and [a] references, no definitions': (size) => repeat('[a][] [a] ', size),
  '][a label scans': (size) => repeat('][a', size),
  'definitions inside quotes and lists': (size) => repeat('> [a]: /b\n- [c]: /d "e"\n  [c]\n> [a]\n', size),
  '[a]: + spaces + <': (size) => '[a]:' + ' '.repeat(size - 6) + '<',
  'definition titles that never close': (size) => repeat('[a]: /b "c\n', size),
  'definitions with a title on the next line': (size) => repeat('[a]: /b\n"c"\n', size),
  '&amp; &#x61; &#97; entities': (size) => repeat('&amp; &#x61; &#97; &bogus; ', size),
  '` repeated': (size) => repeat('`', size),
  '``a` runs of growing length': (size) => {
    let text = '';
    for (let length = 1; text.length < size; length = (length % 40) + 1) text += '`'.repeat(length) + 'a';
    return text.slice(0, size);
  },
  '<a@b.b.b… autolink': (size) => repeat('<a@b.' + 'b.'.repeat(20), size),
  '<http: repeated': (size) => repeat('<http:', size),
  '\\ escapes': (size) => repeat('\\*\\[\\', size),
  'plain words, one 200 KB line': (size) => repeat('plain words ', size),
  'plain lines': (size) => repeat('a plain line\n', size),
  'x + spaces + y, then a line end': (size) => 'x' + ' '.repeat(size - 5) + 'y\nz',
  'code span with a leading space': (size) => '` ' + repeat('a', size - 3) + '`',
  '# # + spaces + a': (size) => '# #' + ' '.repeat(size - 4) + 'a',
  '- - - rules + spaces': (size) => '- - -' + ' '.repeat(size - 6) + 'a',
  'answer-marker lines': (size) => repeat('*Answer:* **Suggest Questions:** _a\n', size),
  'deep quote (> repeated) with emphasis': (size) => repeat('>', size - 3) + ' *a',
  'quote lines > > > *a': (size) => repeat('> > > > *a **b\n', size),
  'lazy quote lines': (size) => repeat('> a *b\nc_ d\n', size),
  'www. autolink literals': (size) => repeat('www.a.b/c( ', size),
  'http://) literals without a domain': (size) => repeat('http://)', size),
  '(www.( literals without a domain': (size) => repeat('(www.(', size),
  'tabs in lists': (size) => repeat('-\t\ta\n\t-\tb\n', size),
  'blank lines inside a list item': (size) => '- a\n' + repeat('\n  b\n', size - 4),
  'deep list (- repeated)': (size) => repeat('- ', size - 1) + 'a',
  'deep ordered list (1. repeated)': (size) => repeat('1. ', size - 1) + 'a',
  'indented list, 2,000 levels': (size) => {
    const lines: string[] = [];
    for (let depth = 0, length = 0; length < size; depth = (depth + 1) % 2000) {
      const line = `${'  '.repeat(depth)}- item *${depth}*`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  },
  'numbered list': (size) => {
    const lines: string[] = [];
    for (let n = 1, length = 0; length < size; n++) {
      const line = `${n}. item **${n}** [link](https://example.com/${n})`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  },
  'table, 1,000 columns': (size) => {
    const row = (cell: string) => `|${Array.from({ length: 1000 }, () => cell).join('|')}|`;
    const lines = [row('h'), row('-')];
    while (lines.join('\n').length < size) lines.push(row('*a*'));
    return lines.join('\n');
  },
  'fences ``` repeated': (size) => repeat('```\n', size),
  'long js code block': (size) => {
    const lines = ['```js'];
    for (let n = 0, length = 6; length < size; n++) {
      const line = `  const value${n} = compute(${n}, "text ${n}"); // step ${n}`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  },
  'unclosed <!-- comment, 200 KB': (size) => '<!--' + repeat('a -- b\n', size - 4),
  'unclosed <? instruction, 200 KB': (size) => '<?' + repeat('a ? b\n', size - 2),
  'unclosed <![CDATA[, 200 KB': (size) => '<![CDATA[' + repeat('a ]] b\n', size - 9),
  'unclosed <!-- on one line': (size) => '<!--' + repeat('-', size - 4),
  '<div> lines': (size) => repeat('<div>\n', size),
  '<!-- --> lines between list items': (size) => repeat('- a\n\n<!-- -->\n\n', size),
  'a tag of 10,000 attributes, unclosed': (size) => `<a${repeat(' b="c"', Math.min(size, 60_000))}`.padEnd(size, ' '),
  'tags of 10,000 attributes': (size) => repeat(`<a${' b=c'.repeat(10_000)}>\n`, size),
  'open tags interrupting paragraphs': (size) => repeat('a\n<span>\n<p>\n', size),
  'lazy lines after code in quotes': (size) => repeat('>     a\n    b\n> ```\nc\n', size),
  '<a repeated': (size) => repeat('<a ', size),
  '<a b=" repeated': (size) => repeat('<a b="', size),
  "<a b=\" unclosed, then <a c=' and <a": (size) => '<a b="' + repeat("<a c='<a ", size - 6),
  '<a + attributes, never closed': (size) => '<a' + repeat(' b=c d="e" f', size - 2),
  '<a + attributes, then >': (size) => '<a' + repeat(' b=c d="e" f', size - 3) + '>',
  '<a> tags repeated': (size) => repeat('<a href="x">*b*</a> ', size),
  '<!-- unclosed, repeated': (size) => repeat('<!-- a ', size),
  '<? unclosed, repeated': (size) => repeat('<? a ', size),
  '<![CDATA[ unclosed, repeated': (size) => repeat('<![CDATA[ a ', size),
  '<!A declarations, unclosed': (size) => repeat('<!A ', size),
  '<` alternating': (size) => repeat('<`', size),
  '<* alternating': (size) => repeat('<*', size),
  '<[ alternating': (size) => repeat('<[', size),
  '<a `*[ mixed': (size) => repeat('<a `*[ b="', size),
  '@ repeated': (size) => repeat('@', size),
  'a@ repeated': (size) => repeat('a@', size),
  'a long local part, then @ repeated': (size) => repeat('a.b+c-', size / 2) + repeat('@', size / 2),
  'e-mail literals without a domain dot': (size) => repeat('foo.bar@baz ', size),
  'e-mail literals': (size) => repeat('a.b@c.de ', size),
  '| pipes and ` ticks in one row': (size) => 'a|b\n-|-\n' + repeat('|`', size),
};

/** Hostile code for the syntax highlighter: each pattern gives its language and builds code of about `size` characters. */
export const HIGHLIGHT_CORPUS: Record<string, [language: string, build: (size: number) => string]> = {
  'js: " repeated': ['js', (size) => repeat('"', size)],
  'js: /* and // repeated': ['js', (size) => repeat('/*//', size)],
  'js: ` and ${ repeated': ['js', (size) => repeat('`${', size)],
  'js: one unterminated string': ['js', (size) => '"' + repeat('a\\', size - 1)],
  'ts: words and keywords': ['ts', (size) => repeat('const a = b; ', size)],
  "python: ''' and \"\"\" repeated": ['python', (size) => repeat(`'''"""`, size)],
  'json: "a" then spaces': ['json', (size) => repeat('"a"' + ' '.repeat(30), size)],
  'json: unterminated keys': ['json', (size) => repeat('"a\n', size)],
  'bash: ${ and $ repeated': ['bash', (size) => repeat('${$', size)],
  'html: a-a-a names': ['html', (size) => repeat('a-', size)],
  'html: & and <!- repeated': ['html', (size) => repeat('&a<!-', size)],
  'html: = then spaces': ['html', (size) => repeat('=    ', size)],
  'css: a: without ;': ['css', (size) => 'a:' + repeat('b ', size - 2)],
  'css: a:b repeated': ['css', (size) => repeat('a:b ', size)],
  "sql: '' repeated": ['sql', (size) => repeat("''", size)],
  'sql: -- and /* repeated': ['sql', (size) => repeat('-/*-', size)],
};

/** Everything the widget does with an answer's text, short of the DOM: blocks, then each block's inline text. */
export function parse(text: string, open: boolean): number {
  let nodes = 0;
  const visit = (block: Block): void => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        nodes += parseInline(block.text, { open }).length;
        break;
      case 'quote':
        block.children.forEach(visit);
        break;
      case 'list':
        block.items.forEach((item) => item.forEach(visit));
        break;
      case 'table':
        for (const row of [block.header, ...block.rows]) for (const cell of row) nodes += parseInline(cell, { open }).length;
        break;
      default:
        nodes++;
    }
  };
  parseBlocks(text).forEach(visit);
  return nodes;
}

/** The syntax highlighter's tokens of `code` (their count). */
export const highlight = (language: string, code: string): number => codeTokens(code, language)!.length;
