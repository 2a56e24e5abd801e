import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonObjectStreamParser, parseJsonObjectStream } from '../../../src/stream/progress-parser.js';
import { StreamFormatError } from '../../../src/stream/errors.js';

function parseAll(chunks: string[]): unknown[] {
  const parser = new JsonObjectStreamParser();
  const values = chunks.flatMap((chunk) => parser.push(chunk));
  return [...values, ...parser.end()];
}

const PROGRESS = [
  { url: 'https://example.com/', progress: 0, num_token: 0 },
  { url: 'https://example.com/pricing', progress: 0.5, num_token: 812 },
  { url: 'https://example.com/about', progress: 1, num_token: 1530 },
];

const TRICKY = [
  { url: 'https://example.com/{id}?q="}"', note: 'brace } and { in a string' },
  { s: 'escaped \\" quote and backslash \\\\', t: '\\' },
  { e: '\ud83d\ude00 \u00e9 \u4f60\u597d \u0645\u0631\u062d\u0628\u0627 \u2028', u: '\\u007b not an escape' },
  { nested: { deeper: { list: [1, { a: '}' }, []] } }, empty: {} },
  {},
];

const framings: Record<string, (values: unknown[]) => string> = {
  'newline-delimited': (values) => values.map((value) => `${JSON.stringify(value)}\n`).join(''),
  'CRLF-delimited': (values) => values.map((value) => `${JSON.stringify(value)}\r\n`).join(''),
  concatenated: (values) => values.map((value) => JSON.stringify(value)).join(''),
  'pretty-printed and spaced': (values) => values.map((value) => JSON.stringify(value, null, 2)).join(' \n\t'),
};

describe('JsonObjectStreamParser', () => {
  for (const [framing, frame] of Object.entries(framings)) {
    for (const [name, values] of [['progress objects', PROGRESS], ['tricky strings', TRICKY]] as const) {
      it(`reads ${framing} ${name} split at every offset`, () => {
        const text = frame([...values]);
        assert.deepEqual(parseAll([text]), values);
        for (let cut = 0; cut <= text.length; cut++) {
          assert.deepEqual(parseAll([text.slice(0, cut), text.slice(cut)]), values, `cut at ${cut}`);
        }
        assert.deepEqual(parseAll(text.split('')), values, 'one character at a time');
      });
    }
  }

  it('returns each object from the push that completes it', () => {
    const parser = new JsonObjectStreamParser();
    assert.deepEqual(parser.push('{"a":1}{"b":'), [{ a: 1 }]);
    assert.deepEqual(parser.push('2}\n'), [{ b: 2 }]);
    assert.deepEqual(parser.push('  '), []);
    assert.deepEqual(parser.end(), []);
  });

  it('reads an empty stream and a leading byte order mark', () => {
    assert.deepEqual(parseAll([]), []);
    assert.deepEqual(parseAll(['\ufeff{"a":1}']), [{ a: 1 }]);
  });

  it('throws a StreamFormatError for a malformed object, keeping its text and the objects before it', () => {
    const parser = new JsonObjectStreamParser();
    assert.deepEqual(parser.push('{"a":1}\n{"b":'), [{ a: 1 }]);
    assert.throws(
      () => parser.push('2,}{"c":3}\n{"d":,}'),
      (error: unknown) => {
        assert.ok(error instanceof StreamFormatError);
        assert.equal(error.name, 'StreamFormatError');
        assert.match(error.message, /malformed/);
        assert.equal(error.text, '{"b":2,}');
        assert.deepEqual(error.values, []);
        return true;
      },
    );
    assert.throws(() => parser.push('{}'), /after a StreamFormatError/);
  });

  it('keeps the objects completed in the same chunk before a fault', () => {
    const parser = new JsonObjectStreamParser();
    assert.throws(
      () => parser.push('{"a":1}{"b":2}{bad}'),
      (error: unknown) => error instanceof StreamFormatError && error.text === '{bad}' && error.values.length === 2,
    );
  });

  it('throws a StreamFormatError for text between objects', () => {
    for (const text of ['{"a":1},{"b":2}', '[{"a":1}]', 'data: {"a":1}', '{"a":1}\nnull']) {
      assert.throws(() => parseAll([text]), StreamFormatError, text);
    }
    assert.throws(() => parseAll(['{"a":1} x']), { message: /found "x"/ });
  });

  it('throws a StreamFormatError when the stream ends inside an object', () => {
    assert.throws(
      () => parseAll(['{"url":"https://example.com/","progress":0.', '5']),
      (error: unknown) =>
        error instanceof StreamFormatError &&
        /ended inside a JSON object/.test(error.message) &&
        error.text === '{"url":"https://example.com/","progress":0.5',
    );
    assert.throws(() => parseAll(['{"s":"}']), StreamFormatError, 'a brace inside an open string does not close');
  });

  it('throws a clear error when used after end', () => {
    const parser = new JsonObjectStreamParser();
    parser.end();
    assert.throws(() => parser.push('{}'), /push\(\) was called after end\(\)/);
  });

  it('reads any objects under any framing and chunking', () => {
    const objects = fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 6 });
    const separators = fc.array(fc.constantFrom('', '\n', '\r\n', ' ', '\n\n'), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(objects, separators, fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1 }), (values, gaps, sizes) => {
        const text = values.map((value, i) => JSON.stringify(value) + gaps[i]).join('');
        const chunks: string[] = [];
        for (let start = 0, k = 0; start < text.length; k++) {
          chunks.push(text.slice(start, start + sizes[k % sizes.length]!));
          start += sizes[k % sizes.length]!;
        }
        assert.deepEqual(parseAll(chunks), values.map((value) => JSON.parse(JSON.stringify(value))));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseJsonObjectStream', () => {
  async function collect(chunks: (string | Uint8Array)[]): Promise<unknown[]> {
    const values: unknown[] = [];
    for await (const value of parseJsonObjectStream((async function* () { yield* chunks; })())) values.push(value);
    return values;
  }

  it('reads UTF-8 bytes split at every byte offset', async () => {
    const bytes = new TextEncoder().encode(TRICKY.map((value) => JSON.stringify(value)).join(''));
    for (let cut = 0; cut <= bytes.length; cut++) {
      assert.deepEqual(await collect([bytes.subarray(0, cut), bytes.subarray(cut)]), TRICKY, `byte cut at ${cut}`);
    }
  });

  it('yields the objects read before a fault, then throws the StreamFormatError', async () => {
    const seen: unknown[] = [];
    const stream = parseJsonObjectStream((async function* () { yield '{"a":1}{"b":2}{"c":'; yield '}'; })());
    await assert.rejects(async () => {
      for await (const value of stream) seen.push(value);
    }, StreamFormatError);
    assert.deepEqual(seen, [{ a: 1 }, { b: 2 }]);
  });

  it('throws the StreamFormatError for a truncated stream', async () => {
    await assert.rejects(collect(['{"a":1}', '{"b":']), /ended inside a JSON object/);
  });
});
