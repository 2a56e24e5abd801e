import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BOT_BODY_ISSUE_CODES,
  BOT_TONE_NAMES,
  BOT_TONE_TYPES,
  BotSchema,
  CASE_STUDIES,
  ChatMessageSchema,
  DataSourceSchema,
  GPT_MODEL_NAMES,
  HistoryRecordSchema,
  LEAD_FIELDS,
  SCRAPE_TYPES,
  ScrapeProgressSchema,
  ScrapeRequestSchema,
  StreamingRequestSchema,
  TokenResponseSchema,
  ValidationErrorBodySchema,
  formatServiceDateTime,
  isDomainEntry,
  parseServiceTimestamp,
  validateBotBody,
} from '../../../src/api/schemas.js';

const fullBot = {
  id: '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11',
  user_id: '0e5a2b4c-1111-4222-8333-944455556666',
  bot_name: 'Support',
  case_study: '2',
  is_visibility: true,
  domain: ['example.com', '*.example.com', 'localhost:5173'],
  collect_customer_info: { numberShowing: 2, name: true, email: true, phone: false, company: true },
  rules: ['Be brief'],
  gpt_model_name: 'gpt-4',
  temperature: 0.4,
  custom_prompt: 'You are helpful.',
  bot_tone_type: 1,
  custom_error_message: 'Sorry.',
  is_enable_citation: true,
  is_activate: false,
  bot_language: 'ja',
  num_message_left: 42,
  created_at: '2024-01-19T17:53:51.643Z',
  updated_at: '2024-01-19T17:53:51.643870',
};

describe('BotSchema', () => {
  it('parses a full bot as sent by the service', () => {
    assert.deepEqual(BotSchema.parse(fullBot), fullBot);
  });

  it('accepts a bot with only an id and fills sensible defaults', () => {
    assert.deepEqual(BotSchema.parse({ id: 'b1' }), {
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
    });
  });

  it('treats null fields like missing ones', () => {
    const bot = BotSchema.parse({ id: 'b1', temperature: null, domain: null, rules: null, num_message_left: null });
    assert.equal(bot.temperature, 0);
    assert.deepEqual(bot.domain, []);
    assert.deepEqual(bot.rules, []);
    assert.equal(bot.num_message_left, null);
  });

  it('makes a fresh default array for every parse', () => {
    const first = BotSchema.parse({ id: 'a' });
    first.domain.push('changed.example');
    assert.deepEqual(BotSchema.parse({ id: 'b' }).domain, []);
  });

  it('keeps unknown fields so a read-modify-write round trip loses nothing', () => {
    const bot = BotSchema.parse({ id: 'b1', avatar_url: 'https://cdn.example/a.png' });
    assert.equal(bot['avatar_url'], 'https://cdn.example/a.png');
  });

  it('keeps unknown lead-form keys in collect_customer_info', () => {
    const bot = BotSchema.parse({ id: 'b1', collect_customer_info: { numberShowing: 1, address: true } });
    assert.deepEqual(bot.collect_customer_info, { numberShowing: 1, address: true });
  });

  it('requires a non-empty id', () => {
    assert.equal(BotSchema.safeParse({ bot_name: 'x' }).success, false);
    assert.equal(BotSchema.safeParse({ id: '' }).success, false);
  });

  it('rejects a present field of the wrong type', () => {
    const result = BotSchema.safeParse({ id: 'b1', temperature: 'hot' });
    assert.equal(result.success, false);
    assert.deepEqual(result.error?.issues[0]?.path, ['temperature']);
  });

  it('accepts both timestamp forms and rejects other text', () => {
    assert.equal(BotSchema.safeParse({ id: 'b', created_at: '2024-01-19T17:53:51Z' }).success, true);
    assert.equal(BotSchema.safeParse({ id: 'b', updated_at: '2024-01-19T17:53:51.643870' }).success, true);
    assert.equal(BotSchema.safeParse({ id: 'b', updated_at: 'yesterday' }).success, false);
  });
});

describe('parseServiceTimestamp', () => {
  it('reads a timestamp with a trailing Z', () => {
    assert.equal(parseServiceTimestamp('2024-01-19T17:53:51Z').toISOString(), '2024-01-19T17:53:51.000Z');
  });

  it('reads a zone-less timestamp with six fractional digits as UTC', () => {
    assert.equal(parseServiceTimestamp('2024-01-19T17:53:51.643870').toISOString(), '2024-01-19T17:53:51.643Z');
  });

  it('applies an explicit offset', () => {
    assert.equal(parseServiceTimestamp('2024-01-19T17:53:51+07:00').toISOString(), '2024-01-19T10:53:51.000Z');
    assert.equal(parseServiceTimestamp('2024-01-19T17:53:51-0130').toISOString(), '2024-01-19T19:23:51.000Z');
  });

  it('tolerates a space separator and missing seconds', () => {
    assert.equal(parseServiceTimestamp('2024-01-19 17:53').toISOString(), '2024-01-19T17:53:00.000Z');
  });

  it('throws a RangeError for text that is not a timestamp or an impossible date', () => {
    for (const value of ['', 'yesterday', '2024-02-30T00:00:00', '2024-01-19T24:00:00', '2024-01-19']) {
      assert.throws(() => parseServiceTimestamp(value), RangeError, value);
    }
  });

  it('formats a Date as the zone-less UTC form the service takes', () => {
    assert.equal(formatServiceDateTime(new Date(Date.UTC(2023, 0, 1, 8, 30, 5, 250))), '2023-01-01T08:30:05');
  });
});

describe('isDomainEntry', () => {
  it('accepts host names, wildcard hosts, hosts with ports and IP addresses', () => {
    for (const value of ['example.com', 'sub.example.co.uk', '*.example.com', 'localhost', 'localhost:5173', '127.0.0.1:8080', '[::1]:3000', 'xn--bcher-kva.example']) {
      assert.equal(isDomainEntry(value), true, value);
    }
  });

  it('rejects URLs, paths, blanks, bad ports and bare wildcards', () => {
    for (const value of ['https://example.com', 'example.com/path', '', ' example.com', '*', 'example.com:99999', '-bad.com', 'a..b', 'exa mple.com']) {
      assert.equal(isDomainEntry(value), false, value);
    }
  });
});

describe('validateBotBody', () => {
  it('accepts a minimal create body and trims the name', () => {
    assert.deepEqual(validateBotBody({ bot_name: '  Support  ' }), { ok: true, value: { bot_name: 'Support' } });
  });

  it('accepts a full body and keeps unknown keys', () => {
    const { id: _id, num_message_left: _n, created_at: _c, updated_at: _u, ...body } = fullBot;
    const result = validateBotBody({ ...body, theme_color: '#123456' });
    assert.equal(result.ok, true);
    assert.equal(result.ok && result.value['theme_color'], '#123456');
  });

  it('reports every issue with a stable code and a dotted path', () => {
    const result = validateBotBody({
      bot_name: '   ',
      temperature: 1.5,
      domain: ['example.com', 'https://bad.example'],
      bot_tone_type: 2.5,
      collect_customer_info: { numberShowing: -1 },
      rules: ['ok', 7],
      is_activate: 'yes',
    });
    assert.equal(result.ok, false);
    const byPath = Object.fromEntries(!result.ok ? result.issues.map((issue) => [issue.path, issue.code]) : []);
    assert.deepEqual(byPath, {
      bot_name: 'empty',
      temperature: 'out_of_range',
      'domain.1': 'invalid_host',
      bot_tone_type: 'not_integer',
      'collect_customer_info.numberShowing': 'out_of_range',
      'rules.1': 'invalid_type',
      is_activate: 'invalid_type',
    });
  });

  it('drops blank rules instead of refusing them (ChatFly\'s admin sends rules: [\'\'])', () => {
    const result = validateBotBody({ bot_name: 'Bot', rules: ['', ' Be kind ', '   '] });
    assert.equal(result.ok, true);
    assert.deepEqual(result.ok && result.value.rules, ['Be kind']);
  });

  it('writes messages that name the field', () => {
    const result = validateBotBody({ bot_name: 'x', temperature: -0.1 });
    assert.deepEqual(!result.ok && result.issues, [
      { path: 'temperature', code: 'out_of_range', message: 'temperature must be at least 0' },
    ]);
  });

  it('reports a missing name as required and a long name as too_long', () => {
    const missing = validateBotBody({});
    assert.deepEqual(!missing.ok && missing.issues.map((issue) => issue.code), ['required']);
    const long = validateBotBody({ bot_name: 'x'.repeat(101) });
    assert.deepEqual(!long.ok && long.issues.map((issue) => [issue.path, issue.code]), [['bot_name', 'too_long']]);
    assert.equal(validateBotBody({ bot_name: 'x'.repeat(100) }).ok, true);
  });

  it('checks bot_tone_type against 0..5', () => {
    for (const tone of BOT_TONE_TYPES) assert.equal(validateBotBody({ bot_name: 'x', bot_tone_type: tone }).ok, true);
    const result = validateBotBody({ bot_name: 'x', bot_tone_type: 6 });
    assert.deepEqual(!result.ok && result.issues.map((issue) => issue.code), ['out_of_range']);
  });

  it('rejects a non-object body', () => {
    for (const body of [null, 'text', [1]]) {
      const result = validateBotBody(body);
      assert.deepEqual(!result.ok && result.issues.map((issue) => [issue.path, issue.code]), [['', 'invalid_type']]);
    }
  });

  it('requires an id in update mode', () => {
    const result = validateBotBody({ bot_name: 'x' }, 'update');
    assert.deepEqual(!result.ok && result.issues, [{ path: 'id', code: 'required', message: 'id is required' }]);
    assert.deepEqual(validateBotBody({ bot_name: 'x', id: 'b1' }, 'update'), { ok: true, value: { bot_name: 'x', id: 'b1' } });
  });

  it('only ever uses the published codes', () => {
    const result = validateBotBody({ bot_name: 3, domain: 'example.com', collect_customer_info: [], rules: [1], temperature: NaN });
    assert.equal(result.ok, false);
    for (const issue of !result.ok ? result.issues : []) assert.ok(BOT_BODY_ISSUE_CODES.includes(issue.code), issue.code);
  });
});

describe('other wire schemas', () => {
  it('reads the login response wrapped and bare', () => {
    const token = { access_token: 'abc', token_type: 'bearer' };
    assert.deepEqual(TokenResponseSchema.parse({ message_code: 0, message: 'Success', data: token }), {
      message_code: 0,
      message: 'Success',
      data: token,
    });
    assert.deepEqual(TokenResponseSchema.parse(token), token);
    assert.equal(TokenResponseSchema.safeParse({ message_code: 0, data: {} }).success, false);
  });

  it('reads a data source and turns a numeric id into a string', () => {
    assert.deepEqual(DataSourceSchema.parse({ knowledge_base_id: 12, url: 'https://a.example', num_token: 300 }), {
      knowledge_base_id: '12',
      url: 'https://a.example',
      num_token: 300,
    });
    assert.equal(DataSourceSchema.safeParse({ knowledge_base_id: 'k' }).success, false);
  });

  it('clamps scrape progress into 0..1 and requires it', () => {
    assert.equal(ScrapeProgressSchema.parse({ url: 'u', progress: 1.2, num_token: 5 }).progress, 1);
    assert.equal(ScrapeProgressSchema.parse({ progress: -0.5 }).progress, 0);
    assert.equal(ScrapeProgressSchema.safeParse({ url: 'u' }).success, false);
  });

  it('accepts the two scrape types only', () => {
    for (const scrape_type of SCRAPE_TYPES) {
      assert.equal(ScrapeRequestSchema.safeParse({ bot_id: 'b', scrape_url: 'https://a.example', scrape_type }).success, true);
    }
    assert.equal(ScrapeRequestSchema.safeParse({ bot_id: 'b', scrape_url: 'https://a.example', scrape_type: 3 }).success, false);
  });

  it('tolerates any sender type and a null content', () => {
    assert.deepEqual(ChatMessageSchema.parse({ sender_type: 'system', content: null }), { sender_type: 'system', content: '' });
  });

  it('reads a history record', () => {
    const record = {
      bot_name: 'Support',
      bot_id: 'b1',
      user_id: 'u1',
      session_id: 's1',
      created_at: '2024-01-19T17:53:51.643870Z',
      chat_history_response: [
        { sender_type: 'user', content: 'Hi' },
        { sender_type: 'assistant', content: 'Hello!' },
      ],
    };
    assert.deepEqual(HistoryRecordSchema.parse(record), record);
  });

  it('defaults chat_history of a streaming request and rejects a blank message', () => {
    assert.deepEqual(StreamingRequestSchema.parse({ bot_id: 'b', message: 'Hi' }), { bot_id: 'b', message: 'Hi', chat_history: [] });
    assert.equal(StreamingRequestSchema.safeParse({ bot_id: 'b', message: '  ' }).success, false);
    assert.equal(StreamingRequestSchema.safeParse({ bot_id: 'b', message: 'Hi', temperature: 2 }).success, false);
  });

  it('reads FastAPI error bodies of both kinds', () => {
    assert.equal(ValidationErrorBodySchema.safeParse({ detail: 'Not Found' }).success, true);
    assert.equal(
      ValidationErrorBodySchema.safeParse({ detail: [{ loc: ['body', 'temperature'], msg: 'too big', type: 'value_error' }] }).success,
      true,
    );
  });

  it('publishes the enumerations the interface leaves open', () => {
    assert.deepEqual(BOT_TONE_TYPES, [0, 1, 2, 3, 4, 5]);
    assert.equal(BOT_TONE_NAMES[4], 'normal');
    assert.deepEqual(SCRAPE_TYPES, [1, 2]);
    assert.deepEqual(CASE_STUDIES, ['1', '2', '3', '4', '5', '6']);
    assert.ok(GPT_MODEL_NAMES.includes('gpt-3.5-turbo-16k'));
    assert.deepEqual(LEAD_FIELDS, ['name', 'email', 'phone', 'company']);
  });
});
