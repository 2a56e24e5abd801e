// The lead form, a feature only bots that collect customer information use: its template, its styles, its
// checks, its state changes and its request. The widget imports this module (its own chunk in the script-tag build) as soon as
// the bot's information asks for lead fields, so it is in before the form is due.
import { adoptStyles, html, nothing, type TemplateResult } from 'lit';
import { css } from '../../ui/literal-css.js';
import type { WidgetBot } from '../../api/widget-bot.js';
import { applyStringOverrides, type LeadStrings, type WidgetStringOverrides, type WidgetStrings } from '../../i18n/index.js';
import { LEAD_STRINGS } from '../../i18n/lead-form.js';
import type { Language } from '../../i18n/languages.js';
import type { ChatController } from '../chat-controller.js';
import { leadFields, leadThreshold, type Conversation, type LeadFormField, type LeadState } from '../chat-state.js';
import { ChatbotErrorEvent, ChatbotLeadSubmitEvent } from '../events.js';
import { postLead } from '../lead-request.js';

export { postLead };

/** Stores typed lead-form values. */
export function setLeadValues(conversation: Conversation, values: Record<string, string>): Conversation {
  return { ...conversation, lead: { ...conversation.lead, values: { ...conversation.lead.values, ...values } } };
}

/** Marks the lead form sent. */
export function markLeadSubmitted(conversation: Conversation): Conversation {
  return { ...conversation, lead: { ...conversation.lead, status: 'submitted' } };
}

/** Keeps what the visitor typed into the chat's lead form (it survives reloads). */
export function updateLead(chat: ChatController, values: Record<string, string>): void {
  chat.conversation = setLeadValues(chat.conversation, values);
  chat.persist();
}

/**
 * Sends the chat's lead form: to the service when it takes leads, always as `chatbot-lead-submit` (and a
 * `chatbot-error` when the service failed); the questions that waited for it go out after.
 */
export async function submitLead(chat: ChatController, values: Record<string, string>): Promise<void> {
  const { config, host } = chat;
  if (!config) return;
  chat.conversation = markLeadSubmitted(setLeadValues(chat.conversation, values));
  const { sessionId } = chat.conversation;
  chat.persist();
  host.requestUpdate();
  const outcome = await postLead(config, { bot_id: config.botId, session_id: sessionId, fields: values });
  host.dispatchEvent(new ChatbotLeadSubmitEvent(values, config.botId, sessionId, outcome === 'delivered'));
  if (outcome === 'failed') {
    host.dispatchEvent(new ChatbotErrorEvent('lead', 'service', new Error('The lead could not be sent to the service')));
  }
  chat.drain();
}

/** What is wrong with the lead form's values. */
export interface LeadFormErrors {
  /** Asked fields left blank. */
  missing: LeadFormField[];
  /** Whether the email does not look like one. */
  invalidEmail: boolean;
}

/** Missing and invalid fields of the lead form (every asked field is required; email must look like one). */
export function validateLead(fields: readonly LeadFormField[], values: Record<string, string>): LeadFormErrors {
  const missing = fields.filter((field) => !values[field]?.trim());
  const email = values['email']?.trim() ?? '';
  const invalidEmail = fields.includes('email') && email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
  return { missing, invalidEmail };
}

/** What is wrong with one field: left blank (`required`), or not an email address (`invalid-email`). */
export type LeadFieldError = 'required' | 'invalid-email';

/** What is wrong with each field of the form, in the form's order; a field that is fine is left out. */
export function leadFieldErrors(fields: readonly LeadFormField[], errors: LeadFormErrors | undefined): [LeadFormField, LeadFieldError][] {
  if (!errors) return [];
  return fields.flatMap((field): [LeadFormField, LeadFieldError][] =>
    errors.missing.includes(field) ? [[field, 'required']] : field === 'email' && errors.invalidEmail ? [[field, 'invalid-email']] : [],
  );
}

/**
 * Index of the message the lead form follows: the answer that made it due (the `numberShowing`th complete
 * one), else the last message (-1, before everything, in an empty conversation).
 */
export function leadFormIndex(conversation: Conversation, info: WidgetBot['collect_customer_info'] | undefined): number {
  const threshold = leadThreshold(info);
  const { messages } = conversation;
  let done = 0;
  for (let index = 0; index < messages.length && threshold > 0; index++) {
    const message = messages[index]!;
    if (message.role === 'assistant' && message.status === 'complete' && ++done === threshold) return index;
  }
  return messages.length - 1;
}

let lastStrings: { pack: object; overrides: unknown; strings: LeadStrings } | undefined;

/**
 * The lead form's strings in the pack's language, with a host page's overrides applied. A language the widget
 * has no lead strings for (a pack the page supplied) takes the pack's own `lead…` entries, English for the rest.
 */
export function leadStrings(pack: WidgetStrings, overrides: WidgetStringOverrides | undefined): LeadStrings {
  if (lastStrings?.pack !== pack || lastStrings.overrides !== overrides) {
    const known = LEAD_STRINGS[pack.lang as Language];
    const base = known ?? { ...LEAD_STRINGS.en, ...pickLeadEntries(pack) };
    lastStrings = { pack, overrides, strings: applyStringOverrides(base, overrides) };
  }
  return lastStrings.strings;
}

function pickLeadEntries(pack: WidgetStrings): Partial<LeadStrings> {
  const entries = pack as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(LEAD_STRINGS.en).filter((key) => key in entries).map((key) => [key, entries[key]]));
}

// The input of each lead field: its label among the strings, its type and its autofill hint.
const LEAD_INPUTS: Record<
  LeadFormField,
  [label: keyof LeadStrings, type: 'text' | 'email' | 'tel', autocomplete: 'name' | 'email' | 'tel' | 'organization']
> = {
  name: ['leadName', 'text', 'name'],
  email: ['leadEmail', 'email', 'email'],
  phone: ['leadPhone', 'tel', 'tel'],
  company: ['leadCompany', 'text', 'organization'],
};

/** What the lead form shows and reports. */
export interface LeadFormView {
  /** The lead form's strings (see leadStrings). */
  strings: LeadStrings;
  /** The fields asked for, in display order. */
  fields: readonly LeadFormField[];
  /** The form's state (typed values, sent or not). */
  lead: LeadState;
  /** What the last attempt to send got wrong, if anything. */
  errors: LeadFormErrors | undefined;
  /** Called with each edit of a field. */
  onInput(values: Record<string, string>): void;
  /** Called when a send was refused, with what is wrong (the first wrong field has the focus). */
  onInvalid(errors: LeadFormErrors): void;
  /** Called with the trimmed values of every field when they are complete and valid. */
  onSubmit(values: Record<string, string>): void;
}

function submit(event: SubmitEvent, view: LeadFormView): void {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const input = (field: string) => form.elements.namedItem(field) as HTMLInputElement;
  const values = Object.fromEntries(view.fields.map((field) => [field, input(field).value.trim()]));
  const errors = validateLead(view.fields, values);
  if (errors.missing.length > 0 || errors.invalidEmail) {
    input(errors.missing[0] ?? 'email').focus();
    view.onInvalid(errors);
  } else {
    view.onSubmit(values);
  }
}

// Drawn here rather than with ui/icons.js: an import from the widget would cost the widget an export.
const warningIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z" /></svg>`;

/**
 * The lead form, or the thanks shown once it was sent. An error is never only the red border: each wrong field
 * is `aria-invalid`, described by a message of its own under it (with an icon), and the summary above the
 * fields names them.
 */
export function renderLeadForm(view: LeadFormView): TemplateResult {
  const { strings: s, errors } = view;
  if (view.lead.status === 'submitted') return html`<p class="note" part="lead-form">${s.leadThanks}</p>`;
  const wrong = new Map(leadFieldErrors(view.fields, errors));
  const label = (field: LeadFormField) => s[LEAD_INPUTS[field][0]] as string;
  return html`<form class="lead" part="lead-form" novalidate aria-labelledby="lead-title" @submit=${(event: SubmitEvent) => submit(event, view)}>
    <h3 id="lead-title">${s.leadTitle}</h3>
    <p>${s.leadIntro}</p>
    ${errors
      ? html`<div class="error" role="alert">
          <p>${errors.missing.length > 0 ? s.leadMissing(errors.missing.length) : s.leadInvalidEmail}</p>
          <ul>${[...wrong.keys()].map((field) => html`<li>${label(field)}</li>`)}</ul>
        </div>`
      : nothing}
    ${view.fields.map((field) => {
      const [, type, autocomplete] = LEAD_INPUTS[field];
      const error = wrong.get(field);
      const id = `lead-${field}`;
      return html`<div class="field">
        <label for=${id}>${label(field)}</label>
        <input
          id=${id}
          name=${field}
          type=${type}
          autocomplete=${autocomplete}
          dir="auto"
          required
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${error ? `${id}-error` : nothing}
          .value=${view.lead.values[field] ?? ''}
          @input=${(event: InputEvent) => view.onInput({ [field]: (event.target as HTMLInputElement).value })}
        />
        ${error
          ? html`<p class="field-error" id="${id}-error">${warningIcon}<span>${error === 'required' ? s.leadRequired : s.leadInvalidEmail}</span></p>`
          : nothing}
      </div>`;
    })}
    <button type="submit" class="text-button">${s.leadSubmit}</button>
  </form>`;
}

/** The lead form's styles, added to the widget's when this module arrives. */
export const leadFormStyles = css`
  .lead {
    display: grid;
    gap: 10px;
    padding: 14px;
    border: 1px solid var(--_border);
    border-radius: var(--_bubble-radius);
    background: var(--_surface);
  }
  .lead h3 {
    margin: 0;
    font-size: 1em;
  }
  .lead p {
    margin: 0;
  }
  .lead .field {
    display: grid;
    gap: 4px;
    font-size: 0.9em;
  }
  .lead input {
    padding: 8px 10px;
    border: 1px solid var(--_text-muted);
    border-radius: 8px;
    background: var(--_background);
  }
  .lead input[aria-invalid='true'] {
    border-color: var(--_error);
  }
  .lead .error,
  .lead .field-error {
    color: var(--_error);
  }
  .lead .error {
    font-size: 0.9em;
  }
  .lead .error ul {
    margin: 4px 0 0;
    padding-inline-start: 1.4em;
  }
  .lead .field-error {
    display: flex;
    align-items: center;
    gap: 4px;
  }
  .lead .field-error svg {
    width: 16px;
    height: 16px;
  }
`;

/** Adds the lead form's styles to the widget's shadow root (as a <style> where constructed style sheets are missing). */
export function adoptLeadFormStyles(root: ShadowRoot): void {
  const sheet = leadFormStyles.styleSheet;
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  else adoptStyles(root, [leadFormStyles]);
}

/** What the widget does when its lead form is refused or sent. */
export interface WidgetLeadFormCallbacks {
  /** A send was refused, with what is wrong. */
  onInvalid(errors: LeadFormErrors): void;
  /** The form is being sent; `thanks` is the text that says so. */
  onSubmit(thanks: string): void;
}

/** The widget's lead form: the chat's bot, lead state and requests, in the pack's language with the page's overrides. */
export function renderWidgetLeadForm(
  chat: ChatController,
  pack: WidgetStrings,
  overrides: WidgetStringOverrides | undefined,
  errors: LeadFormErrors | undefined,
  callbacks: WidgetLeadFormCallbacks,
): TemplateResult {
  const strings = leadStrings(pack, overrides);
  return renderLeadForm({
    strings,
    fields: leadFields(chat.bot?.collect_customer_info),
    lead: chat.conversation.lead,
    errors,
    onInput: (values) => updateLead(chat, values),
    onInvalid: callbacks.onInvalid,
    onSubmit: (values) => {
      callbacks.onSubmit(strings.leadThanks);
      void submitLead(chat, values);
    },
  });
}
