import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createId } from '../../../src/widget/chat-state.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function assertRandomV4(ids: readonly string[]): void {
  for (const id of ids) assert.match(id, UUID_V4);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(new Set(ids.map((id) => id[19])), new Set(['8', '9', 'a', 'b']));
}

describe('createId', () => {
  it('makes random version 4 UUIDs, every variant digit among them', () => {
    assertRandomV4(Array.from({ length: 400 }, createId));
  });

  it('makes them the same way where crypto.randomUUID is missing (pages served without TLS)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      assertRandomV4(Array.from({ length: 400 }, createId));
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    assert.equal(typeof crypto.randomUUID, 'function');
  });

  it('takes crypto.randomUUID where the page has it', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: () => '00000000-0000-4000-8000-000000000000', configurable: true });
    try {
      assert.equal(createId(), '00000000-0000-4000-8000-000000000000');
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
