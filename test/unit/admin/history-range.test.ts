import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { historyQueryRange } from '../../../src/admin/history-controller.js';

const zoneless = (date: Date) => date.toISOString().slice(0, 19);

describe('historyQueryRange', () => {
  it('runs from the first moment of the first day to the last second of the last day, in local time', () => {
    assert.deepEqual(historyQueryRange({ from: '2024-02-28', to: '2024-02-29', order: 'created_at.desc' }), {
      ok: true,
      date_from: zoneless(new Date(2024, 1, 28)),
      date_to: zoneless(new Date(2024, 1, 29, 23, 59, 59)),
    });
  });

  it('leaves open ends to the service', () => {
    assert.deepEqual(historyQueryRange({ from: '', to: '', order: 'created_at.asc' }), { ok: true });
    assert.deepEqual(historyQueryRange({ from: '2024-01-01', to: '', order: 'created_at.asc' }), {
      ok: true,
      date_from: zoneless(new Date(2024, 0, 1)),
    });
  });

  it('accepts a one-day period', () => {
    const range = historyQueryRange({ from: '2024-03-05', to: '2024-03-05', order: 'created_at.desc' });
    assert.equal(range.ok, true);
  });

  it('refuses an end before the start and impossible dates', () => {
    assert.deepEqual(historyQueryRange({ from: '2024-03-05', to: '2024-03-04', order: 'created_at.desc' }), {
      ok: false,
      issue: { field: 'to', code: 'end_before_start' },
    });
    assert.deepEqual(historyQueryRange({ from: '2023-02-30', to: '', order: 'created_at.desc' }), {
      ok: false,
      issue: { field: 'from', code: 'invalid_date' },
    });
    assert.deepEqual(historyQueryRange({ from: '', to: 'tomorrow', order: 'created_at.desc' }), {
      ok: false,
      issue: { field: 'to', code: 'invalid_date' },
    });
  });
});
