import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isRecord } from '../../../src/api/errors.js';
import { BotSchema } from '../../../src/api/schemas.js';
import { readWidgetBot, type WidgetBot } from '../../../src/api/widget-bot.js';
import { leadFields, leadThreshold } from '../../../src/widget/chat-state.js';

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

const DEFAULTS: WidgetBot = {
  bot_name: '',
  bot_language: '',
  custom_error_message: '',
  is_activate: true,
  num_message_left: null,
  collect_customer_info: {},
};
const TYPES = { bot_name: 'string', bot_language: 'string', custom_error_message: 'string', is_activate: 'boolean', num_message_left: 'number' };

// What the widget does with a bot: every field as read, and the lead form its settings give.
function observed(bot: WidgetBot) {
  const info = bot.collect_customer_info;
  const fields = Object.fromEntries(Object.keys(TYPES).map((key) => [key, bot[key as keyof WidgetBot]]));
  return { ...fields, leadFields: leadFields(info), leadThreshold: leadThreshold(info) };
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

describe('readWidgetBot', () => {
  it('reads the deployed service bare Bot', () => {
    assert.deepStrictEqual(readWidgetBot(JSON.parse(JSON.stringify(deployedBot))), {
      bot_name: 'Support',
      bot_language: 'en',
      custom_error_message: '',
      is_activate: true,
      num_message_left: 812,
      collect_customer_info: { numberShowing: 2, name: true, email: true, phone: true, company: true },
    });
  });

  it('reads the record the reference service gives a visitor: no count while credits are left, 0 once none are', () => {
    const visitor = { id: 'b1', bot_name: 'Support', bot_language: 'en', is_activate: true, custom_error_message: '', collect_customer_info: { name: true }, has_credits: true };
    assert.deepStrictEqual(readWidgetBot(visitor), {
      bot_name: 'Support',
      bot_language: 'en',
      custom_error_message: '',
      is_activate: true,
      num_message_left: null,
      collect_customer_info: { name: true },
    });
    assert.equal(readWidgetBot({ ...visitor, has_credits: false, num_message_left: 0 })?.num_message_left, 0);
  });

  it('gives the defaults for an empty object and for null fields', () => {
    assert.deepStrictEqual(readWidgetBot({}), DEFAULTS);
    assert.deepStrictEqual(readWidgetBot(Object.fromEntries(Object.keys(DEFAULTS).map((key) => [key, null]))), DEFAULTS);
  });

  it('is undefined for a body that is not an object', () => {
    for (const value of [null, undefined, '', 'Support', 0, true, [], [deployedBot]]) assert.equal(readWidgetBot(value), undefined);
  });

  it('reads past fields the widget does not use, or that have another type', () => {
    const read = readWidgetBot({ id: '', temperature: 'hot', created_at: 'yesterday', bot_name: 7, is_activate: 'no', num_message_left: '3', collect_customer_info: [] });
    assert.deepStrictEqual(read, DEFAULTS);
  });

  it('takes each field when it has its type and the default otherwise, for any value', () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const read = readWidgetBot(value);
        if (!isRecord(value)) return assert.equal(read, undefined);
        assert.ok(read);
        for (const [key, type] of Object.entries(TYPES)) {
          const expected: unknown = typeof value[key] === type ? value[key] : DEFAULTS[key as keyof WidgetBot];
          assert.equal(read[key as keyof WidgetBot], expected, key);
        }
        const info = value['collect_customer_info'];
        if (isRecord(info)) assert.equal(read.collect_customer_info, info);
        else assert.deepStrictEqual(read.collect_customer_info, {});
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees with BotSchema on every bot the schema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(validBot, oneFieldOff, anyInput), (value) => {
        const parsed = BotSchema.safeParse(value);
        if (!parsed.success) return;
        accepted++;
        assert.deepStrictEqual(observed(readWidgetBot(value)!), observed(parsed.data));
      }),
      { numRuns: 2000 },
    );
    assert.ok(accepted > 500, `${accepted} accepted bots`);
  });
});
