import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addQuestion, appendAnswerText, completeAnswer, emptyConversation, type Conversation } from '../../../src/widget/chat-state.js';
import { leadFieldErrors, leadFormIndex, validateLead } from '../../../src/widget/on-demand/lead-form.js';

function answered(count: number): Conversation {
  let conversation = emptyConversation('session');
  for (let index = 0; index < count; index++) {
    conversation = addQuestion(conversation, { id: `q${index}`, text: 'question', at: 0 }, `a${index}`);
    conversation = completeAnswer(appendAnswerText(conversation, `a${index}`, 'answer'), `a${index}`);
  }
  return conversation;
}

describe('validateLead', () => {
  it('names every blank field asked for and an email that does not look like one', () => {
    assert.deepEqual(validateLead(['name', 'email'], { name: ' ', email: '' }), { missing: ['name', 'email'], invalidEmail: false });
    assert.deepEqual(validateLead(['name', 'email'], { name: 'Ada', email: 'ada@' }), { missing: [], invalidEmail: true });
    assert.deepEqual(validateLead(['name', 'email'], { name: 'Ada', email: 'ada@example.com' }), { missing: [], invalidEmail: false });
    assert.deepEqual(validateLead(['name'], { name: 'Ada', email: 'not checked' }), { missing: [], invalidEmail: false });
  });
});

describe('leadFieldErrors', () => {
  it('gives each wrong field its own error, in the order of the form', () => {
    const fields = ['name', 'email', 'phone'] as const;
    assert.deepEqual(leadFieldErrors(fields, { missing: ['phone', 'name'], invalidEmail: true }), [
      ['name', 'required'],
      ['email', 'invalid-email'],
      ['phone', 'required'],
    ]);
    assert.deepEqual(leadFieldErrors(fields, { missing: ['email'], invalidEmail: false }), [['email', 'required']]);
    assert.deepEqual(leadFieldErrors(fields, { missing: [], invalidEmail: false }), []);
    assert.deepEqual(leadFieldErrors(fields, undefined), []);
  });
});

describe('leadFormIndex', () => {
  it('places the form after the answer that made it due', () => {
    assert.equal(leadFormIndex(answered(3), { numberShowing: 2, email: true }), 3);
    assert.equal(leadFormIndex(answered(1), { numberShowing: 1, email: true }), 1);
  });

  it('places it before everything in an empty conversation, else after the last message', () => {
    assert.equal(leadFormIndex(answered(0), { numberShowing: 0, email: true }), -1);
    assert.equal(leadFormIndex(answered(2), { numberShowing: 0, email: true }), 3);
  });
});
