import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { field, get, mountAdmin, press, q, text, typeInto } from './admin-helpers.js';
import { BASE_URL, BOT_ID, OWNER_ID, chunked, fakeJwt, serviceWithBot } from './fake-service.js';

const STREAM_PATH = '/api/chat/get-streaming-response-with-custom-settings';

function previewService() {
  return serviceWithBot().on('POST', STREAM_PATH, () =>
    chunked(['*Answer:* We open ', 'at nine.\n\n*Suggest Questions:*\n1. Where are you?\n']),
  );
}

async function askPreview(widget: ChatbotWidget, question: string): Promise<void> {
  await waitUntil(() => widget.shadowRoot!.querySelector('textarea'), 'the preview did not become ready');
  const composer = widget.shadowRoot!.querySelector('textarea')!;
  composer.value = question;
  composer.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await widget.updateComplete;
  composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
  await widget.updateComplete;
}

describe('<bot-admin> preview', () => {
  it('answers with the unsaved prompt, model, temperature and rules', async () => {
    const service = previewService();
    const token = fakeJwt(OWNER_ID);
    const { el } = await mountAdmin({ service, noPreview: false, token });
    const widget = get<ChatbotWidget>(el, 'aside.preview chatbot-widget');
    expect(widget.botId).to.equal(BOT_ID);
    expect(widget.baseUrl).to.equal(BASE_URL);
    expect(widget.mode).to.equal('inline');
    expect(widget.storage).to.equal('none');
    expect(widget.token).to.equal(token);

    await typeInto(el, field<HTMLTextAreaElement>(el, 'Instructions (prompt)'), 'Answer like a pirate.');
    await typeInto(el, field(el, 'Language model'), 'gpt-3.5-turbo');
    await typeInto(el, field(el, 'Creativity (temperature)'), '0.8');
    await press(el, 'Add a rule');
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Rule 2'), 'Mention the opening hours.');
    expect(widget.settings).to.deep.equal({
      custom_prompt: 'Answer like a pirate.',
      gpt_model_name: 'gpt-3.5-turbo',
      temperature: 0.8,
      rules: ['Be brief.', 'Mention the opening hours.'],
      is_enable_citation: false,
    });

    await askPreview(widget, 'When do you open?');
    await waitUntil(() => service.sent('POST', STREAM_PATH).length === 1, 'the preview sent nothing');
    const request = service.sent('POST', STREAM_PATH)[0]!;
    expect(JSON.parse(request.body)).to.deep.include({
      bot_id: BOT_ID,
      message: 'When do you open?',
      custom_prompt: 'Answer like a pirate.',
      gpt_model_name: 'gpt-3.5-turbo',
      temperature: 0.8,
      rules: ['Be brief.', 'Mention the opening hours.'],
    });
    expect(request.headers['authorization']).to.equal(`Bearer ${token}`);
    await waitUntil(() => text(widget.shadowRoot!.querySelector('.message.bot .bubble')).includes('We open at nine.'));
    expect(service.sent('PUT', '/api/bot')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('asks for a new bot to be saved before it can be tried', async () => {
    const { el } = await mountAdmin({ noPreview: false, botId: null });
    await waitUntil(() => q(el, 'form.settings') !== null);
    expect(q(el, 'aside.preview chatbot-widget')).to.equal(null);
    expect(text(get(el, 'aside.preview .note'))).to.equal('Save the new bot to try it here.');
    await expect(el).to.be.accessible();
  });

  it('can be left out with no-preview', async () => {
    const { el } = await mountAdmin({ noPreview: true });
    expect(q(el, 'aside.preview')).to.equal(null);
  });
});
