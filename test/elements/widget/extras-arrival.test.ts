// The Markdown extras (tables, highlighting, ...) are imported the first time an answer needs them. Their
// markers are looked for in answer text as it arrives, before it is drawn: the answer's first words are drawn
// at once, the rest once the chunk is in, so a table is drawn as a table the first time, never first as its
// pipes. In a file of its own, so that its page has not loaded the chunk yet.
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
    // Styled by the sheet the chunk brings along (the widget's own style sheet has no table in it).
    const drawn = part(el, 'bot-message').querySelector('table')!;
    expect(getComputedStyle(drawn.parentElement!).overflowX).to.equal('auto');
    expect(getComputedStyle(drawn).borderCollapse).to.equal('collapse');
    const [first, second] = drawn.querySelectorAll('td');
    expect(getComputedStyle(first!).borderTopStyle).to.equal('solid');
    expect(getComputedStyle(first!).textAlign).to.equal('start');
    expect(getComputedStyle(second!).textAlign).to.equal('right');
  });

});
