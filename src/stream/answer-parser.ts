/** One event of a parsed answer stream: an answer text delta, the suggested questions, or the end. */
export type AnswerEvent =
  | { type: 'text'; text: string }
  | { type: 'suggestions'; questions: string[] }
  | { type: 'done' };

/** The answer stream decoded from UTF-8 bytes split anywhere, with the same events as `AnswerParser`. */
export interface AnswerDecoder {
  /** Decodes the next bytes and returns the events they complete. */
  push(bytes: Uint8Array): AnswerEvent[];
  /** Flushes the decoder and the parser; the last event is always `done`. */
  end(): AnswerEvent[];
}

const NO = -1;
const MAYBE = -2;
/** A marker (with its indentation, heading and emphasis) must end within this many characters of its line start. */
const MARKER_LIMIT = 64;
const WHITESPACE = /\s/;

/** Matches a marker label at `i`: the index after it, `NO`, or `MAYBE` when the text ends inside it. */
type LabelMatcher = (text: string, i: number) => number;

/** Tells whitespace exactly as `String.prototype.trim` does. */
function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code >= 0xa0 && WHITESPACE.test(String.fromCharCode(code)));
}

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';
const isEmphasis = (char: string | undefined): boolean => char === '*' || char === '_';
const isColon = (char: string | undefined): boolean => char === ':' || char === '\uff1a';
const isLineEnd = (char: string | undefined): boolean => char === '\n' || char === '\r';

function matchWord(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) {
    if (i + k >= text.length) return MAYBE;
    if (text[i + k]!.toLowerCase() !== word[k]) return NO;
  }
  return i + word.length;
}

function matchBlanks(text: string, i: number, min: number): number {
  let j = i;
  while (j < text.length && j <= MARKER_LIMIT && isBlank(text[j])) j++;
  if (j > MARKER_LIMIT) return NO;
  if (j === text.length) return MAYBE;
  return j - i >= min ? j : NO;
}

const answerLabel: LabelMatcher = (text, i) => matchWord(text, i, 'answer');

const suggestionsLabel: LabelMatcher = (text, start) => {
  let i = matchWord(text, start, 'suggest');
  if (i < 0) return i;
  const past = matchWord(text, i, 'ed');
  if (past === MAYBE) return MAYBE;
  if (past >= 0) i = past;
  i = matchBlanks(text, i, 1);
  if (i < 0) return i;
  i = matchWord(text, i, 'question');
  if (i < 0) return i;
  const plural = matchWord(text, i, 's');
  return plural === NO ? i : plural;
};

/**
 * Matches `[#… ][*|**] label [*|**] :` (emphasis closing before or after the colon) at the start of `text`.
 * With `bareLine`, the label alone on its line (no colon) also counts. Returns the index just past the
 * marker, `NO`, or `MAYBE` while more text could still complete it. The answer depends only on the text,
 * never on where chunks were split, because a decision once made never changes as text is added.
 */
function matchMarker(text: string, label: LabelMatcher, bareLine: boolean): number {
  const end = matchMarkerAt(text, label, bareLine);
  if (end === MAYBE) return text.length > MARKER_LIMIT ? NO : MAYBE;
  return end > MARKER_LIMIT ? NO : end;
}

function matchMarkerAt(text: string, label: LabelMatcher, bareLine: boolean): number {
  let i = matchBlanks(text, 0, 0);
  if (i < 0) return i;
  if (text[i] === '#') {
    let j = i;
    while (j < text.length && text[j] === '#') j++;
    if (j - i > 6) return NO;
    i = matchBlanks(text, j, 1);
    if (i < 0) return i;
  }
  let opening = 0;
  while (i < text.length && isEmphasis(text[i])) {
    i++;
    opening++;
  }
  if (opening > 2) return NO;
  i = matchBlanks(text, i, 0);
  if (i < 0) return i;
  i = label(text, i);
  if (i < 0) return i;
  i = matchBlanks(text, i, 0);
  if (i < 0) return i;
  if (isColon(text[i])) {
    i++;
    for (let k = 0; k < opening; k++) {
      if (i === text.length) return MAYBE;
      if (!isEmphasis(text[i])) break;
      i++;
    }
    return i;
  }
  if (isEmphasis(text[i])) {
    const closingStart = i;
    while (i < text.length && isEmphasis(text[i])) i++;
    if (i - closingStart > 2) return NO;
    i = matchBlanks(text, i, 0);
    if (i < 0) return i;
    if (isColon(text[i])) return i + 1;
  }
  return bareLine && isLineEnd(text[i]) ? i : NO;
}

const WRAPPERS: readonly (readonly [string, string])[] = [
  ['**', '**'], ['__', '__'], ['*', '*'], ['_', '_'], ['`', '`'], ['"', '"'], ["'", "'"],
  ['\u201c', '\u201d'], ['\u2018', '\u2019'], ['\u00ab', '\u00bb'], ['\u300c', '\u300d'], ['\u300e', '\u300f'],
];
const LIST_ITEM = /^(?:\d{1,3}[.)]\s*|[-*+\u2022\u2023\u25e6\u25aa]\s+)(.*)$/s;
const QUESTION_END = /[?\uff1f\u061f]$/;

/** Removes surrounding emphasis and quotes, repeatedly, and trims. */
function unwrap(text: string): string {
  let result = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [open, close] of WRAPPERS) {
      if (result.length >= open.length + close.length && result.startsWith(open) && result.endsWith(close)) {
        result = result.slice(open.length, result.length - close.length).trim();
        changed = true;
        break;
      }
    }
  }
  return result;
}

/**
 * Reads the suggestions section: list items (`1.`, `1)`, `-`, `*`, `•`) in order; before the first item, a
 * plain line counts only if it ends with a question mark; after it, the first line that is not an item
 * ends the list. Blank lines are skipped, questions are unwrapped, empties dropped, duplicates removed.
 */
export function parseSuggestedQuestions(section: string): string[] {
  const questions = new Set<string>();
  const add = (question: string): void => {
    if (question) questions.add(question);
  };
  let listBegun = false;
  for (const rawLine of section.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const item = LIST_ITEM.exec(line) ?? LIST_ITEM.exec(unwrap(line));
    if (item) {
      listBegun = true;
      add(unwrap(item[1]!));
    } else if (listBegun) {
      break;
    } else {
      const question = unwrap(line);
      if (QUESTION_END.test(question)) add(question);
    }
  }
  return [...questions];
}

/**
 * Incremental parser of a streamed answer body (`*Answer:* …` then `*Suggest Questions:*` and a list).
 * Text deltas come out as soon as they are certain: only a line start that could still be the suggestions
 * marker, and trailing whitespace, are held back. Chunk boundaries never change the events' merged text.
 */
export class AnswerParser {
  #phase: 'head' | 'answer' | 'suggestions' = 'head';
  #ended = false;
  /** The start of the body while it could still be the answer marker (leading whitespace dropped). */
  #head = '';
  /** The start of the current line while it could still be the suggestions marker, else null. */
  #line: string | null = null;
  #pendingWhitespace = '';
  #started = false;
  #section = '';
  #text = '';

  /** Consumes the next chunk of the body and returns the events it completes (at most one text delta). */
  push(chunk: string): AnswerEvent[] {
    this.#assertOpen('push');
    if (this.#phase === 'head') this.#feedHead(chunk);
    else if (this.#phase === 'answer') this.#feedAnswer(chunk);
    else this.#section += chunk;
    return this.#takeText();
  }

  /** Ends the body: returns the last text delta, the suggestions if the marker was seen, then `done`. */
  end(): AnswerEvent[] {
    this.#assertOpen('end');
    this.#ended = true;
    if (this.#phase === 'head') this.#resolveHead(true);
    if (this.#phase === 'answer' && this.#line !== null) {
      const line = this.#line;
      this.#line = null;
      const markerEnd = matchMarker(line + '\n', suggestionsLabel, true);
      if (markerEnd >= 0) this.#beginSuggestions(line.slice(markerEnd));
      else this.#emit(line);
    }
    const events = this.#takeText();
    if (this.#phase === 'suggestions') {
      events.push({ type: 'suggestions', questions: parseSuggestedQuestions(this.#section) });
    }
    events.push({ type: 'done' });
    return events;
  }

  #assertOpen(method: 'push' | 'end'): void {
    if (this.#ended) throw new Error(`AnswerParser.${method}() was called after end(); use a new parser per answer.`);
  }

  #takeText(): AnswerEvent[] {
    if (!this.#text) return [];
    const text = this.#text;
    this.#text = '';
    return [{ type: 'text', text }];
  }

  #feedHead(chunk: string): void {
    let i = 0;
    if (!this.#head) {
      while (i < chunk.length && isWhitespace(chunk.charCodeAt(i))) i++;
    }
    if (i === chunk.length) return;
    this.#head += i ? chunk.slice(i) : chunk;
    this.#resolveHead(false);
  }

  #resolveHead(final: boolean): void {
    const head = this.#head;
    // A line end stands in for "no more text": it completes or rules out the marker at end().
    const markerEnd = matchMarker(final ? head + '\n' : head, answerLabel, false);
    if (markerEnd === MAYBE) return;
    this.#head = '';
    this.#phase = 'answer';
    this.#line = '';
    this.#feedAnswer(markerEnd >= 0 ? head.slice(markerEnd) : head);
  }

  #feedAnswer(chunk: string): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.#line !== null) {
        const line = this.#line + chunk[i++];
        const markerEnd = matchMarker(line, suggestionsLabel, true);
        if (markerEnd === MAYBE) {
          this.#line = line;
        } else if (markerEnd >= 0) {
          this.#line = null;
          this.#beginSuggestions(line.slice(markerEnd) + chunk.slice(i));
          return;
        } else {
          // A line end always decides the match, so it can only be the last character held.
          this.#line = line.endsWith('\n') ? '' : null;
          this.#emit(line);
        }
        continue;
      }
      const newline = chunk.indexOf('\n', i);
      if (newline < 0) {
        this.#emit(chunk.slice(i));
        return;
      }
      this.#emit(chunk.slice(i, newline + 1));
      i = newline + 1;
      this.#line = '';
    }
  }

  #beginSuggestions(rest: string): void {
    this.#phase = 'suggestions';
    this.#pendingWhitespace = '';
    this.#section = rest;
  }

  /** Adds answer text, holding back trailing whitespace and dropping leading whitespace. */
  #emit(piece: string): void {
    let end = piece.length;
    while (end > 0 && isWhitespace(piece.charCodeAt(end - 1))) end--;
    if (end === 0) {
      if (this.#started) this.#pendingWhitespace += piece;
      return;
    }
    let start = 0;
    if (!this.#started) {
      while (isWhitespace(piece.charCodeAt(start))) start++;
      this.#started = true;
    }
    let text = this.#pendingWhitespace + piece.slice(start, end);
    if (text.includes('\r')) text = text.replace(/\r\n/g, '\n');
    this.#text += text;
    this.#pendingWhitespace = piece.slice(end);
  }
}

/** Creates an answer parser fed with UTF-8 bytes; a character split across chunks is decoded whole. */
export function createAnswerDecoder(): AnswerDecoder {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const parser = new AnswerParser();
  return {
    push: (bytes) => parser.push(decoder.decode(bytes, { stream: true })),
    end: () => {
      const rest = decoder.decode();
      return [...(rest ? parser.push(rest) : []), ...parser.end()];
    },
  };
}

/** Parses an answer body given as text or UTF-8 byte chunks into answer events, ending with `done`. */
export async function* parseAnswerStream(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<AnswerEvent> {
  const parser = new AnswerParser();
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for await (const chunk of chunks) {
    // A text chunk first flushes any bytes still pending in the decoder, keeping the order.
    yield* parser.push(typeof chunk === 'string' ? decoder.decode() + chunk : decoder.decode(chunk, { stream: true }));
  }
  yield* parser.push(decoder.decode());
  yield* parser.end();
}
