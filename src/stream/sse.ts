import { SseErrorEvent } from './errors.js';
export { isEventStreamContentType } from './content-type.js';

/** One dispatched Server-Sent Events message. */
export interface SseMessage {
  /** The event type; `message` when the server named none. */
  event: string;
  /** The data lines joined with `\n`. */
  data: string;
}

const ANSWER_TEXT_FIELDS = ['text', 'content', 'delta', 'answer'] as const;


// A line end: CRLF, LF, or a CR that is not the last character so far (its LF may be in the next chunk).
const LINE_END = /\r\n|\r(?!$)|\n/;

/**
 * Incremental `text/event-stream` reader following the HTML specification's line and field rules:
 * CRLF, CR or LF line ends (split anywhere), `:` comments, an optional space after the colon, multi-line
 * data joined with `\n`. Two deliberate leniencies: a message with an event type but no data is still
 * dispatched, and at end() a message whose lines were complete is dispatched without its closing blank line.
 */
export class SseMessageParser {
  /** The unterminated end of the text so far. */
  #rest = '';
  #heldCarriageReturn = false;
  /** The data lines of the message being read, undefined before its first. */
  #data: string | undefined;
  #event = '';

  /** Consumes decoded text and returns the messages it completes. */
  push(text: string): SseMessage[] {
    const messages: SseMessage[] = [];
    // Only a line end in the new text, or a held CR, can complete a line: a long line is not searched again
    // at every chunk (nor read back, which would flatten it).
    if (!/[\r\n]/.test(text) && !this.#heldCarriageReturn) {
      this.#rest += text;
      return messages;
    }
    const lines = (this.#rest + text).split(LINE_END);
    this.#rest = lines.pop()!;
    this.#heldCarriageReturn = this.#rest.endsWith('\r');
    for (const line of lines) this.#readLine(line, messages);
    return messages;
  }

  /** Ends the stream: returns a last message whose lines were complete; an unterminated line is dropped. */
  end(): SseMessage[] {
    const messages: SseMessage[] = [];
    // A final CR ends its line.
    if (this.#heldCarriageReturn) this.#readLine(this.#rest.slice(0, -1), messages);
    // A held CR left set only sends the next push, if any, through the line search.
    this.#rest = '';
    this.#dispatch(messages);
    return messages;
  }

  #readLine(line: string, messages: SseMessage[]): void {
    if (!line) return this.#dispatch(messages);
    // A comment (`:` first) has the empty field name, which no branch below reads.
    const [, field, value = ''] = /^([^:]*)(?:: ?(.*))?$/s.exec(line)!;
    if (field === 'data') this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
    else if (field === 'event') this.#event = value;
    // `id` and `retry` only matter for reconnecting, which an answer stream never does.
  }

  #dispatch(messages: SseMessage[]): void {
    if (this.#data !== undefined || this.#event) messages.push({ event: this.#event || 'message', data: this.#data ?? '' });
    this.#data = undefined;
    this.#event = '';
  }
}

/**
 * The answer text a message carries: a JSON string literal, a JSON object's `text`, `content`, `delta` or
 * `answer` string (an object with none of them carries no text), or otherwise the raw data.
 */
export function sseAnswerText(data: string): string {
  const first = data.trimStart().charAt(0);
  if (first !== '"' && first !== '{') return data;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return data;
  }
  if (typeof value === 'string') return value;
  const record = value as Record<string, unknown>;
  for (const field of ANSWER_TEXT_FIELDS) {
    const text = record[field];
    if (typeof text === 'string') return text;
  }
  return '';
}

/**
 * Reads a `text/event-stream` answer body into answer text chunks. Ends at `event: done` or data `[DONE]`
 * (or when the body ends); `event: error` throws an `SseErrorEvent` carrying the data. Stopping early
 * cancels the body.
 */
export async function* readSseAnswerChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseMessageParser();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      const messages = done
        ? [...parser.push(decoder.decode()), ...parser.end()]
        : parser.push(decoder.decode(value, { stream: true }));
      for (const message of messages) {
        if (message.event === 'done' || message.data.trim() === '[DONE]') return;
        if (message.event === 'error') throw new SseErrorEvent(message.data);
        const text = sseAnswerText(message.data);
        if (text) yield text;
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function dataLines(text: string): string {
  return text.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join('');
}

/** Writes answer chunks as an event stream (`data: <JSON string>` each, then `event: done`). */
export function formatSseAnswer(chunks: readonly string[]): string {
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}event: done\ndata: \n\n`;
}

/** Writes one `event: error` message whose data is the given text (one data line per line of it). */
export function formatSseError(message: string): string {
  return `event: error\n${dataLines(message)}\n`;
}
