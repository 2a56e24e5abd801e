import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readBot } from '../../../src/api/bot-reader.js';
import { ResponseShapeError } from '../../../src/api/errors.js';
import type { SchemaIssue } from '../../../src/api/schema-issues.js';
import { BotSchema } from '../../../src/api/schemas.js';

// Each field of a generated bot is missing, null, undefined, of its type, or anything at all.
const MISSING = Symbol('missing');

const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});

function slot(right: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(MISSING) },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
    { weight: 5, arbitrary: right },
    { weight: 2, arbitrary: anyValue },
  );
}

// Own enumerable properties, `__proto__` included (as JSON.parse makes them), on an optional prototype.
function objectOf(entries: [string, unknown][], prototype: object | null = Object.prototype): Record<string, unknown> {
  const value = Object.create(prototype) as Record<string, unknown>;
  for (const [key, item] of entries) {
    if (item === MISSING) continue;
    Object.defineProperty(value, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return value;
}

const pad = (width: number) => (n: number) => String(n).padStart(width, '0');
const dateTime = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
const validTimestamp = fc
  .tuple(dateTime, fc.constantFrom('Z', 'z', '', '+02:00', '-0530', '+09'), fc.constantFrom('T', ' '), fc.nat(999_999))
  .map(([date, zone, separator, micros]) => `${date.toISOString().slice(0, 10)}${separator}${date.toISOString().slice(11, 19)}.${pad(6)(micros)}${zone}`);
// Right shape, any numbers: month 13, 30 February, hour 24, minute 60.
const nearTimestamp = fc
  .tuple(fc.integer({ min: 1900, max: 2100 }), fc.nat(13), fc.nat(32), fc.nat(25), fc.nat(61), fc.nat(61))
  .map(([y, mo, d, h, mi, s]) => `${y}-${pad(2)(mo)}-${pad(2)(d)}T${pad(2)(h)}:${pad(2)(mi)}:${pad(2)(s)}`);

const text = fc.string();
const number = fc.oneof(fc.double(), fc.integer());
const integer = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 1e300, -1e300, 0.5, -0),
);
const strings = fc.oneof(fc.array(text), fc.array(fc.oneof(text, anyValue)), fc.sparseArray(text));
const timestamp = fc.oneof(validTimestamp, nearTimestamp, text);
const extraKeys = fc.dictionary(
  fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'toString', 'id', 'rules', 'name', 'numberShowing')),
  anyValue,
  { maxKeys: 4 },
);

const customerInfo = fc.oneof(
  { weight: 4, arbitrary: fc
    .tuple(
      fc.record({
        numberShowing: slot(number),
        name: slot(fc.boolean()),
        email: slot(fc.boolean()),
        phone: slot(fc.boolean()),
        company: slot(fc.boolean()),
      }),
      extraKeys,
    )
    .map(([fields, extra]) => objectOf([...Object.entries(extra), ...Object.entries(fields)])) },
  { weight: 1, arbitrary: anyValue },
);

const BOT_KEYS = Object.keys(BotSchema.def.shape) as (keyof typeof BotSchema.def.shape)[];

const botFields = fc.record({
  id: slot(fc.oneof(fc.constant(''), text, fc.uuid())),
  user_id: slot(text),
  bot_name: slot(text),
  case_study: slot(text),
  is_visibility: slot(fc.boolean()),
  domain: slot(strings),
  collect_customer_info: slot(customerInfo),
  rules: slot(strings),
  gpt_model_name: slot(text),
  temperature: slot(number),
  custom_prompt: slot(text),
  bot_tone_type: slot(integer),
  custom_error_message: slot(text),
  is_enable_citation: slot(fc.boolean()),
  is_activate: slot(fc.boolean()),
  bot_language: slot(text),
  num_message_left: slot(integer),
  created_at: slot(timestamp),
  updated_at: slot(timestamp),
});

// Extra keys come before or after the fields (so they sometimes replace one); some bots inherit fields.
const botLike = fc
  .tuple(botFields, extraKeys, fc.boolean(), fc.option(botFields, { freq: 5 }))
  .map(([fields, extra, extraFirst, inherited]) => {
    const own = [...Object.entries(fields)];
    const entries = extraFirst ? [...Object.entries(extra), ...own] : [...own, ...Object.entries(extra)];
    return objectOf(entries, inherited ? objectOf(Object.entries(inherited)) : Object.prototype);
  });

function unknownEntries(extra: Record<string, unknown>, fields: object): [string, unknown][] {
  return Object.entries(extra).filter(([key]) => !Object.hasOwn(fields, key));
}
// Only what the schema accepts: each field missing, null, undefined or of its type and valid.
function validSlot(right: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(MISSING, null, undefined) }, { weight: 4, arbitrary: right });
}
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
// Own entries, sometimes over a prototype made the same way (inherited fields and unknown keys count too).
function withPrototype(entries: fc.Arbitrary<[string, unknown][]>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(entries, fc.option(entries, { freq: 3 }))
    .map(([own, inherited]) => objectOf(own, inherited ? objectOf(inherited) : Object.prototype));
}
const validCustomerInfo = withPrototype(
  fc
    .tuple(
      fc.record({
        numberShowing: validSlot(finite),
        name: validSlot(fc.boolean()),
        email: validSlot(fc.boolean()),
        phone: validSlot(fc.boolean()),
        company: validSlot(fc.boolean()),
      }),
      extraKeys,
    )
    .map(([fields, extra]) => [...unknownEntries(extra, fields), ...Object.entries(fields)]),
);
const validFields = fc.record({
  id: fc.oneof(fc.uuid(), fc.string({ minLength: 1 })),
  user_id: validSlot(text),
  bot_name: validSlot(text),
  case_study: validSlot(text),
  is_visibility: validSlot(fc.boolean()),
  domain: validSlot(fc.array(text)),
  collect_customer_info: validSlot(validCustomerInfo),
  rules: validSlot(fc.array(text)),
  gpt_model_name: validSlot(text),
  temperature: validSlot(finite),
  custom_prompt: validSlot(text),
  bot_tone_type: validSlot(fc.maxSafeInteger()),
  custom_error_message: validSlot(text),
  is_enable_citation: validSlot(fc.boolean()),
  is_activate: validSlot(fc.boolean()),
  bot_language: validSlot(text),
  num_message_left: validSlot(finite),
  created_at: validSlot(validTimestamp),
  updated_at: validSlot(validTimestamp),
});
const validBot = withPrototype(
  fc.tuple(validFields, extraKeys).map(([fields, extra]) => [...unknownEntries(extra, fields), ...Object.entries(fields)]),
);
// A valid bot but for one field, which takes any value that field's generator makes.
const oneFieldOff = withPrototype(
  fc.tuple(validFields, botFields, extraKeys, fc.constantFrom(...BOT_KEYS)).map(([fields, broad, extra, key]) => {
    const entries = Object.entries(fields).map(([name, value]): [string, unknown] => [name, name === key ? broad[key] : value]);
    return [...unknownEntries(extra, fields), ...entries];
  }),
);

const anyInput = fc.oneof({ weight: 4, arbitrary: botLike }, { weight: 1, arbitrary: anyValue });

// What describeSchemaIssue reads of an issue; the message text is left out (zod's depends on its locale).
function details(issue: SchemaIssue) {
  const { code, path, expected, origin, minimum, maximum } = issue;
  return { code, path, expected, origin, minimum, maximum };
}

function assertSameAsSchema(value: unknown): void {
  const expected = BotSchema.safeParse(value);
  const actual = readBot(value);
  assert.equal(actual.success, expected.success, 'both accept or both reject');
  if (actual.success && expected.success) assert.deepStrictEqual(actual.data, expected.data);
  if (!actual.success && !expected.success) {
    assert.deepStrictEqual(actual.issues.map(details), expected.error.issues.map(details));
  }
}

const deployedBot = {
  id: '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11',
  user_id: '0e5a2b4c-1111-4222-8333-944455556666',
  bot_name: 'Support',
  case_study: '2',
  is_visibility: true,
  domain: ['example.com'],
  collect_customer_info: { numberShowing: 2, name: true, email: true, phone: true, company: true },
  rules: [],
  gpt_model_name: 'GPT - 3.5 - 16k',
  temperature: 0,
  custom_prompt: '',
  bot_tone_type: 0,
  custom_error_message: '',
  is_enable_citation: false,
  is_activate: true,
  bot_language: 'en',
  num_message_left: 812,
  created_at: '2024-01-19T17:53:51Z',
  updated_at: '2024-01-19T17:53:51.643870',
};

describe('readBot', () => {
  it('reads the deployed service bare Bot (updated_at without zone, created_at with Z) as it is', () => {
    const result = readBot(JSON.parse(JSON.stringify(deployedBot)));
    assert.deepStrictEqual(result, { success: true, data: deployedBot });
    assertSameAsSchema(deployedBot);
  });

  it('fills the schema defaults for a bot with only an id, and for null fields', () => {
    const defaults = {
      id: 'b1',
      user_id: '',
      bot_name: '',
      case_study: '',
      is_visibility: true,
      domain: [],
      collect_customer_info: {},
      rules: [],
      gpt_model_name: 'gpt-3.5-turbo-16k',
      temperature: 0,
      custom_prompt: '',
      bot_tone_type: 0,
      custom_error_message: '',
      is_enable_citation: false,
      is_activate: true,
      bot_language: '',
      num_message_left: null,
      created_at: '',
      updated_at: '',
    };
    assert.deepStrictEqual(readBot({ id: 'b1' }), { success: true, data: defaults });
    const nulls = Object.fromEntries(Object.keys(defaults).map((key) => [key, key === 'id' ? 'b1' : null]));
    assert.deepStrictEqual(readBot(nulls), { success: true, data: defaults });
    assertSameAsSchema(nulls);
  });

  it('makes fresh default lists and objects on every read', () => {
    const first = readBot({ id: 'b1' });
    const second = readBot({ id: 'b1' });
    assert.ok(first.success && second.success);
    assert.notEqual(first.data.domain, second.data.domain);
    assert.notEqual(first.data.collect_customer_info, second.data.collect_customer_info);
  });

  it('keeps unknown keys, in the bot and in collect_customer_info, but never __proto__', () => {
    const input = JSON.parse('{"id":"b1","theme":{"dark":true},"collect_customer_info":{"name":true,"age":true,"__proto__":{"x":1}},"__proto__":{"y":2}}');
    const result = readBot(input);
    assert.ok(result.success);
    assert.deepStrictEqual(result.data['theme'], { dark: true });
    assert.deepStrictEqual(result.data.collect_customer_info, { name: true, age: true });
    assert.equal(Object.getPrototypeOf(result.data), Object.prototype);
    assert.equal(Object.hasOwn(result.data, '__proto__'), false);
    assertSameAsSchema(input);
  });

  it('rejects what the schema rejects, with the same issues', () => {
    const cases: [unknown, unknown[]][] = [
      [null, [{ code: 'invalid_type', path: [], expected: 'object' }]],
      [[], [{ code: 'invalid_type', path: [], expected: 'object' }]],
      [{}, [{ code: 'invalid_type', path: ['id'], expected: 'string' }]],
      [{ id: '' }, [{ code: 'too_small', path: ['id'], origin: 'string', minimum: 1 }]],
      [{ id: 'b', updated_at: '2024-02-30T00:00:00' }, [{ code: 'custom', path: ['updated_at'] }]],
      [{ id: 'b', bot_tone_type: 1.5 }, [{ code: 'invalid_type', path: ['bot_tone_type'], expected: 'int' }]],
      [{ id: 'b', bot_tone_type: 2 ** 53 }, [{ code: 'too_big', path: ['bot_tone_type'], origin: 'int', maximum: Number.MAX_SAFE_INTEGER }]],
      [{ id: 'b', domain: ['a', 1] }, [{ code: 'invalid_type', path: ['domain', 1], expected: 'string' }]],
      [{ id: 'b', collect_customer_info: { name: 'yes' } }, [{ code: 'invalid_type', path: ['collect_customer_info', 'name'], expected: 'boolean' }]],
      [{ id: 'b', temperature: '0.2', is_activate: 'no' }, [
        { code: 'invalid_type', path: ['temperature'], expected: 'number' },
        { code: 'invalid_type', path: ['is_activate'], expected: 'boolean' },
      ]],
    ];
    for (const [input, issues] of cases) {
      const result = readBot(input);
      assert.equal(result.success, false, JSON.stringify(input));
      const found = result.success ? [] : result.issues.map((issue) => Object.fromEntries(Object.entries(details(issue)).filter(([, v]) => v !== undefined)));
      assert.deepStrictEqual(found, issues, JSON.stringify(input));
      assertSameAsSchema(input);
    }
  });

  it('gives ResponseShapeError the same message as the schema issues do', () => {
    const input = { temperature: 'x', domain: 'y', rules: 'z', is_activate: 'w' };
    const read = readBot(input);
    const parsed = BotSchema.safeParse(input);
    assert.ok(!read.success && !parsed.success);
    const fromReader = ResponseShapeError.fromIssues('GET /api/bot/information', read.issues, input, input);
    const fromSchema = ResponseShapeError.fromIssues('GET /api/bot/information', parsed.error.issues, input, input);
    assert.equal(fromReader.message, fromSchema.message);
    assert.equal(
      fromReader.message,
      'Unexpected response from GET /api/bot/information: id is required; domain must be a list; rules must be a list (and 2 more)',
    );
  });

  it('generates every field of the schema', () => {
    const [fields] = fc.sample(botFields, 1);
    const [valid] = fc.sample(validFields, 1);
    assert.deepStrictEqual(Object.keys(fields!), BOT_KEYS);
    assert.deepStrictEqual(Object.keys(valid!), BOT_KEYS);
  });

  it('agrees with BotSchema.safeParse on generated bots and non-bots (success, output, issues)', () => {
    fc.assert(fc.property(anyInput, (value) => assertSameAsSchema(value)), { numRuns: 1500 });
  });

  it('agrees with BotSchema.safeParse on valid bots with one field off', () => {
    fc.assert(fc.property(oneFieldOff, (value) => assertSameAsSchema(value)), { numRuns: 1500 });
  });

  it('reads every valid bot, and exactly as BotSchema does', () => {
    fc.assert(
      fc.property(validBot, (value) => {
        assert.equal(readBot(value).success, true);
        assertSameAsSchema(value);
      }),
      { numRuns: 1000 },
    );
  });
});
