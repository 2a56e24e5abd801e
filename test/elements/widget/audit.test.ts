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
