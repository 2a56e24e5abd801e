// Two tabs of a site with storage="local" (two widgets of the same bot on one storage, each with its own
// BroadcastChannel and Web Locks, as two tabs have) show one conversation live: a question asked in one
// appears in the other with its streaming answer, and only the tab that asked fetches it. A tab opened while
// an answer streams follows it, and takes it over when the tab that fetched it goes away.
import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { conversationKey } from '../../../src/widget/conversation-store.js';
import { createFakeService } from './fake-service.js';
import { answers, ask, freshBotId, lastAnswerText, mountWidget, parts, settled } from './widget-helpers.js';

const lookups = (service: { requests: { url: URL }[] }) => service.requests.filter((request) => request.url.pathname.includes('/api/chat/answers/'));
const questions = (el: ChatbotWidget) => parts(el, 'user-message').map((message) => message.textContent!.replace(/\s+/g, ' ').trim());

describe('<chatbot-widget> one conversation across tabs (storage="local")', () => {
  let botId = '';
  afterEach(() => localStorage.removeItem(conversationKey(botId)));

  it('shows a question asked in one tab, and its streaming answer, in the other; only the asking tab fetches', async () => {
    botId = freshBotId();
    const service = createFakeService({ resumable: true });
    const one = await mountWidget({ botId, storage: 'local' }, service);
    const two = await mountWidget({ botId, storage: 'local' }, service);
    const answer = service.queueKept();
    await ask(one.el, 'Asked in tab one');
    await waitUntil(() => questions(two.el).some((text) => text.includes('Asked in tab one')), 'the question did not reach tab two');
    answer.push('*Answer:* Streaming');
    await waitUntil(() => lastAnswerText(two.el) === 'Streaming', 'the streaming text did not reach tab two');
    expect(answers(two.el)[0]!.getAttribute('aria-busy')).to.equal('true');
    answer.push(' to both.\n\n*Suggest Questions:*\n1. And then?\n');
    answer.end();
    await settled(one.el);
    await waitUntil(() => answers(two.el)[0]!.getAttribute('aria-busy') === 'false', 'tab two did not see the end');
    expect(lastAnswerText(two.el)).to.equal('Streaming to both.');
    expect(parts(two.el, 'suggestion').map((chip) => chip.textContent!.trim())).to.deep.equal(['And then?']);
    expect(service.questionsAsked, 'one question sent').to.equal(1);
    expect(lookups(service), 'tab two fetched nothing').to.have.length(0);

    // And the other way round.
    service.queueAnswer('Answered for tab two.');
    await ask(two.el, 'Asked in tab two');
    await settled(two.el);
    await waitUntil(() => lastAnswerText(one.el) === 'Answered for tab two.', 'tab one did not see the answer');
    expect(questions(one.el)).to.have.length(2);
    expect(service.questionsAsked).to.equal(2);
    expect(lookups(service)).to.have.length(0);
    const sessions = new Set(service.streamBodies.map((body) => body['session_id']));
    expect(sessions.size, 'one conversation, one session').to.equal(1);
  });

  it('follows an answer that streams in another tab when it opens, and takes it over when that tab goes away', async () => {
    botId = freshBotId();
    const service = createFakeService({ resumable: true });
    const one = await mountWidget({ botId, storage: 'local' }, service);
    const answer = service.queueKept();
    await ask(one.el, 'Long one');
    answer.push('*Answer:* Begun');
    await waitUntil(() => lastAnswerText(one.el) === 'Begun');

    // A second tab opens mid-answer: it shows the answer and follows tab one's frames without fetching.
    const two = await mountWidget({ botId, storage: 'local' }, service);
    answer.push(' and going');
    await waitUntil(() => lastAnswerText(two.el) === 'Begun and going', 'tab two did not follow');
    expect(lookups(service)).to.have.length(0);

    // Tab one closes: tab two takes the answer over, by its key, and finishes it.
    one.el.remove();
    await waitUntil(() => lookups(service).length === 1, 'tab two did not take the answer over');
    answer.push(', finished by tab two.');
    answer.end();
    await settled(two.el);
    expect(lastAnswerText(two.el)).to.equal('Begun and going, finished by tab two.');
    expect(service.questionsAsked).to.equal(1);
    expect(answers(two.el)).to.have.length(1);
  });
});
