// Syntax highlighting of fenced code in the widget: the highlighter rides in the Markdown extras chunk, which
// the widget imports only when an answer needs it. The tests of this file run in one page, in order, so the
// first one sees the chunk not yet loaded.
import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { contrastRatio, effectiveBackground } from '../contrast.js';
import { ask, byRole, mountWidget, part, parts, settled, stubClipboard } from './widget-helpers.js';

const CODE = 'const answer = "yes"; // 42';

/** When the module of the Markdown extras was requested (its resource entries' start times). */
const extrasRequests = (): number[] =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/markdown-extras.'))
    .map((entry) => entry.startTime);

/** Resolves after the next two animation frames: the one coming, and the one after it has been painted. */
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** Highlighted tokens: spans with a kind (the spans that hold a code's lines, plain or in blocks of lines, have none). */
const TOKENS = 'code span[class^="code-"]:not(.code-lines)';

/** The highlighted spans of the last code block. */
const spans = (el: ChatbotWidget): HTMLElement[] => [...parts(el, 'code-block').at(-1)!.querySelectorAll(TOKENS)] as HTMLElement[];

describe('<chatbot-widget> syntax highlighting', () => {
  it('never loads the highlighter for code without a language; loads it for code in one, highlights it and copies its plain text', async () => {
    const clipboard = stubClipboard();
    try {
      const { el, service } = await mountWidget();
      service.queueAnswer('Plain:\n\n```\nconst plain = 1;\n```');
      await ask(el, 'Plain code?');
      await settled(el);
      expect(part(el, 'code-block').querySelector('code')!.textContent).to.equal('const plain = 1;');
      expect(spans(el)).to.have.length(0);

      const asked = performance.now();
      service.queueAnswer(`Try:\n\n\`\`\`js\n${CODE}\n\`\`\``);
      await ask(el, 'Code?');
      await settled(el);
      // Drawn at once as plain text, and again, highlighted, when the chunk arrives.
      await waitUntil(() => spans(el).length > 0, 'the highlighter did not arrive', { timeout: 5000 });
      const requests = extrasRequests();
      expect(requests, 'the chunk is requested once the answer has code in a language').to.not.be.empty;
      expect(requests.every((start) => start >= asked), 'the chunk was not requested before').to.be.true;

      const code = parts(el, 'code-block').at(-1)!.querySelector('code')!;
      expect(code.textContent).to.equal(CODE);
      expect(spans(el).map((span) => [span.className, span.textContent])).to.deep.equal([
        ['code-keyword', 'const'],
        ['code-string', '"yes"'],
        ['code-comment', '// 42'],
      ]);
      // The first answer, without a language, stays plain.
      expect(parts(el, 'code-block')[0]!.querySelectorAll('code span')).to.have.length(0);
      // A page sets a kind's colour with its public token.
      el.style.setProperty('--chatbot-code-keyword', 'rgb(255, 0, 0)');
      expect(getComputedStyle(spans(el)[0]!).color).to.equal('rgb(255, 0, 0)');

      byRole<HTMLButtonElement>(parts(el, 'code-block').at(-1)!, 'button', { name: 'Copy code' }).click();
      await waitUntil(() => clipboard.copied.length === 1);
      expect(clipboard.copied[0]).to.equal(CODE);
    } finally {
      clipboard.restore();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is accessible, every token at least 4.5:1 on the code background, in the ${theme} theme`, async () => {
      const { el, service } = await mountWidget();
      el.theme = theme;
      service.queueAnswer('```ts\n// A comment\nexport const total: number = 42 + parseInt("7", 10);\n```\n\n```json\n{"key": "value", "ok": true}\n```');
      await ask(el, 'Code?');
      await settled(el);
      await waitUntil(() => spans(el).length > 0, 'the highlighter did not arrive', { timeout: 5000 });
      const kinds = new Set<string>();
      for (const span of parts(el, 'code-block').flatMap((block) => [...block.querySelectorAll<HTMLElement>(TOKENS)])) {
        kinds.add(span.className);
        const ratio = contrastRatio(getComputedStyle(span).color, effectiveBackground(span));
        expect(ratio, `${span.className} "${span.textContent}"`).to.be.at.least(4.5);
      }
      expect([...kinds].sort()).to.deep.equal(['code-comment', 'code-keyword', 'code-name', 'code-number', 'code-string']);
      await expect(el).to.be.accessible();
    });
  }

  it('draws a long code block in blocks of 64 lines, leaving those drawn alone while it grows', async () => {
    const { el, service } = await mountWidget();
    const lines = Array.from({ length: 200 }, (_, k) => `const value${k} = "line ${k}"; // ${k}`);
    const stream = service.queueManual();
    await ask(el, 'Long code?');
    stream.push(`*Answer:* Here:\n\n\`\`\`js\n${lines.slice(0, 100).join('\n')}\n`);
    await waitUntil(() => parts(el, 'code-block').at(-1)?.querySelector('.code-lines'), 'no block of lines', { timeout: 5000 });
    const code = () => parts(el, 'code-block').at(-1)!.querySelector('code')!;
    const first = code().querySelector('.code-lines')!;
    const firstSpan = first.querySelector('span')!;
    stream.push(`${lines.slice(100).join('\n')}\n\`\`\`\n\nDone.`);
    await frame();
    stream.close();
    await settled(el);
    const blocks = [...code().querySelectorAll(':scope > .code-lines')];
    // Three blocks of 64 lines, and the last 8 lines.
    expect(blocks).to.have.length(4);
    expect(blocks[0], 'the first block is the same element').to.equal(first);
    expect(first.querySelector('span'), 'its tokens were not drawn again').to.equal(firstSpan);
    expect(getComputedStyle(first).display).to.equal('block');
    expect(blocks.map((block) => block.textContent!.split('\n').length - 1)).to.deep.equal([64, 64, 64, 7]);
    expect(code().textContent).to.equal(lines.join('\n'));
    expect(code().querySelectorAll('.code-keyword').length).to.equal(200);
    // The tokens are text nodes and spans only, with no template markers between them.
    const walker = document.createTreeWalker(code(), NodeFilter.SHOW_COMMENT);
    let markers = 0;
    while (walker.nextNode()) if (blocks.some((block) => block.contains(walker.currentNode))) markers++;
    expect(markers).to.equal(0);
  });

  it('keeps the nodes of the tokens drawn while a short code block streams, changing only the last ones', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Short code?');
    stream.push('*Answer:* Here:\n\n```js\nconst first = 1;\nconst sec');
    const code = () => parts(el, 'code-block').at(-1)?.querySelector('code');
    await waitUntil(() => code()?.querySelector('.code-keyword') && code()!.textContent!.endsWith('const sec'), 'the code was not highlighted', { timeout: 5000 });
    const keyword = spans(el)[0]!;
    // The text node of the name being written, " sec".
    const lastText = code()!.querySelector('span:not([class])')!.lastChild!;
    expect(lastText.textContent).to.equal(' sec');
    stream.push('ond = 2;\n');
    await waitUntil(() => code()!.textContent!.includes('second = 2'), 'the code did not grow');
    expect(spans(el)[0], 'the first token is the same node').to.equal(keyword);
    expect(keyword.isConnected).to.equal(true);
    expect(lastText.isConnected, 'the cut name was drawn again').to.equal(false);
    expect(spans(el).map((span) => span.textContent)).to.deep.equal(['const', '1', 'const', '2']);
    stream.push('```\n\nDone.');
    stream.close();
    await settled(el);
    expect(code()!.textContent).to.equal('const first = 1;\nconst second = 2;');
    expect(spans(el)[0], 'still the same node once the answer is complete').to.equal(keyword);
  });

  it('draws the same long code twice in one answer in full, each block of lines its own', async () => {
    const { el, service } = await mountWidget();
    const code = Array.from({ length: 150 }, (_, k) => `let twice${k} = ${k};`).join('\n');
    service.queueAnswer(`First:\n\n\`\`\`js\n${code}\n\`\`\`\n\nAgain:\n\n\`\`\`js\n${code}\n\`\`\``);
    await ask(el, 'The same code twice?');
    await settled(el);
    const blocks = parts(el, 'code-block').slice(-2);
    expect(blocks.map((block) => block.querySelector('code')!.textContent)).to.deep.equal([code, code]);
    expect(blocks.map((block) => block.querySelectorAll('.code-lines').length)).to.deep.equal([3, 3]);
  });

  it('skips the blocks of lines that are off screen, and keeps the code as wide as its longest line', async () => {
    const { el, service } = await mountWidget();
    const longLine = `const first = [${Array.from({ length: 120 }, (_, k) => k).join(', ')}];`;
    const lines = [longLine, ...Array.from({ length: 999 }, (_, k) => `const value${k} = "line ${k}"; // ${k}`)];
    service.queueAnswer(`Here:\n\n\`\`\`js\n${lines.join('\n')}\n\`\`\``);
    await ask(el, 'Very long code?');
    await settled(el);
    await frame();
    const pre = parts(el, 'code-block').at(-1)!.querySelector('pre')!;
    const blocks = [...pre.querySelectorAll('code > .code-lines')];
    expect(blocks).to.have.length(16);
    // The thread followed the answer to its end: the first block is off screen and skipped, the last drawn.
    const firstToken = blocks[0]!.querySelector('span')!;
    expect(blocks.at(-1)!.querySelector('span')!.checkVisibility({ contentVisibilityAuto: true })).to.equal(true);
    expect(firstToken.checkVisibility({ contentVisibilityAuto: true })).to.equal(false);
    // The code still scrolls sideways to its longest line, which is in the skipped block.
    const width = pre.scrollWidth;
    expect(width).to.be.above(3 * pre.clientWidth);
    blocks[0]!.scrollIntoView();
    await waitUntil(() => firstToken.checkVisibility({ contentVisibilityAuto: true }), 'the first block was not drawn once scrolled to');
    await frame();
    expect(pre.scrollWidth).to.equal(width);
    // Nothing of the long line is clipped: the block is as wide as it.
    const range = document.createRange();
    range.selectNodeContents(blocks[0]!);
    const lineWidth = Math.max(...[...range.getClientRects()].map((rect) => rect.right - blocks[0]!.getBoundingClientRect().left));
    expect(blocks[0]!.getBoundingClientRect().width).to.be.at.least(lineWidth - 1);
    expect(pre.querySelector('code')!.textContent).to.equal(lines.join('\n'));
  });
});

