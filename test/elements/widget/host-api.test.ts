import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/chatbot-widget.js';
import { createFakeService } from './fake-service.js';
import {
  answers,
  ask,
  freshBotId,
  lastAnswerText,
  mountWidget,
  part,
  queryByPart,
  queryByRole,
  settled,
} from './widget-helpers.js';

describe('<chatbot-widget> host-page API', () => {
  it('queues calls made before the element is connected or the bot has loaded', async () => {
    const service = createFakeService();
    const el = document.createElement('chatbot-widget');
    el.fetch = service.fetch;
    el.setAttribute('bot-id', freshBotId());
    el.setAttribute('base-url', 'https://service.test');
    const events: string[] = [];
    el.addEventListener('chatbot-open', () => events.push('open'));
    expect(el.send('Asked before anything loaded')).to.equal(true);
    expect(el.send('And a second one')).to.equal(true);
    document.body.append(el);
    try {
      await waitUntil(() => service.streamBodies.length === 2, 'queued questions were not sent', { timeout: 5000 });
      expect(service.streamBodies.map((body) => body['message'])).to.deep.equal(['Asked before anything loaded', 'And a second one']);
      expect(el.opened).to.equal(true);
      expect(events).to.deep.equal(['open']);
      await settled(el);
      expect(answers(el)).to.have.length(2);
    } finally {
      el.remove();
    }
  });

  it('queues a question sent while an answer streams and sends it afterwards', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'First');
    expect(el.send('Second, while the first streams')).to.equal(true);
    await el.updateComplete;
    expect(service.streamBodies).to.have.length(1);
    stream.push('*Answer:* One');
    stream.close();
    await waitUntil(() => service.streamBodies.length === 2);
    expect(service.streamBodies[1]!['message']).to.equal('Second, while the first streams');
    expect(service.streamBodies[1]!['chat_history']).to.deep.equal([
      { sender_type: 'user', content: 'First' },
      { sender_type: 'assistant', content: 'One' },
    ]);
    await settled(el);
  });

  it('refuses empty questions and questions to an unavailable bot', async () => {
    const { el } = await mountWidget({ bot: { is_activate: false }, ready: false });
    expect(el.send('   ')).to.equal(false);
    await waitUntil(() => queryByRole(el.shadowRoot!, 'alert'));
    expect(el.send('Anyone there?')).to.equal(false);
  });

  it('resets while an answer streams, cancelling the request', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Cancel me');
    stream.push('*Answer:* partial');
    await waitUntil(() => lastAnswerText(el) === 'partial');
    el.reset();
    await el.updateComplete;
    expect(answers(el)).to.have.length(0);
    expect(part(el, 'send-button')).to.exist;
    await ask(el, 'After reset');
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Hello there!');
  });

  it('stops the answer through stop()', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Long');
    stream.push('*Answer:* Kept');
    await waitUntil(() => lastAnswerText(el) === 'Kept');
    el.stop();
    await el.updateComplete;
    expect(answers(el)[0]!.textContent).to.contain('Stopped.');
  });

  it('only focuses the message field on open() in inline mode', async () => {
    const { el } = await mountWidget();
    let fired = false;
    el.addEventListener('chatbot-open', () => (fired = true));
    el.open();
    await el.updateComplete;
    expect(fired).to.equal(false);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input'));
  });

  it('reloads when the bot or service changes', async () => {
    const { el, service } = await mountWidget({ bot: { bot_name: 'First bot' } });
    await ask(el, 'Hi');
    await settled(el);
    el.botId = freshBotId();
    await waitUntil(() => !queryByPart(el.shadowRoot!, 'message'));
    await waitUntil(() => queryByPart(el.shadowRoot!, 'input'));
    expect(service.requests.filter((request) => request.url.pathname.endsWith('/information'))).to.have.length(2);
  });
});
