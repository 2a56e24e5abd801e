// The checks of the manual accessibility audit (WCAG 2.2 AA beyond what axe finds): keyboard focus, the
// launcher, narrow screens, forced colours, unread answers and the language of parts.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { ask, lastAnswerText, mountWidget, part, parts, settled } from './widget-helpers.js';

/**
 * Where keyboard focus is, said as the part name of the focused element in the widget, or the tag name of the
 * focused element of the page (`body` when focus is lost). A string, so a failure prints short.
 */
function focusedPart(el: ChatbotWidget): string {
  if (document.activeElement !== el) return document.activeElement?.localName ?? 'none';
  const inside = el.shadowRoot!.activeElement;
  return inside?.getAttribute('part') ?? inside?.localName ?? 'host';
}

describe('<chatbot-widget> focus (audit)', () => {
  it('keeps focus in the message field after Stop is pressed with the keyboard', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Some');
    await waitUntil(() => lastAnswerText(el) === 'Some');
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('stop-button');
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(part<HTMLButtonElement>(el, 'send-button').disabled).to.equal(true);
    expect(focusedPart(el)).to.equal('input');
  });

  it('keeps focus in the message field when the answer ends while focus is on Stop', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Some');
    await waitUntil(() => lastAnswerText(el) === 'Some');
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('stop-button');
    stream.push(' more');
    stream.close();
    await settled(el);
    expect(focusedPart(el)).to.equal('input');
  });
});

describe('<chatbot-widget> launcher (audit)', () => {
  it('closes on Escape pressed on the launcher, keeping focus there', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    const launcher = part<HTMLButtonElement>(el, 'launcher');
    launcher.click();
    await el.updateComplete;
    launcher.focus();
    expect(launcher.getAttribute('aria-label')).to.equal('Close chat');
    let closeEvents = 0;
    el.addEventListener('chatbot-close', () => closeEvents++);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.opened).to.equal(false);
    expect(closeEvents).to.equal(1);
    expect(part(el, 'panel').hidden).to.equal(true);
    expect(launcher.getAttribute('aria-label')).to.equal('Open chat');
    expect(focusedPart(el)).to.equal('launcher');
  });
});

/** The lines the text of a node is laid out on: more than one for a single word means it was broken mid-word. */
function lineBoxes(node: Node): number {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}

describe('<chatbot-widget> at 320 px (audit)', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('wraps a chip of one long word inside the panel, and scrolls a table rather than break its words', async () => {
    await setViewport({ width: 320, height: 640 });
    const { el, service } = await mountWidget({ mode: 'launcher' });
    const longWord = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2);
    service.queueAnswer(
      '| Term | Field | Kind | Note |\n|---|---|---|---|\n| Internationalisation | Telecommunications | Counterrevolutionaries | Incomprehensibilities |',
      [longWord],
    );
    await ask(el, 'Long words?');
    await settled(el);
    await waitUntil(() => parts(el, 'suggestion').length === 1);
    const panel = part(el, 'panel').getBoundingClientRect();
    expect(panel.width).to.equal(320);
    const chip = parts(el, 'suggestion')[0]!.getBoundingClientRect();
    expect(chip.left).to.be.at.least(panel.left);
    expect(chip.right).to.be.at.most(panel.right);
    const table = el.shadowRoot!.querySelector('table')!;
    const wrap = table.parentElement!;
    expect(wrap.scrollWidth).to.be.greaterThan(wrap.clientWidth);
    expect(wrap.getBoundingClientRect().right).to.be.at.most(panel.right);
    const cells = [...table.querySelectorAll('th, td')];
    expect(cells.map((cell) => lineBoxes(cell))).to.deep.equal(cells.map(() => 1));
  });
});
