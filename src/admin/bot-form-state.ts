// The bot settings form: its model (camelCase), the mapping to and from the wire body (snake_case, only
// here), dirty tracking, and validation through the same validateBotBody the client and service use.
import {
  BOT_NAME_MAX_LENGTH,
  DEFAULT_GPT_MODEL_NAME,
  LEAD_FIELDS,
  validateBotBody,
  type Bot,
  type BotBodyIssueCode,
  type BotCreateBody,
  type BotUpdateBody,
  type LeadField,
} from '../api/schemas.js';
import type { ChatSettings } from '../widget/chat-controller.js';
import { isLanguageTag } from './language-tag.js';

/** The editable settings of a bot as the form holds them. */
export interface BotForm {
  /** The owner's id (`user_id`), prefilled from the bot or the token's subject. */
  userId: string;
  /** The bot's name (`bot_name`). */
  botName: string;
  /** The use case (`case_study`): a code "1".."6" or free text. */
  caseStudy: string;
  /** Whether the bot is public (`is_visibility`). */
  isVisibility: boolean;
  /** Host names the widget may run on (`domain`), one per row. */
  domains: string[];
  /** Lead fields asked of visitors (`collect_customer_info` keys set to true). */
  leadFields: LeadField[];
  /** Further lead fields by name (other `collect_customer_info` keys set to true), one per row. */
  customLeadFields: string[];
  /** Answers before the lead form appears (`collect_customer_info.numberShowing`), as typed; '' leaves it out. */
  numberShowing: string;
  /** `collect_customer_info` keys the form does not edit (kept as they were). */
  leadFormPassthrough: Record<string, unknown>;
  /** Rules for the answers (`rules`), one per row. */
  rules: string[];
  /** Language model name (`gpt_model_name`). */
  gptModelName: string;
  /** Sampling temperature 0..1 (`temperature`). */
  temperature: number;
  /** Prompt of the bot (`custom_prompt`). */
  customPrompt: string;
  /** Tone code (`bot_tone_type`). */
  botToneType: number;
  /** Text shown when answering fails (`custom_error_message`). */
  customErrorMessage: string;
  /** Whether answers cite their sources (`is_enable_citation`). */
  isEnableCitation: boolean;
  /** Whether the bot answers at all (`is_activate`). */
  isActivate: boolean;
  /** Answer language (`bot_language`), free text such as `en`. */
  botLanguage: string;
}

/**
 * The unsaved settings a preview answers with: those the custom-settings endpoint takes, and the message the
 * widget shows when an answer fails.
 */
export type PreviewSettings = Required<ChatSettings>;

/**
 * Codes of form issues: the shared bot-body codes plus the form's own (a repeated lead field, a count that is
 * not a number, an answer language that is not a language code, a list with too many rows, the service's own
 * text).
 */
export type FormIssueCode = BotBodyIssueCode | 'duplicate' | 'not_a_number' | 'invalid_language' | 'too_many' | 'server';

/** One problem the form shows next to a field. */
export interface FormIssue {
  /** The form field (`botName`, `domains.2`, `numberShowing`), or '' for the form as a whole. */
  field: string;
  /** A stable code to translate; `server` carries the service's own text in `message`. */
  code: FormIssueCode;
  /** An English message (the service's own text for `server`). */
  message: string;
}

/** The outcome of checking the form before sending. */
export type BotFormValidation =
  | { ok: true; body: BotCreateBody | BotUpdateBody }
  | { ok: false; issues: FormIssue[] };

/** Bounds of the numeric and length-limited fields, for messages that name them. */
export const BOT_FORM_LIMITS = {
  botName: { max: BOT_NAME_MAX_LENGTH },
  temperature: { min: 0, max: 1 },
  botToneType: { min: 0, max: 5 },
  numberShowing: { min: 0 },
} as const;

/** Wire names of the bot body and the form fields they fill; lists and the lead form are mapped below. */
const WIRE_TO_FORM = {
  user_id: 'userId',
  bot_name: 'botName',
  case_study: 'caseStudy',
  is_visibility: 'isVisibility',
  domain: 'domains',
  rules: 'rules',
  gpt_model_name: 'gptModelName',
  temperature: 'temperature',
  custom_prompt: 'customPrompt',
  bot_tone_type: 'botToneType',
  custom_error_message: 'customErrorMessage',
  is_enable_citation: 'isEnableCitation',
  is_activate: 'isActivate',
  bot_language: 'botLanguage',
} as const satisfies Record<string, keyof BotForm>;

const NUMBER_SHOWING = 'numberShowing';

/** The form of a new bot: the service's documented defaults, owned by `userId`. */
export function emptyBotForm(userId = ''): BotForm {
  return {
    userId,
    botName: '',
    caseStudy: '',
    isVisibility: true,
    domains: [],
    leadFields: [],
    customLeadFields: [],
    numberShowing: '',
    leadFormPassthrough: {},
    rules: [],
    gptModelName: DEFAULT_GPT_MODEL_NAME,
    temperature: 0,
    customPrompt: '',
    botToneType: 0,
    customErrorMessage: '',
    isEnableCitation: false,
    isActivate: true,
    botLanguage: '',
  };
}

/** The form showing a bot as the service answered it; `fallbackUserId` fills a missing owner. */
export function formFromBot(bot: Bot, fallbackUserId = ''): BotForm {
  const leadFields: LeadField[] = [];
  const customLeadFields: string[] = [];
  const leadFormPassthrough: Record<string, unknown> = {};
  let numberShowing = '';
  for (const [key, value] of Object.entries(bot.collect_customer_info)) {
    if (key === NUMBER_SHOWING && typeof value === 'number') numberShowing = String(value);
    else if ((LEAD_FIELDS as readonly string[]).includes(key) && typeof value === 'boolean') {
      if (value) leadFields.push(key as LeadField);
    } else if (value === true) customLeadFields.push(key);
    else if (value !== null && value !== undefined) leadFormPassthrough[key] = value;
  }
  return {
    userId: bot.user_id || fallbackUserId,
    botName: bot.bot_name,
    caseStudy: bot.case_study,
    isVisibility: bot.is_visibility,
    domains: [...bot.domain],
    leadFields: LEAD_FIELDS.filter((field) => leadFields.includes(field)),
    customLeadFields,
    numberShowing,
    leadFormPassthrough,
    rules: [...bot.rules],
    gptModelName: bot.gpt_model_name,
    temperature: bot.temperature,
    customPrompt: bot.custom_prompt,
    botToneType: bot.bot_tone_type,
    customErrorMessage: bot.custom_error_message,
    isEnableCitation: bot.is_enable_citation,
    isActivate: bot.is_activate,
    botLanguage: bot.bot_language,
  };
}

/** A list without its blank rows, with the form index of each remaining row. */
export function withoutBlankRows(rows: readonly string[]): { values: string[]; formIndex: number[] } {
  const values: string[] = [];
  const formIndex: number[] = [];
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    values.push(row.trim());
    formIndex.push(index);
  });
  return { values, formIndex };
}

function numberFromText(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

/**
 * Builds the wire body from the form (blank list rows are left out, list entries trimmed); the body for an
 * update carries `id`. The body is not yet validated: use validateBotForm before sending.
 */
export function bodyFromForm(form: BotForm, id?: string): Record<string, unknown> {
  const collect: Record<string, unknown> = { ...form.leadFormPassthrough };
  if (form.numberShowing.trim() !== '') collect[NUMBER_SHOWING] = numberFromText(form.numberShowing);
  for (const field of form.leadFields) collect[field] = true;
  for (const field of withoutBlankRows(form.customLeadFields).values) collect[field] = true;
  const body: Record<string, unknown> = {
    user_id: form.userId.trim(),
    bot_name: form.botName,
    case_study: form.caseStudy,
    is_visibility: form.isVisibility,
    domain: withoutBlankRows(form.domains).values,
    collect_customer_info: collect,
    rules: withoutBlankRows(form.rules).values,
    gpt_model_name: form.gptModelName.trim(),
    temperature: form.temperature,
    custom_prompt: form.customPrompt,
    bot_tone_type: form.botToneType,
    custom_error_message: form.customErrorMessage,
    is_enable_citation: form.isEnableCitation,
    is_activate: form.isActivate,
    bot_language: form.botLanguage.trim(),
  };
  if (body['user_id'] === '') delete body['user_id'];
  if (id !== undefined) body['id'] = id;
  return body;
}

/**
 * Maps a dotted wire path (`bot_name`, `domain.1`, `collect_customer_info.numberShowing`) from validateBotBody
 * or a service 422 onto the form field that shows it; paths the form does not show map to '' (the form).
 */
export function formFieldOfWirePath(path: string, form?: BotForm): string {
  const [head = '', ...rest] = path.split('.');
  if (head === 'collect_customer_info') {
    const key = rest[0];
    if (key === NUMBER_SHOWING) return 'numberShowing';
    if (key !== undefined && form) {
      const customIndex = form.customLeadFields.findIndex((name) => name.trim() === key);
      if (customIndex >= 0) return `customLeadFields.${customIndex}`;
    }
    return 'leadFields';
  }
  if (!(head in WIRE_TO_FORM)) return '';
  const field: string = WIRE_TO_FORM[head as keyof typeof WIRE_TO_FORM];
  const index = rest[0];
  if ((head === 'domain' || head === 'rules') && index !== undefined && /^\d+$/.test(index)) {
    if (!form) return `${field}.${index}`;
    // The body left blank rows out: point at the row the owner typed.
    const formIndex = withoutBlankRows(head === 'domain' ? form.domains : form.rules).formIndex[Number(index)];
    return formIndex === undefined ? field : `${field}.${formIndex}`;
  }
  return field;
}

/**
 * Checks the form the way the service will, plus the form's own rules, before anything is sent. `stored` is
 * the form as loaded: an answer language the service already holds is not refused until the owner edits it.
 */
export function validateBotForm(form: BotForm, id?: string, stored?: BotForm): BotFormValidation {
  const body = bodyFromForm(form, id);
  const result = id === undefined ? validateBotBody(body, 'create') : validateBotBody(body, 'update');
  const ruleIssues = formRuleIssues(form, stored);
  const duplicates = duplicateLeadFieldIssues(form);
  if (result.ok && ruleIssues.length === 0 && duplicates.length === 0) return { ok: true, body: result.value };
  const schemaIssues = result.ok
    ? []
    : result.issues.map((issue): FormIssue => ({ field: formFieldOfWirePath(issue.path, form), code: issue.code, message: issue.message }));
  // The form's own issue of a field is the more precise one: it comes first and is the one shown.
  return { ok: false, issues: firstIssuePerField([...ruleIssues, ...schemaIssues, ...duplicates]) };
}

// Rules the service does not apply but a person typing needs: a count must be a number, a language a code.
function formRuleIssues(form: BotForm, stored: BotForm | undefined): FormIssue[] {
  const issues: FormIssue[] = [];
  const language = form.botLanguage.trim();
  if (language !== '' && !isLanguageTag(language) && language !== stored?.botLanguage.trim()) {
    issues.push({ field: 'botLanguage', code: 'invalid_language', message: `${language} is not a language code` });
  }
  const count = form.numberShowing.trim();
  if (count !== '' && Number.isNaN(Number(count))) {
    issues.push({ field: 'numberShowing', code: 'not_a_number', message: `${count} is not a number` });
  }
  return issues;
}

function duplicateLeadFieldIssues(form: BotForm): FormIssue[] {
  const taken = new Set<string>([...LEAD_FIELDS, NUMBER_SHOWING].map((name) => name.toLowerCase()));
  const issues: FormIssue[] = [];
  form.customLeadFields.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (key === '') return;
    if (taken.has(key)) {
      issues.push({ field: `customLeadFields.${index}`, code: 'duplicate', message: `${name.trim()} is already a field` });
    }
    taken.add(key);
  });
  return issues;
}

/** The first issue of each field, in order. */
export function firstIssuePerField(issues: FormIssue[]): FormIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => (seen.has(issue.field) ? false : (seen.add(issue.field), true)));
}

/** Turns a service 422's `fieldErrors` (dotted wire paths to messages) into form issues. */
export function issuesFromFieldErrors(fieldErrors: Readonly<Record<string, string>>, form: BotForm): FormIssue[] {
  return firstIssuePerField(
    Object.entries(fieldErrors).map(([path, message]) => ({
      field: formFieldOfWirePath(path, form),
      code: 'server' as const,
      message,
    })),
  );
}

/** A canonical form of the model for comparison: trailing blank rows and list order of lead fields do not count. */
function comparable(form: BotForm): string {
  const trimRows = (rows: readonly string[]) => withoutBlankRows(rows).values;
  return JSON.stringify({
    ...form,
    domains: trimRows(form.domains),
    rules: trimRows(form.rules),
    customLeadFields: trimRows(form.customLeadFields),
    leadFields: LEAD_FIELDS.filter((field) => form.leadFields.includes(field)),
    numberShowing: form.numberShowing.trim(),
    leadFormPassthrough: Object.fromEntries(Object.entries(form.leadFormPassthrough).sort(([a], [b]) => a.localeCompare(b))),
  });
}

/** Whether the form differs from the baseline it was loaded from (blank rows and padding do not count). */
export function isBotFormDirty(form: BotForm, baseline: BotForm): boolean {
  return comparable(form) !== comparable(baseline);
}

/** The unsaved settings a preview sends so the owner can try them before saving. */
export function previewSettingsFromForm(form: BotForm): PreviewSettings {
  return {
    custom_prompt: form.customPrompt,
    gpt_model_name: form.gptModelName.trim() || DEFAULT_GPT_MODEL_NAME,
    temperature: Number.isFinite(form.temperature) ? Math.min(1, Math.max(0, form.temperature)) : 0,
    rules: withoutBlankRows(form.rules).values,
    is_enable_citation: form.isEnableCitation,
    custom_error_message: form.customErrorMessage,
  };
}
