import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BotSchema, validateBotBody, type Bot } from '../../../src/api/schemas.js';
import {
  bodyFromForm,
  emptyBotForm,
  formFieldOfWirePath,
  formFromBot,
  isBotFormDirty,
  issuesFromFieldErrors,
  previewSettingsFromForm,
  validateBotForm,
  type BotForm,
} from '../../../src/admin/bot-form-state.js';

const BOT_ID = '0b0e8b6a-1f1d-4c55-9a43-0c6ad2b0e001';
const OWNER_ID = '7e4b1a52-7b6a-4c1e-8d8b-2b1f4b0c0002';

const wireBot = {
  id: BOT_ID,
  user_id: OWNER_ID,
  bot_name: 'Helpdesk',
  case_study: '2',
  is_visibility: false,
  domain: ['example.com', '*.shop.example'],
  collect_customer_info: { numberShowing: 2, name: true, email: true, phone: false, department: true, theme: 'dark' },
  rules: ['Be brief.', 'Never guess prices.'],
  gpt_model_name: 'gpt-4',
  temperature: 0.3,
  custom_prompt: 'You answer questions about our shop.',
  bot_tone_type: 3,
  custom_error_message: 'Sorry, try again later.',
  is_enable_citation: true,
  is_activate: true,
  bot_language: 'vi',
  num_message_left: 120,
  created_at: '2024-01-19T17:53:51Z',
  updated_at: '2024-01-19T17:53:51.643870',
};
const bot: Bot = BotSchema.parse(wireBot);

describe('formFromBot and bodyFromForm', () => {
  it('maps every wire field to the form and back', () => {
    const form = formFromBot(bot);
    assert.deepEqual(form, {
      userId: OWNER_ID,
      botName: 'Helpdesk',
      caseStudy: '2',
      isVisibility: false,
      domains: ['example.com', '*.shop.example'],
      leadFields: ['name', 'email'],
      customLeadFields: ['department'],
      numberShowing: '2',
      leadFormPassthrough: { theme: 'dark' },
      rules: ['Be brief.', 'Never guess prices.'],
      gptModelName: 'gpt-4',
      temperature: 0.3,
      customPrompt: 'You answer questions about our shop.',
      botToneType: 3,
      customErrorMessage: 'Sorry, try again later.',
      isEnableCitation: true,
      isActivate: true,
      botLanguage: 'vi',
    } satisfies BotForm);
    const { num_message_left: _left, created_at: _created, updated_at: _updated, ...body } = wireBot;
    assert.deepEqual(bodyFromForm(form, BOT_ID), {
      ...body,
      collect_customer_info: { numberShowing: 2, name: true, email: true, department: true, theme: 'dark' },
    });
  });

  it('leaves id out of a create body and user_id out when the owner is unknown', () => {
    const body = bodyFromForm({ ...emptyBotForm(), botName: 'New' });
    assert.equal('id' in body, false);
    assert.equal('user_id' in body, false);
    assert.equal(bodyFromForm(emptyBotForm(OWNER_ID))['user_id'], OWNER_ID);
  });

  it('drops blank list rows, trims entries and leaves an empty numberShowing out', () => {
    const body = bodyFromForm({
      ...emptyBotForm(),
      botName: 'x',
      domains: ['  example.com ', '', '   '],
      rules: ['', ' Be kind '],
      customLeadFields: ['  ', 'city'],
      numberShowing: '  ',
    });
    assert.deepEqual(body['domain'], ['example.com']);
    assert.deepEqual(body['rules'], ['Be kind']);
    assert.deepEqual(body['collect_customer_info'], { city: true });
  });

  it('fills a missing owner from the fallback', () => {
    assert.equal(formFromBot(BotSchema.parse({ id: BOT_ID }), OWNER_ID).userId, OWNER_ID);
  });
});

describe('validateBotForm', () => {
  const valid = (): BotForm => ({ ...emptyBotForm(OWNER_ID), botName: 'Shop bot' });

  it('answers the cleaned body the shared validator accepts, with id for an update', () => {
    const result = validateBotForm({ ...valid(), botName: '  Shop bot  ' }, BOT_ID);
    assert.equal(result.ok, true);
    if (!result.ok) return;
    assert.equal(result.body.bot_name, 'Shop bot');
    assert.equal((result.body as { id?: string }).id, BOT_ID);
    assert.deepEqual(validateBotBody(result.body, 'update').ok, true);
  });

  it('names each invalid field with its code', () => {
    const result = validateBotForm({
      ...valid(),
      botName: '   ',
      temperature: 1.5,
      botToneType: 9,
      numberShowing: '1.5',
      gptModelName: '  ',
    });
    assert.equal(result.ok, false);
    if (result.ok) return;
    const byField = Object.fromEntries(result.issues.map((issue) => [issue.field, issue.code]));
    assert.deepEqual(byField, {
      botName: 'empty',
      temperature: 'out_of_range',
      botToneType: 'out_of_range',
      numberShowing: 'not_integer',
      gptModelName: 'empty',
    });
  });

  it('flags a bot name that is too long', () => {
    const result = validateBotForm({ ...valid(), botName: 'x'.repeat(101) });
    assert.deepEqual(result.ok ? [] : result.issues.map((i) => [i.field, i.code]), [['botName', 'too_long']]);
  });

  it('points a bad domain at the row the owner typed, counting blank rows', () => {
    const result = validateBotForm({ ...valid(), domains: ['', 'example.com', 'not a host', 'http://x.com/'] });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(result.issues.map((i) => [i.field, i.code]), [
      ['domains.2', 'invalid_host'],
      ['domains.3', 'invalid_host'],
    ]);
  });

  it('rejects text and negative numbers in numberShowing', () => {
    for (const [text, code] of [['two', 'not_a_number'], ['1.5', 'not_integer'], ['-1', 'out_of_range']] as const) {
      const result = validateBotForm({ ...valid(), numberShowing: text });
      assert.deepEqual(result.ok ? [] : result.issues.map((i) => [i.field, i.code]), [['numberShowing', code]], text);
    }
  });

  it('asks for a BCP 47 language code, except for the value the bot already holds', () => {
    for (const language of ['en', 'pt-BR', 'zh-Hant-TW', '']) {
      assert.equal(validateBotForm({ ...valid(), botLanguage: language }).ok, true, language);
    }
    for (const language of ['english please', 'English', 'en_US']) {
      const result = validateBotForm({ ...valid(), botLanguage: language });
      assert.deepEqual(result.ok ? [] : result.issues.map((i) => [i.field, i.code]), [['botLanguage', 'invalid_language']], language);
    }
    const stored = { ...valid(), botLanguage: 'English' };
    assert.equal(validateBotForm(stored, BOT_ID, stored).ok, true);
    assert.equal(validateBotForm({ ...stored, botLanguage: 'Englisch' }, BOT_ID, stored).ok, false);
  });

  it('rejects custom lead fields that repeat a field', () => {
    const result = validateBotForm({ ...valid(), customLeadFields: ['City', 'Email', 'city', ''] });
    assert.deepEqual(result.ok ? [] : result.issues.map((i) => [i.field, i.code]), [
      ['customLeadFields.1', 'duplicate'],
      ['customLeadFields.2', 'duplicate'],
    ]);
  });
});

describe('formFieldOfWirePath', () => {
  it('maps wire paths to form fields', () => {
    assert.equal(formFieldOfWirePath('bot_name'), 'botName');
    assert.equal(formFieldOfWirePath('temperature'), 'temperature');
    assert.equal(formFieldOfWirePath('rules.3'), 'rules.3');
    assert.equal(formFieldOfWirePath('collect_customer_info.numberShowing'), 'numberShowing');
    assert.equal(formFieldOfWirePath('collect_customer_info.email'), 'leadFields');
    assert.equal(formFieldOfWirePath('collect_customer_info'), 'leadFields');
    assert.equal(formFieldOfWirePath('id'), '');
    assert.equal(formFieldOfWirePath(''), '');
  });

  it('maps a custom lead field to its row', () => {
    const form = { ...emptyBotForm(), customLeadFields: ['city', 'zip'] };
    assert.equal(formFieldOfWirePath('collect_customer_info.zip', form), 'customLeadFields.1');
  });
});

describe('issuesFromFieldErrors', () => {
  it('puts a service 422 onto its field with the service text', () => {
    const form = { ...emptyBotForm(), rules: ['', 'ok', 'bad'] };
    assert.deepEqual(issuesFromFieldErrors({ temperature: 'Input should be less than or equal to 1', 'rules.1': 'too long', '': 'Body broken' }, form), [
      { field: 'temperature', code: 'server', message: 'Input should be less than or equal to 1' },
      { field: 'rules.2', code: 'server', message: 'too long' },
      { field: '', code: 'server', message: 'Body broken' },
    ]);
  });
});

describe('isBotFormDirty', () => {
  it('is clean for the loaded bot and dirty after a change', () => {
    const baseline = formFromBot(bot);
    assert.equal(isBotFormDirty(formFromBot(bot), baseline), false);
    assert.equal(isBotFormDirty({ ...baseline, temperature: 0.4 }, baseline), true);
    assert.equal(isBotFormDirty({ ...baseline, rules: [...baseline.rules, 'New'] }, baseline), true);
  });

  it('ignores blank rows and lead-field order', () => {
    const baseline = formFromBot(bot);
    assert.equal(isBotFormDirty({ ...baseline, domains: [...baseline.domains, ''], leadFields: ['email', 'name'] }, baseline), false);
  });
});

describe('previewSettingsFromForm', () => {
  it('takes the unsaved prompt, model, temperature, rules and citation setting', () => {
    assert.deepEqual(previewSettingsFromForm({ ...formFromBot(bot), customPrompt: 'Unsaved', rules: ['', ' A '], temperature: 0.9 }), {
      custom_prompt: 'Unsaved',
      gpt_model_name: 'gpt-4',
      temperature: 0.9,
      rules: ['A'],
      is_enable_citation: true,
      custom_error_message: 'Sorry, try again later.',
    });
  });

  it('keeps the preview request valid while a field is being edited', () => {
    const settings = previewSettingsFromForm({ ...emptyBotForm(), gptModelName: ' ', temperature: 3 });
    assert.equal(settings.gpt_model_name, 'gpt-3.5-turbo-16k');
    assert.equal(settings.temperature, 1);
  });
});
