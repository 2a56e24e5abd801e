import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { render } from 'lit';
import {
  IncrementalBlocks,
  MarkdownStream,
  markdownToText,
  parseBlocks,
  parseInline,
  renderMarkdown,
  safeHref,
  useMarkdownExtras,
  type MarkdownContext,
} from '../../../src/ui/markdown/index.js';
import * as markdownExtras from '../../../src/widget/on-demand/markdown-extras.js';

// The widget imports tables, definitions and raw HTML the first time an answer has a pipe, `]:` or `<` and
// a letter in it (audit.test.ts sees a table arrive).
useMarkdownExtras(markdownExtras);

const context: MarkdownContext = { copyCodeLabel: 'Copy code', onCopyCode: () => undefined };

const SAMPLE = `# Plans

We offer **three** plans, see [pricing](https://example.com/pricing "Prices") or mail <sales@example.com>.

1. Free
2. Pro
   - 10 seats
   - *priority* support
3. Enterprise

> Prices exclude tax.

| Plan | Price |
|:-----|------:|
| Free | 0 |
| Pro | \`9\` |

\`\`\`ts
const plan = 'pro';
\`\`\`

---
Questions? Visit https://example.com/help.`;

async function mount(markdown: string): Promise<HTMLElement> {
  const el = await fixture<HTMLElement>(html`<div></div>`);
  render(renderMarkdown(markdown, context), el);
  return el;
}

describe('Markdown: block parser', () => {
  it('reads every supported block', () => {
    expect(parseBlocks(SAMPLE).map((block) => block.type)).to.deep.equal([
      'heading',
      'paragraph',
      'list',
      'quote',
      'table',
      'code',
      'rule',
      'paragraph',
    ]);
  });

  it('nests lists and keeps ordered start numbers', () => {
    const [list] = parseBlocks('3. a\n4. b\n   - c\n   - d');
    expect(list).to.deep.include({ type: 'list', ordered: true, start: 3 });
    if (list?.type !== 'list') throw new Error('not a list');
    expect(list.items[1]!.map((block) => block.type)).to.deep.equal(['paragraph', 'list']);
  });

  it('keeps a loose list (blank lines between items) as one list', () => {
    const blocks = parseBlocks('1. one\n\n2. two\n\n3. three');
    expect(blocks).to.have.length(1);
    expect(blocks[0]).to.deep.include({ type: 'list' });
  });

  it('lets a list interrupt a paragraph, as answers write it', () => {
    expect(parseBlocks('Steps:\n1. Open\n2. Click').map((block) => block.type)).to.deep.equal(['paragraph', 'list']);
  });

  it('reads table alignment and pads short rows', () => {
    const [table] = parseBlocks('| a | b | c |\n|:-|:-:|-:|\n| 1 |');
    expect(table).to.deep.equal({ type: 'table', align: ['left', 'center', 'right'], header: ['a', 'b', 'c'], rows: [['1', '', '']] });
  });

  it('keeps an unclosed fence open to the end', () => {
    expect(parseBlocks('```\ncode\nmore')).to.deep.equal([{ type: 'code', lang: '', text: 'code\nmore' }]);
  });
});

describe('Markdown: inline parser', () => {
  it('reads emphasis, strong, code, strikethrough and escapes', () => {
    expect(parseInline('a **b *c*** `d` ~~e~~ \\*f\\* snake_case')).to.deep.equal([
      'a ',
      { type: 'strong', children: ['b ', { type: 'em', children: ['c'] }] },
      ' ',
      { type: 'code', text: 'd' },
      ' ',
      { type: 'del', children: ['e'] },
      ' *f* snake_case',
    ]);
  });

  it('leaves lone asterisks and underscores alone', () => {
    expect(parseInline('2 * 3 * 4 and file_name_here')).to.deep.equal(['2 * 3 * 4 and file_name_here']);
  });

  it('closes open emphasis and links only while text is still streaming', () => {
    expect(parseInline('so **bold')).to.deep.equal(['so **bold']);
    expect(parseInline('so **bold', { open: true })).to.deep.equal(['so ', { type: 'strong', children: ['bold'] }]);
    expect(parseInline('see [docs](https://exa', { open: true })).to.deep.equal([
      'see ',
      { type: 'link', href: '', title: undefined, children: ['docs'] },
    ]);
  });

  it('turns bare URLs into links without trailing punctuation', () => {
    expect(parseInline('Go to https://example.com/a_(b).')).to.deep.equal([
      'Go to ',
      { type: 'link', href: 'https://example.com/a_(b)', children: ['https://example.com/a_(b)'] },
      '.',
    ]);
  });

  it('keeps only http, https and mailto links live', () => {
    expect(safeHref('https://example.com')).to.equal('https://example.com/');
    expect(safeHref('mailto:a@b.co')).to.equal('mailto:a@b.co');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'jav&#x61;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relative/path',
      '//evil.example',
      'file:///etc/passwd',
    ]) {
      expect(safeHref(bad), bad).to.equal(null);
    }
  });
});

describe('Markdown: incremental reading', () => {
  it('finishes exactly the blocks a whole parse gives, at any chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }), (sizes) => {
        const blocks = new IncrementalBlocks();
        const finished: unknown[] = [];
        let end = 0;
        for (const size of sizes) {
          end = Math.min(SAMPLE.length, end + size);
          finished.push(...blocks.update(SAMPLE.slice(0, end)).finished);
        }
        finished.push(...blocks.update(SAMPLE, true).finished);
        expect(finished).to.deep.equal(parseBlocks(SAMPLE));
      }),
      { numRuns: 60 },
    );
  });

  it('finishes each block once, character by character', () => {
    const blocks = new IncrementalBlocks();
    let count = 0;
    for (let end = 1; end <= SAMPLE.length; end++) count += blocks.update(SAMPLE.slice(0, end)).finished.length;
    count += blocks.update(SAMPLE, true).finished.length;
    expect(count).to.equal(parseBlocks(SAMPLE).length);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const blocks = new IncrementalBlocks();
    blocks.update('first\n\nsecond\n\n');
    const replaced = blocks.update('other');
    expect(replaced.reset).to.equal(true);
    expect(replaced.open).to.deep.equal([{ type: 'paragraph', text: 'other' }]);
  });
});

describe('Markdown: rendering', () => {
  it('renders the elements of each block', async () => {
    const el = await mount(SAMPLE);
    expect(el.querySelector('.heading strong')!.textContent).to.equal('Plans');
    expect(el.querySelectorAll('ol > li')).to.have.length(3);
    expect(el.querySelectorAll('ol ul > li')).to.have.length(2);
    expect(el.querySelector('blockquote')!.textContent!.trim()).to.equal('Prices exclude tax.');
    expect([...el.querySelectorAll('th')].map((cell) => cell.className)).to.deep.equal(['left', 'right']);
    expect(el.querySelector('td code')!.textContent).to.equal('9');
    expect(el.querySelector('pre code')!.textContent).to.equal("const plan = 'pro';");
    expect(el.querySelector('hr')).to.exist;
    expect(el.querySelector('.code-lang')!.textContent).to.equal('ts');
  });

  it('opens live links in a new tab without an opener', async () => {
    const el = await mount('[pricing](https://example.com/pricing "Prices") and <sales@example.com>');
    const links = [...el.querySelectorAll('a')];
    expect(links.map((link) => link.href)).to.deep.equal(['https://example.com/pricing', 'mailto:sales@example.com']);
    for (const link of links) {
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.equal('noopener noreferrer');
    }
    expect(links[0]!.textContent).to.equal('pricing');
    expect(links[0]!.title).to.equal('Prices');
  });

  it('calls back with the code when the copy button of a code block is pressed', async () => {
    const copied: string[] = [];
    const el = await fixture<HTMLElement>(html`<div></div>`);
    render(renderMarkdown('```\nnpm i\n```', { copyCodeLabel: 'Copy code', onCopyCode: (code) => copied.push(code) }), el);
    el.querySelector<HTMLButtonElement>('button[aria-label="Copy code"]')!.click();
    expect(copied).to.deep.equal(['npm i']);
  });

  it('keeps the DOM of finished blocks while later text streams in', async () => {
    const el = await fixture<HTMLElement>(html`<div></div>`);
    const stream = new MarkdownStream(context);
    let text = 'First paragraph.\n\n';
    render(stream.render(text, false), el);
    text += 'Second paragraph.\n\n- a\n';
    render(stream.render(text, false), el);
    const first = el.querySelector('p')!;
    const firstText = first.firstChild;
    expect(first.textContent).to.equal('First paragraph.');
    for (const chunk of ['- b\n', '- c\n\n', 'Last ', 'words', '.']) {
      text += chunk;
      render(stream.render(text, false), el);
      expect(el.querySelector('p')).to.equal(first);
      expect(first.firstChild).to.equal(firstText);
    }
    render(stream.render(text, true), el);
    expect(el.querySelector('p')).to.equal(first);
    expect(el.querySelectorAll('li')).to.have.length(3);
    expect(el.querySelector('p:last-of-type')!.textContent).to.equal('Last words.');
  });

  it('draws a task item as a disabled checkbox labelled by the item text', async () => {
    const el = await mount('- [x] Done\n- [ ] To *do*');
    const boxes = [...el.querySelectorAll('input')];
    expect(boxes.map((box) => [box.type, box.disabled, box.checked])).to.deep.equal([
      ['checkbox', true, true],
      ['checkbox', true, false],
    ]);
    expect(boxes.map((box) => box.labels![0]!.textContent!.trim())).to.deep.equal(['Done', 'To do']);
  });

  it('links reference links, inert unless their destination is safe, and the blocks above a definition when the answer ends', async () => {
    const el = await fixture<HTMLElement>(html`<div></div>`);
    const stream = new MarkdownStream(context);
    const answer = 'Read [the guide][1], not [this][2].\n\nMore.\n\nAnd more.\n\n[1]: https://example.com/guide\n[2]: javascript:alert(1)\n';
    for (let end = 1; end <= answer.length; end += 7) render(stream.render(answer.slice(0, end), false), el);
    render(stream.render(answer, true), el);
    const links = [...el.querySelectorAll('a')];
    expect(links.map((link) => [link.href, link.textContent])).to.deep.equal([['https://example.com/guide', 'the guide']]);
    expect(el.querySelector('.inert-link')!.textContent).to.equal('this');
    expect(el.textContent).not.to.include('[1]');
    expect(el.textContent).not.to.include('javascript');
  });

  it('draws an HTML block as its source text, never as HTML', async () => {
    const el = await mount('<div onclick="alert(1)">\n<b>*hi*</b>\n</div>\n\n<!-- a &amp; b -->\n\n- <i>x</i>\n- y');
    expect(el.querySelector('div, b, i, p')).to.equal(null);
    const texts = [...el.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()).map((node) => node.textContent);
    expect(texts).to.deep.equal(['<div onclick="alert(1)">\n<b>*hi*</b>\n</div>', '<!-- a &amp; b -->']);
    expect(el.querySelector('li')!.textContent).to.equal('<i>x</i>');
    expect(markdownToText('<div>\n<b>hi</b>\n</div>')).to.equal('<div>\n<b>hi</b>\n</div>');
  });

  it('shows raw HTML as the text it was written as, with no element made from it and no Markdown read inside it', async () => {
    const el = await mount('Use <b title="*x*">bold</b>, <!-- *c* --> and *<img src="x" onerror="alert(1)">*');
    expect(el.querySelector('b, img')).to.equal(null);
    expect(el.textContent).to.equal('Use <b title="*x*">bold</b>, <!-- *c* --> and <img src="x" onerror="alert(1)">');
    expect([...el.querySelectorAll('em')].map((em) => em.textContent)).to.deep.equal(['<img src="x" onerror="alert(1)">']);
  });

  it('gives plain text for announcements', () => {
    expect(markdownToText('See [the guide][1].\n\n[1]: https://x.y')).to.equal('See the guide.');
    expect(markdownToText('**Hi** [there](https://x.y)\n\n- one\n- `two`')).to.equal('Hi there\none\ntwo');
    expect(markdownToText('# Plans\n\n1. _Free_ for snake_case fans\n2. 2 * 3 seats')).to.equal('Plans\nFree for snake_case fans\n2 * 3 seats');
    expect(markdownToText('| a | b |\n|---|--:|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```\n\n> quoted\n\n---\nsee <https://a.b>')).to.equal(
      'a b\n1 2\nlet x = 1;\nquoted\nsee https://a.b',
    );
  });
});

/** A node's elements, their attributes in name order and their text, adjacent text nodes joined, comments dropped. */
function canonical(node: Node): string {
  let out = '';
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      text += child.textContent;
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    if (text) out += JSON.stringify(text);
    text = '';
    const element = child as Element;
    const attributes = [...element.attributes].map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`).sort();
    out += `<${[element.localName, ...attributes].join(' ')}>${canonical(element)}</${element.localName}>`;
  }
  return text ? out + JSON.stringify(text) : out;
}

/** Whether `node` holds a comment: Lit marks every part of a template with one, a node built with DOM calls has none. */
const holdsComment = (node: Node) => document.createTreeWalker(node, NodeFilter.SHOW_COMMENT).nextNode() !== null;

describe('Markdown: list items built as DOM (with the extras)', () => {
  it('draws an item as the templates draw the same text in a paragraph', async () => {
    const pieces = ['a', 'b c', ' ', '*', '_', '**', '`', '~~', '[', ']', '(', ')', '<', '>', '"t"', 'https://x.y/p', 'javascript:alert(1)', 'mailto:a@b.c', '<b>', '&amp;', '&#0;', '\\', '\u0000', '  \n', '\n', '!'];
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 24 }), async (parts) => {
        const text = parts.join('');
        const paragraph = parseBlocks(text, new Map());
        const list = parseBlocks(`- ${text}`, new Map());
        const item = list[0]?.type === 'list' && list.length === 1 ? list[0].items[0] : undefined;
        // Text that reads as one paragraph on its own and as the one paragraph of a tight item alike.
        if (paragraph.length !== 1 || paragraph[0]!.type !== 'paragraph' || item?.length !== 1 || item[0]!.type !== 'paragraph' || item[0].text !== paragraph[0].text) return;
        compared++;
        const inParagraph = await mount(text);
        const inItem = await mount(`- ${text}`);
        expect(holdsComment(inItem.querySelector('li')!), 'the item is built as DOM').to.equal(false);
        expect(canonical(inItem.querySelector('li')!)).to.equal(canonical(inParagraph.querySelector('p')!));
      }),
      { seed: 16, numRuns: 400 },
    );
    expect(compared).to.be.greaterThan(200);
  });

  it('keeps answer text as text and only safe links live in items built as DOM; task items and items with blocks stay templates', async () => {
    const el = await mount(
      '- <img src=x onerror="alert(1)"> and [x](javascript:alert(1))\n- [ok](https://example.com/a "T") `<b>` ~~gone~~ *em* **strong**  \n  next\n- [ ] task\n- item\n  - nested',
    );
    expect(el.querySelector('img, b')).to.equal(null);
    const items = [...el.querySelectorAll(':scope > ul > li')];
    expect(items).to.have.length(4);
    expect(items[0]!.textContent).to.equal('<img src=x onerror="alert(1)"> and x');
    expect(items[0]!.querySelector('.inert-link')!.textContent).to.equal('x');
    const link = items[1]!.querySelector('a')!;
    expect([link.href, link.title, link.target, link.rel, link.textContent]).to.deep.equal(['https://example.com/a', 'T', '_blank', 'noopener noreferrer', 'ok']);
    expect([...items[1]!.querySelectorAll('code, del, em, strong, br')].map((element) => [element.localName, element.textContent])).to.deep.equal([
      ['code', '<b>'],
      ['del', 'gone'],
      ['em', 'em'],
      ['strong', 'strong'],
      ['br', ''],
    ]);
    expect(items.map(holdsComment)).to.deep.equal([false, false, true, true]);
    expect(items[2]!.querySelector('input[type=checkbox]')).to.exist;
    expect(items[3]!.querySelector('ul > li')!.textContent).to.equal('nested');
  });

  it('draws the paragraphs of a loose item as paragraphs', async () => {
    const el = await mount('1. one **a**\n\n   more\n\n2. two');
    expect([...el.querySelectorAll('li')].map((item) => [...item.children].map((child) => `${child.localName}:${child.textContent}`))).to.deep.equal([
      ['p:one a', 'p:more'],
      ['p:two'],
    ]);
  });

  it('keeps the line ends of a long item cut into pieces, tight and loose, and draws an empty item', async () => {
    const lines = Array.from({ length: 80 }, (_, k) => `line ${k} of a long item with several words in it`);
    const [tight] = parseBlocks(`- ${lines.join('\n  ')}`, new Map());
    expect(tight!.type === 'list' && tight.items[0]!.map((block) => block.type === 'paragraph' && Boolean(block.cut))).to.deep.equal([true, false]);
    const tightList = await mount(`- ${lines.join('\n  ')}`);
    expect(tightList.querySelector('li')!.textContent).to.equal(lines.join('\n'));
    const looseList = await mount(`- ${lines.join('\n  ')}\n\n- b`);
    const pieces = [...looseList.querySelector('li')!.children];
    expect(pieces.map((piece) => [piece.localName, piece.className])).to.deep.equal([
      ['p', 'piece cut'],
      ['p', ''],
    ]);
    expect(pieces.map((piece) => piece.textContent).join('\n')).to.equal(lines.join('\n'));
    const withEmpty = await mount('1.\n2. b');
    expect([...withEmpty.querySelectorAll('li')].map((item) => [item.childNodes.length, item.textContent])).to.deep.equal([
      [0, ''],
      [1, 'b'],
    ]);
  });

  it('draws a finished list again when its answer is drawn into a new place', async () => {
    const stream = new MarkdownStream(context);
    const text = '1. one **a**\n2. two [b](https://example.com/b)\n\nEnd.';
    const first = await fixture<HTMLElement>(html`<div></div>`);
    render(stream.render(text, true), first);
    const second = await fixture<HTMLElement>(html`<div></div>`);
    render(stream.render(text, true), second);
    for (const el of [first, second]) expect([...el.querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal(['one a', 'two b']);
  });
});
