import { expect, waitUntil } from '@open-wc/testing';
import type { ChatbotLeadSubmitEvent } from '../../../src/chatbot-widget.js';
import { createFakeService } from './fake-service.js';
import { ask, freshBotId, mountWidget, part, parts, settled, nextEvent } from './widget-helpers.js';

const askForLead = { collect_customer_info: { numberShowing: 1, name: true, email: true, phone: false } };

function fill(el: HTMLElement, name: string, value: string): void {
  const input = el.shadowRoot!.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

describe('<chatbot-widget> lead form', () => {
  it('appears after numberShowing answers with the requested fields, and holds further questions', async () => {
    const { el } = await mountWidget({ bot: askForLead });
    expect(parts(el, '[part="lead-form"]')).to.have.length(0);
    await ask(el, 'First');
    await settled(el);
    const form = part(el, 'form[part="lead-form"]');
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.map((input) => input.name)).to.deep.equal(['name', 'email']);
    expect(inputs.every((input) => input.required)).to.equal(true);
    const field = part<HTMLTextAreaElement>(el, 'textarea');
    expect(field.disabled).to.equal(true);
    expect(field.placeholder).to.equal('Please fill in the form above to continue.');
    expect(parts(el, '.chip')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('names missing and invalid fields', async () => {
    const { el } = await mountWidget({ bot: askForLead });
    await ask(el, 'First');
    await settled(el);
    part<HTMLButtonElement>(el, 'form[part="lead-form"] button[type="submit"]').click();
    await el.updateComplete;
    expect(part(el, '[part="lead-form"] [role="alert"]').textContent).to.equal('Please fill in 2 required fields.');
    expect(part(el, 'input[name="name"]').getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input[name="name"]'));
    fill(el, 'name', 'Ada');
    fill(el, 'email', 'not-an-email');
    part<HTMLButtonElement>(el, 'form[part="lead-form"] button[type="submit"]').click();
    await el.updateComplete;
    expect(part(el, '[part="lead-form"] [role="alert"]').textContent).to.equal('Please enter a valid email address.');
    expect(part(el, 'input[name="name"]').getAttribute('aria-invalid')).to.equal('false');
    expect(part(el, 'input[name="email"]').getAttribute('aria-invalid')).to.equal('true');
  });

  it('sends the lead to the service, fires chatbot-lead-submit and lets the chat go on', async () => {
    const { el, service } = await mountWidget({ bot: askForLead });
    await ask(el, 'First');
    await settled(el);
    fill(el, 'name', 'Ada Lovelace');
    fill(el, 'email', 'ada@example.com');
    const submitted = nextEvent(el, 'chatbot-lead-submit');
    part<HTMLButtonElement>(el, 'form[part="lead-form"] button[type="submit"]').click();
    const event = (await submitted) as ChatbotLeadSubmitEvent;
    expect(event.fields).to.deep.equal({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(event.delivered).to.equal(true);
    expect(event.botId).to.equal(el.botId);
    const request = service.requests.find((entry) => entry.url.pathname === '/api/lead')!;
    expect(request.method).to.equal('POST');
    expect(request.body).to.deep.equal({ bot_id: el.botId, session_id: event.sessionId, fields: event.fields });
    await el.updateComplete;
    expect(part(el, '[part="lead-form"]').textContent).to.contain('Thank you!');
    expect(part<HTMLTextAreaElement>(el, 'textarea').disabled).to.equal(false);
    await ask(el, 'Second');
    await settled(el);
    expect(service.streamBodies).to.have.length(2);
  });

  it('only fires the event when the service has no lead endpoint', async () => {
    const { el } = await mountWidget({ bot: askForLead, leadEndpoint: false, baseUrl: 'https://no-lead.service.test' });
    await ask(el, 'First');
    await settled(el);
    fill(el, 'name', 'Ada');
    fill(el, 'email', 'ada@example.com');
    const submitted = nextEvent(el, 'chatbot-lead-submit');
    part<HTMLButtonElement>(el, 'form[part="lead-form"] button[type="submit"]').click();
    expect(((await submitted) as ChatbotLeadSubmitEvent).delivered).to.equal(false);
  });

  it('asks first when numberShowing is 0, sending a queued question after it', async () => {
    const { el, service } = await mountWidget({ bot: { collect_customer_info: { numberShowing: 0, email: true } } });
    expect(part(el, 'form[part="lead-form"]')).to.exist;
    expect(el.send('Queued until the form is sent')).to.equal(true);
    await el.updateComplete;
    expect(service.streamBodies).to.have.length(0);
    fill(el, 'email', 'a@b.co');
    part<HTMLButtonElement>(el, 'form[part="lead-form"] button[type="submit"]').click();
    await waitUntil(() => service.streamBodies.length === 1);
    expect(service.streamBodies[0]).to.include({ message: 'Queued until the form is sent' });
  });

  it('keeps typed values and the sent state across re-creation', async () => {
    const botId = freshBotId();
    const service = createFakeService({ bot: askForLead });
    const first = await mountWidget({ botId }, service);
    await ask(first.el, 'First');
    await settled(first.el);
    fill(first.el, 'name', 'Half typed');
    first.el.remove();
    const second = await mountWidget({ botId }, service);
    expect(part<HTMLInputElement>(second.el, 'input[name="name"]').value).to.equal('Half typed');
    fill(second.el, 'email', 'x@y.zz');
    part<HTMLButtonElement>(second.el, 'form[part="lead-form"] button[type="submit"]').click();
    await nextEvent(second.el, 'chatbot-lead-submit');
    second.el.remove();
    const third = await mountWidget({ botId }, service);
    expect(parts(third.el, 'form[part="lead-form"]')).to.have.length(0);
    expect(part<HTMLTextAreaElement>(third.el, 'textarea').disabled).to.equal(false);
  });

  it('does not ask again after a new conversation once sent', async () => {
    const { el } = await mountWidget({ bot: { collect_customer_info: { numberShowing: 0, name: true } } });
    fill(el, 'name', 'Ada');
    part<HTMLButtonElement>(el, 'form[part="lead-form"] button[type="submit"]').click();
    await nextEvent(el, 'chatbot-lead-submit');
    await ask(el, 'hi');
    await settled(el);
    el.reset();
    await el.updateComplete;
    expect(parts(el, 'form[part="lead-form"]')).to.have.length(0);
  });
});
