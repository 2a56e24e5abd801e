import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { accessibleNode } from '../devtools.js';
import { ask, byRole, lastAnswerText, mountWidget, nextEvent, part, parts, settled } from './widget-helpers.js';

const launcher = (el: ChatbotWidget) => part<HTMLButtonElement>(el, 'launcher');
const panel = (el: ChatbotWidget) => part(el, 'panel');
const focused = (el: ChatbotWidget) => el.shadowRoot!.activeElement;

async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

describe('<chatbot-widget> launcher mode', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('shows only the launcher until opened', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    expect(panel(el).hidden).to.equal(true);
    expect(launcher(el).getAttribute('aria-expanded')).to.equal('false');
    expect(launcher(el).getAttribute('aria-label')).to.equal('Open chat');
    expect(launcher(el).getAttribute('aria-controls')).to.equal('panel');
    await expect(el).to.be.accessible();
  });

  it('opens on click with chatbot-open, focusing the message field without scrolling the page', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    const scrollBefore = window.scrollY;
    const opened = nextEvent(el, 'chatbot-open');
    launcher(el).click();
    await opened;
    await el.updateComplete;
    expect(el.opened).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(panel(el).hidden).to.equal(false);
    // A dialog named by the bot, as a screen reader is told (the <dialog> element's own role).
    expect(await accessibleNode('[part~="panel"]')).to.deep.equal({ role: 'dialog', name: part(el, 'title').textContent!.trim() });
    expect(launcher(el).getAttribute('aria-expanded')).to.equal('true');
    expect(launcher(el).getAttribute('aria-label')).to.equal('Close chat');
    expect(focused(el)).to.equal(part(el, 'input'));
    expect(window.scrollY).to.equal(scrollBefore);
    // Contrast is judged on the panel as it stays, not halfway through its opening fade.
    for (const animation of panel(el).getAnimations()) animation.finish();
    await expect(el).to.be.accessible();
  });

  it('closes on Escape with chatbot-close and gives focus back to the launcher', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    launcher(el).click();
    await el.updateComplete;
    expect(focused(el)).to.equal(part(el, 'input'));
    const closed = nextEvent(el, 'chatbot-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    await el.updateComplete;
    expect(panel(el).hidden).to.equal(true);
    expect(focused(el)).to.equal(launcher(el));
  });

  it('closes with the close button, returning focus to the launcher', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    el.open();
    await el.updateComplete;
    byRole<HTMLButtonElement>(part(el, 'header'), 'button', { name: 'Close chat' }).click();
    await el.updateComplete;
    expect(el.opened).to.equal(false);
    expect(focused(el)).to.equal(launcher(el));
  });

  it('fires open and close only for real changes, and toggles', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    const events: string[] = [];
    el.addEventListener('chatbot-open', () => events.push('open'));
    el.addEventListener('chatbot-close', () => events.push('close'));
    el.open();
    el.open();
    el.close();
    el.close();
    el.toggle();
    el.toggle();
    expect(events).to.deep.equal(['open', 'close', 'open', 'close']);
  });

  it('does not take focus from the page when closed by the host while focus is elsewhere', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    el.open();
    await el.updateComplete;
    const outside = document.createElement('button');
    outside.textContent = 'page button';
    document.body.append(outside);
    outside.focus();
    el.close();
    await el.updateComplete;
    expect(document.activeElement).to.equal(outside);
    outside.remove();
  });

  it('opens the panel when the host sends a question', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    expect(el.send('From the page')).to.equal(true);
    await settled(el);
    expect(el.opened).to.equal(true);
    expect(lastAnswerText(el)).to.equal('Hello there!');
  });

  it('fills the screen on a phone, with the launcher out of the way', async () => {
    await setViewport({ width: 375, height: 667 });
    const { el } = await mountWidget({ mode: 'launcher' });
    el.open();
    await el.updateComplete;
    for (const animation of panel(el).getAnimations()) animation.finish();
    const box = panel(el).getBoundingClientRect();
    expect(box.left).to.equal(0);
    expect(box.top).to.equal(0);
    expect(box.width).to.equal(375);
    expect(Math.round(box.height)).to.equal(667);
    expect(getComputedStyle(launcher(el)).display).to.equal('none');
    const composer = part(el, 'composer').getBoundingClientRect();
    expect(composer.bottom).to.be.at.most(667);
  });

  it('floats in the corner on larger screens', async () => {
    await setViewport({ width: 1200, height: 800 });
    const { el } = await mountWidget({ mode: 'launcher' });
    const button = launcher(el).getBoundingClientRect();
    expect(1200 - button.right).to.equal(20);
    expect(800 - button.bottom).to.equal(20);
    el.open();
    await el.updateComplete;
    for (const animation of panel(el).getAnimations()) animation.finish();
    const box = panel(el).getBoundingClientRect();
    expect(box.width).to.equal(400);
    expect(box.bottom).to.be.below(button.top);
  });

  it('leaves the top layer and focus alone on the frames of a streaming answer, and keeps them after it', async () => {
    const { el, service } = await mountWidget({ mode: 'launcher' });
    el.open();
    await el.updateComplete;
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Hel');
    await waitUntil(() => lastAnswerText(el) === 'Hel', 'first chunk not shown');
    const showPopover = HTMLElement.prototype.showPopover;
    let shown = 0;
    HTMLElement.prototype.showPopover = function (this: HTMLElement) {
      shown += 1;
      showPopover.call(this);
    };
    try {
      for (const text of ['lo', ', wor', 'ld']) {
        stream.push(text);
        await waitUntil(() => lastAnswerText(el).endsWith(text), 'chunk not shown');
      }
      expect(shown, 'streamed frames').to.equal(0);
      stream.close();
      await settled(el);
      expect(shown, 'the update that ends the answer').to.be.greaterThan(0);
    } finally {
      HTMLElement.prototype.showPopover = showPopover;
    }
    expect(panel(el).matches(':popover-open')).to.equal(true);
    expect(launcher(el).matches(':popover-open')).to.equal(true);
  });
});

describe('<chatbot-widget> keyboard-only use', () => {
  it('opens, asks, picks a suggestion, reads, and closes without a pointer', async () => {
    const { el, service } = await mountWidget({ mode: 'launcher' });
    service.queueAnswer('First answer', ['Tell me more', 'Something else']);
    service.queueAnswer('Something else, answered');
    launcher(el).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focused(el)).to.equal(part(el, 'input'));
    await sendKeys({ type: 'Hello there' });
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(lastAnswerText(el)).to.equal('First answer');
    await waitUntil(() => parts(el, 'suggestion').length === 2);
    // Back from the message field to the one tab stop of the suggestions toolbar.
    await shiftTab();
    expect(focused(el)).to.equal(parts(el, 'suggestion')[0]);
    expect(parts(el, 'suggestion').map((chip) => chip.tabIndex)).to.deep.equal([0, -1]);
    await sendKeys({ press: 'ArrowRight' });
    expect(focused(el)).to.equal(parts(el, 'suggestion')[1]);
    await el.updateComplete;
    expect(parts(el, 'suggestion').map((chip) => chip.tabIndex)).to.deep.equal([-1, 0]);
    await sendKeys({ press: 'ArrowRight' });
    expect(focused(el)).to.equal(parts(el, 'suggestion')[0]);
    await sendKeys({ press: 'End' });
    expect(focused(el)).to.equal(parts(el, 'suggestion')[1]);
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(focused(el)).to.equal(parts(el, 'suggestion')[1]);
    await sendKeys({ press: 'Space' });
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Something else, answered');
    expect(focused(el)).to.equal(part(el, 'input'));
    await sendKeys({ type: 'line one' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'line two' });
    expect(part<HTMLTextAreaElement>(el, 'input').value).to.equal('line one\nline two');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(focused(el)).to.equal(launcher(el));
  });

  it('reaches the conversation region to scroll it by keyboard', async () => {
    const { el } = await mountWidget();
    part<HTMLButtonElement>(el, 'input').focus();
    await shiftTab();
    expect(focused(el)).to.equal(part(el, 'thread'));
    expect(part(el, 'thread').getAttribute('aria-label')).to.equal('Conversation');
  });
});
