import { StreamFormatError } from './errors.js';

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whitespace allowed between objects: JSON's own, plus a byte order mark. */
const isSeparator = (code: number): boolean =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff;

/**
 * Incremental reader of a sequence of JSON objects, newline-delimited or simply concatenated (`{…}{…}`),
 * split anywhere, even inside strings. It tracks brace depth with string and escape state in one pass,
 * so each character is looked at once. Malformed input throws a `StreamFormatError`.
 */
export class JsonObjectStreamParser {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The text of the object being read, from earlier chunks. */
  private pending = '';
  private state: 'open' | 'failed' | 'ended' = 'open';

  /** Consumes the next chunk and returns the objects it completes, in order. */
  push(chunk: string): unknown[] {
    this.assertOpen('push');
    const values: unknown[] = [];
    let objectStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (this.depth === 0) {
        if (code === OPEN_BRACE) {
          this.depth = 1;
          objectStart = i;
        } else if (!isSeparator(code)) {
          this.fail(
            `Expected a JSON object in the stream but found ${JSON.stringify(chunk[i])}.`,
            chunk.slice(i, i + 80),
            values,
          );
        }
      } else if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACE) {
        this.depth++;
      } else if (code === CLOSE_BRACE && --this.depth === 0) {
        const text = this.pending + chunk.slice(objectStart, i + 1);
        this.pending = '';
        values.push(this.parseObject(text, values));
      }
    }
    if (this.depth > 0) this.pending += chunk.slice(objectStart);
    return values;
  }

  /** Ends the stream; throws a `StreamFormatError` if it stopped inside an object. */
  end(): unknown[] {
    this.assertOpen('end');
    if (this.depth > 0) this.fail('The stream ended inside a JSON object.', this.pending, []);
    this.state = 'ended';
    return [];
  }

  private parseObject(text: string, values: unknown[]): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      return this.fail(`A streamed JSON object is malformed: ${(error as Error).message}`, text, values);
    }
  }

  private fail(message: string, text: string, values: unknown[]): never {
    this.state = 'failed';
    throw new StreamFormatError(message, text, values);
  }

  private assertOpen(method: 'push' | 'end'): void {
    if (this.state !== 'open') {
      throw new Error(`JsonObjectStreamParser.${method}() was called after ${this.state === 'ended' ? 'end()' : 'a StreamFormatError'}.`);
    }
  }
}

/** Yields what `read` returns; on a `StreamFormatError` yields the values read before the fault, then throws. */
function* valuesBeforeFault(read: () => unknown[]): Generator<unknown> {
  let values: unknown[];
  try {
    values = read();
  } catch (error) {
    if (error instanceof StreamFormatError) yield* error.values;
    throw error;
  }
  yield* values;
}

/**
 * Reads JSON objects from text or UTF-8 byte chunks. On malformed input it first yields the objects read
 * before the fault, then throws the `StreamFormatError`.
 */
export async function* parseJsonObjectStream(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<unknown> {
  const parser = new JsonObjectStreamParser();
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? decoder.decode() + chunk : decoder.decode(chunk, { stream: true });
    yield* valuesBeforeFault(() => parser.push(text));
  }
  yield* valuesBeforeFault(() => parser.push(decoder.decode()));
  yield* valuesBeforeFault(() => parser.end());
}
