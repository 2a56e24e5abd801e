// getWidgetSettings and updateWidgetSettings against a fake of ChatFly's deployed service: its
// `{message_code, message, data}` envelope, numbers where text is expected, fields it leaves out, and a
// service that has no such endpoint.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client.js';
import { ApiError, ResponseShapeError } from '../../../src/api/errors.js';
import { isRouteMissing } from '../../../src/api/index.js';
import { fakeFetch, json, text, type Responder } from './fake-fetch.js';

const BASE = 'https://api.chatfly.test';
const BOT_ID = '4b1c7f5e-2d8a-4a63-9a55-0d8f0c6a1e11';

function setup(...responders: Responder[]) {
  const fake = fakeFetch(...responders);
  return { client: createClient({ baseUrl: BASE, token: 'tok', fetch: fake.fetch }), requests: fake.requests };
}

function wrapped(data: unknown): Response {
  return json({ message_code: 0, message: 'Success', data });
}

describe('getWidgetSettings', () => {
  it('reads ChatFly\'s wrapped settings with the bot id in the query and the token', async () => {
    const { client, requests } = setup(() =>
      wrapped({
        bot_id: BOT_ID,
        display_name: 'Helpdesk',
        initial_message: 'Hi! How can I help?',
        suggest_messages: ['Opening hours?', 'Delivery costs?'],
        theme: 'dark',
        bot_avatar_url: '',
        chat_icon_url: '',
        chat_bubble_button_color: '#1f6feb',
        chat_message_color: '',
        align_chat_bubble_button: 'left',
        auto_show_initial_message_after: 5,
      }),
    );
    const settings = await client.getWidgetSettings(BOT_ID);
    assert.equal(requests[0]!.method, 'GET');
    assert.equal(requests[0]!.url.href, `${BASE}/api/bot/bot-widget-setting?bot_id=${BOT_ID}`);
    assert.equal(requests[0]!.headers.get('authorization'), 'Bearer tok');
    assert.equal(settings.initial_message, 'Hi! How can I help?');
    assert.deepEqual(settings.suggest_messages, ['Opening hours?', 'Delivery costs?']);
    assert.equal(settings.auto_show_initial_message_after, 5);
    assert.equal(settings.theme, 'dark');
    assert.equal(settings.align_chat_bubble_button, 'left');
  });

  it('fills the service\'s documented defaults for missing and null fields', async () => {
    const { client } = setup(() => wrapped({ initial_message: null, suggest_messages: null }));
    assert.deepEqual(
      { ...(await client.getWidgetSettings(BOT_ID)) },
      {
        bot_id: '',
        display_name: '',
        initial_message: '',
        suggest_messages: [],
        theme: 'light',
        bot_avatar_url: '',
        chat_icon_url: '',
        chat_bubble_button_color: '',
        chat_message_color: '',
        align_chat_bubble_button: 'right',
        auto_show_initial_message_after: 0,
      },
    );
  });

  it('reads numbers where text is expected as text, and seconds given as text as a number', async () => {
    const { client } = setup(() => wrapped({ initial_message: 42, suggest_messages: ['Price?', 7], auto_show_initial_message_after: '12' }));
    const settings = await client.getWidgetSettings(BOT_ID);
    assert.equal(settings.initial_message, '42');
    assert.deepEqual(settings.suggest_messages, ['Price?', '7']);
    assert.equal(settings.auto_show_initial_message_after, 12);
  });

  it('reads the bare object too, and keeps fields it does not know', async () => {
    const { client } = setup(() => json({ initial_message: 'Hello', launcher_label: 'Chat' }));
    const settings = await client.getWidgetSettings(BOT_ID);
    assert.equal(settings.initial_message, 'Hello');
    assert.equal(settings['launcher_label'], 'Chat');
  });

  it('names the field of a value of the wrong kind', async () => {
    const { client } = setup(() => wrapped({ suggest_messages: 'Opening hours?' }));
    await assert.rejects(client.getWidgetSettings(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ResponseShapeError);
      assert.match(error.message, /suggest_messages/);
      return true;
    });
  });

  it('a service without the endpoint rejects with an ApiError that isRouteMissing tells apart', async () => {
    const { client } = setup(() => json({ detail: 'Not Found' }, 404));
    await assert.rejects(client.getWidgetSettings(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(isRouteMissing(error), true);
      return true;
    });
  });

  it('the service\'s own 404 of an unknown bot is not a missing route', async () => {
    const { client } = setup(() => json({ detail: 'Bot not found' }, 404));
    await assert.rejects(client.getWidgetSettings(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(isRouteMissing(error), false);
      assert.equal(error.message, 'Bot not found');
      return true;
    });
  });

  it('a failure envelope is an ApiError even with status 200', async () => {
    const { client } = setup(() => json({ message_code: 3, message: 'Bot is deleted', data: null }));
    await assert.rejects(client.getWidgetSettings(BOT_ID), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.messageCode, 3);
      assert.equal(error.message, 'Bot is deleted');
      return true;
    });
  });
});

describe('updateWidgetSettings', () => {
  it('puts exactly the patch and the bot id as JSON, and reads the wrapped answer', async () => {
    const { client, requests } = setup(() => wrapped({ bot_id: BOT_ID, initial_message: 'Welcome', suggest_messages: ['Price?'] }));
    const settings = await client.updateWidgetSettings(BOT_ID, { initial_message: 'Welcome', suggest_messages: ['Price?'], theme: null });
    const [request] = requests;
    assert.equal(request!.method, 'PUT');
    assert.equal(request!.url.href, `${BASE}/api/bot/bot-widget-setting`);
    assert.equal(request!.headers.get('content-type'), 'application/json');
    assert.deepEqual(JSON.parse(request!.body!), { initial_message: 'Welcome', suggest_messages: ['Price?'], theme: null, bot_id: BOT_ID });
    assert.equal(settings.initial_message, 'Welcome');
    assert.equal(settings.theme, 'light');
  });

  it('reads the settings back when the answer carries none (an envelope with null data, or an empty body)', async () => {
    for (const answer of [() => wrapped(null), () => text('', 200)]) {
      const { client, requests } = setup(answer, () => wrapped({ initial_message: 'Stored' }));
      const settings = await client.updateWidgetSettings(BOT_ID, { initial_message: 'Stored' });
      assert.deepEqual(
        requests.map((request) => `${request.method} ${request.url.pathname}${request.url.search}`),
        ['PUT /api/bot/bot-widget-setting', `GET /api/bot/bot-widget-setting?bot_id=${BOT_ID}`],
      );
      assert.equal(settings.initial_message, 'Stored');
    }
  });

  it('a refused field is an ApiError whose fieldErrors name it', async () => {
    const { client } = setup(() =>
      json(
        {
          message: 'Invalid body: auto_show_initial_message_after must be between 0 and 86400 seconds',
          detail: [{ loc: ['body', 'auto_show_initial_message_after'], msg: 'auto_show_initial_message_after must be between 0 and 86400 seconds', type: 'value_error' }],
        },
        422,
      ),
    );
    await assert.rejects(client.updateWidgetSettings(BOT_ID, { auto_show_initial_message_after: 90_000 }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(Object.keys(error.fieldErrors), ['auto_show_initial_message_after']);
      return true;
    });
  });
});
