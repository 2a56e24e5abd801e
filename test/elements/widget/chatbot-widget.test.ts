import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ChatbotAnswerCompleteEvent, ChatbotMessageSentEvent, ChatbotWidget } from '../../../src/chatbot-widget.js';
import {
  ask,
  byPart,
  byRole,
  greeting,
  lastAnswerText,
  mountWidget,
  nextEvent,
  part,
  parts,
  settled,
  shadow,
} from './widget-helpers.js';

describe('<chatbot-widget> basics', () => {
  it('renders the bot name and a greeting once the bot has loaded', async () => {
    const { el } = await mountWidget({ bot: { bot_name: 'Ada' } });
    expect(part(el, 'title').textContent).to.equal('Ada');
    expect(greeting(el)!.textContent).to.contain('Ada');
  });

  it('reads every documented attribute into its property, and observes no other attribute', () => {
    // attribute: [value written, property, value read]
    const documented: Record<string, [string, keyof ChatbotWidget, unknown]> = {
      'bot-id': ['b1', 'botId', 'b1'],
      'base-url': ['http://127.0.0.1:9', 'baseUrl', 'http://127.0.0.1:9'],
      token: ['t', 'token', 't'],
      'api-key': ['k', 'apiKey', 'k'],
      'api-key-header': ['chatfly-api-key', 'apiKeyHeader', 'chatfly-api-key'],
      'type-qa': ['qa', 'typeQa', 'qa'],
      mode: ['inline', 'mode', 'inline'],
      theme: ['dark', 'theme', 'dark'],
      storage: ['none', 'storage', 'none'],
      open: ['', 'opened', true],
      'no-remember-open': ['', 'noRememberOpen', true],
      lang: ['fr', 'languageOverride', 'fr'],
      'language-pack': ['site-pack', 'languagePack', 'site-pack'],
      'initial-message': ['Hello', 'initialMessage', 'Hello'],
      'starter-questions': ['["One?","Two?"]', 'starterQuestions', ['One?', 'Two?']],
      'teaser-after': ['5', 'teaserAfter', 5],
    };
    expect([...ChatbotWidget.observedAttributes].sort()).to.deep.equal(Object.keys(documented).sort());
    // Not connected: the element reads its attributes without loading anything.
    const el = document.createElement('chatbot-widget');
    for (const [attribute, [written, property, read]] of Object.entries(documented)) {
      el.setAttribute(attribute, written);
      expect(el[property], attribute).to.deep.equal(read);
    }
  });

  it('is accessible when empty', async () => {
    const { el } = await mountWidget();
    await expect(el).to.be.accessible();
  });

  it('sends a question and streams the answer with suggestion chips', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('Hello **world**', ['First?', 'Second?'], { chunkSize: 5 });
    const sent = nextEvent(el, 'chatbot-message-sent');
    const complete = nextEvent(el, 'chatbot-answer-complete');
    await ask(el, 'Hi');
    expect((await sent) as ChatbotMessageSentEvent).to.include({ message: 'Hi' });
    const done = (await complete) as ChatbotAnswerCompleteEvent;
    expect(done.answer).to.equal('Hello **world**');
    expect(done.suggestions).to.deep.equal(['First?', 'Second?']);
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Hello world');
    expect(byRole(byPart(part(el, 'bot-message'), 'bubble'), 'strong').textContent).to.equal('world');
    await waitUntil(() => parts(el, 'suggestion').length === 2);
    expect(parts(el, 'suggestion').map((chip) => chip.textContent)).to.deep.equal(['First?', 'Second?']);
    expect(service.streamBodies[0]).to.include({ bot_id: el.botId, message: 'Hi' });
  });

  it('sends with Enter, adds a line with Shift+Enter, and sends only what was typed', async () => {
    const { el, service } = await mountWidget();
    const field = part(el, 'input') as HTMLTextAreaElement;
    const send = part(el, 'send-button') as HTMLButtonElement;
    expect(send.disabled).to.equal(true);
    field.focus();
    await sendKeys({ type: 'One' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'two' });
    await el.updateComplete;
    expect(field.value).to.equal('One\ntwo');
    expect(service.streamBodies).to.have.length(0);
    expect(send.disabled).to.equal(false);
    service.queueAnswer('Hello', []);
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(service.streamBodies.map((body) => body['message'])).to.deep.equal(['One\ntwo']);
    expect(field.value).to.equal('');
  });

  it('draws every icon as an SVG path of its own size', async () => {
    const { el, service } = await mountWidget({ mode: 'launcher' });
    service.queueAnswer('Hello', []);
    await ask(el, 'Hi');
    await settled(el);
    const icons = [...shadow(el).querySelectorAll('svg')];
    // Launcher, new conversation, close, copy, read aloud, helpful, not helpful, microphone, send (Chromium
    // has speech synthesis and recognition, so read aloud and the microphone are shown).
    expect(icons).to.have.length(9);
    for (const icon of icons) {
      const path = icon.querySelector('path')!;
      expect(path.namespaceURI).to.equal('http://www.w3.org/2000/svg');
      expect(path.getBBox().width).to.be.above(10);
    }
  });
});
