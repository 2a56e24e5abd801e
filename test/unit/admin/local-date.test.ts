import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dayOrder, formatLocalDay, parseLocalDay } from '../../../src/admin/local-date.js';

describe('local days', () => {
  it('knows the order each language writes a date in', () => {
    assert.deepEqual(dayOrder('en'), ['month', 'day', 'year']);
    assert.deepEqual(dayOrder('fr'), ['day', 'month', 'year']);
    assert.deepEqual(dayOrder('ja'), ['year', 'month', 'day']);
  });

  it('writes a day as the language does, and reads it back', () => {
    const cases: [locale: string, text: string][] = [
      ['en', '03/01/2024'],
      ['fr', '01/03/2024'],
      ['de', '01.03.2024'],
      ['ja', '2024/03/01'],
      ['ar-EG', '٠١‏/٠٣‏/٢٠٢٤'],
    ];
    for (const [locale, text] of cases) {
      assert.equal(formatLocalDay('2024-03-01', locale), text, locale);
      assert.equal(parseLocalDay(text, locale), '2024-03-01', locale);
    }
  });

  it('reads what people type: other separators, one-digit parts, ISO days, full-width and Arabic-Indic digits', () => {
    assert.equal(parseLocalDay('1-3-2024', 'fr'), '2024-03-01');
    assert.equal(parseLocalDay(' 3/1/2024 ', 'en'), '2024-03-01');
    assert.equal(parseLocalDay('2024-03-01', 'fr'), '2024-03-01');
    assert.equal(parseLocalDay('２０２４/３/１', 'ja'), '2024-03-01');
    assert.equal(parseLocalDay('١/٣/٢٠٢٤', 'ar'), '2024-03-01');
  });

  it('keeps a blank field blank and refuses what is not a real day', () => {
    assert.equal(parseLocalDay('  ', 'en'), '');
    for (const text of ['31/02/2024', '13/13/2024', '01/03/24', 'yesterday', '1/2', '1/2/3/2024']) {
      assert.equal(parseLocalDay(text, 'fr'), undefined, text);
    }
    assert.equal(formatLocalDay('', 'fr'), '');
    assert.equal(formatLocalDay('not a day', 'fr'), 'not a day');
  });
});
