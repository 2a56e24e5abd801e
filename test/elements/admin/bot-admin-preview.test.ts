import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BotAdmin } from '../../../src/bot-admin.js';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { allByPart, byRole, field, mountAdmin, part, press, queryByPart, queryByRole, root, settingsForm, text, typeInto } from './admin-helpers.js';
import { BASE_URL, BOT_ID, OWNER_ID, chunked, fakeJwt, json, serviceWithBot } from './fake-service.js';

const STREAM_PATH = '/api/chat/get-streaming-response-with-custom-settings';

function previewService() {
  return serviceWithBot().on('POST', STREAM_PATH, () =>
    chunked(['*Answer:* We open ', 'at nine.\n\n*Suggest Questions:*\n1. Where are you?\n']),
  );
}

/** The preview's chat. */
function previewWidget(el: BotAdmin): ChatbotWidget {
  const widget = part(el, 'preview').querySelector('chatbot-widget');
  if (!widget) throw new Error('No chat in the preview');
  return widget;
}

async function askPreview(widget: ChatbotWidget, question: string): Promise<void> {
  const composer = () => queryByRole<HTMLTextAreaElement>(widget.shadowRoot!, 'textbox', { name: 'Message' });
  await waitUntil(() => composer(), 'the preview did not become ready');
  composer()!.focus();
  await sendKeys({ type: question });
  await sendKeys({ press: 'Enter' });
  await widget.updateComplete;
}

/** The text of the preview's last answer. */
function lastAnswer(widget: ChatbotWidget): string {
  return text(allByPart(widget.shadowRoot!, 'bot-message').at(-1) ?? null);
}

describe('<bot-admin> preview', () => {
  it('answers with the unsaved prompt, model, temperature and rules', async () => {
    const service = previewService();
    const token = fakeJwt(OWNER_ID);
    const { el } = await mountAdmin({ service, noPreview: false, token });
    const widget = previewWidget(el);
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
      custom_error_message: 'Sorry, something went wrong.',
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
    await waitUntil(() => lastAnswer(widget).includes('We open at nine.'));
    expect(service.sent('PUT', '/api/bot')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('shows the unsaved message for a failed answer, without sending it', async () => {
    const service = serviceWithBot().on('POST', STREAM_PATH, () => json({ message: 'Model overloaded' }, 503));
    const { el } = await mountAdmin({ service, noPreview: false });
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Message when an answer fails'), 'Sorry, call us on 555-0100.');
    const widget = previewWidget(el);
    expect(widget.settings?.custom_error_message).to.equal('Sorry, call us on 555-0100.');
    await askPreview(widget, 'When do you open?');
    await waitUntil(() => queryByPart(widget.shadowRoot!, 'error') !== null, 'the answer did not fail');
    expect(text(queryByPart(widget.shadowRoot!, 'error'))).to.equal('Sorry, call us on 555-0100. Retry');
    expect(JSON.parse(service.sent('POST', STREAM_PATH)[0]!.body)).to.not.have.property('custom_error_message');

    // Edited again while the failed answer is shown: the note follows the form.
    await typeInto(el, field<HTMLTextAreaElement>(el, 'Message when an answer fails'), 'Please try again in a minute.');
    await widget.updateComplete;
    expect(text(queryByPart(widget.shadowRoot!, 'error'))).to.equal('Please try again in a minute. Retry');
  });

  it('asks for a new bot to be saved before it can be tried', async () => {
    const { el } = await mountAdmin({ noPreview: false, botId: null });
    await waitUntil(() => settingsForm(el) !== null);
    const preview = byRole(root(el), 'complementary', { name: 'Preview' });
    expect(preview.querySelector('chatbot-widget')).to.equal(null);
    expect(text(preview)).to.equal('Preview Save the new bot to try it here.');
    await expect(el).to.be.accessible();
  });

  it('can be left out with no-preview', async () => {
    const { el } = await mountAdmin({ noPreview: true });
    expect(queryByPart(root(el), 'preview')).to.equal(null);
  });
});
