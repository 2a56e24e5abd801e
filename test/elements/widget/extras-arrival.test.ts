// The Markdown extras (tables, highlighting, ...) are imported the first time an answer needs them. Their
// markers are looked for in answer text as it arrives, before it is drawn: the answer's first words are drawn
// at once, the rest once the chunk is in, so a table is drawn as a table the first time, never first as its
// pipes. The tests of this file run in one page, in order, so the first one sees the chunk not yet loaded.
import { expect } from '@open-wc/testing';
import { formatAnswer } from '../../../src/stream/index.js';
import { ask, byPart, mountWidget, nextEvent, part, parts, shadow } from './widget-helpers.js';

describe('<chatbot-widget> Markdown extras arriving during an answer', () => {
  it('draws the first words at once and a table later in the answer only as a table', async () => {
    const { el, service } = await mountWidget();
    const opening = `Opening ${'words '.repeat(80)}`.trim();
    const table = '| Name | Value |\n|---|---:|\n| one | 1 |\n| two | 2 |';
    service.queue({ kind: 'text', body: formatAnswer({ answer: `${opening}\n\n${table}\n\nAfter the table.` }), chunkSize: 1 << 20 });
    const drawnAsText: string[] = [];
    let firstWordsBeforeTable = false;
    const observer = new MutationObserver(() => {
      const bubble = parts(el, 'bot-message')[0] && byPart(parts(el, 'bot-message')[0]!, 'bubble');
      if (!bubble) return;
      for (const paragraph of bubble.querySelectorAll('p')) if (paragraph.textContent!.includes('|')) drawnAsText.push(paragraph.textContent!);
      if (bubble.textContent!.includes('Opening') && !bubble.querySelector('table')) firstWordsBeforeTable = true;
    });
    observer.observe(shadow(el), { subtree: true, childList: true, characterData: true });
    const complete = nextEvent(el, 'chatbot-answer-complete');
    await ask(el, 'A table?');
    await complete;
    observer.disconnect();
    expect(firstWordsBeforeTable, 'the first words were not drawn before the chunk arrived').to.be.true;
    expect(drawnAsText, 'the table was drawn as text first').to.deep.equal([]);
    const cells = [...part(el, 'bot-message').querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).to.deep.equal(['one', '1', 'two', '2']);
  });

  it('draws a burst in frames that start small and grow', async () => {
    const { el, service } = await mountWidget();
    const paragraphs = Array.from({ length: 40 }, (_, index) => `Paragraph ${index} ${'word '.repeat(40)}`.trim());
    service.queue({ kind: 'text', body: formatAnswer({ answer: paragraphs.join('\n\n') }), chunkSize: 1 << 20 });
    const drawnLength = () => {
      const bubble = parts(el, 'bot-message')[0] && byPart(parts(el, 'bot-message')[0]!, 'bubble');
      return bubble ? [...bubble.querySelectorAll('p')].reduce((sum, paragraph) => sum + paragraph.textContent!.length, 0) : 0;
    };
    const lengths: number[] = [];
    let watching = true;
    const watch = () => {
      const length = drawnLength();
      if (length !== (lengths.at(-1) ?? 0)) lengths.push(length);
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    const complete = nextEvent(el, 'chatbot-answer-complete');
    await ask(el, 'Everything at once');
    await complete;
    watching = false;
    const steps = lengths.map((length, index) => length - (lengths[index - 1] ?? 0));
    // 300 characters at once, then at most 450, 675, 1,012, 1,518 and 2,000 a frame, each cut at a space
    // within the 80 characters after its limit.
    expect(steps[0], `steps ${steps.join(', ')}`).to.be.within(1, 380);
    expect(steps[1], `steps ${steps.join(', ')}`).to.be.at.most(530);
    expect(steps[2], `steps ${steps.join(', ')}`).to.be.at.most(755);
    expect(Math.max(...steps), `steps ${steps.join(', ')}`).to.be.at.most(2080);
    expect(drawnLength()).to.equal(paragraphs.join('').length);
  });
});
