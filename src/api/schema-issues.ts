// Problems found in a value, and their stable codes and English messages. Zod-free: the issue shape is
// structural (zod's issues fit it), so bodies and responses are described alike.

/** A problem found in a value by a schema (zod's issues fit this shape). */
export interface SchemaIssue {
  /** What kind of problem: `invalid_type`, `too_small`, `too_big`, `custom`, … */
  readonly code: string;
  /** Where in the value (empty for the value itself). */
  readonly path: readonly PropertyKey[];
  /** A short English text. */
  readonly message: string;
  /** For `invalid_type`: the type wanted (`string`, `number`, `int`, `boolean`, `array`, `object`). */
  readonly expected?: string;
  /** For `too_small` and `too_big`: what was measured (`string`, `number`, `int`, `array`, …). */
  readonly origin?: string;
  /** For `too_small`: the least allowed size or value. */
  readonly minimum?: number | bigint;
  /** For `too_big`: the greatest allowed size or value. */
  readonly maximum?: number | bigint;
  /** For `custom`: details of the rule that failed (`code: 'invalid_host'`). */
  readonly params?: Readonly<Record<string, unknown>>;
  /** The offending value, when it is kept. */
  readonly input?: unknown;
}

/** Stable codes of bot-body validation issues (the admin translates them). */
export const BOT_BODY_ISSUE_CODES = [
  'required',
  'invalid_type',
  'not_integer',
  'empty',
  'too_long',
  'out_of_range',
  'invalid_host',
  'invalid',
] as const;
/** A stable code of a bot-body validation issue. */
export type BotBodyIssueCode = (typeof BOT_BODY_ISSUE_CODES)[number];

/** One problem in a bot body: dotted path (`domain.1`), stable code, English message. */
export interface BotBodyIssue {
  /** Dotted path of the field (`temperature`, `domain.1`, `collect_customer_info.numberShowing`); '' for the body. */
  path: string;
  /** Stable code to translate. */
  code: BotBodyIssueCode;
  /** English message naming the field. */
  message: string;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Turns a schema issue into a stable code and an English message (used for bodies and response shapes). */
export function describeSchemaIssue(issue: SchemaIssue, input: unknown): BotBodyIssue {
  const path = issue.path.map(String).join('.');
  const subject = path || 'the body';
  const result = (code: BotBodyIssueCode, text: string): BotBodyIssue => ({ path, code, message: `${subject} ${text}` });
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined) return result('required', 'is required');
      if (issue.expected === 'int' && typeof value === 'number' && Number.isFinite(value)) {
        return result('not_integer', 'must be a whole number');
      }
      if (issue.expected) return result('invalid_type', `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`);
      break;
    }
    case 'too_small':
      if (issue.origin === 'string') return result('empty', 'must not be empty');
      if (issue.origin === 'number' || issue.origin === 'int') {
        return result('out_of_range', `must be at least ${issue.minimum}`);
      }
      break;
    case 'too_big':
      if (issue.origin === 'string') return result('too_long', `must be at most ${issue.maximum} characters`);
      if (issue.origin === 'number' || issue.origin === 'int') {
        return result('out_of_range', `must be at most ${issue.maximum}`);
      }
      break;
    case 'custom':
      if (issue.params?.['code'] === 'invalid_host') {
        return result('invalid_host', 'must be a host name such as example.com, *.example.com or localhost:5173');
      }
      break;
  }
  return result('invalid', 'is not valid');
}
