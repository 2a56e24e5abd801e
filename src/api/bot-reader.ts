// Reads a bot as the service answers it, giving exactly what `BotSchema.safeParse` gives (same defaults, same
// unknown keys kept, same failures and issues) without zod, so that the script-tag widget stays small.
// test/unit/api/bot-reader.test.ts checks the two against each other on generated values.
import { isRecord } from './errors.js';
import { DEFAULT_GPT_MODEL_NAME } from './model-names.js';
import type { SchemaIssue } from './schema-issues.js';
import type { Bot, CollectCustomerInfo } from './schemas.js';
import { isServiceTimestamp } from './timestamps.js';

/** A problem the bot reader found, in the shape of a zod issue (code, path, message and its details). */
export interface BotReadIssue extends SchemaIssue {
  /** Where in the value (empty for the value itself). */
  readonly path: (string | number)[];
}

/** The outcome of readBot: the bot with its defaults filled in, or every problem found. */
export type BotReadResult = { success: true; data: Bot } | { success: false; issues: BotReadIssue[] };

type Path = (string | number)[];
// Checks a present, non-null value, records its problems and returns what the output holds.
type Read<T> = (value: unknown, path: Path, issues: BotReadIssue[]) => T;

// zod/mini's text for every issue (it loads no locale).
const MESSAGE = 'Invalid input';

function typed<T>(expected: string, test: (value: unknown) => boolean): Read<T> {
  return (value, path, issues) => {
    if (!test(value)) issues.push({ code: 'invalid_type', expected, path, message: MESSAGE });
    return value as T;
  };
}

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const readString = typed<string>('string', (value) => typeof value === 'string');
const readBoolean = typed<boolean>('boolean', (value) => typeof value === 'boolean');
const readNumber = typed<number>('number', isNumber);

// zod's int(): a finite number, whole, within the safe integer range.
const readInt: Read<number> = (value, path, issues) => {
  if (!isNumber(value)) return readNumber(value, path, issues);
  const number = value as number;
  if (!Number.isInteger(number)) {
    issues.push({ code: 'invalid_type', expected: 'int', path, message: MESSAGE });
  } else if (number > Number.MAX_SAFE_INTEGER) {
    issues.push({ code: 'too_big', origin: 'int', maximum: Number.MAX_SAFE_INTEGER, path, message: MESSAGE });
  } else if (number < Number.MIN_SAFE_INTEGER) {
    issues.push({ code: 'too_small', origin: 'int', minimum: Number.MIN_SAFE_INTEGER, path, message: MESSAGE });
  }
  return number;
};

const readStrings: Read<string[]> = (value, path, issues) => {
  if (!Array.isArray(value)) {
    issues.push({ code: 'invalid_type', expected: 'array', path, message: MESSAGE });
    return [];
  }
  const strings: string[] = [];
  for (let index = 0; index < value.length; index++) strings.push(readString(value[index], [...path, index], issues));
  return strings;
};

const readTimestamp: Read<string> = (value, path, issues) => {
  const before = issues.length;
  const text = readString(value, path, issues);
  if (issues.length === before && !isServiceTimestamp(text)) issues.push({ code: 'custom', path, message: MESSAGE });
  return text;
};

// Copies the keys a loose object does not declare, own or inherited, as zod does (except `__proto__`).
function copyUnknownKeys(input: Record<string, unknown>, output: Record<string, unknown>, declared: readonly string[]): void {
  for (const key in input) {
    if (key !== '__proto__' && !declared.includes(key)) output[key] = input[key];
  }
}

const CUSTOMER_INFO_FIELDS: Record<string, Read<unknown>> = {
  numberShowing: readNumber,
  name: readBoolean,
  email: readBoolean,
  phone: readBoolean,
  company: readBoolean,
};
const CUSTOMER_INFO_KEYS = Object.keys(CUSTOMER_INFO_FIELDS);

// Every declared field may be missing (left out), null or undefined (kept as it is), or of its type.
const readCustomerInfo: Read<CollectCustomerInfo> = (value, path, issues) => {
  if (!isRecord(value)) {
    issues.push({ code: 'invalid_type', expected: 'object', path, message: MESSAGE });
    return {};
  }
  const info: Record<string, unknown> = {};
  for (const key of CUSTOMER_INFO_KEYS) {
    if (!(key in value)) continue;
    const field = value[key];
    info[key] = field == null ? field : CUSTOMER_INFO_FIELDS[key]!(field, [...path, key], issues);
  }
  copyUnknownKeys(value, info, CUSTOMER_INFO_KEYS);
  return info;
};

/**
 * Reads a bot as the service answers it, as `BotSchema.safeParse` does: `id` must be a non-empty string;
 * every other field may be missing or null (it then takes its default) or must have its type; unknown keys
 * are kept.
 */
export function readBot(value: unknown): BotReadResult {
  if (!isRecord(value)) return { success: false, issues: [{ code: 'invalid_type', expected: 'object', path: [], message: MESSAGE }] };
  const issues: BotReadIssue[] = [];
  const field = <T>(key: string, read: Read<T>, fallback: T): T => {
    const item = value[key];
    return item == null ? fallback : read(item, [key], issues);
  };
  const id = readString(value['id'], ['id'], issues);
  // Like zod's minLength(1), which also measures a value of another type when it has a length (an array).
  const length = (id as { length?: unknown } | null | undefined)?.length;
  if (length !== undefined && !((length as number) >= 1)) {
    const origin = Array.isArray(id) ? 'array' : typeof id === 'string' ? 'string' : 'unknown';
    issues.push({ code: 'too_small', origin, minimum: 1, path: ['id'], message: MESSAGE });
  }
  // In the schema's order, so that the issues come in the same order.
  const bot: Bot = {
    id,
    user_id: field('user_id', readString, ''),
    bot_name: field('bot_name', readString, ''),
    case_study: field('case_study', readString, ''),
    is_visibility: field('is_visibility', readBoolean, true),
    domain: field('domain', readStrings, []),
    collect_customer_info: field('collect_customer_info', readCustomerInfo, {}),
    rules: field('rules', readStrings, []),
    gpt_model_name: field<string>('gpt_model_name', readString, DEFAULT_GPT_MODEL_NAME),
    temperature: field('temperature', readNumber, 0),
    custom_prompt: field('custom_prompt', readString, ''),
    bot_tone_type: field('bot_tone_type', readInt, 0),
    custom_error_message: field('custom_error_message', readString, ''),
    is_enable_citation: field('is_enable_citation', readBoolean, false),
    is_activate: field('is_activate', readBoolean, true),
    bot_language: field('bot_language', readString, ''),
    num_message_left: field<number | null>('num_message_left', readNumber, null),
    created_at: field('created_at', readTimestamp, ''),
    updated_at: field('updated_at', readTimestamp, ''),
  };
  copyUnknownKeys(value, bot, Object.keys(bot));
  return issues.length ? { success: false, issues } : { success: true, data: bot };
}
