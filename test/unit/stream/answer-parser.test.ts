import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  AnswerParser,
  createAnswerDecoder,
  parseAnswerStream,
  parseSuggestedQuestions,
  type AnswerEvent,
} from '../../../src/stream/answer-parser.js';
import { ANSWER_FIXTURES, type AnswerFixture } from './answer-fixtures.js';

interface Reading {
  answer: string;
  questions: string[] | undefined;
}

/**
 * Checks the event grammar (non-empty deltas, at most one suggestions event, exactly one final done, shown
 * text only ever growing as a prefix of `expected`) and merges the deltas.
 */
function read(events: AnswerEvent[], expected: string): Reading {
  let answer = '';
  let questions: string[] | undefined;
  events.forEach((event, index) => {
    const last = index === events.length - 1;
    assert.equal(event.type === 'done', last, `done must be the last event and only there (event ${index})`);
    if (event.type === 'text') {
      assert.notEqual(event.text, '', 'a text delta is never empty');
      assert.equal(questions, undefined, 'text never follows the suggestions');
      answer += event.text;
      assert.ok(expected.startsWith(answer), `shown text ${JSON.stringify(answer)} is not a prefix of the answer`);
    } else if (event.type === 'suggestions') {
      assert.equal(questions, undefined, 'one suggestions event at most');
      questions = event.questions;
    }
  });
  return { answer, questions };
}

function parseChunks(chunks: Iterable<string>): AnswerEvent[] {
  const parser = new AnswerParser();
  const events: AnswerEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
}

function decodeChunks(bytes: Uint8Array, cuts: number[]): AnswerEvent[] {
  const decoder = createAnswerDecoder();
  const events: AnswerEvent[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...decoder.push(bytes.subarray(start, cut)));
    start = cut;
  }
  events.push(...decoder.end());
  return events;
}

function expectReading(events: AnswerEvent[], fixture: AnswerFixture, how: string): void {
  assert.deepEqual(read(events, fixture.answer), { answer: fixture.answer, questions: fixture.questions }, how);
}

describe('AnswerParser on the fixture corpus', () => {
  for (const fixture of ANSWER_FIXTURES) {
    describe(fixture.name, () => {
      it('reads the whole body in one chunk', () => {
        expectReading(parseChunks([fixture.body]), fixture, 'one chunk');
      });

      it('reads the same when split in two at every offset', () => {
        for (let cut = 0; cut <= fixture.body.length; cut++) {
          expectReading(parseChunks([fixture.body.slice(0, cut), fixture.body.slice(cut)]), fixture, `cut at ${cut}`);
        }
      });

      it('reads the same when split in three around every offset', () => {
        for (let cut = 0; cut < fixture.body.length; cut++) {
          for (const gap of [1, 2, 3, 5, 8]) {
            const chunks = [fixture.body.slice(0, cut), fixture.body.slice(cut, cut + gap), fixture.body.slice(cut + gap)];
            expectReading(parseChunks(chunks), fixture, `cuts at ${cut} and ${cut + gap}`);
          }
        }
      });

      it('reads the same one character at a time', () => {
        expectReading(parseChunks(fixture.body.split('')), fixture, 'one UTF-16 unit per chunk');
        expectReading(parseChunks(Array.from(fixture.body)), fixture, 'one code point per chunk');
      });

      it('reads the same from UTF-8 bytes split at every byte offset and byte by byte', () => {
        const bytes = new TextEncoder().encode(fixture.body);
        for (let cut = 0; cut <= bytes.length; cut++) {
          expectReading(decodeChunks(bytes, [cut]), fixture, `byte cut at ${cut}`);
        }
        expectReading(decodeChunks(bytes, Array.from({ length: bytes.length }, (_, i) => i)), fixture, 'byte by byte');
      });
    });
  }
});

/** Pushes chunks and returns the text shown after each one. */
function shownAfterEach(chunks: string[]): string[] {
  const parser = new AnswerParser();
  let shown = '';
  return chunks.map((chunk) => {
    for (const event of parser.push(chunk)) if (event.type === 'text') shown += event.text;
    return shown;
  });
}

describe('AnswerParser holds back only what could still be a marker', () => {
  it('shows answer text as soon as the answer marker is complete', () => {
    assert.deepEqual(shownAfterEach(['*Ans', 'wer:', '* Hel', 'lo wor']), ['', '', 'Hel', 'Hello wor']);
  });

  it('waits on a closing emphasis that may still follow the colon', () => {
    assert.deepEqual(shownAfterEach(['**Answer:', '*', '*', 'Hi']), ['', '', '', 'Hi']);
  });

  it('shows text without a marker once it cannot be one', () => {
    assert.deepEqual(shownAfterEach(['An', 'swers', ' vary']), ['', 'Answers', 'Answers vary']);
  });

  it('holds a line start only while it could be the suggestions marker', () => {
    assert.deepEqual(shownAfterEach(['Hello\n', '*Sugg', 'ar', ' is sweet']), [
      'Hello',
      'Hello',
      'Hello\n*Suggar',
      'Hello\n*Suggar is sweet',
    ]);
  });

  it('never shows any part of a suggestions marker split across chunks', () => {
    const parser = new AnswerParser();
    const chunks = ['Hi!\n', '\n*', 'Sugg', 'est Ques', 'tions', ':', '*\n1. ', 'Why?'];
    const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
    assert.deepEqual(events, [
      { type: 'text', text: 'Hi!' },
      { type: 'suggestions', questions: ['Why?'] },
      { type: 'done' },
    ]);
  });

  it('holds trailing whitespace until text follows it', () => {
    assert.deepEqual(shownAfterEach(['One.', '  \n\n', 'Two.', ' ']), ['One.', 'One.', 'One.  \n\nTwo.', 'One.  \n\nTwo.']);
  });

  it('drops and holds exactly the whitespace that String.prototype.trim knows, and no other character', () => {
    // No-break, ideographic, Ogham and narrow no-break spaces and the byte order mark are whitespace; a zero-width space is not.
    for (const space of ['\t', '\u00a0', '\u1680', '\u202f', '\u3000', '\ufeff']) {
      const shown = read(parseChunks([space, `${space}*Answer:*${space}A${space}`, `B${space}\n${space}`]), `A${space}B`).answer;
      assert.equal(shown, `A${space}B`, `whitespace U+${space.charCodeAt(0).toString(16)}`);
    }
    assert.equal(read(parseChunks(['\u200b*Answer:* A\u200b']), '\u200b*Answer:* A\u200b').answer, '\u200b*Answer:* A\u200b');
  });

  it('gives at most one text delta per push', () => {
    const parser = new AnswerParser();
    const events = parser.push('*Answer:* a\nb\nc\n*not a marker*\nd');
    assert.deepEqual(events, [{ type: 'text', text: 'a\nb\nc\n*not a marker*\nd' }]);
  });
});

describe('AnswerParser on generated bodies (fast-check, fixed seed)', () => {
  // Pieces of both markers in their spellings, emphasis, headings, spaces and line ends: bodies where marker
  // decisions fall at every place in a line.
  const piece = fc.constantFrom(
    '*Answer:* ', '**Answer:** ', 'Answer: ', '*Suggest Questions:*', '**Suggested Questions**', 'Suggested questions:',
    'Sugg', 'est', ' Ques', 'tions', 'suggest', '*', '**', '_', '#', '## ', ':', '\uff1a', ' ', '  ', '\t', '\u00a0', '\n', '\r\n', '\r', '\u2028', '\u0000',
    'a', 'Hello', '1. ', '- ', 'Why?', 'x'.repeat(70), ' '.repeat(63), '\n' + ' '.repeat(64),
  );
  const body = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));
  /** The text cut at the offsets (each taken modulo its length plus one), in order. */
  const chunksAt = (text: string, offsets: number[]): string[] => {
    const cuts = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((a, b) => a - b);
    return [...cuts, text.length].map((cut, index) => text.slice(index ? cuts[index - 1] : 0, cut));
  };
  const merged = (events: AnswerEvent[]) => ({
    answer: events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join(''),
    questions: events.find((event) => event.type === 'suggestions'),
  });

  it('reads a body in any chunks as it reads it one character at a time', () => {
    fc.assert(
      fc.property(body, fc.array(fc.nat(), { maxLength: 8 }), (text, offsets) => {
        const chunks = chunksAt(text, offsets);
        const reference = merged(parseChunks(text.split('')));
        assert.deepEqual(merged(parseChunks([text])), reference);
        assert.deepEqual(merged(parseChunks(chunks)), reference);
      }),
      { seed: 20261127, numRuns: 3000 },
    );
  });

  it('shows all of a body that holds no marker, in any chunks, once (no letter s: neither marker can occur)', () => {
    const unmarked = fc
      .array(piece.filter((text) => !/s/i.test(text)), { maxLength: 40 })
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(unmarked, fc.array(fc.nat(), { maxLength: 8 }), (text, offsets) => {
        const chunks = chunksAt(text, offsets);
        const expected = text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').trim();
        assert.deepEqual(merged(parseChunks(chunks)), { answer: expected, questions: undefined });
      }),
      { seed: 20261127, numRuns: 2000 },
    );
  });
});

describe('AnswerParser ends cleanly', () => {
  it('decides at the end a marker the body ended on, as if a line end followed', () => {
    const ended = (body: string) => {
      const parser = new AnswerParser();
      return [...parser.push(body), ...parser.end()];
    };
    const done = { type: 'done' } as const;
    const noQuestions = { type: 'suggestions', questions: [] } as const;
    assert.deepEqual(ended('Hi\nSuggested questions'), [{ type: 'text', text: 'Hi' }, noQuestions, done]);
    assert.deepEqual(ended('Hi\n**Suggest Questions:**'), [{ type: 'text', text: 'Hi' }, noQuestions, done]);
    assert.deepEqual(ended('Hi\nSuggested questions:'), [{ type: 'text', text: 'Hi' }, noQuestions, done]);
    assert.deepEqual(ended('Hi\n*Suggested Questions:*\n1. A?\n'), [{ type: 'text', text: 'Hi' }, { type: 'suggestions', questions: ['A?'] }, done]);
    assert.deepEqual(ended('Hi\nSuggest'), [{ type: 'text', text: 'Hi' }, { type: 'text', text: '\nSuggest' }, done]);
    assert.deepEqual(ended('*Answer*'), [{ type: 'text', text: '*Answer*' }, done]);
    for (const marker of ['  **Answer:*', '**Answer:**', '# Answer:']) assert.deepEqual(ended(marker), [done], marker);
    assert.deepEqual(ended('Answer: Hi\n\n'), [{ type: 'text', text: 'Hi' }, done]);
    assert.deepEqual(ended('Hi\r'), [{ type: 'text', text: 'Hi' }, done]);
    assert.deepEqual(ended('\n\n'), [done]);
  });

  it('ends with exactly one done and no suggestions event without a marker', () => {
    const parser = new AnswerParser();
    assert.deepEqual(parser.push('*Answer:* Hi'), [{ type: 'text', text: 'Hi' }]);
    assert.deepEqual(parser.end(), [{ type: 'done' }]);
  });

  it('emits suggestions only on end', () => {
    const parser = new AnswerParser();
    assert.deepEqual(parser.push('Hi\n*Suggest Questions:*\n1. A?\n2. B?\n'), [{ type: 'text', text: 'Hi' }]);
    assert.deepEqual(parser.end(), [{ type: 'suggestions', questions: ['A?', 'B?'] }, { type: 'done' }]);
  });

  it('throws a clear error on push or end after end', () => {
    const parser = new AnswerParser();
    parser.end();
    assert.throws(() => parser.push('more'), { name: 'Error', message: /push\(\) was called after end\(\)/ });
    assert.throws(() => parser.end(), { message: /end\(\) was called after end\(\)/ });
  });

  it('flushes a truncated UTF-8 sequence as a replacement character', () => {
    const decoder = createAnswerDecoder();
    const euro = new TextEncoder().encode('*Answer:* 5 \u20ac');
    assert.deepEqual(decoder.push(euro.subarray(0, euro.length - 1)), [{ type: 'text', text: '5' }]);
    assert.deepEqual(decoder.end(), [{ type: 'text', text: ' \ufffd' }, { type: 'done' }]);
  });

  it('turns every line end into LF, a CRLF split across chunks (even by empty ones) into one', () => {
    assert.deepEqual(read(parseChunks(['a\r', '\nb\rc\u2028d']), 'a\nb\nc\nd'), { answer: 'a\nb\nc\nd', questions: undefined });
    assert.deepEqual(read(parseChunks(['a\r', '', '\n', '\nb']), 'a\n\nb'), { answer: 'a\n\nb', questions: undefined });
    assert.deepEqual(read(parseChunks(['a\r', '\r', '\nb']), 'a\n\nb'), { answer: 'a\n\nb', questions: undefined });
  });
});

describe('parseAnswerStream', () => {
  async function* from<T>(items: T[]): AsyncGenerator<T> {
    for (const item of items) yield item;
  }

  it('reads text chunks', async () => {
    const events: AnswerEvent[] = [];
    for await (const event of parseAnswerStream(from(['*Answer:* He', 'llo\n\n*Suggest Questions:*\n1. Q?']))) {
      events.push(event);
    }
    assert.deepEqual(read(events, 'Hello'), { answer: 'Hello', questions: ['Q?'] });
  });

  it('reads byte chunks split inside characters, mixed with text chunks', async () => {
    const bytes = new TextEncoder().encode('*Answer:* \u00e9t\u00e9 \ud83c\udf1e');
    const chunks: (string | Uint8Array)[] = [bytes.subarray(0, 12), bytes.subarray(12, 17), ' ok', bytes.subarray(17, 17)];
    const events: AnswerEvent[] = [];
    for await (const event of parseAnswerStream(from(chunks))) events.push(event);
    const expected = '\u00e9t\u00e9 \ufffd ok';
    assert.equal(read(events, expected).answer, expected);
  });

  it('ends with done for an empty stream', async () => {
    const events: AnswerEvent[] = [];
    for await (const event of parseAnswerStream(from<string>([]))) events.push(event);
    assert.deepEqual(events, [{ type: 'done' }]);
  });
});

describe('parseSuggestedQuestions', () => {
  it('reads numbered, bulleted and unnumbered questions by the documented rules', () => {
    assert.deepEqual(parseSuggestedQuestions('\nPick one:\nWhy?\n1) A?\n\n- B?\n\u2022 C?\n+ D?\nThat is all.\n- E?'), [
      'Why?',
      'A?',
      'B?',
      'C?',
      'D?',
    ]);
  });

  it('accepts full-width and Arabic question marks on unnumbered lines', () => {
    assert.deepEqual(parseSuggestedQuestions('\u306a\u305c\uff1f\n\u0644\u0645\u0627\u0630\u0627\u061f\nno'), [
      '\u306a\u305c\uff1f',
      '\u0644\u0645\u0627\u0630\u0627\u061f',
    ]);
  });

  it('keeps questions that contain line separators other than CR and LF', () => {
    assert.deepEqual(parseSuggestedQuestions('1. A\u2028B?'), ['A\u2028B?']);
  });
});
