// Resumable answers in the widget: an answer in progress survives the widget going away (navigation to the
// next page, a reload) and a dropped connection, and is finished in place, asked once; against a service
// without resume (the deployed one) the partial answer stays with Retry and nothing is asked again.
import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import type { ChatbotAnswerCompleteEvent } from '../../../src/widget/events.js';
import { conversationKey } from '../../../src/widget/conversation-store.js';
import { createFakeService } from './fake-service.js';
import { allByRole, answers, ask, byRole, freshBotId, lastAnswerText, mountWidget, nextEvent, part, queryByPart, queryByRole, settled } from './widget-helpers.js';

/** The polite live region that announces what happened. */
function liveRegion(el: ChatbotWidget): HTMLElement {
  return allByRole(part(el, 'panel'), 'status').at(-1)!;
}

/** Records what the live region says. */
function recordAnnouncements(el: ChatbotWidget): { said: string[]; stop(): void } {
  const region = liveRegion(el);
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    const text = region.textContent!.trim();
    if (text && said.at(-1) !== text) said.push(text);
  });
  observer.observe(region, { subtree: true, childList: true, characterData: true });
  return { said, stop: () => observer.disconnect() };
}

/** The quiet note under the answer while it reconnects, if shown. */
function reconnectingNote(el: ChatbotWidget): HTMLElement | undefined {
  const last = answers(el).at(-1);
  return last ? [...last.querySelectorAll<HTMLElement>('p')].find((note) => note.textContent!.includes('Reconnecting')) : undefined;
}

const lookups = (service: { requests: { url: URL }[] }) => service.requests.filter((request) => request.url.pathname.includes('/api/chat/answers/'));

describe('<chatbot-widget> resumable answers', () => {
  it('names each question with its answer message id as message_id, and asks nothing else', async () => {
    const { el, service } = await mountWidget();
    const sent = nextEvent(el, 'chatbot-answer-complete');
    await ask(el, 'Hello?');
    const complete = (await sent) as ChatbotAnswerCompleteEvent;
    expect(service.streamBodies[0]!['message_id']).to.equal(complete.messageId);
    expect(lookups(service)).to.have.length(0);
  });

  it('finishes an answer in place when the widget comes back on the same storage (the next page), asked once', async () => {
    const botId = freshBotId();
    const service = createFakeService({ resumable: true });
    const first = await mountWidget({ botId }, service);
    const answer = service.queueKept();
    await ask(first.el, 'Tell me everything');
    answer.push('*Answer:* The first part');
    await waitUntil(() => lastAnswerText(first.el) === 'The first part');
    // The visitor follows a link: the element goes away with its page; the service goes on writing.
    first.el.remove();
    answer.push(', the second part');

    const second = await mountWidget({ botId }, service);
    const completed = nextEvent(second.el, 'chatbot-answer-complete');
    // The partial answer is there at once, while it reconnects.
    expect(lastAnswerText(second.el)).to.contain('The first part');
    await waitUntil(() => lastAnswerText(second.el) === 'The first part, the second part', 'the kept text did not arrive');
    answer.push(' and the end.');
    answer.end();
    const event = (await completed) as ChatbotAnswerCompleteEvent;
    await settled(second.el);
    expect(lastAnswerText(second.el)).to.equal('The first part, the second part and the end.');
    expect(event.question).to.equal('Tell me everything');
    expect(answers(second.el)).to.have.length(1);
    expect(service.questionsAsked, 'one question, one credit').to.equal(1);
    expect(lookups(service).map((request) => request.url.searchParams.get('message_id'))).to.deep.equal([event.messageId]);
    expect(queryByPart(answers(second.el)[0]!, 'error')).to.equal(null);
  });

  it('finishes an answer in place after its page reloads (a same-origin frame)', async () => {
    const botId = freshBotId();
    const service = createFakeService({ resumable: true });
    const frame = document.createElement('iframe');
    frame.src = new URL('./resume-frame.html', import.meta.url).href;
    document.body.append(frame);
    const mountInFrame = async (): Promise<ChatbotWidget> => {
      await waitUntil(() => frame.contentDocument?.readyState === 'complete' && frame.contentWindow?.customElements.get('chatbot-widget'), 'the frame did not load', { timeout: 15000 });
      const doc = frame.contentDocument!;
      const el = doc.createElement('chatbot-widget') as ChatbotWidget;
      el.fetch = service.fetch;
      for (const [name, value] of Object.entries({ 'bot-id': botId, 'base-url': 'https://service.test', mode: 'inline', lang: 'en' })) el.setAttribute(name, value);
      doc.body.append(el);
      await waitUntil(() => queryByPart(el.shadowRoot!, 'thread') || queryByPart(el.shadowRoot!, 'input'), 'the widget did not become ready');
      return el;
    };
    try {
      const first = await mountInFrame();
      const answer = service.queueKept();
      first.send('Tell me everything');
      answer.push('*Answer:* Before the reload');
      await waitUntil(() => lastAnswerText(first) === 'Before the reload');
      const reloaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      frame.contentWindow!.location.reload();
      await reloaded;
      answer.push(', after it');
      const second = await mountInFrame();
      expect(lastAnswerText(second)).to.contain('Before the reload');
      answer.end();
      await settled(second);
      expect(lastAnswerText(second)).to.equal('Before the reload, after it');
      expect(answers(second)).to.have.length(1);
      expect(service.questionsAsked).to.equal(1);
    } finally {
      frame.remove();
    }
  });

  it('resumes by itself when the connection drops mid-answer, quietly saying it reconnects, once', async () => {
    const { el, service } = await mountWidget({ resumable: true });
    const said = recordAnnouncements(el);
    const answer = service.queueKept();
    await ask(el, 'A long one');
    answer.push('*Answer:* Half');
    await waitUntil(() => lastAnswerText(el) === 'Half');
    answer.drop();
    await waitUntil(() => lookups(service).length === 1, 'no lookup by key');
    await waitUntil(() => answer.readerCount === 1, 'the lookup did not read the answer');
    answer.push(' and the rest.');
    answer.end();
    await settled(el);
    said.stop();
    expect(lastAnswerText(el)).to.equal('Half and the rest.');
    expect(queryByPart(answers(el)[0]!, 'error')).to.equal(null);
    expect(service.questionsAsked).to.equal(1);
    expect(said.said.filter((text) => text === 'Reconnecting…')).to.have.length(1);
    expect(said.said.at(-1)).to.equal('Helper: Half and the rest.');
  });

  it('shows the quiet reconnecting note while the answer reconnects, and the partial text', async () => {
    const { el, service } = await mountWidget({ resumable: true });
    const answer = service.queueKept();
    await ask(el, 'A long one');
    answer.push('*Answer:* Half');
    await waitUntil(() => lastAnswerText(el) === 'Half');
    // The lookup finds the answer, but nothing new comes yet: the widget waits, reconnecting.
    answer.drop();
    await waitUntil(() => reconnectingNote(el), 'no reconnecting note');
    expect(lastAnswerText(el)).to.equal('Half');
    expect(answers(el)[0]!.getAttribute('aria-busy')).to.equal('true');
    answer.push('!');
    await waitUntil(() => !reconnectingNote(el), 'the note stayed once text came');
    answer.end();
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Half!');
  });

  it('keeps the partial answer with Retry against a service without resume, after a drop and after the next page, asking nothing again', async () => {
    const botId = freshBotId();
    const service = createFakeService();
    const first = await mountWidget({ botId }, service);
    const stream = service.queueManual();
    await ask(first.el, 'Cut me');
    stream.push('*Answer:* Partial');
    await waitUntil(() => lastAnswerText(first.el) === 'Partial');
    stream.fail();
    await settled(first.el);
    expect(part(first.el, 'error').textContent).to.contain('The answer did not arrive completely.');
    expect(service.questionsAsked).to.equal(1);
    expect(lookups(service)).to.have.length(1);

    // An answer still streaming when its page went away: looked up once (404), then Retry.
    const second = service.queueManual();
    byRole<HTMLButtonElement>(part(first.el, 'error'), 'button', { name: 'Retry' }).click();
    await first.el.updateComplete;
    expect(reconnectingNote(first.el)?.textContent, 'a question asked again is not reconnecting').to.equal(undefined);
    second.push('*Answer:* Another partial');
    await waitUntil(() => lastAnswerText(first.el) === 'Another partial');
    first.el.remove();
    const next = await mountWidget({ botId }, service);
    await settled(next.el);
    expect(lastAnswerText(next.el)).to.equal('Another partial');
    expect(part(next.el, 'error').textContent).to.contain('The answer did not arrive completely.');
    expect(queryByRole(part(next.el, 'error'), 'button', { name: 'Retry' })).to.exist;
    expect(service.questionsAsked, 'nothing asked by itself').to.equal(2);
    expect(lookups(service)).to.have.length(2);
    const stored = JSON.parse(sessionStorage.getItem(conversationKey(botId))!) as { messages: { status: string }[] };
    expect(stored.messages.at(-1)!.status).to.equal('failed');
  });
});
