import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createId } from '../../../src/widget/chat-state.js';

describe('createId', () => {
  it('makes random version 4 UUIDs, every variant digit among them', () => {
    const ids = Array.from({ length: 400 }, createId);
    for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual(new Set(ids.map((id) => id[19])), new Set(['8', '9', 'a', 'b']));
  });

  it('works where crypto.randomUUID is missing (pages served without TLS)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      assert.match(createId(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    assert.equal(typeof crypto.randomUUID, 'function');
  });
});
