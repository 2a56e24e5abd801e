// The typed client's widget-settings calls against the running reference service: what it reads, what a
// save changes, the caps the service shares with the admin, and a stranger's save.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import {
  INITIAL_MESSAGE_MAX_LENGTH,
  SUGGEST_MESSAGES_MAX_COUNT,
  SUGGEST_MESSAGE_MAX_LENGTH,
  TEASER_DELAY_MAX_SECONDS,
  isRouteMissing,
} from '../../src/api/index.js';
import { testEngines, useService } from './helpers.js';

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call was not refused');
}

for (const engine of testEngines()) {
  describe(`widget settings through the client (${engine.name})`, () => {
    const service = useService(engine);

    it('reads the defaults of a new bot, saves a patch and keeps the fields it leaves out', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token, { bot_name: 'Garden centre' });
      const client = createClient({ baseUrl: service().url, token: owner.token });

      const initial = await client.getWidgetSettings(bot.id);
      assert.equal(initial.bot_id, bot.id);
      assert.equal(initial.display_name, 'Garden centre');
      assert.equal(initial.initial_message, '');
      assert.deepEqual(initial.suggest_messages, []);
      assert.equal(initial.auto_show_initial_message_after, 0);

      await client.updateWidgetSettings(bot.id, { theme: 'dark' });
      const saved = await client.updateWidgetSettings(bot.id, {
        initial_message: '  Hello! Ask me about plants.  ',
        suggest_messages: ['When are you open?', '', 'Do you deliver?'],
        auto_show_initial_message_after: 8,
      });
      assert.equal(saved.initial_message, 'Hello! Ask me about plants.');
      assert.deepEqual(saved.suggest_messages, ['When are you open?', 'Do you deliver?']);
      assert.equal(saved.auto_show_initial_message_after, 8);
      assert.equal(saved.theme, 'dark', 'a field the patch leaves out is kept');
      assert.deepEqual({ ...(await client.getWidgetSettings(bot.id)) }, { ...saved });

      const reset = await client.updateWidgetSettings(bot.id, { suggest_messages: null, auto_show_initial_message_after: null });
      assert.deepEqual(reset.suggest_messages, []);
      assert.equal(reset.auto_show_initial_message_after, 0);
      assert.equal(reset.initial_message, 'Hello! Ask me about plants.');
    });

    it('takes values at the shared caps and names the field of each value beyond them', async () => {
      const owner = await service().user();
      const bot = await service().bot(owner.token);
      const client = createClient({ baseUrl: service().url, token: owner.token });
      const atCaps = {
        initial_message: 'g'.repeat(INITIAL_MESSAGE_MAX_LENGTH),
        suggest_messages: Array.from({ length: SUGGEST_MESSAGES_MAX_COUNT }, (_, index) => `${index}`.padEnd(SUGGEST_MESSAGE_MAX_LENGTH, 'q')),
        auto_show_initial_message_after: TEASER_DELAY_MAX_SECONDS,
      };
      const saved = await client.updateWidgetSettings(bot.id, atCaps);
      assert.deepEqual(saved.suggest_messages, atCaps.suggest_messages);

      const beyond: [keyof typeof atCaps, unknown, string][] = [
        ['initial_message', 'g'.repeat(INITIAL_MESSAGE_MAX_LENGTH + 1), 'initial_message'],
        ['suggest_messages', [...atCaps.suggest_messages, 'One more?'], 'suggest_messages'],
        ['suggest_messages', ['q'.repeat(SUGGEST_MESSAGE_MAX_LENGTH + 1)], 'suggest_messages.0'],
        ['auto_show_initial_message_after', TEASER_DELAY_MAX_SECONDS + 1, 'auto_show_initial_message_after'],
        ['auto_show_initial_message_after', -1, 'auto_show_initial_message_after'],
      ];
      for (const [field, value, path] of beyond) {
        const error = await refusal(client.updateWidgetSettings(bot.id, { [field]: value }));
        assert.equal(error.status, 422, `${field} = ${JSON.stringify(value)}`);
        assert.ok(path in error.fieldErrors, `${path} is named: ${JSON.stringify(error.fieldErrors)}`);
      }
      assert.deepEqual((await client.getWidgetSettings(bot.id)).suggest_messages, atCaps.suggest_messages, 'refused saves change nothing');
    });

    it('another user\'s save is refused with the service\'s own 404, which is not a missing route', async () => {
      const owner = await service().user();
      const stranger = await service().user();
      const bot = await service().bot(owner.token, { is_visibility: false });
      const error = await refusal(createClient({ baseUrl: service().url, token: stranger.token }).updateWidgetSettings(bot.id, { initial_message: 'Hijacked' }));
      assert.equal(error.status, 404);
      assert.equal(isRouteMissing(error), false);
      assert.equal((await createClient({ baseUrl: service().url, token: owner.token }).getWidgetSettings(bot.id)).initial_message, '');
    });
  });
}
