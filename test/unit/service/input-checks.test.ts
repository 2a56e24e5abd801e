import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_JSON_DEPTH, findControlCharacter, findExcessiveNesting, hasControlCharacter } from '../../../demo/server/input-checks.js';

describe('request input checks', () => {
  it('finds C0 control characters but not tab, line feed or carriage return', () => {
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      assert.equal(hasControlCharacter(`a${String.fromCharCode(code)}b`), !allowed, `U+${code.toString(16)}`);
    }
    assert.equal(hasControlCharacter('plain text, 日本語, émoji 🌹'), false);
    assert.equal(hasControlCharacter('delete \u007f and next line \u0085'), false, 'DEL and C1 controls are not C0');
  });

  it('names the path of the first string or key with a control character', () => {
    assert.deepEqual(findControlCharacter({ a: ['ok', { b: 'x\u0000' }] })?.path, ['a', 1, 'b']);
    assert.deepEqual(findControlCharacter({ fields: { 'k\u0001': 'v' } })?.path, ['fields', 'k\u0001']);
    assert.deepEqual(findControlCharacter('\u0000')?.path, []);
    assert.equal(findControlCharacter({ a: [1, true, null, 'fine\ttext'] }), undefined);
  });

  it('measures nesting on the text, skipping brackets inside strings and escaped quotes', () => {
    const at = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    assert.equal(findExcessiveNesting(at(MAX_JSON_DEPTH)), undefined);
    assert.deepEqual(findExcessiveNesting(at(MAX_JSON_DEPTH + 1))?.path, []);
    assert.equal(findExcessiveNesting(JSON.stringify({ text: '[[[[{{{{'.repeat(40), quote: 'a"[[[' })), undefined);
    assert.equal(findExcessiveNesting(JSON.stringify(Array.from({ length: 100 }, () => [{}]))), undefined, 'many brackets, little depth');
    const deep = `{"first":1,"we\\"ird":"[",${JSON.stringify('key')}:${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
    assert.deepEqual(findExcessiveNesting(deep)?.path, ['key']);
    assert.equal(findExcessiveNesting(deep)?.type, 'too_deep');
  });
});
