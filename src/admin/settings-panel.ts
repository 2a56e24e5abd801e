// The settings panel of <bot-admin>: a form for every bot field, with per-field issues, the read-only
// details, and the preview beside it.
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import {
  BOT_TONE_NAMES,
  BOT_TONE_TYPES,
  CASE_STUDIES,
  CASE_STUDY_NAMES,
  GPT_MODEL_NAMES,
  LEAD_FIELDS,
  SUGGEST_MESSAGES_MAX_COUNT,
  SUGGEST_MESSAGE_MAX_LENGTH,
  TEASER_DELAY_MAX_SECONDS,
  type BotToneType,
  type LeadField,
} from '../api/schemas.js';
import { LANGUAGES } from '../i18n/languages.js';
import type { AdminStrings } from '../i18n/admin/index.js';
import { describeError, type AdminFormat } from './admin-format.js';
import { BOT_FORM_LIMITS, type BotForm, type FormIssue } from './bot-form-state.js';
import { GREETING_FORM_LIMITS } from './greeting-form-state.js';
import { LIST_FIELDS, type ListField, type SettingsController } from './settings-controller.js';

export { LIST_FIELDS, type ListField } from './settings-controller.js';

const FORM_LIMITS = { ...BOT_FORM_LIMITS, ...GREETING_FORM_LIMITS };

/** What the settings panel shows and where it reports. */
export interface SettingsPanelProps {
  /** The admin's strings. */
  strings: AdminStrings;
  /** Formatters for the viewer's locale. */
  format: AdminFormat;
  /** The form's state. */
  settings: SettingsController;
  /** The preview shown beside the form. */
  preview: TemplateResult | typeof nothing;
  /** Saves the form. */
  save(): void;
  /** Asks to drop the unsaved changes. */
  discard(): void;
  /** Loads the bot again after a failure. */
  retryLoad(): void;
  /** Loads the greeting again after a failure. */
  retryGreeting(): void;
  /** Moves focus to a field (from the list of issues). */
  focusField(field: string): void;
  /** Adds a row to a list field. */
  addRow(list: ListField): void;
  /** Removes a row of a list field. */
  removeRow(list: ListField, index: number): void;
}

/** The id of the control of a form field. */
export function fieldControlId(field: string): string {
  return `f-${field.replaceAll('.', '-')}`;
}

const errorId = (field: string) => `e-${field.replaceAll('.', '-')}`;
const hintId = (field: string) => `h-${field.replaceAll('.', '-')}`;

function ids(...values: (string | false | undefined)[]): string | typeof nothing {
  const joined = values.filter(Boolean).join(' ');
  return joined === '' ? nothing : joined;
}

/** The message of a form issue in the admin's language. */
export function issueText(strings: AdminStrings, issue: FormIssue): string {
  const base = issue.field.split('.')[0] as keyof typeof FORM_LIMITS;
  const limits: { min?: number; max?: number } = FORM_LIMITS[base] ?? {};
  switch (issue.code) {
    case 'server':
      return issue.message;
    case 'too_long':
      return limits.max === undefined ? strings.issues.invalid : strings.issues.too_long(limits.max);
    case 'out_of_range':
      return limits.min === undefined && limits.max === undefined
        ? strings.issues.invalid
        : strings.issues.out_of_range(limits.min, limits.max);
    case 'too_many':
      // Only the starter questions have a cap on their count.
      return strings.issues.too_many(SUGGEST_MESSAGES_MAX_COUNT);
    case 'required':
    case 'invalid_type':
    case 'not_integer':
    case 'empty':
    case 'invalid_host':
    case 'invalid':
    case 'duplicate':
    case 'not_a_number':
    case 'invalid_language':
      return strings.issues[issue.code];
    default: {
      const unreachable: never = issue.code;
      return String(unreachable);
    }
  }
}

/** The label of a form field (a list row is named by its list). */
export function fieldLabel(strings: AdminStrings, field: string): string {
  const [base, index] = field.split('.');
  if (index !== undefined && (LIST_FIELDS as readonly string[]).includes(base!)) {
    return strings.listItem[base as ListField](Number(index) + 1);
  }
  return base && base in strings.fields ? strings.fields[base as keyof AdminStrings['fields']] : strings.title;
}

/** Renders the settings panel. */
export function renderSettingsPanel(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  if (settings.status === 'loading') {
    return html`<p class="note" role="status">${strings.loading}</p>`;
  }
  if (settings.status === 'load-failed') {
    return html`
      <div class="note error" role="alert">
        <p>${strings.loadFailed} ${describeError(strings, settings.loadError)}</p>
        <button type="button" part="button" @click=${props.retryLoad}>${strings.retry}</button>
      </div>
    `;
  }
  return html`
    <div class="settings-layout">
      ${renderForm(props)}
      ${props.preview}
    </div>
  `;
}

function renderForm(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  const { form } = settings;
  const isNew = settings.bot === undefined;
  const issues = settings.issues;
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    props.save();
  };
  const onFocusOut = (event: FocusEvent) => {
    const field = (event.target as HTMLElement).dataset['field'];
    // A field losing focus because the form is being removed (session ended) fires this during a render.
    if (field) queueMicrotask(() => settings.touch(field));
  };
  const status = settings.saving ? strings.saving : settings.lastSaved === 'created' ? strings.created : settings.lastSaved === 'updated' ? strings.saved : '';
  return html`
    <form class="settings" part="form" novalidate aria-labelledby="settings-title" @submit=${onSubmit} @focusout=${onFocusOut}>
      <h3 id="settings-title">${isNew ? strings.newBotTitle : settings.bot?.bot_name.trim() || strings.tabSettings}</h3>
      ${renderIssueSummary(props, issues)}
      ${settings.saveError
        ? html`<p class="note error" role="alert">${strings.saveFailed} ${describeError(strings, settings.saveError)}</p>`
        : nothing}
      ${settings.greetingSaveError
        ? html`<p class="note error" role="alert">${strings.greetingSaveFailed} ${describeError(strings, settings.greetingSaveError)}</p>`
        : nothing}
      <fieldset>
        <legend>${strings.groups.basics}</legend>
        ${textInput(props, 'botName', { autocomplete: 'off' })} ${caseStudySelect(props)} ${toneSelect(props)}
        ${textInput(props, 'botLanguage', { list: 'admin-languages', hint: strings.hints.botLanguage })}
        <datalist id="admin-languages">
          ${LANGUAGES.map((code) => html`<option value=${code}>${strings.languageNames[code]}</option>`)}
        </datalist>
      </fieldset>
      <fieldset>
        <legend>${strings.groups.answers}</legend>
        ${textInput(props, 'customPrompt', { multiline: true })}
        ${textInput(props, 'gptModelName', { list: 'admin-models', hint: strings.hints.gptModelName })}
        <datalist id="admin-models">${GPT_MODEL_NAMES.map((name) => html`<option value=${name}></option>`)}</datalist>
        ${temperatureSlider(props)} ${listEditor(props, 'rules', { multiline: true })}
        ${checkbox(props, 'isEnableCitation')} ${textInput(props, 'customErrorMessage', { multiline: true })}
      </fieldset>
      ${renderGreeting(props)}
      <fieldset>
        <legend>${strings.groups.availability}</legend>
        ${checkbox(props, 'isActivate')} ${checkbox(props, 'isVisibility', strings.hints.isVisibility)}
        ${listEditor(props, 'domains', { hint: strings.hints.domains, inputMode: 'url' })}
      </fieldset>
      <fieldset>
        <legend>${strings.groups.leadForm}</legend>
        ${leadFieldChoices(props)} ${listEditor(props, 'customLeadFields', {})}
        ${textInput(props, 'numberShowing', { inputMode: 'numeric', hint: strings.hints.numberShowing })}
      </fieldset>
      <fieldset>
        <legend>${strings.groups.details}</legend>
        ${textInput(props, 'userId', { readonly: !isNew && form.userId !== '' && settings.baseline.userId !== '', hint: strings.hints.userId })}
        ${renderDetails(props)}
      </fieldset>
      <div class="actions" part="actions">
        <button type="submit" class="primary" part="button primary-button" ?disabled=${settings.saving}>
          ${isNew ? strings.create : strings.save}
        </button>
        <button type="button" part="button" ?disabled=${!settings.dirty || settings.saving} @click=${props.discard}>
          ${strings.discard}
        </button>
        ${settings.dirty && !settings.saving ? html`<span class="dirty-note">${strings.unsaved}</span>` : nothing}
        <span class="save-status" role="status">${status}</span>
      </div>
    </form>
  `;
}

function renderIssueSummary(props: SettingsPanelProps, issues: FormIssue[]): TemplateResult | typeof nothing {
  const { strings, settings } = props;
  // The summary lists what blocked the last save; issues shown while typing stay next to their fields.
  if (!settings.showSummary || issues.length === 0) return nothing;
  return html`
    <div class="issue-summary" part="issue-summary" role="alert">
      <p>${strings.problemCount(issues.length, props.format.number(issues.length))}</p>
      <ul>
        ${issues.map(
          (issue) => html`<li>
            ${issue.field === ''
              ? issueText(strings, issue)
              : html`<button type="button" class="link" @click=${() => props.focusField(issue.field)}>
                  ${fieldLabel(strings, issue.field)}: ${issueText(strings, issue)}
                </button>`}
          </li>`,
        )}
      </ul>
    </div>
  `;
}

function issueParts(props: SettingsPanelProps, field: string) {
  const issue = props.settings.issueOf(field);
  return {
    issue,
    invalid: issue ? ('true' as const) : ('false' as const),
    message: issue ? html`<p class="field-error" id=${errorId(field)}>${issueText(props.strings, issue)}</p>` : nothing,
  };
}

type TextField =
  | 'botName'
  | 'botLanguage'
  | 'customPrompt'
  | 'gptModelName'
  | 'customErrorMessage'
  | 'numberShowing'
  | 'userId'
  | 'initialMessage'
  | 'teaserDelay';

function textOfField(settings: SettingsController, field: TextField): string {
  return field === 'initialMessage' || field === 'teaserDelay' ? settings.greeting[field] : settings.form[field];
}

function editText(settings: SettingsController, field: TextField, value: string): void {
  if (field === 'initialMessage' || field === 'teaserDelay') settings.editGreeting({ [field]: value }, field);
  else settings.edit({ [field]: value } as Partial<BotForm>, field);
}

// The greeting (the bot's widget settings): editable once loaded; otherwise a note says why not.
function renderGreeting(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  const status = settings.greetingStatus;
  let content: TemplateResult;
  switch (status) {
    case 'new':
      content = html`<p class="note">${strings.greetingNeedsBot}</p>`;
      break;
    case 'loading':
      content = html`<p class="note" role="status">${strings.loading}</p>`;
      break;
    case 'unsupported':
      content = html`<p class="note">${strings.greetingUnsupported}</p>`;
      break;
    case 'load-failed':
      content = html`
        <div class="note error" role="alert">
          <p>${strings.greetingLoadFailed} ${describeError(strings, settings.greetingLoadError)}</p>
          <button type="button" part="button" @click=${props.retryGreeting}>${strings.retry}</button>
        </div>
      `;
      break;
    case 'loaded':
      content = html`
        ${textInput(props, 'initialMessage', { multiline: true, hint: strings.hints.initialMessage })}
        ${listEditor(props, 'starterQuestions', { hint: strings.hints.starterQuestions(SUGGEST_MESSAGES_MAX_COUNT, SUGGEST_MESSAGE_MAX_LENGTH) })}
        ${textInput(props, 'teaserDelay', { inputMode: 'numeric', hint: strings.hints.teaserDelay(TEASER_DELAY_MAX_SECONDS) })}
      `;
      break;
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
  return html`
    <fieldset>
      <legend>${strings.groups.greeting}</legend>
      ${content}
    </fieldset>
  `;
}

function textInput(
  props: SettingsPanelProps,
  field: TextField,
  options: { multiline?: boolean; list?: string; hint?: string; autocomplete?: 'off'; inputMode?: string; readonly?: boolean },
): TemplateResult {
  const { strings, settings } = props;
  const { issue, invalid, message } = issueParts(props, field);
  const describedBy = ids(options.hint && hintId(field), issue && errorId(field));
  const onInput = (event: Event) => editText(settings, field, (event.target as HTMLInputElement | HTMLTextAreaElement).value);
  const value = textOfField(settings, field);
  const control = options.multiline
    ? html`<textarea
        id=${fieldControlId(field)}
        data-field=${field}
        part="input"
        dir="auto"
        rows="4"
        .value=${value}
        aria-invalid=${invalid}
        aria-describedby=${describedBy}
        @input=${onInput}
      ></textarea>`
    : html`<input
        id=${fieldControlId(field)}
        data-field=${field}
        part="input"
        type="text"
        dir="auto"
        .value=${value}
        list=${ifDefined(options.list)}
        autocomplete=${ifDefined(options.autocomplete)}
        inputmode=${options.inputMode ?? nothing}
        ?readonly=${options.readonly ?? false}
        aria-invalid=${invalid}
        aria-describedby=${describedBy}
        @input=${onInput}
      />`;
  return html`
    <div class="field">
      <label for=${fieldControlId(field)}>${strings.fields[field]}</label>
      ${control}
      ${options.hint ? html`<p class="hint" id=${hintId(field)}>${options.hint}</p>` : nothing} ${message}
    </div>
  `;
}

function caseStudySelect(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  const value = settings.form.caseStudy;
  const known = value === '' || (CASE_STUDIES as readonly string[]).includes(value);
  const { issue, invalid, message } = issueParts(props, 'caseStudy');
  return html`
    <div class="field">
      <label for=${fieldControlId('caseStudy')}>${strings.fields.caseStudy}</label>
      <select
        id=${fieldControlId('caseStudy')}
        data-field="caseStudy"
        part="input"
        aria-invalid=${invalid}
        aria-describedby=${ids(issue && errorId('caseStudy'))}
        @change=${(event: Event) => settings.edit({ caseStudy: (event.target as HTMLSelectElement).value }, 'caseStudy')}
      >
        <option value="" ?selected=${value === ''}>${strings.notSet}</option>
        ${CASE_STUDIES.map(
          (code) => html`<option value=${code} ?selected=${value === code}>${strings.caseStudies[CASE_STUDY_NAMES[code]]}</option>`,
        )}
        ${known ? nothing : html`<option value=${value} selected>${strings.unknownValue(value)}</option>`}
      </select>
      ${message}
    </div>
  `;
}

function toneSelect(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  const value = settings.form.botToneType;
  const known = (BOT_TONE_TYPES as readonly number[]).includes(value);
  const { issue, invalid, message } = issueParts(props, 'botToneType');
  return html`
    <div class="field">
      <label for=${fieldControlId('botToneType')}>${strings.fields.botToneType}</label>
      <select
        id=${fieldControlId('botToneType')}
        data-field="botToneType"
        part="input"
        aria-invalid=${invalid}
        aria-describedby=${ids(issue && errorId('botToneType'))}
        @change=${(event: Event) => settings.edit({ botToneType: Number((event.target as HTMLSelectElement).value) }, 'botToneType')}
      >
        ${BOT_TONE_TYPES.map(
          (tone: BotToneType) =>
            html`<option value=${String(tone)} ?selected=${value === tone}>${strings.tones[BOT_TONE_NAMES[tone]]}</option>`,
        )}
        ${known ? nothing : html`<option value=${String(value)} selected>${strings.unknownValue(String(value))}</option>`}
      </select>
      ${message}
    </div>
  `;
}

function temperatureSlider(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  const { issue, invalid, message } = issueParts(props, 'temperature');
  const value = settings.form.temperature;
  return html`
    <div class="field">
      <label for=${fieldControlId('temperature')}>${strings.fields.temperature}</label>
      <div class="slider">
        <input
          id=${fieldControlId('temperature')}
          data-field="temperature"
          part="input"
          type="range"
          min="0"
          max="1"
          step="0.01"
          .value=${String(value)}
          aria-invalid=${invalid}
          aria-describedby=${ids(hintId('temperature'), issue && errorId('temperature'))}
          @input=${(event: Event) => settings.edit({ temperature: Number((event.target as HTMLInputElement).value) }, 'temperature')}
        />
        <output for=${fieldControlId('temperature')} aria-hidden="true">${props.format.number(value)}</output>
      </div>
      <p class="hint" id=${hintId('temperature')}>${strings.hints.temperature}</p>
      ${message}
    </div>
  `;
}

function checkbox(
  props: SettingsPanelProps,
  field: 'isEnableCitation' | 'isActivate' | 'isVisibility',
  hint?: string,
): TemplateResult {
  const { strings, settings } = props;
  return html`
    <div class="check">
      <input
        id=${fieldControlId(field)}
        data-field=${field}
        type="checkbox"
        .checked=${settings.form[field]}
        aria-describedby=${ids(hint && hintId(field))}
        @change=${(event: Event) => settings.edit({ [field]: (event.target as HTMLInputElement).checked }, field)}
      />
      <label for=${fieldControlId(field)}>${strings.fields[field]}</label>
      ${hint ? html`<p class="hint" id=${hintId(field)}>${hint}</p>` : nothing}
    </div>
  `;
}

function leadFieldChoices(props: SettingsPanelProps): TemplateResult {
  const { strings, settings } = props;
  const chosen = settings.form.leadFields;
  const { issue, invalid, message } = issueParts(props, 'leadFields');
  const toggle = (field: LeadField, on: boolean) => {
    const next = on ? [...chosen, field] : chosen.filter((item) => item !== field);
    settings.edit({ leadFields: LEAD_FIELDS.filter((item) => next.includes(item)) }, 'leadFields');
  };
  return html`
    <fieldset class="choices" aria-describedby=${ids(issue && errorId('leadFields'))}>
      <legend>${strings.fields.leadFields}</legend>
      ${LEAD_FIELDS.map(
        (field, index) => html`
          <div class="check">
            <input
              id=${index === 0 ? fieldControlId('leadFields') : `${fieldControlId('leadFields')}-${field}`}
              data-field="leadFields"
              type="checkbox"
              .checked=${chosen.includes(field)}
              aria-invalid=${invalid}
              @change=${(event: Event) => toggle(field, (event.target as HTMLInputElement).checked)}
            />
            <label for=${index === 0 ? fieldControlId('leadFields') : `${fieldControlId('leadFields')}-${field}`}
              >${strings.leadFieldNames[field]}</label
            >
          </div>
        `,
      )}
      ${message}
    </fieldset>
  `;
}

function listEditor(
  props: SettingsPanelProps,
  list: ListField,
  options: { multiline?: boolean; hint?: string; inputMode?: string },
): TemplateResult {
  const { strings, settings } = props;
  const rows = settings.rowsOf(list);
  const listIssue = issueParts(props, list);
  const onRowInput = (index: number) => (event: Event) => {
    const value = (event.target as HTMLInputElement | HTMLTextAreaElement).value;
    const next = [...rows];
    next[index] = value;
    settings.setRows(list, next, `${list}.${index}`);
  };
  return html`
    <fieldset class="list" id=${fieldControlId(list)} aria-describedby=${ids(options.hint && hintId(list), listIssue.issue && errorId(list))}>
      <legend>${strings.fields[list]}</legend>
      ${options.hint ? html`<p class="hint" id=${hintId(list)}>${options.hint}</p>` : nothing}
      ${rows.length === 0 ? html`<p class="empty">${strings.listEmpty[list]}</p>` : nothing}
      <ol>
        ${rows.map((row, index) => {
          const field = `${list}.${index}`;
          const { issue, invalid, message } = issueParts(props, field);
          const attrs = {
            id: fieldControlId(field),
            describedBy: ids(issue && errorId(field)),
          };
          return html`
            <li>
              <label for=${attrs.id}>${strings.listItem[list](index + 1)}</label>
              <div class="row">
                ${options.multiline
                  ? html`<textarea
                      id=${attrs.id}
                      data-field=${field}
                      part="input"
                      dir="auto"
                      rows="2"
                      .value=${row}
                      aria-invalid=${invalid}
                      aria-describedby=${attrs.describedBy}
                      @input=${onRowInput(index)}
                    ></textarea>`
                  : html`<input
                      id=${attrs.id}
                      data-field=${field}
                      part="input"
                      type="text"
                      dir="auto"
                      inputmode=${options.inputMode ?? nothing}
                      .value=${row}
                      aria-invalid=${invalid}
                      aria-describedby=${attrs.describedBy}
                      @input=${onRowInput(index)}
                    />`}
                <button type="button" part="button" class="remove" @click=${() => props.removeRow(list, index)}>
                  <span aria-hidden="true">✕</span><span class="visually-hidden">${strings.listRemove[list](index + 1)}</span>
                </button>
              </div>
              ${message}
            </li>
          `;
        })}
      </ol>
      ${listIssue.message}
      <button type="button" part="button" class="add" id="add-${list}" @click=${() => props.addRow(list)}>
        ${strings.listAdd[list]}
      </button>
    </fieldset>
  `;
}

function renderDetails(props: SettingsPanelProps): TemplateResult | typeof nothing {
  const { strings, settings, format } = props;
  const bot = settings.bot;
  if (!bot) return nothing;
  const detail = (label: string, value: string | undefined) => html`<div><dt>${label}</dt><dd>${value ?? strings.unknown}</dd></div>`;
  return html`
    <dl class="details" part="details">
      ${detail(strings.details.id, bot.id)}
      ${detail(strings.details.messagesLeft, bot.num_message_left === null ? undefined : format.number(bot.num_message_left))}
      ${detail(strings.details.createdAt, format.serviceTimestamp(bot.created_at))}
      ${detail(strings.details.updatedAt, format.serviceTimestamp(bot.updated_at))}
    </dl>
  `;
}
