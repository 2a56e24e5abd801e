import { SseErrorEvent } from './errors.js';

/** One dispatched Server-Sent Events message. */
export interface SseMessage {
  /** The event type; `message` when the server named none. */
  event: string;
  /** The data lines joined with `\n`. */
  data: string;
}

const LF = 0x0a;
const CR = 0x0d;
const ANSWER_TEXT_FIELDS = ['text', 'content', 'delta', 'answer'] as const;

/** Tells whether a response's Content-Type is `text/event-stream`. */
export function isEventStreamContentType(contentType: string | null | undefined): boolean {
  return /^\s*text\/event-stream\s*(;|$)/i.test(contentType ?? '');
}

/**
 * Incremental `text/event-stream` reader following the HTML specification's line and field rules:
 * CRLF, CR or LF line ends (split anywhere), `:` comments, an optional space after the colon, multi-line
 * data joined with `\n`. Two deliberate leniencies: a message with an event type but no data is still
 * dispatched, and at end() a message whose lines were complete is dispatched without its closing blank line.
 */
export class SseMessageParser {
  /** The unterminated end of the text so far. */
  #line = '';
  #afterCarriageReturn = false;
  #data = '';
  #hasData = false;
  #event = '';

  /** Consumes decoded text and returns the messages it completes. */
  push(text: string): SseMessage[] {
    const messages: SseMessage[] = [];
    let start = 0;
    if (this.#afterCarriageReturn && text.length > 0) {
      this.#afterCarriageReturn = false;
      if (text.charCodeAt(0) === LF) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== LF && code !== CR) continue;
      this.#readLine(this.#line + text.slice(start, i), messages);
      this.#line = '';
      if (code === CR) {
        if (i + 1 === text.length) this.#afterCarriageReturn = true;
        else if (text.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
    }
    this.#line += text.slice(start);
    return messages;
  }

  /** Ends the stream: returns a last message whose lines were complete; an unterminated line is dropped. */
  end(): SseMessage[] {
    const messages: SseMessage[] = [];
    this.#line = '';
    this.#dispatch(messages);
    return messages;
  }

  #readLine(line: string, messages: SseMessage[]): void {
    if (line === '') {
      this.#dispatch(messages);
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    if (field === 'data') {
      this.#data = this.#hasData ? `${this.#data}\n${value}` : value;
      this.#hasData = true;
    } else if (field === 'event') {
      this.#event = value;
    }
    // `id` and `retry` only matter for reconnecting, which an answer stream never does.
  }

  #dispatch(messages: SseMessage[]): void {
    if (this.#hasData || this.#event) messages.push({ event: this.#event || 'message', data: this.#data });
    this.#data = '';
    this.#hasData = false;
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
  const decoder = new TextDecoder('utf-8', { fatal: false });
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
