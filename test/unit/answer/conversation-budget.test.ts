import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_HISTORY_MESSAGES, MAX_HISTORY_TOKENS, boundHistory, cutToTokens, estimateTokens } from '../../../demo/server/answer/conversation-budget.js';
import { MAX_CARRIED_CONCEPTS, MAX_CARRIED_TOKENS, MAX_SEARCH_TERMS, readQuestion, searchTermsOf } from '../../../demo/server/answer/query.js';
import { resolveLanguage } from '../../../demo/server/answer/language.js';

const distinctWords = (count: number) => Array.from({ length: count }, (_, index) => `word${index.toString(36)}`).join(' ');

describe('conversation budget', () => {
  it('counts tokens by word pieces, not bytes', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('open now'), 2);
    assert.equal(estimateTokens('internationalisation'), 5);
    assert.equal(estimateTokens('Hi, you!'), 4);
    // One token per ideograph, however many bytes it takes.
    assert.equal(estimateTokens('営業時間'), 4);
    assert.equal(estimateTokens('é'.repeat(8)), 2);
  });

  it('cuts a text between words at a token count', () => {
    assert.equal(cutToTokens('one two three four', 2), 'one two');
    assert.equal(cutToTokens('one two', 5), 'one two');
    assert.equal(cutToTokens('営業時間', 2), '営業');
  });

  it('keeps the latest messages within the message and token limits, oldest first', () => {
    const history = Array.from({ length: 30 }, (_, index) => ({ sender_type: index % 2 ? 'assistant' : 'user', content: `message ${index}` }));
    const kept = boundHistory(history);
    assert.equal(kept.length, MAX_HISTORY_MESSAGES);
    assert.deepEqual(kept.at(-1), history.at(-1));
    assert.deepEqual(kept[0], history[30 - MAX_HISTORY_MESSAGES]);

    const huge = [{ sender_type: 'user', content: 'an old question' }, { sender_type: 'user', content: distinctWords(50_000) }];
    const bounded = boundHistory(huge);
    assert.equal(bounded.length, 1, 'the huge message fills the budget; the older one is left out');
    assert.ok(estimateTokens(bounded[0]!.content) <= MAX_HISTORY_TOKENS);
    assert.ok(huge[1]!.content.startsWith(bounded[0]!.content), 'the start of a cut message is kept');
    assert.deepEqual(boundHistory([{ sender_type: 'user', content: '  ' }, { sender_type: 'user', content: 'hi' }]), [{ sender_type: 'user', content: 'hi' }]);
  });

  it('carries at most a few dozen concepts over from a huge previous question, the longest words, deterministically', () => {
    const language = resolveLanguage('en');
    const previous = `${distinctWords(100)} extraordinarily ${distinctWords(8000)} incomprehensibilities`;
    const read = () => readQuestion('and it?', [{ sender_type: 'user', content: previous }], language);
    const focus = read();
    const carried = focus.concepts.filter((concept) => concept.origin === 'history');
    assert.equal(carried.length, MAX_CARRIED_CONCEPTS);
    assert.ok(carried.some((concept) => concept.word === 'extraordinarily'), 'the longest word is carried');
    assert.ok(!carried.some((concept) => concept.word === 'incomprehensibilities'), `only the first ${MAX_CARRIED_TOKENS} tokens are read`);
    assert.deepEqual(searchTermsOf(focus), searchTermsOf(read()));
    assert.ok(searchTermsOf(focus).length <= MAX_SEARCH_TERMS);
  });
});
