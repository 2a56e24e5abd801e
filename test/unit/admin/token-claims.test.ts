import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { decodeTokenClaims, isTokenExpired } from '../../../src/admin/token-claims.js';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!');

describe('decodeTokenClaims', () => {
  it('reads sub and exp from a signed JWT', async () => {
    const token = await new SignJWT({ name: 'Nguyễn Thị Ánh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('6f1c2d3e-0000-4000-8000-00000000abcd')
      .setExpirationTime(2_000_000_000)
      .sign(secret);
    assert.deepEqual(decodeTokenClaims(token), { sub: '6f1c2d3e-0000-4000-8000-00000000abcd', exp: 2_000_000_000 });
  });

  it('decodes base64url payloads with non-ASCII text and no padding', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'ユーザー-ü' })).toString('base64url');
    assert.deepEqual(decodeTokenClaims(`e30.${payload}.sig`), { sub: 'ユーザー-ü' });
  });

  it('answers undefined for opaque keys and malformed tokens', () => {
    for (const token of ['sk-live-123', 'a.b', 'a..c', 'a.!!!.c', `a.${Buffer.from('[1]').toString('base64url')}.c`,
      `a.${Buffer.from('not json').toString('base64url')}.c`, `a.${Buffer.from([0xff, 0xfe]).toString('base64url')}.c`]) {
      assert.equal(decodeTokenClaims(token), undefined, token);
    }
  });

  it('ignores claims of the wrong type', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 42, exp: 'soon' })).toString('base64url');
    assert.deepEqual(decodeTokenClaims(`e30.${payload}.sig`), {});
  });
});

describe('isTokenExpired', () => {
  it('compares exp in seconds with now in milliseconds', () => {
    assert.equal(isTokenExpired({ exp: 100 }, 100_000), true);
    assert.equal(isTokenExpired({ exp: 100 }, 99_999), false);
  });

  it('never expires a token without exp', () => {
    assert.equal(isTokenExpired({}, Date.now()), false);
    assert.equal(isTokenExpired(undefined), false);
  });
});
