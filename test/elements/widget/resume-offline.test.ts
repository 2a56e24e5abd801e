// A dropped connection mid-answer against the real reference service (reached through the test runner's TCP
// relay): the page goes offline (DevTools network emulation for the service's address, and the relay cuts the
// connection in flight) while an answer streams slowly, and back online; the
// widget says it reconnects, looks the answer up by its key and finishes it, with exactly the text the
// service stored and one credit.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { createClient } from '../../../src/api/index.js';
import { conversationKey } from '../../../src/widget/conversation-store.js';
import { executeServerCommand } from '@web/test-runner-commands';
import { emulateNetwork } from '../devtools.js';
import { answers, ask, chatReady, lastAnswerText, settled } from './widget-helpers.js';

interface ReferenceService {
  url: string;
  username: string;
  password: string;
  botId: string;
}

async function slowReferenceService(): Promise<ReferenceService> {
  // Answers stream a word group every 60 ms: several seconds for the demo's longer answers.
  const response = await fetch('/__reference-service.json?answer-delay-ms=60');
  if (!response.ok) throw new Error(`The reference service did not start: ${await response.text()}`);
  return (await response.json()) as ReferenceService;
}

describe('<chatbot-widget> offline and back online mid-answer (reference service)', function () {
  this.timeout(90000);

  afterEach(() => emulateNetwork(false));

  it('resumes the answer where it was, once, for one credit', async () => {
    const service = await slowReferenceService();
    const login = await createClient({ baseUrl: service.url }).login({ username: service.username, password: service.password });
    const owner = createClient({ baseUrl: service.url, token: login.access_token });
    const creditsBefore = (await owner.getBotInformation(service.botId)).num_message_left!;

    // A conversation of its own (the demo bot is shared by the suites), through the page's own fetch.
    sessionStorage.removeItem(conversationKey(service.botId));
    const el = await fixture<ChatbotWidget>(html`<chatbot-widget bot-id=${service.botId} base-url=${service.url} lang="en" mode="inline" style="height: 560px"></chatbot-widget>`);
    await waitUntil(() => chatReady(el), 'the widget did not become ready', { timeout: 20000 });
    const completed = new Promise<Event>((resolve) => el.addEventListener('chatbot-answer-complete', resolve, { once: true }));
    await ask(el, 'How do I embed the widget?');
    await waitUntil(() => lastAnswerText(el).split(' ').length >= 3, 'no text came', { timeout: 20000 });
    // Offline: new requests to the service fail and the page is told; Chromium's emulation leaves a response
    // already streaming alone, so the connection in flight is cut as a lost network cuts it.
    await emulateNetwork(true, `${service.url}/*`);
    expect(await executeServerCommand('drop-service-connections')).to.be.greaterThan(0);
    await waitUntil(() => answers(el).at(-1)!.textContent!.includes('Reconnecting'), 'no reconnecting note', { timeout: 20000 });
    const shownOffline = lastAnswerText(el);
    await emulateNetwork(false);
    await completed;
    await settled(el);
    const finalText = lastAnswerText(el);
    expect(finalText.startsWith(shownOffline.slice(0, 10))).to.equal(true);
    expect(answers(el)).to.have.length(1);
    expect(answers(el)[0]!.textContent).to.not.contain('did not arrive');

    // The history holds the exchange once, with the same answer; one credit was taken.
    const sessionId = JSON.parse(sessionStorage.getItem(conversationKey(service.botId))!).sessionId as string;
    const history = await owner.getHistory({ bot_id: service.botId });
    const session = history.find((record) => record.session_id === sessionId)!;
    const assistant = session.chat_history_response.filter((message) => message.sender_type === 'assistant');
    expect(assistant).to.have.length(1);
    const stored = JSON.parse(sessionStorage.getItem(conversationKey(service.botId))!) as { messages: { text: string }[] };
    expect(stored.messages.at(-1)!.text, 'exactly the text the service stored, nothing twice').to.equal(assistant[0]!.content);
    expect((await owner.getBotInformation(service.botId)).num_message_left).to.equal(creditsBefore - 1);
  });
});
