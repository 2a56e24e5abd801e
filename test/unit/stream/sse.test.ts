import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  SseMessageParser,
  formatSseAnswer,
  formatSseError,
  isEventStreamContentType,
  readSseAnswerChunks,
  sseAnswerText,
} from '../../../src/stream/sse.js';
import { SseErrorEvent } from '../../../src/stream/errors.js';

/** A body stream over the given byte chunks that records whether the reader cancelled it. */
function bodyOf(chunks: Uint8Array[]): { body: ReadableStream<Uint8Array>; cancelled: () => boolean; pulled: () => number } {
  let index = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { body, cancelled: () => cancelled, pulled: () => index };
}

function cutAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.subarray(start, cut));
    start = cut;
  }
  return chunks;
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of readSseAnswerChunks(body)) chunks.push(chunk);
  return chunks;
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Reads `text` whole, split in two at every byte offset, and byte by byte; all must give `expected`. */
async function expectEverySplit(text: string, expected: string[]): Promise<void> {
  const bytes = encode(text);
  assert.deepEqual(await readAll(bodyOf([bytes]).body), expected, 'whole');
  for (let cut = 0; cut <= bytes.length; cut++) {
    assert.deepEqual(await readAll(bodyOf(cutAt(bytes, [cut])).body), expected, `byte cut at ${cut}`);
  }
  const everyByte = Array.from({ length: bytes.length }, (_, i) => i);
  assert.deepEqual(await readAll(bodyOf(cutAt(bytes, everyByte)).body), expected, 'byte by byte');
}

describe('readSseAnswerChunks', () => {
  it('reads JSON string data written by formatSseAnswer', async () => {
    const chunks = ['Hel', 'lo\n\n', 'w\u00f6rld \ud83d\udc4b', ' "quoted" \\ {brace}', 'data: not a field'];
    await expectEverySplit(formatSseAnswer(chunks), chunks);
  });

  it('reads object data with a text, content, delta or answer field, skipping objects with none', async () => {
    const text = [
      'data: {"text":"a"}',
      'data: {"content":"b"}',
      'data: {"delta":"c","index":1}',
      'data: {"answer":"d"}',
      'data: {"usage":{"tokens":5}}',
      'data: {"text":7,"content":"e"}',
      '',
    ].join('\n\n');
    await expectEverySplit(text, ['a', 'b', 'c', 'd', 'e']);
  });

  it('uses raw data as is, including JSON-looking text that does not parse', async () => {
    await expectEverySplit('data: Hello there\n\ndata: {not json\n\ndata: "unterminated\n\ndata: 42\n\n', [
      'Hello there',
      '{not json',
      '"unterminated',
      '42',
    ]);
  });

  it('joins multi-line data with a line feed and strips one space after the colon', async () => {
    await expectEverySplit('data: line one\ndata:  line two\ndata\ndata:x\n\n', ['line one\n line two\n\nx']);
  });

  it('accepts CRLF and lone CR line ends', async () => {
    await expectEverySplit('data: a\r\n\r\ndata: b\r\rdata: c\r\ndata: d\r\n\r\n', ['a', 'b', 'c\nd']);
  });

  it('ignores comments, ids, retries and unknown fields', async () => {
    await expectEverySplit(': ping\n\nid: 7\nretry: 1000\nfoo: bar\ndata: x\n\n:\n\n', ['x']);
  });

  it('strips a byte order mark', async () => {
    await expectEverySplit('\ufeffdata: x\n\n', ['x']);
  });

  it('ends at data [DONE] and cancels the rest of the body', async () => {
    const stream = bodyOf([encode('data: "a"\n\ndata: [DONE]\n\n'), encode('data: "after"\n\n')]);
    assert.deepEqual(await readAll(stream.body), ['a']);
    assert.equal(stream.cancelled(), true);
    assert.equal(stream.pulled(), 1);
  });

  it('ends at event done, with or without data', async () => {
    await expectEverySplit('data: "a"\n\nevent: done\ndata: \n\ndata: "after"\n\n', ['a']);
    await expectEverySplit('data: "a"\n\nevent: done\n\ndata: "after"\n\n', ['a']);
  });

  it('throws an SseErrorEvent with the data of an error event', async () => {
    const stream = bodyOf([encode(`data: "partial"\n\n${formatSseError('Out of credits.\nTry later.')}data: "x"\n\n`)]);
    const seen: string[] = [];
    await assert.rejects(
      async () => {
        for await (const chunk of readSseAnswerChunks(stream.body)) seen.push(chunk);
      },
      (error: unknown) => {
        assert.ok(error instanceof SseErrorEvent);
        assert.equal(error.name, 'SseErrorEvent');
        assert.equal(error.message, 'Out of credits.\nTry later.');
        assert.equal(error.data, 'Out of credits.\nTry later.');
        return true;
      },
    );
    assert.deepEqual(seen, ['partial']);
    assert.equal(stream.cancelled(), true);
  });

  it('gives an error event without data a generic message', () => {
    assert.equal(new SseErrorEvent('').message, 'The answer stream reported an error.');
  });

  it('dispatches a last message with complete lines but drops an unterminated line at the end', async () => {
    assert.deepEqual(await readAll(bodyOf([encode('data: "a"\n\ndata: "b"\n')]).body), ['a', 'b']);
    assert.deepEqual(await readAll(bodyOf([encode('data: "a"\n\ndata: "b')]).body), ['a']);
  });

  it('cancels the body when the consumer stops early', async () => {
    const stream = bodyOf([encode('data: "a"\n\n'), encode('data: "b"\n\n')]);
    for await (const chunk of readSseAnswerChunks(stream.body)) {
      assert.equal(chunk, 'a');
      break;
    }
    assert.equal(stream.cancelled(), true);
  });

  it('round-trips any chunks through formatSseAnswer under any byte chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', minLength: 1 }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
        async (chunks, sizes) => {
          const bytes = encode(formatSseAnswer(chunks));
          const cuts: number[] = [];
          for (let at = sizes[0]!, k = 1; at < bytes.length; at += sizes[k++ % sizes.length]!) cuts.push(at);
          assert.deepEqual(await readAll(bodyOf(cutAt(bytes, cuts)).body), chunks);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('SseMessageParser', () => {
  it('names messages without an event type "message" and keeps other types', () => {
    const parser = new SseMessageParser();
    assert.deepEqual(parser.push('data: a\n\nevent: status\ndata: b\n\n\n\n'), [
      { event: 'message', data: 'a' },
      { event: 'status', data: 'b' },
    ]);
    assert.deepEqual(parser.end(), []);
  });

  it('keeps an empty first data line', () => {
    assert.deepEqual(new SseMessageParser().push('data\ndata: x\n\n'), [{ event: 'message', data: '\nx' }]);
  });
});

describe('sseAnswerText and isEventStreamContentType', () => {
  it('reads the payload forms', () => {
    assert.equal(sseAnswerText('"a\\nb"'), 'a\nb');
    assert.equal(sseAnswerText(' {"delta":"d"}'), 'd');
    assert.equal(sseAnswerText('{"other":1}'), '');
    assert.equal(sseAnswerText('plain'), 'plain');
    assert.equal(sseAnswerText('[1,2]'), '[1,2]');
  });

  it('tells an event stream content type', () => {
    assert.equal(isEventStreamContentType('text/event-stream'), true);
    assert.equal(isEventStreamContentType('Text/Event-Stream; charset=utf-8'), true);
    assert.equal(isEventStreamContentType('text/plain'), false);
    assert.equal(isEventStreamContentType('application/json'), false);
    assert.equal(isEventStreamContentType('text/event-streams'), false);
    assert.equal(isEventStreamContentType(null), false);
  });
});
