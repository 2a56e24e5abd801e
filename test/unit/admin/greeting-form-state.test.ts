import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WidgetSettingsSchema } from '../../../src/api/schemas.js';
import {
  changedGreetingFields,
  greetingFieldOfWirePath,
  greetingFormFromSettings,
  greetingIssuesFromFieldErrors,
  isGreetingFormDirty,
  validateGreetingForm,
  type GreetingForm,
} from '../../../src/admin/greeting-form-state.js';

const stored: GreetingForm = greetingFormFromSettings(
  WidgetSettingsSchema.parse({ initial_message: 'Hello!', suggest_messages: ['Opening hours?', 'Prices?'], auto_show_initial_message_after: 5 }),
);

describe('greeting form', () => {
  it('shows the stored settings, the delay as text', () => {
    assert.deepEqual(stored, { initialMessage: 'Hello!', starterQuestions: ['Opening hours?', 'Prices?'], teaserDelay: '5' });
  });

  it('does not count padding, blank rows or the way a number is written as a change', () => {
    const same = { initialMessage: ' Hello! ', starterQuestions: ['', ' Opening hours?', 'Prices? ', ' '], teaserDelay: '05' };
    assert.equal(isGreetingFormDirty(same, stored), false);
    assert.deepEqual(changedGreetingFields({ ...stored, starterQuestions: ['Prices?', 'Opening hours?'] }, stored), ['starterQuestions']);
  });

  it('builds a patch of the changed fields only, trimmed, blank questions dropped', () => {
    assert.deepEqual(validateGreetingForm(stored, stored), { ok: true, patch: {} });
    const edited = { initialMessage: '  Welcome  ', starterQuestions: ['Opening hours?', '  ', ' Delivery? '], teaserDelay: '5' };
    assert.deepEqual(validateGreetingForm(edited, stored), {
      ok: true,
      patch: { initial_message: 'Welcome', suggest_messages: ['Opening hours?', 'Delivery?'] },
    });
    assert.deepEqual(validateGreetingForm({ ...stored, teaserDelay: ' 0 ' }, stored), { ok: true, patch: { auto_show_initial_message_after: 0 } });
  });

  it('holds the fields to the service\'s caps: 1000 characters, 10 questions of 200', () => {
    const atCaps = { initialMessage: 'g'.repeat(1000), starterQuestions: Array.from({ length: 10 }, () => 'q'.repeat(200)), teaserDelay: '86400' };
    assert.equal(validateGreetingForm(atCaps, stored).ok, true);
    const beyond = {
      initialMessage: 'g'.repeat(1001),
      starterQuestions: [...Array.from({ length: 10 }, () => 'q'.repeat(200)), 'q'.repeat(201)],
      teaserDelay: '86401',
    };
    const result = validateGreetingForm(beyond, stored);
    assert.equal(result.ok, false);
    assert.deepEqual(
      !result.ok && result.issues.map((issue) => `${issue.field} ${issue.code}`),
      ['initialMessage too_long', 'starterQuestions.10 too_long', 'starterQuestions too_many', 'teaserDelay out_of_range'],
    );
  });

  it('wants the delay as a whole number of seconds, naming what is wrong', () => {
    const codeOf = (teaserDelay: string) => {
      const result = validateGreetingForm({ ...stored, teaserDelay }, stored);
      return result.ok ? 'ok' : result.issues.map((issue) => `${issue.field} ${issue.code}`).join();
    };
    assert.equal(codeOf('12'), 'ok');
    assert.equal(codeOf('1.5'), 'teaserDelay not_integer');
    assert.equal(codeOf('-2'), 'teaserDelay out_of_range');
    assert.equal(codeOf('ten'), 'teaserDelay not_a_number');
    assert.equal(codeOf('  '), 'teaserDelay required');
  });

  it('does not refuse a delay the service already holds until the owner changes it', () => {
    const odd = { ...stored, teaserDelay: '2.5' };
    assert.deepEqual(validateGreetingForm(odd, odd), { ok: true, patch: {} });
    assert.equal(validateGreetingForm({ ...odd, teaserDelay: '3.5' }, odd).ok, false);
  });

  it('puts a service 422 on the field, and a question\'s on the row typed (blank rows were not sent)', () => {
    const form = { ...stored, starterQuestions: ['', 'First', ' ', 'Second'] };
    assert.equal(greetingFieldOfWirePath('suggest_messages.1', form), 'starterQuestions.3');
    assert.equal(greetingFieldOfWirePath('suggest_messages', form), 'starterQuestions');
    assert.equal(greetingFieldOfWirePath('suggest_messages.7', form), 'starterQuestions');
    assert.equal(greetingFieldOfWirePath('initial_message', form), 'initialMessage');
    assert.equal(greetingFieldOfWirePath('auto_show_initial_message_after', form), 'teaserDelay');
    assert.equal(greetingFieldOfWirePath('theme', form), '');
    assert.deepEqual(greetingIssuesFromFieldErrors({ 'suggest_messages.0': 'Too rude', auto_show_initial_message_after: 'Too late' }, form), [
      { field: 'starterQuestions.1', code: 'server', message: 'Too rude' },
      { field: 'teaserDelay', code: 'server', message: 'Too late' },
    ]);
  });
});
