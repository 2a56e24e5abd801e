import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, NetworkError, ResponseShapeError, responseShapeErrorOf } from '../../../src/api/errors.js';
import { BotSchema } from '../../../src/api/schemas.js';

describe('ApiError', () => {
  it('prefers the service message over detail and status text', () => {
    const error = new ApiError(400, { message: 'Bot name taken', message_code: 12, detail: 'ignored' }, 'Bad Request');
    assert.equal(error.message, 'Bot name taken');
    assert.equal(error.messageCode, 12);
    assert.equal(error.detail, 'ignored');
  });

  it('carries the seconds of Retry-After, and nothing for a missing, zero or unreadable one', () => {
    assert.equal(new ApiError(429, { message: 'Too many', message_code: 1009 }, 'Too Many Requests', '42').retryAfterSeconds, 42);
    for (const header of [null, undefined, '', '0', '-5', 'soon']) {
      assert.equal(new ApiError(429, undefined, '', header).retryAfterSeconds, undefined, String(header));
    }
  });

  it('uses a string detail next', () => {
    assert.equal(new ApiError(404, { detail: 'Not Found' }, 'Not Found Text').message, 'Not Found');
  });

  it('joins validation details with their fields next', () => {
    const error = new ApiError(422, {
      detail: [
        { loc: ['body', 'bot_name'], msg: 'Field required', type: 'missing' },
        { loc: ['body'], msg: 'Body must be an object', type: 'model_type' },
      ],
    });
    assert.equal(error.message, 'bot_name: Field required; Body must be an object');
  });

  it('uses the status text, then a short plain-text body, then the status', () => {
    assert.equal(new ApiError(503, '<html>down</html>', 'Service Unavailable').message, 'Service Unavailable');
    assert.equal(new ApiError(503, 'Upstream timed out', '').message, 'Upstream timed out');
    assert.equal(new ApiError(503, '<html>down</html>', '').message, 'Request failed with status 503');
    assert.equal(new ApiError(500, undefined).message, 'Request failed with status 500');
    assert.equal(new ApiError(500, { message: '   ' }).message, 'Request failed with status 500');
  });

  it('maps detail locations to field names, first message per field', () => {
    const error = new ApiError(422, {
      detail: [
        { loc: ['body', 'temperature'], msg: 'too big', type: 'less_than_equal' },
        { loc: ['body', 'temperature'], msg: 'second message', type: 'x' },
        { loc: ['query', 'bot_id'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'collect_customer_info', 'numberShowing'], msg: 'not an int', type: 'int_type' },
        { loc: ['body', 'rules', 0], msg: 'too long', type: 'string_too_long' },
        { loc: ['body'], msg: 'bad body', type: 'model_type' },
      ],
    });
    assert.deepEqual(error.fieldErrors, {
      temperature: 'too big',
      bot_id: 'Field required',
      'collect_customer_info.numberShowing': 'not an int',
      'rules.0': 'too long',
      '': 'bad body',
    });
  });

  it('normalises odd detail items and keeps the raw body', () => {
    const body = { detail: ['plain text', { msg: 'no loc' }, { loc: ['body', null, 'x'], msg: 'odd loc', type: 't' }, 42, { loc: ['body'] }] };
    const error = new ApiError(422, body);
    assert.deepEqual(error.detail, [
      { loc: [], msg: 'plain text', type: '' },
      { loc: [], msg: 'no loc', type: '' },
      { loc: ['body', 'x'], msg: 'odd loc', type: 't' },
    ]);
    assert.equal(error.body, body);
  });

  it('has no field errors without a validation detail', () => {
    assert.deepEqual(new ApiError(400, { detail: 'Bad' }).fieldErrors, {});
    assert.deepEqual(new ApiError(400, { detail: { nested: true } }).detail, undefined);
  });

  it('tells a 401 apart', () => {
    assert.equal(new ApiError(401, undefined).isUnauthorized, true);
    assert.equal(new ApiError(403, undefined).isUnauthorized, false);
  });
});

describe('NetworkError', () => {
  it('keeps the cause and names it in the message', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new NetworkError(cause);
    assert.equal(error.cause, cause);
    assert.equal(error.message, 'Network request failed: Failed to fetch');
    assert.equal(new NetworkError('odd').message, 'Network request failed');
  });
});

describe('ResponseShapeError', () => {
  it('names the first three paths and counts the rest', () => {
    const input = { temperature: 'x', domain: 'y', rules: 'z', is_activate: 'w' };
    const parsed = BotSchema.safeParse(input);
    assert.equal(parsed.success, false);
    const error = responseShapeErrorOf('GET /api/bot/information', parsed.error!.issues, input, input);
    assert.ok(error instanceof ResponseShapeError);
    assert.equal(
      error.message,
      'Unexpected response from GET /api/bot/information: id is required; domain must be a list; rules must be a list (and 2 more)',
    );
    assert.equal(error.issues.length, 5);
    assert.equal(error.body, input);
  });
});
