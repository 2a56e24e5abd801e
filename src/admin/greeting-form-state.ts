// The greeting part of the bot settings: how the widget greets visitors (ChatFly's `bot-widget-setting`
// fields `initial_message`, `suggest_messages`, `auto_show_initial_message_after`). Its model (camelCase), the
// patch sent to the service (snake_case, only here), dirty tracking, and the same caps the service applies.
import {
  INITIAL_MESSAGE_MAX_LENGTH,
  SUGGEST_MESSAGES_MAX_COUNT,
  SUGGEST_MESSAGE_MAX_LENGTH,
  TEASER_DELAY_MAX_SECONDS,
  type WidgetSettings,
  type WidgetSettingsPatch,
} from '../api/schemas.js';
import { firstIssuePerField, withoutBlankRows, type FormIssue } from './bot-form-state.js';

/** The greeting of a bot as the form holds it. */
export interface GreetingForm {
  /** The first message of an empty conversation (`initial_message`); empty for none. */
  initialMessage: string;
  /** Starter questions offered as chips (`suggest_messages`), one per row. */
  starterQuestions: string[];
  /** Seconds before the teaser beside the closed launcher (`auto_show_initial_message_after`), as typed; 0 never. */
  teaserDelay: string;
}

/** The form fields of the greeting. */
export const GREETING_FIELDS = ['initialMessage', 'starterQuestions', 'teaserDelay'] as const;
/** A form field of the greeting. */
export type GreetingField = (typeof GREETING_FIELDS)[number];

/** Bounds of the greeting's fields, for messages that name them (a starter question's is its length). */
export const GREETING_FORM_LIMITS = {
  initialMessage: { max: INITIAL_MESSAGE_MAX_LENGTH },
  starterQuestions: { max: SUGGEST_MESSAGE_MAX_LENGTH },
  teaserDelay: { min: 0, max: TEASER_DELAY_MAX_SECONDS },
} as const;

/** The outcome of checking the greeting before sending. */
export type GreetingValidation = { ok: true; patch: WidgetSettingsPatch } | { ok: false; issues: FormIssue[] };

/** The greeting of a bot that never saved one: the service's defaults. */
export function emptyGreetingForm(): GreetingForm {
  return { initialMessage: '', starterQuestions: [], teaserDelay: '0' };
}

/** The form showing a bot's widget settings as the service answered them. */
export function greetingFormFromSettings(settings: WidgetSettings): GreetingForm {
  return {
    initialMessage: settings.initial_message,
    starterQuestions: [...settings.suggest_messages],
    teaserDelay: String(settings.auto_show_initial_message_after),
  };
}

// The delay as the number it stands for, or NaN when it is not a plain decimal number.
function secondsOf(text: string): number {
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function sameDelay(a: string, b: string): boolean {
  const [left, right] = [secondsOf(a), secondsOf(b)];
  return Number.isNaN(left) || Number.isNaN(right) ? a.trim() === b.trim() : left === right;
}

function sameQuestions(a: readonly string[], b: readonly string[]): boolean {
  const [left, right] = [withoutBlankRows(a).values, withoutBlankRows(b).values];
  return left.length === right.length && left.every((question, index) => question === right[index]);
}

/** The greeting fields that differ from the baseline (padding and blank rows do not count). */
export function changedGreetingFields(form: GreetingForm, baseline: GreetingForm): GreetingField[] {
  const changed: GreetingField[] = [];
  if (form.initialMessage.trim() !== baseline.initialMessage.trim()) changed.push('initialMessage');
  if (!sameQuestions(form.starterQuestions, baseline.starterQuestions)) changed.push('starterQuestions');
  if (!sameDelay(form.teaserDelay, baseline.teaserDelay)) changed.push('teaserDelay');
  return changed;
}

/** Whether the greeting differs from the baseline it was loaded from. */
export function isGreetingFormDirty(form: GreetingForm, baseline: GreetingForm): boolean {
  return changedGreetingFields(form, baseline).length > 0;
}

/**
 * Checks the greeting with the caps the service applies, plus a whole number of seconds for the delay, and
 * builds the patch of the changed fields only (blank starter questions dropped, text trimmed). A delay the
 * service already holds is not refused until the owner edits it.
 */
export function validateGreetingForm(form: GreetingForm, baseline: GreetingForm): GreetingValidation {
  const issues: FormIssue[] = [];
  if (form.initialMessage.trim().length > INITIAL_MESSAGE_MAX_LENGTH) {
    issues.push({ field: 'initialMessage', code: 'too_long', message: `initial_message must be at most ${INITIAL_MESSAGE_MAX_LENGTH} characters` });
  }
  form.starterQuestions.forEach((question, index) => {
    if (question.trim().length > SUGGEST_MESSAGE_MAX_LENGTH) {
      issues.push({ field: `starterQuestions.${index}`, code: 'too_long', message: `suggest_messages.${index} must be at most ${SUGGEST_MESSAGE_MAX_LENGTH} characters` });
    }
  });
  const questions = withoutBlankRows(form.starterQuestions).values;
  if (questions.length > SUGGEST_MESSAGES_MAX_COUNT) {
    issues.push({ field: 'starterQuestions', code: 'too_many', message: `suggest_messages must have at most ${SUGGEST_MESSAGES_MAX_COUNT} questions` });
  }
  const delayIssue = sameDelay(form.teaserDelay, baseline.teaserDelay) ? undefined : teaserDelayIssue(form.teaserDelay);
  if (delayIssue) issues.push(delayIssue);
  if (issues.length > 0) return { ok: false, issues };

  const patch: WidgetSettingsPatch = {};
  for (const field of changedGreetingFields(form, baseline)) {
    if (field === 'initialMessage') patch.initial_message = form.initialMessage.trim();
    else if (field === 'starterQuestions') patch.suggest_messages = questions;
    else patch.auto_show_initial_message_after = Number(form.teaserDelay.trim());
  }
  return { ok: true, patch };
}

function teaserDelayIssue(typed: string): FormIssue | undefined {
  const text = typed.trim();
  const issue = (code: FormIssue['code'], message: string): FormIssue => ({ field: 'teaserDelay', code, message });
  if (text === '') return issue('required', 'auto_show_initial_message_after is required (0 = never)');
  const value = Number(text);
  if (Number.isNaN(value)) return issue('not_a_number', `${text} is not a number`);
  if (value < 0 || value > TEASER_DELAY_MAX_SECONDS) {
    return issue('out_of_range', `auto_show_initial_message_after must be between 0 and ${TEASER_DELAY_MAX_SECONDS} seconds`);
  }
  if (!/^\d+$/.test(text)) return issue('not_integer', 'auto_show_initial_message_after must be a whole number of seconds');
  return undefined;
}

/**
 * Maps a dotted wire path of a widget-settings 422 (`initial_message`, `suggest_messages.2`) onto the form
 * field that shows it; other paths map to '' (the form).
 */
export function greetingFieldOfWirePath(path: string, form: GreetingForm): string {
  const [head = '', index] = path.split('.');
  if (head === 'initial_message') return 'initialMessage';
  if (head === 'auto_show_initial_message_after') return 'teaserDelay';
  if (head !== 'suggest_messages') return '';
  if (index === undefined || !/^\d+$/.test(index)) return 'starterQuestions';
  // The patch left blank rows out: point at the row the owner typed.
  const formIndex = withoutBlankRows(form.starterQuestions).formIndex[Number(index)];
  return formIndex === undefined ? 'starterQuestions' : `starterQuestions.${formIndex}`;
}

/** Turns a widget-settings 422's `fieldErrors` (dotted wire paths to messages) into form issues. */
export function greetingIssuesFromFieldErrors(fieldErrors: Readonly<Record<string, string>>, form: GreetingForm): FormIssue[] {
  return firstIssuePerField(
    Object.entries(fieldErrors).map(([path, message]) => ({ field: greetingFieldOfWirePath(path, form), code: 'server' as const, message })),
  );
}
