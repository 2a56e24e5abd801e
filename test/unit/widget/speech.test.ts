import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withHeard } from '../../../src/widget/on-demand/speech.js';

describe('withHeard', () => {
  it('puts what was heard after what was typed, with one space between', () => {
    assert.equal(withHeard('', 'what are your hours'), 'what are your hours');
    assert.equal(withHeard('Hello,', 'what are your hours'), 'Hello, what are your hours');
    assert.equal(withHeard('Hello, ', 'what are your hours'), 'Hello, what are your hours');
    assert.equal(withHeard('Hello\n', 'what'), 'Hello\nwhat');
  });
});
