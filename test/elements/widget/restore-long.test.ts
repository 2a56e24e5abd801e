// A long conversation restored from storage: the latest messages are drawn first, so the visitor can type at
// once, and the older ones follow in later tasks; in the end every message is there, in order, with the
// thread scrolled to the latest.
import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { addQuestion, appendAnswerText, completeAnswer, emptyConversation, type Conversation } from '../../../src/widget/chat-state.js';
import { conversationKey, serializeConversation } from '../../../src/widget/conversation-store.js';
import { MarkdownStream } from '../../../src/ui/markdown/render.js';
import { botRecord, createFakeService, heldJsonResponse } from './fake-service.js';
import { ask, chatReady, freshBotId, lastAnswerText, mountWidget, part, parts, settled, textOf } from './widget-helpers.js';

const PAIRS = 40;

function storeConversation(botId: string, answer = (index: number) => `Answer **${index}**\n\n- one\n- two`): void {
  let conversation: Conversation = emptyConversation();
  for (let index = 0; index < PAIRS; index++) {
    conversation = addQuestion(conversation, { id: `q${index}`, text: `Question ${index}`, at: 1_700_000_000_000 + index }, `a${index}`);
    conversation = completeAnswer(appendAnswerText(conversation, `a${index}`, answer(index)), `a${index}`);
  }
  sessionStorage.setItem(conversationKey(botId), serializeConversation(conversation));
}

/**
 * What `read` finds once the updates of the task that first draws messages are done (Lit's updates are
 * microtasks), before any later task could draw a chunk more.
 */
function afterFirstDraw<T>(el: ChatbotWidget, read: () => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!el.shadowRoot!.querySelector('.message')) return;
      observer.disconnect();
      void (async () => {
        while (!(await el.updateComplete));
        resolve(read());
      })();
    });
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
  });
}

/** Waits for every message, each with its time. */
function everyMessageDrawn(el: ChatbotWidget): Promise<unknown> {
  return waitUntil(
    () => parts(el, 'message').length === PAIRS * 2 && [...el.shadowRoot!.querySelectorAll('time')].every((time) => time.textContent!.trim()),
    'the older messages were not drawn',
  );
}

/** A widget mounted on a stored conversation whose bot information is held until `release` is called. */
async function mountWithBotHeld(botId: string): Promise<{ el: ChatbotWidget; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { el } = await mountWidget({ botId, ready: false, bot: () => heldJsonResponse(botRecord(), gate) });
  return { el, release };
}

describe('<chatbot-widget> long restored conversation', () => {
  it('draws the chat at once, before the bot has come, and the messages once it has (no blank wait for a greeting)', async () => {
    const botId = freshBotId();
    storeConversation(botId);
    const { el, release } = await mountWithBotHeld(botId);
    // The first update has drawn the chat with its loading notice: the field is there, no message yet.
    expect(parts(el, 'input')).to.have.length(1);
    expect(parts(el, 'notice')).to.have.length(1);
    expect(parts(el, 'message')).to.have.length(0);
    release();
    await waitUntil(() => parts(el, 'message').length > 0 && parts(el, 'notice').length === 0, 'the messages were not drawn once the bot came');
    expect(lastAnswerText(el)).to.contain(`Answer ${PAIRS - 1}`);
  });

  it('draws the latest messages first, then every older one, in order, scrolled to the latest', async () => {
    const botId = freshBotId();
    storeConversation(botId);
    const { el } = await mountWidget({ botId, ready: false });
    // Ready to type: the latest messages are there, not yet all of them. Counted in the update that makes the
    // chat ready (a poll can come after the older chunks, a task each, are drawn too).
    let drawnAtReady = -1;
    const observer = new MutationObserver(() => {
      if (drawnAtReady < 0 && chatReady(el)) drawnAtReady = parts(el, 'message').length;
    });
    observer.observe(el.shadowRoot!, { subtree: true, childList: true });
    await waitUntil(() => drawnAtReady >= 0, 'the widget did not become ready');
    observer.disconnect();
    expect(drawnAtReady).to.be.greaterThan(0);
    expect(drawnAtReady, 'messages drawn when the field appeared').to.be.lessThan(PAIRS * 2);
    expect(lastAnswerText(el)).to.contain(`Answer ${PAIRS - 1}`);
    await waitUntil(() => parts(el, 'message').length === PAIRS * 2, 'the older messages were not drawn');
    await el.updateComplete;
    // Messages drawn off screen are laid out, then skipped again at their estimated size, frames after they
    // are drawn: the browser moves the view to keep what is on screen, and the thread stays at its end.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const thread = part(el, 'thread');
    const texts = parts(el, 'message').map((message) => textOf(message));
    texts.forEach((text, index) => expect(text, `message ${index}`).to.match(new RegExp(index % 2 ? `Answer ${(index - 1) / 2}(?!\\d)` : `Question ${index / 2}(?!\\d)`)));
    expect(thread.scrollHeight - thread.scrollTop - thread.clientHeight, 'scrolled to the latest').to.be.at.most(1);
    // Off screen, a chunk of messages keeps its height (the thread, a column of flex items, had shrunk those
    // it skips to their padding): the latest, below the view once the thread is scrolled to its start, too.
    thread.scrollTop = 0;
    for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const heights = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.chunk')].map((chunk) => chunk.offsetHeight);
    expect(heights).to.have.length(PAIRS / 2);
    expect(Math.min(...heights), 'the lowest chunk height').to.be.greaterThan(30);
    // And the conversation goes on at its end.
    await ask(el, 'One more');
    await settled(el);
    expect(parts(el, 'message').length).to.equal(PAIRS * 2 + 2);
    expect(parts(el, 'user-message').at(-1)!.textContent).to.contain('One more');
  });

  it('fills the thread with the latest messages before the first paint, short messages too, and draws the rest later', async () => {
    const botId = freshBotId();
    storeConversation(botId, (index) => `Answer ${index}`);
    const { el, release } = await mountWithBotHeld(botId);
    // Taller than the first chunks of short messages.
    el.style.height = '2000px';
    await waitUntil(() => parts(el, 'notice').length === 1, 'the loading notice was not drawn');
    const drawn = afterFirstDraw(el, () => {
      const thread = part(el, 'thread');
      return { messages: parts(el, 'message').length, filled: thread.scrollHeight > thread.clientHeight };
    });
    release();
    const { messages, filled } = await drawn;
    expect(filled, 'the thread filled by the first draw').to.equal(true);
    expect(messages, 'messages of the first draw').to.be.greaterThan(8).and.lessThan(PAIRS * 2);
    await everyMessageDrawn(el);
  });

  it('draws a few chunks first, not every message, when the thread grows with its messages (an inline element without a height)', async () => {
    const botId = freshBotId();
    storeConversation(botId, (index) => `Answer ${index}`);
    const { el, release } = await mountWithBotHeld(botId);
    // Its parent has no height: the element is as tall as what it holds.
    el.style.height = '';
    el.parentElement!.style.height = 'auto';
    await waitUntil(() => parts(el, 'notice').length === 1, 'the loading notice was not drawn');
    const drawn = afterFirstDraw(el, () => parts(el, 'message').length);
    release();
    expect(await drawn, 'messages of the first draw').to.be.lessThan(PAIRS * 2 - 8);
    const thread = part(el, 'thread');
    expect(thread.scrollHeight, 'the thread grows with its messages').to.be.at.most(thread.clientHeight);
    await everyMessageDrawn(el);
  });

  it('draws every message with its time, as the browser writes it, without making a formatter (nor drawing a message twice)', async () => {
    const botId = freshBotId();
    storeConversation(botId);
    const render = MarkdownStream.prototype.render;
    let answersDrawn = 0;
    MarkdownStream.prototype.render = function (this: MarkdownStream, ...args: Parameters<typeof render>) {
      answersDrawn++;
      return render.apply(this, args);
    };
    // The first Intl formatter of a page loads the locale's data, a task of 20 to 50 ms: the widget's own
    // languages are written without one.
    const original = Intl.DateTimeFormat;
    let formatters = 0;
    Intl.DateTimeFormat = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      formatters += 1;
      return new original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    try {
      const el = document.createElement('chatbot-widget');
      Object.assign(el, { botId, baseUrl: 'https://service.test', mode: 'inline', fetch: createFakeService().fetch });
      el.style.height = '560px';
      document.body.append(el);
      try {
        const timesAtFirstDraw = await afterFirstDraw(el, () => [...el.shadowRoot!.querySelectorAll('time')].map((time) => time.textContent!));
        expect(timesAtFirstDraw.length, 'times drawn with the first messages').to.be.greaterThan(0);
        for (const text of timesAtFirstDraw) expect(text.trim(), 'a time drawn with its message').to.not.equal('');
        await everyMessageDrawn(el);
        await settled(el);
        expect(answersDrawn, 'answers drawn').to.equal(PAIRS);
        expect(formatters, 'formatters made').to.equal(0);
        const format = new original('en', { hour: 'numeric', minute: '2-digit' });
        for (const time of el.shadowRoot!.querySelectorAll('time')) expect(time.textContent).to.equal(format.format(new Date(time.dateTime)));
      } finally {
        el.remove();
      }
    } finally {
      MarkdownStream.prototype.render = render;
      Intl.DateTimeFormat = original;
    }
  });
});
