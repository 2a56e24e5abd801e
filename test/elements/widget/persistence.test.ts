import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { emptyConversation } from '../../../src/widget/chat-state.js';
import { conversationKey, parseStoredConversation, serializeConversation } from '../../../src/widget/conversation-store.js';
import { createFakeService } from './fake-service.js';
import {
  answers,
  ask,
  button,
  byPart,
  byRole,
  freshBotId,
  greeting,
  lastAnswerText,
  mountWidget,
  part,
  parts,
  queryByRole,
  settled,
} from './widget-helpers.js';

describe('<chatbot-widget> persistence', () => {
  it('restores the conversation when the widget is created again', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const first = await mountWidget({ botId }, service);
    service.queueAnswer('Remembered **answer**', ['Follow up?']);
    await ask(first.el, 'Remember me');
    await settled(first.el);
    first.el.remove();

    const second = await mountWidget({ botId }, service);
    expect(parts(second.el, 'user-message')[0]!.textContent).to.contain('Remember me');
    expect(lastAnswerText(second.el)).to.equal('Remembered answer');
    expect(parts(second.el, 'suggestion').map((chip) => chip.textContent)).to.deep.equal(['Follow up?']);
    await ask(second.el, 'And now?');
    await settled(second.el);
    const [before, after] = service.streamBodies;
    expect(after!['session_id']).to.equal(before!['session_id']);
    expect(after!['chat_history']).to.have.length(2);
  });

  it('keeps conversations per bot', async () => {
    const service = createFakeService();
    const botId = freshBotId();
    const first = await mountWidget({ botId }, service);
    await ask(first.el, 'For bot one');
    await settled(first.el);
    const other = await mountWidget({ botId: freshBotId() }, service);
    expect(parts(other.el, 'message')).to.have.length(0);
  });

  it('uses sessionStorage by default, localStorage with storage="local", and nothing with storage="none"', async () => {
    for (const storage of ['session', 'local', 'none'] as const) {
      const botId = freshBotId();
      const { el } = await mountWidget({ botId, storage });
      await ask(el, `kept in ${storage}`);
      await settled(el);
      const key = conversationKey(botId);
      expect(sessionStorage.getItem(key) !== null, `${storage}: sessionStorage`).to.equal(storage === 'session');
      expect(localStorage.getItem(key) !== null, `${storage}: localStorage`).to.equal(storage === 'local');
      localStorage.removeItem(key);
    }
  });

  it('starts a new conversation with a new session id', async () => {
    const botId = freshBotId();
    const { el, service } = await mountWidget({ botId });
    await ask(el, 'Old question');
    await settled(el);
    const oldSession = service.streamBodies[0]!['session_id'];
    button(el, 'New conversation').click();
    await el.updateComplete;
    expect(parts(el, 'message')).to.have.length(0);
    expect(greeting(el)).to.exist;
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input'));
    await ask(el, 'Fresh question');
    await settled(el);
    expect(service.streamBodies[1]!['session_id']).to.not.equal(oldSession);
    expect(service.streamBodies[1]!['chat_history']).to.deep.equal([]);
    const stored = parseStoredConversation(sessionStorage.getItem(conversationKey(botId)))!;
    expect(stored.messages.map((message) => message.text)).to.deep.equal(['Fresh question', 'Hello there!']);
  });

  it('marks an answer that was streaming when the page went away as interrupted, ready to retry, when the service cannot resume it', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const first = await mountWidget({ botId }, service);
    const stream = service.queueManual();
    await ask(first.el, 'Will be cut');
    stream.push('*Answer:* Half of it');
    await waitUntil(() => lastAnswerText(first.el) === 'Half of it');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const stored = sessionStorage.getItem(conversationKey(botId));
    // Simulate the reload: a new page finds what was stored while the answer was still streaming.
    first.el.remove();
    sessionStorage.setItem(conversationKey(botId), stored!);
    const second = await mountWidget({ botId }, service);
    expect(lastAnswerText(second.el)).to.equal('Half of it');
    // The fake service keeps no answers: the lookup by key is a 404.
    await settled(second.el);
    expect(part(second.el, 'error').textContent).to.contain('did not arrive completely');
    service.queueAnswer('The whole of it');
    byRole<HTMLButtonElement>(part(second.el, 'error'), 'button', { name: 'Retry' }).click();
    await settled(second.el);
    expect(lastAnswerText(second.el)).to.equal('The whole of it');
    expect(answers(second.el)).to.have.length(1);
  });

  it('ignores a corrupt stored conversation', async () => {
    const botId = freshBotId();
    sessionStorage.setItem(conversationKey(botId), '{"version":1,"sessionId":"s","messages":[{"role":"alien"}]}');
    const { el } = await mountWidget({ botId });
    expect(parts(el, 'message')).to.have.length(0);
    sessionStorage.setItem(conversationKey(botId), 'not json at all');
    expect(parseStoredConversation(sessionStorage.getItem(conversationKey(botId)))).to.equal(undefined);
  });

  it('loads a stored conversation whose answers are hostile Markdown, and keeps answering', async () => {
    const botId = freshBotId();
    const at = Date.now();
    const hostile = ['>'.repeat(5000) + ' deep', '- '.repeat(3000) + 'item', '*a '.repeat(4000), '['.repeat(4000) + 'a](https://x.y)' + ']'.repeat(4000)];
    const conversation = emptyConversation();
    hostile.forEach((text, index) => {
      conversation.messages.push({ id: `q${index}`, role: 'user', text: `Question ${index}`, at });
      conversation.messages.push({ id: `a${index}`, role: 'assistant', text, suggestions: [], status: 'complete', feedback: null, replyTo: `q${index}`, at });
    });
    sessionStorage.setItem(conversationKey(botId), serializeConversation(conversation));
    const { el } = await mountWidget({ botId });
    expect(parts(el, 'user-message').map((message) => byPart(message, 'bubble').textContent)).to.deep.equal(hostile.map((_, index) => `You: Question ${index}`));
    const bubbles = answers(el).map((answer) => byPart(answer, 'bubble').textContent!);
    expect(bubbles).to.have.length(hostile.length);
    expect(bubbles[0]).to.contain('deep');
    expect(bubbles[1]).to.contain('item');
    expect(el.shadowRoot!.querySelectorAll('a a')).to.have.length(0);
    await ask(el, 'Still there?');
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Hello there!');
  });

  it('loads a stored conversation whose message times no Date can hold, with the time of reading, and keeps answering', async () => {
    const botId = freshBotId();
    const messages = [
      { id: 'q0', role: 'user', text: 'From the far future', at: 1e20 },
      { id: 'a0', role: 'assistant', text: 'And back', suggestions: [], status: 'complete', feedback: null, replyTo: 'q0', at: -8.64e15 - 1 },
    ];
    sessionStorage.setItem(conversationKey(botId), JSON.stringify({ version: 1, sessionId: 's', messages }));
    const before = Date.now();
    const { el } = await mountWidget({ botId });
    expect(parts(el, 'user-message').map((message) => byPart(message, 'bubble').textContent)).to.deep.equal(['You: From the far future']);
    expect(lastAnswerText(el)).to.equal('And back');
    const times = [...el.shadowRoot!.querySelectorAll('time')].map((time) => Date.parse(time.dateTime));
    expect(times).to.have.length(2);
    for (const time of times) expect(time).to.be.within(before, Date.now());
    await ask(el, 'Still there?');
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Hello there!');
  });

  it('keeps working when storage refuses to save', async () => {
    const botId = freshBotId();
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    try {
      const { el } = await mountWidget({ botId });
      await ask(el, 'Still works?');
      await settled(el);
      expect(lastAnswerText(el)).to.equal('Hello there!');
    } finally {
      Storage.prototype.setItem = original;
    }
  });

  it('saves feedback with the conversation', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const first = await mountWidget({ botId }, service);
    await ask(first.el, 'Rate me');
    await settled(first.el);
    button(first.el, 'Helpful').click();
    first.el.remove();
    const el = await fixture<ChatbotWidget>(html`<chatbot-widget mode="inline" bot-id=${botId} base-url="https://service.test" .fetch=${service.fetch}></chatbot-widget>`);
    await waitUntil(() => queryByRole(el.shadowRoot!, 'button', { name: 'Helpful' }));
    expect(button(el, 'Helpful').getAttribute('aria-pressed')).to.equal('true');
  });
});
