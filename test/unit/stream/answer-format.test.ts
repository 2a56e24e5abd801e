import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  ANSWER_FORMAT_STYLES,
  formatAnswer,
  splitIntoChunks,
  splitIntoWords,
} from '../../../src/stream/answer-format.js';
import { AnswerParser, createAnswerDecoder, type AnswerEvent } from '../../../src/stream/answer-parser.js';

interface Reading {
  answer: string;
  questions: string[];
}

function merge(events: AnswerEvent[]): Reading {
  assert.deepEqual(events.at(-1), { type: 'done' });
  assert.equal(events.filter((event) => event.type === 'done').length, 1);
  let answer = '';
  let questions: string[] = [];
  for (const event of events) {
    if (event.type === 'text') {
      assert.notEqual(event.text, '');
      answer += event.text;
    } else if (event.type === 'suggestions') {
      questions = event.questions;
    }
  }
  return { answer, questions };
}

function parseText(chunks: Iterable<string>): Reading {
  const parser = new AnswerParser();
  const events: AnswerEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  return merge([...events, ...parser.end()]);
}

function parseBytes(bytes: Uint8Array, sizes: number[]): Reading {
  const decoder = createAnswerDecoder();
  const events: AnswerEvent[] = [];
  let start = 0;
  for (let k = 0; start < bytes.length; k++) {
    const end = start + (sizes.length ? sizes[k % sizes.length]! : bytes.length);
    events.push(...decoder.push(bytes.subarray(start, end)));
    start = end;
  }
  return merge([...events, ...decoder.end()]);
}

describe('formatAnswer', () => {
  it('writes exactly the documented body by default', () => {
    assert.equal(
      formatAnswer({ answer: 'Hello! How can I assist you today?', suggestions: ['A?', 'B?', 'C?', 'D?'] }),
      '*Answer:* Hello! How can I assist you today?\n\n*Suggest Questions:*\n1. A?\n2. B?\n3. C?\n4. D?',
    );
  });

  it('leaves the suggestions section out when there are none', () => {
    assert.equal(formatAnswer({ answer: 'Hi', suggestions: [] }), '*Answer:* Hi');
    assert.equal(formatAnswer({ answer: 'Hi' }), '*Answer:* Hi');
  });

  it('writes each style', () => {
    const parts = { answer: 'a\nb', suggestions: ['Q1?', 'Q2?'] };
    assert.equal(formatAnswer({ ...parts, style: 'bold' }), '**Answer:** a\nb\n\n**Suggested Questions:**\n1) Q1?\n2) Q2?');
    assert.equal(formatAnswer({ ...parts, style: 'plain' }), 'Answer: a\nb\n\nSuggested questions:\n- Q1?\n- Q2?');
    assert.equal(
      formatAnswer({ ...parts, style: 'suggested' }),
      '*Answer*: a\nb\n\n**Suggested Questions**\n\u2022 Q1?\n\u2022 Q2?',
    );
    assert.equal(
      formatAnswer({ ...parts, style: 'crlf' }),
      '*Answer:* a\r\nb\r\n\r\n*Suggest Questions:*\r\n1. Q1?\r\n2. Q2?',
    );
  });

  it('rejects a question that is empty or spans lines', () => {
    assert.throws(() => formatAnswer({ answer: 'x', suggestions: ['ok?', ' '] }), {
      name: 'RangeError',
      message: /Suggested question 2/,
    });
    assert.throws(() => formatAnswer({ answer: 'x', suggestions: ['a\nb?'] }), RangeError);
  });
});

describe('splitIntoChunks and splitIntoWords', () => {
  it('cuts by the given sizes and yields the rest once sizes run out', () => {
    assert.deepEqual([...splitIntoChunks('abcdefgh', [1, 2, 3])], ['a', 'bc', 'def', 'gh']);
    assert.deepEqual([...splitIntoChunks('abc', [5, 1])], ['abc']);
    assert.deepEqual([...splitIntoChunks('', [1])], []);
  });

  it('never splits a surrogate pair', () => {
    assert.deepEqual([...splitIntoChunks('a\ud83d\ude00b', [2, 1])], ['a\ud83d\ude00', 'b']);
  });

  it('rejects sizes that are not positive integers', () => {
    assert.throws(() => [...splitIntoChunks('abc', [0])], RangeError);
    assert.throws(() => [...splitIntoChunks('abc', [1.5])], RangeError);
  });

  it('cuts words with their following whitespace', () => {
    assert.deepEqual(splitIntoWords('  Hello,  world!\n\nBye '), ['  Hello,  ', 'world!\n\n', 'Bye ']);
    assert.deepEqual(splitIntoWords('   '), ['   ']);
    assert.deepEqual(splitIntoWords(''), []);
  });
});

// Random answers are built from Markdown-ish fragments and arbitrary graphemes; well-formed means no line end
// other than LF (the parser turns CR, NEL, U+2028 and U+2029 into LF) and no line that starts like a
// suggestions marker (the one thing an answer cannot say on a line of its own).
const FRAGMENTS = [
  'Hello', 'world', ' ', '  ', '\n', '\n\n', '\t', '**bold**', '*', '**', '_', ':', '#', '## Heading', '- item',
  '1. step', '2) step', '`code`', '```js\nconst a = 1;\n```', '| a | b |', 'Answer:', '*Answer:*', 'answer',
  'questions?', 'suggested', 'Suggest', '\ud83d\udc4b\ud83c\udffd', '\u4f60\u597d', '\u0645\u0631\u062d\u0628\u0627',
  '\u00a0', '\u2028', '"quoted"', 'e\u0301', '{"json": true}',
];
const answerText = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 30 })
  .map((parts) => parts.join('').replace(/[\r\u0085\u2028\u2029]/g, ''))
  .filter((text) => !/(^|\n)[ \t]*(#+[ \t]*)?[*_]{0,2}[ \t]*suggest/i.test(text));

const WRAPPER_CHARS = '*_`"\'\u201c\u201d\u2018\u2019\u00ab\u00bb\u300c\u300d\u300e\u300f';
const question = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .map((text) => text.replace(/[\r\n\u0085\u2028\u2029]/g, ' ').trim())
  .filter((text) => text.length > 0 && !WRAPPER_CHARS.includes(text[0]!) && !WRAPPER_CHARS.includes(text.at(-1)!));
const questions = fc.uniqueArray(question, { maxLength: 6 });
const style = fc.constantFrom(...ANSWER_FORMAT_STYLES);
const sizes = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 });

describe('format then parse gives back the answer and the questions', () => {
  it('in one chunk, for every style', () => {
    fc.assert(
      fc.property(answerText, questions, style, (answer, suggestions, chosen) => {
        const body = formatAnswer({ answer, suggestions, style: chosen });
        assert.deepEqual(parseText([body]), { answer: answer.trim(), questions: suggestions });
      }),
      { numRuns: 500 },
    );
  });

  it('under random chunkings of the text', () => {
    fc.assert(
      fc.property(answerText, questions, style, sizes, (answer, suggestions, chosen, chunkSizes) => {
        const body = formatAnswer({ answer, suggestions, style: chosen });
        const cycled = Array.from({ length: body.length }, (_, k) => chunkSizes[k % chunkSizes.length]!);
        const chunks = [...splitIntoChunks(body, cycled)];
        assert.equal(chunks.join(''), body);
        assert.deepEqual(parseText(chunks), { answer: answer.trim(), questions: suggestions });
      }),
      { numRuns: 500 },
    );
  });

  it('under random chunkings of the UTF-8 bytes', () => {
    fc.assert(
      fc.property(answerText, questions, style, sizes, (answer, suggestions, chosen, chunkSizes) => {
        const bytes = new TextEncoder().encode(formatAnswer({ answer, suggestions, style: chosen }));
        assert.deepEqual(parseBytes(bytes, chunkSizes), { answer: answer.trim(), questions: suggestions });
      }),
      { numRuns: 500 },
    );
  });
});
