// GET /openapi.json: a valid OpenAPI 3.1 document that describes every route the service registers, whose
// schemas accept what the service accepts and describe what it answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { testEngines, useService, type ResponseBody } from './helpers.js';

type JsonObject = Record<string, unknown>;

/** A JSON Schema for one component of the document, its references turned into local `$defs`. */
function componentSchema(document: JsonObject, name: string): JsonObject {
  const schemas = (document['components'] as JsonObject)['schemas'] as JsonObject;
  const local = JSON.parse(JSON.stringify(schemas).replaceAll('#/components/schemas/', '#/$defs/')) as JsonObject;
  return { $defs: local, $ref: `#/$defs/${name}` };
}

function validatorFor(document: JsonObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return (name: string, value: unknown) => {
    const validate = ajv.compile(componentSchema(document, name));
    return { valid: validate(value) as boolean, errors: JSON.stringify(validate.errors) };
  };
}

function operationsOf(document: JsonObject): string[] {
  const paths = document['paths'] as Record<string, JsonObject>;
  return Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

const [pglite] = testEngines();

describe('the OpenAPI document', () => {
  const service = useService(pglite!);

  async function readDocument(): Promise<JsonObject> {
    const response = await fetch(`${service().url}/openapi.json`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    return (await response.json()) as JsonObject;
  }

  it('is served without credentials and is valid OpenAPI 3.1', async () => {
    const document = await readDocument();
    assert.equal(document['openapi'], '3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    assert.equal(validator.version, '3.1');
  });

  it('describes every route the service registers, and no other', async () => {
    const document = await readDocument();
    const registered = service()
      .server.service.app.routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    assert.ok(registered.length >= 20, `${registered.length} routes`);
    assert.deepEqual([...new Set(operationsOf(document))].sort(), [...new Set(registered)].sort());
    for (const [path, operations] of Object.entries(document['paths'] as Record<string, Record<string, JsonObject>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation['responses'] as JsonObject;
        assert.ok(responses['200'], `${method} ${path} documents its answer`);
        assert.ok(responses['500'], `${method} ${path} documents its error shape`);
        const named = (operation['parameters'] as { name: string; in: string }[] | undefined) ?? [];
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        assert.deepEqual(named.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name), inPath, `${method} ${path} path parameters`);
      }
    }
  });

  it('accepts the request bodies the service accepts and refuses those it refuses', async () => {
    const validate = validatorFor(await readDocument());
    const botId = '00000000-0000-4000-8000-000000000000';
    const accepted: [string, unknown][] = [
      ['BotCreateBody', { bot_name: 'Test bot' }],
      ['BotCreateBody', { bot_name: 'Kept bot', is_visibility: true, rules: ['Be kind.'], temperature: 0.4, domain: ['example.com', '*.example.org:8080'], collect_customer_info: { numberShowing: 2, email: true } }],
      ['BotUpdateBody', { id: botId, bot_name: 'Renamed' }],
      ['StreamingRequest', { bot_id: botId, message: 'How do I change the colours?', chat_history: [], session_id: 'kept-session' }],
      ['StreamingRequest', { bot_id: botId, message: 'And then?', chat_history: [{ sender_type: 'user', content: 'Hi' }, { sender_type: 'assistant', content: 'Hello' }] }],
      ['ScrapeRequest', { bot_id: botId, scrape_url: 'https://example.com/docs', scrape_type: 2 }],
      ['HistoryQuery', { bot_id: botId, date_from: '2024-01-01T00:00:00', date_to: '2024-12-31T00:00:00', order: 'created_at.desc' }],
      ['LeadBody', { bot_id: botId, session_id: 's1', fields: { name: 'Ada', email: 'ada@example.com' } }],
      ['LoginForm', { username: 'demo', password: 'demo-password' }],
      ['ApiKeyBody', { name: 'kept' }],
      ['SignupBody', { username: 'new-user', password: 'a long password' }],
    ];
    for (const [name, body] of accepted) {
      const { valid, errors } = validate(name, body);
      assert.equal(valid, true, `${name} ${JSON.stringify(body)}: ${errors}`);
    }
    const refused: [string, unknown][] = [
      ['BotCreateBody', {}],
      ['BotCreateBody', { bot_name: 'Hot', temperature: 2 }],
      ['BotCreateBody', { bot_name: 'Toned', bot_tone_type: 9 }],
      ['StreamingRequest', { bot_id: botId }],
      ['ScrapeRequest', { bot_id: botId, scrape_url: 'https://example.com', scrape_type: 3 }],
      ['HistoryQuery', { bot_id: botId, date_from: '2024-01-01T00:00:00', date_to: '2024-12-31T00:00:00', order: 'newest' }],
      ['LoginForm', { username: 'demo' }],
    ];
    for (const [name, body] of refused) {
      assert.equal(validate(name, body).valid, false, `${name} ${JSON.stringify(body)} is refused`);
    }
  });

  it('describes what the service answers, errors included', async () => {
    const validate = validatorFor(await readDocument());
    const { user, bot, call } = service();
    const owner = await user();
    const created: ResponseBody = await bot(owner.token, { bot_name: 'Described bot', rules: ['Be brief.'] });
    const checks: [string, unknown][] = [
      ['Bot', created],
      ['Bot', (await call('GET', `/api/bot/information?bot_id=${created.id}`, { token: owner.token })).body],
      ['TokenResponse', (await call('POST', '/token', { body: new URLSearchParams({ username: owner.username, password: `pw-${owner.username}-secret` }) })).body],
      ['NewApiKey', (await call('POST', '/api/keys', { token: owner.token, json: { name: 'described' } })).body],
      ['Health', (await call('GET', '/api/health')).body],
      ['Error', (await call('POST', '/api/bot', { token: owner.token, json: { bot_name: 'Hot', temperature: 2 } })).body],
      ['Error', (await call('GET', '/api/keys')).body],
    ];
    for (const [name, body] of checks) {
      const { valid, errors } = validate(name, body);
      assert.equal(valid, true, `${name} ${JSON.stringify(body)}: ${errors}`);
    }
    for (const entry of (await call('GET', '/api/keys', { token: owner.token })).body) assert.equal(validate('ApiKeyInfo', entry).valid, true);
  });
});
