// The checks of the manual accessibility audit (WCAG 2.2 AA beyond what axe finds): keyboard focus, the
// launcher, narrow screens, forced colours, unread answers and the language of parts.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { ask, lastAnswerText, mountWidget, part, settled } from './widget-helpers.js';

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
