import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotFeedbackEvent, ChatbotWidget } from '../../../src/chatbot-widget.js';
import {
  allByRole,
  ask,
  button,
  byRole,
  lastAnswerText,
  mountWidget,
  nextEvent,
  part,
  parts,
  settled,
  stubClipboard,
} from './widget-helpers.js';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** The polite live region that announces what happened. */
function liveRegion(el: ChatbotWidget): HTMLElement {
  return allByRole(part(el, 'panel'), 'status').at(-1)!;
}

describe('<chatbot-widget> answer actions', () => {
  it('copies an answer (as Markdown) and a code block, announcing it', async () => {
    const clipboard = stubClipboard();
    try {
      const { el, service } = await mountWidget();
      service.queueAnswer('Run this:\n\n```sh\nnpm install\n```');
      await ask(el, 'How to install?');
      await settled(el);
      button(el, 'Copy answer').click();
      await waitUntil(() => clipboard.copied.length === 1);
      expect(clipboard.copied[0]).to.equal('Run this:\n\n```sh\nnpm install\n```');
      await waitUntil(() => liveRegion(el).textContent!.trim() === 'Copied');
      const copyCode = byRole<HTMLButtonElement>(part(el, 'code-block'), 'button', { name: 'Copy code' });
      copyCode.click();
      await waitUntil(() => clipboard.copied.length === 2);
      expect(clipboard.copied[1]).to.equal('npm install');
      await waitUntil(() => copyCode.hasAttribute('data-copied'));
    } finally {
      clipboard.restore();
    }
  });

  it('says nothing and marks nothing when the clipboard refuses', async () => {
    const clipboard = stubClipboard({ refuse: true });
    try {
      const { el, service } = await mountWidget();
      service.queueAnswer('Run this:\n\n```sh\nnpm install\n```');
      await ask(el, 'How to install?');
      await settled(el);
      const before = liveRegion(el).textContent;
      button(el, 'Copy answer').click();
      const copyCode = byRole<HTMLButtonElement>(part(el, 'code-block'), 'button', { name: 'Copy code' });
      copyCode.click();
      await waitUntil(() => clipboard.copied.length === 2);
      await frame();
      await el.updateComplete;
      expect(liveRegion(el).textContent).to.equal(before);
      expect(copyCode.hasAttribute('data-copied')).to.equal(false);
    } finally {
      clipboard.restore();
    }
  });

  it('fires chatbot-feedback for thumbs up, down and taking it back', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('Rate me');
    await ask(el, 'Question');
    await settled(el);
    const up = button(el, 'Helpful');
    expect(up.getAttribute('aria-pressed')).to.equal('false');
    let event = nextEvent(el, 'chatbot-feedback');
    up.click();
    const first = (await event) as ChatbotFeedbackEvent;
    expect(first).to.include({ value: 'up', answer: 'Rate me', question: 'Question' });
    await el.updateComplete;
    expect(button(el, 'Helpful').getAttribute('aria-pressed')).to.equal('true');
    event = nextEvent(el, 'chatbot-feedback');
    button(el, 'Not helpful').click();
    expect(((await event) as ChatbotFeedbackEvent).value).to.equal('down');
    await el.updateComplete;
    expect(button(el, 'Helpful').getAttribute('aria-pressed')).to.equal('false');
    expect(button(el, 'Not helpful').getAttribute('aria-pressed')).to.equal('true');
    event = nextEvent(el, 'chatbot-feedback');
    button(el, 'Not helpful').click();
    expect(((await event) as ChatbotFeedbackEvent).value).to.equal(null);
  });

  it('draws thumbs down as a thumb pointing down, thumbs up as one pointing up', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('Rate me');
    await ask(el, 'Question');
    await settled(el);
    // Whether the icon paints the point (x, y) of its 24×24 view box.
    const paints = (name: string, x: number, y: number) => {
      const svg = button(el, name).querySelector('svg')!;
      const box = svg.getBoundingClientRect();
      const hit = el.shadowRoot!.elementFromPoint(box.left + (x / 24) * box.width, box.top + (y / 24) * box.height);
      return hit === svg.querySelector('path');
    };
    // The cuff: bottom left for the thumb up, top right for the thumb down.
    expect([paints('Helpful', 4, 18), paints('Helpful', 20, 6)]).to.deep.equal([true, false]);
    expect([paints('Not helpful', 20, 6), paints('Not helpful', 4, 18)]).to.deep.equal([true, false]);
  });

  it('stamps every message with its time', async () => {
    const { el } = await mountWidget();
    const before = Date.now();
    await ask(el, 'What time is it?');
    await settled(el);
    const times = allByRole<HTMLTimeElement>(el.shadowRoot!, 'time');
    expect(times).to.have.length(2);
    for (const time of times) {
      const at = Date.parse(time.dateTime);
      expect(at).to.be.within(before - 1000, Date.now() + 1000);
      expect(time.textContent!.trim()).to.match(/\d/);
    }
  });

  it("writes the messages' times without making an Intl formatter, and again in the language it switches to", async () => {
    // The first Intl formatter of a page loads the locale's data, a task of 20 to 50 ms that held up the
    // first answer of a visit: the widget's own languages are written without one.
    const original = Intl.DateTimeFormat;
    let formatters = 0;
    Intl.DateTimeFormat = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      formatters += 1;
      return new original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    try {
      const { el } = await mountWidget({ lang: 'ar' });
      await ask(el, 'What time is it?');
      await settled(el);
      const arabic = allByRole<HTMLTimeElement>(el.shadowRoot!, 'time').map((time) => time.textContent!);
      el.setAttribute('lang', 'de');
      await waitUntil(() => part<HTMLTextAreaElement>(el, 'input').placeholder === 'Stellen Sie eine Frage…');
      await settled(el);
      expect(formatters, 'formatters made').to.equal(0);
      Intl.DateTimeFormat = original;
      const times = allByRole<HTMLTimeElement>(el.shadowRoot!, 'time');
      const expected = (lang: string) => times.map((time) => new original(lang, { hour: 'numeric', minute: '2-digit' }).format(new Date(time.dateTime)));
      expect(arabic).to.deep.equal(expected('ar'));
      expect(times.map((time) => time.textContent)).to.deep.equal(expected('de'));
    } finally {
      Intl.DateTimeFormat = original;
    }
  });

  it('announces the same text again as a new node, so that it is heard again', async () => {
    const clipboard = stubClipboard();
    try {
      const { el } = await mountWidget();
      await ask(el, 'Hi');
      await settled(el);
      const region = liveRegion(el);
      const added: string[] = [];
      const observer = new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) added.push(node.textContent ?? '');
      });
      observer.observe(region, { childList: true });
      button(el, 'Copy answer').click();
      await waitUntil(() => added.length === 1);
      button(el, 'Copy answer').click();
      await waitUntil(() => added.length === 2);
      observer.disconnect();
      expect(added).to.deep.equal(['Copied', 'Copied']);
      expect(region.textContent!.trim()).to.equal('Copied');
    } finally {
      clipboard.restore();
    }
  });

  it('announces a finished answer once through the polite live region, not per chunk', async () => {
    const { el, service } = await mountWidget();
    const region = liveRegion(el);
    const announcements: string[] = [];
    const observer = new MutationObserver(() => {
      const text = region.textContent!.trim();
      if (text) announcements.push(text);
    });
    observer.observe(region, { subtree: true, childList: true, characterData: true });
    const stream = service.queueManual();
    await ask(el, 'Hi');
    for (const chunk of ['*Answer:* Hello', ' **wide**', ' world', '!']) {
      stream.push(chunk);
      await frame();
    }
    stream.close();
    await settled(el);
    await frame();
    observer.disconnect();
    expect(region.getAttribute('aria-live')).to.equal('polite');
    expect(announcements).to.deep.equal(['Helper: Hello wide world!']);
  });

  it('announces a finished answer after drawing its end, in a later task', async () => {
    const { el, service } = await mountWidget();
    const region = liveRegion(el);
    // Mutation records reach the observer once per task (at its microtask checkpoint): the batch that adds the
    // answer's actions must not also hold the announcement.
    const batches: { actions: boolean; announced: boolean }[] = [];
    const observer = new MutationObserver(() =>
      batches.push({ actions: parts(el, 'bot-message')[0]?.querySelector('.meta') != null, announced: region.textContent!.trim() !== '' }),
    );
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    service.queueAnswer(`${'**word** '.repeat(400)}END`);
    await ask(el, 'Long');
    await settled(el);
    await waitUntil(() => region.textContent!.trim() !== '', 'nothing was announced');
    observer.disconnect();
    const ended = batches.findIndex((batch) => batch.actions);
    expect(ended, 'the answer’s end was never drawn').to.be.at.least(0);
    expect(batches[ended]!.announced, 'announced in the task that drew the answer’s end').to.equal(false);
  });

  it('announces the first 10,000 characters of a huge answer, whose whole text stays in the thread', async () => {
    const { el, service } = await mountWidget();
    const words = '**word** '.repeat(3000);
    service.queueAnswer(`${words}END`);
    await ask(el, 'Long');
    await settled(el);
    await frame();
    const announced = liveRegion(el).textContent!.trim();
    expect(announced.startsWith('Helper: word word')).to.equal(true);
    expect(announced).not.to.contain('END');
    expect(announced.length).to.be.within(5000, 10_100);
    expect(lastAnswerText(el)).to.contain('END');
  });
});

describe('<chatbot-widget> scrolling', () => {
  async function streamingWidget() {
    const { el, service } = await mountWidget();
    el.style.height = '360px';
    const stream = service.queueManual();
    await ask(el, 'Long one');
    stream.push('*Answer:* Start.\n\n');
    const thread = part(el, 'thread');
    const grow = async (count: number) => {
      for (let index = 0; index < count; index++) {
        stream.push(`Paragraph ${index} with enough words to take a line or two in the bubble.\n\n`);
        await frame();
      }
      await el.updateComplete;
    };
    return { el, stream, thread, grow };
  }

  const distanceFromBottom = (thread: HTMLElement) => thread.scrollHeight - thread.scrollTop - thread.clientHeight;

  it('follows a streaming answer to the bottom', async () => {
    const { el, stream, thread, grow } = await streamingWidget();
    await grow(12);
    expect(thread.scrollHeight).to.be.greaterThan(thread.clientHeight * 2);
    expect(distanceFromBottom(thread)).to.be.below(2);
    expect(parts(el, 'jump-button')).to.have.length(0);
    stream.close();
  });

  it('stops following when the reader scrolls up, and jumps back on request', async () => {
    const { el, stream, thread, grow } = await streamingWidget();
    await grow(10);
    thread.scrollTop = 0;
    thread.dispatchEvent(new Event('scroll'));
    await el.updateComplete;
    const jump = part<HTMLButtonElement>(el, 'jump-button');
    expect(jump.textContent!.trim()).to.equal('Jump to latest');
    await grow(5);
    expect(thread.scrollTop).to.equal(0);
    jump.click();
    await el.updateComplete;
    await frame();
    expect(distanceFromBottom(thread)).to.be.below(2);
    expect(parts(el, 'jump-button')).to.have.length(0);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input'));
    await grow(3);
    expect(distanceFromBottom(thread)).to.be.below(2);
    stream.close();
    await settled(el);
    expect(lastAnswerText(el)).to.contain('Paragraph 2 with');
  });
});
