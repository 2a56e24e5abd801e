import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ChatbotLeadSubmitEvent, ChatbotWidget } from '../../../src/chatbot-widget.js';
import { fieldBorderContrast } from '../contrast.js';
import { createFakeService } from './fake-service.js';
import {
  allByRole,
  ask,
  byRole,
  descriptionOf,
  freshBotId,
  mountWidget,
  nameOf,
  nextEvent,
  part,
  parts,
  queryByRole,
  settled,
  textOf,
} from './widget-helpers.js';

const askForLead = { collect_customer_info: { numberShowing: 1, name: true, email: true, phone: false } };

/** Types into a field of the lead form, found by its label. */
async function fill(el: ChatbotWidget, label: string, value: string): Promise<void> {
  byRole<HTMLInputElement>(part(el, 'lead-form'), 'textbox', { name: label }).focus();
  await sendKeys({ type: value });
}

describe('<chatbot-widget> lead form', () => {
  it('appears after numberShowing answers with the requested fields, and holds further questions', async () => {
    const { el } = await mountWidget({ bot: askForLead });
    expect(parts(el, 'lead-form')).to.have.length(0);
    await ask(el, 'First');
    await settled(el);
    const form = part(el, 'lead-form');
    const inputs = allByRole<HTMLInputElement>(form, 'textbox');
    expect(inputs.map(nameOf)).to.deep.equal(['Name', 'Email']);
    expect(inputs.every((input) => input.required)).to.equal(true);
    const field = part<HTMLTextAreaElement>(el, 'input');
    expect(field.disabled).to.equal(true);
    expect(field.placeholder).to.equal('Please fill in the form above to continue.');
    expect(parts(el, 'suggestion')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('draws the message field and the lead fields with borders of at least 3:1 in both themes (WCAG 1.4.11)', async () => {
    const { el } = await mountWidget({ bot: askForLead });
    await ask(el, 'First');
    await settled(el);
    for (const theme of ['light', 'dark'] as const) {
      el.theme = theme;
      await el.updateComplete;
      const fields = [part(el, 'input'), ...allByRole(part(el, 'lead-form'), 'textbox')];
      for (const field of fields) expect(fieldBorderContrast(field), `${theme}: ${nameOf(field)}`).to.be.at.least(3);
    }
  });

  it('names missing and invalid fields', async () => {
    const { el } = await mountWidget({ bot: askForLead });
    await ask(el, 'First');
    await settled(el);
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Send details' }).click();
    await el.updateComplete;
    expect(textOf(byRole(byRole(part(el, 'lead-form'), 'alert'), 'paragraph'))).to.equal('Please fill in 2 required fields.');
    expect(byRole<HTMLInputElement>(part(el, 'lead-form'), 'textbox', { name: 'Name' }).getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.activeElement).to.equal(byRole<HTMLInputElement>(part(el, 'lead-form'), 'textbox', { name: 'Name' }));
    await fill(el, 'Name', 'Ada');
    await fill(el, 'Email', 'not-an-email');
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Send details' }).click();
    await el.updateComplete;
    expect(textOf(byRole(byRole(part(el, 'lead-form'), 'alert'), 'paragraph'))).to.equal('Please enter a valid email address.');
    expect(byRole<HTMLInputElement>(part(el, 'lead-form'), 'textbox', { name: 'Name' }).getAttribute('aria-invalid')).to.equal('false');
    expect(byRole<HTMLInputElement>(part(el, 'lead-form'), 'textbox', { name: 'Email' }).getAttribute('aria-invalid')).to.equal('true');
  });

  it('ties each error to its field in words, and names the wrong fields in the summary (WCAG 3.3.1, 1.4.1)', async () => {
    const { el } = await mountWidget({ bot: askForLead });
    await ask(el, 'First');
    await settled(el);
    const form = part(el, 'lead-form');
    const field = (name: string) => byRole<HTMLInputElement>(form, 'textbox', { name });
    /** The message a field is described by, when it is shown on the screen (not only to a screen reader). */
    const shownMessage = (input: HTMLInputElement): string => {
      const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
      const shown = ids.map((id) => el.shadowRoot!.getElementById(id)).filter((node) => node && node.getBoundingClientRect().height > 0);
      return shown.length ? descriptionOf(input) : '';
    };
    byRole<HTMLButtonElement>(form, 'button', { name: 'Send details' }).click();
    await el.updateComplete;
    expect(field('Name').getAttribute('aria-invalid')).to.equal('true');
    expect(shownMessage(field('Name'))).to.equal('Please fill in this field.');
    expect(shownMessage(field('Email'))).to.equal('Please fill in this field.');
    const summary = byRole(form, 'alert');
    expect(textOf(byRole(summary, 'paragraph'))).to.equal('Please fill in 2 required fields.');
    expect(allByRole(summary, 'listitem').map((item) => textOf(item))).to.deep.equal(['Name', 'Email']);

    await fill(el, 'Name', 'Ada');
    await fill(el, 'Email', 'not-an-email');
    byRole<HTMLButtonElement>(form, 'button', { name: 'Send details' }).click();
    await el.updateComplete;
    expect(field('Name').getAttribute('aria-invalid')).to.equal('false');
    expect(field('Name').hasAttribute('aria-describedby')).to.equal(false);
    expect(shownMessage(field('Email'))).to.equal('Please enter a valid email address.');
    expect(allByRole(byRole(form, 'alert'), 'listitem').map((item) => textOf(item))).to.deep.equal(['Email']);
    await expect(el).to.be.accessible();
  });

  it('sends the lead to the service, fires chatbot-lead-submit and lets the chat go on', async () => {
    const { el, service } = await mountWidget({ bot: askForLead });
    await ask(el, 'First');
    await settled(el);
    // The form's own styles joined the widget's when its module arrived.
    expect(getComputedStyle(part(el, 'lead-form')).display).to.equal('grid');
    await fill(el, 'Name', 'Ada Lovelace');
    await fill(el, 'Email', 'ada@example.com');
    const submitted = nextEvent(el, 'chatbot-lead-submit');
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Send details' }).click();
    const event = (await submitted) as ChatbotLeadSubmitEvent;
    expect(event.fields).to.deep.equal({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(event.delivered).to.equal(true);
    expect(event.botId).to.equal(el.botId);
    const request = service.requests.find((entry) => entry.url.pathname === '/api/lead')!;
    expect(request.method).to.equal('POST');
    expect(request.body).to.deep.equal({ bot_id: el.botId, session_id: event.sessionId, fields: event.fields });
    await el.updateComplete;
    expect(part(el, 'lead-form').textContent).to.contain('Thank you!');
    expect(part<HTMLTextAreaElement>(el, 'input').disabled).to.equal(false);
    // The thanks is announced and the message field has the focus again.
    expect(el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]:not([part])')!.textContent).to.equal('Thank you! Your details were sent.');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input'));
    await ask(el, 'Second');
    await settled(el);
    expect(service.streamBodies).to.have.length(2);
  });

  it('only fires the event when the service has no lead endpoint', async () => {
    const { el } = await mountWidget({ bot: askForLead, leadEndpoint: false, baseUrl: 'https://no-lead.service.test' });
    await ask(el, 'First');
    await settled(el);
    await fill(el, 'Name', 'Ada');
    await fill(el, 'Email', 'ada@example.com');
    const submitted = nextEvent(el, 'chatbot-lead-submit');
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Send details' }).click();
    expect(((await submitted) as ChatbotLeadSubmitEvent).delivered).to.equal(false);
  });

  it('keeps the chat drawn while a form due at once loads: the notice stays in the thread, the panel is never replaced', async () => {
    const { el } = await mountWidget({ ready: false, bot: { collect_customer_info: { numberShowing: 0, email: true } } });
    const panelNotices: string[] = [];
    const watch = new MutationObserver(() => {
      for (const notice of el.shadowRoot!.querySelectorAll('[part~="notice"]')) if (!notice.closest('[part~="thread"]')) panelNotices.push(notice.outerHTML);
    });
    watch.observe(el.shadowRoot!, { childList: true, subtree: true });
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="lead-form"]'), 'no lead form');
    watch.disconnect();
    expect(panelNotices).to.deep.equal([]);
    expect(part(el, 'input')).to.exist;
  });

  it('asks first when numberShowing is 0, sending a queued question after it', async () => {
    const { el, service } = await mountWidget({ bot: { collect_customer_info: { numberShowing: 0, email: true } } });
    expect(part(el, 'lead-form')).to.exist;
    expect(el.send('Queued until the form is sent')).to.equal(true);
    await el.updateComplete;
    expect(service.streamBodies).to.have.length(0);
    await fill(el, 'Email', 'a@b.co');
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Send details' }).click();
    await waitUntil(() => service.streamBodies.length === 1);
    expect(service.streamBodies[0]).to.include({ message: 'Queued until the form is sent' });
  });

  it('keeps typed values and the sent state across re-creation', async () => {
    const botId = freshBotId();
    const service = createFakeService({ bot: askForLead });
    const first = await mountWidget({ botId }, service);
    await ask(first.el, 'First');
    await settled(first.el);
    await fill(first.el, 'Name', 'Half typed');
    first.el.remove();
    const second = await mountWidget({ botId }, service);
    expect(byRole<HTMLInputElement>(part(second.el, 'lead-form'), 'textbox', { name: 'Name' }).value).to.equal('Half typed');
    await fill(second.el, 'Email', 'x@y.zz');
    byRole<HTMLButtonElement>(part(second.el, 'lead-form'), 'button', { name: 'Send details' }).click();
    await nextEvent(second.el, 'chatbot-lead-submit');
    second.el.remove();
    const third = await mountWidget({ botId }, service);
    expect(queryByRole(third.el.shadowRoot!, 'form', { name: 'Before we go on' })).to.equal(null);
    expect(part<HTMLTextAreaElement>(third.el, 'input').disabled).to.equal(false);
  });

  it("speaks the widget's language and takes the host page's overrides", async () => {
    const { el } = await mountWidget({ lang: 'fr', bot: { collect_customer_info: { numberShowing: 0, email: true } } });
    expect(byRole(part(el, 'lead-form'), 'heading').textContent).to.equal('Avant de continuer');
    expect(part<HTMLTextAreaElement>(el, 'input').placeholder).to.equal('Veuillez remplir le formulaire ci-dessus pour continuer.');
    el.strings = { leadTitle: 'One more thing', leadMissing: 'Fill it all in', leadPending: 'The form first, please' };
    await el.updateComplete;
    expect(byRole(part(el, 'lead-form'), 'heading').textContent).to.equal('One more thing');
    expect(part<HTMLTextAreaElement>(el, 'input').placeholder).to.equal('The form first, please');
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Envoyer mes coordonnées' }).click();
    await el.updateComplete;
    expect(textOf(byRole(byRole(part(el, 'lead-form'), 'alert'), 'paragraph'))).to.equal('Fill it all in');
  });

  it('does not ask again after a new conversation once sent', async () => {
    const { el } = await mountWidget({ bot: { collect_customer_info: { numberShowing: 0, name: true } } });
    await fill(el, 'Name', 'Ada');
    byRole<HTMLButtonElement>(part(el, 'lead-form'), 'button', { name: 'Send details' }).click();
    await nextEvent(el, 'chatbot-lead-submit');
    await ask(el, 'hi');
    await settled(el);
    el.reset();
    await el.updateComplete;
    expect(queryByRole(el.shadowRoot!, 'form', { name: 'Before we go on' })).to.equal(null);
  });
});
