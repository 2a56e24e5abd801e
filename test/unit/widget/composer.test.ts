import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sendsOnEnter } from '../../../src/ui/composer.js';

const press = (key: string, more: Partial<KeyboardEvent> = {}) => sendsOnEnter({ key, shiftKey: false, isComposing: false, keyCode: 0, ...more } as KeyboardEvent);

describe('sendsOnEnter', () => {
  it('sends on Enter alone', () => {
    assert.equal(press('Enter', { keyCode: 13 }), true);
  });

  it('adds a line on Shift+Enter, and leaves other keys to the field', () => {
    assert.equal(press('Enter', { shiftKey: true, keyCode: 13 }), false);
    for (const key of ['a', ' ', 'Tab', 'Escape']) assert.equal(press(key), false, key);
  });

  it('sends nothing while an input method composes (the Enter that confirms a word)', () => {
    assert.equal(press('Enter', { isComposing: true, keyCode: 13 }), false);
    // Some browsers end the composition before the keydown, which then carries key code 229.
    assert.equal(press('Enter', { keyCode: 229 }), false);
  });
});
