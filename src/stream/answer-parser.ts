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

/**
 * A marker `[#… ][*|**] label [*|**] :` (emphasis closing before or after the colon) as two regular
 * expressions over the same parts: `whole` matches a finished marker (with `bareLine`, the label alone on its
 * line also counts) and `partial` tells text that more text could still complete. Every part's own prefixes
 * are that part again, so the nested optional parts of `partial` accept exactly the prefixes of a marker.
 */
interface MarkerPattern {
  /** A finished marker: group 1 is the opening emphasis, group 2 the emphasis closing before the colon, group 3 the colon. */
  whole: RegExp;
  /** The whole text could still grow into a marker. */
  partial: RegExp;
}

/** Any white space but a line end (the parser has turned every line end into LF): a no-break space too. */
const SPACE = '[^\\S\\n]';

function markerPattern(label: readonly string[], bareLine: boolean): MarkerPattern {
  const parts = [`${SPACE}*`, `(?:#{1,6}(?:${SPACE}+|$))?`, '([*_]{0,2})', `${SPACE}*`, ...label, `${SPACE}*`, `([*_]{1,2}${SPACE}*)?`];
  return {
    whole: new RegExp(`^${parts.join('')}(?:([:\\uff1a])${bareLine ? '|(?=\\n)' : ''})`, 'i'),
    partial: new RegExp(`^(?:${parts.reduceRight((rest, part) => `${part}(?:${rest})?`)})?$`, 'i'),
  };
}

// A label is a list of parts, one letter each for a word. The patterns are made for the first answer rather
// than when the module loads, which is before the widget's first paint.
let markers: [answer: MarkerPattern, suggestions: MarkerPattern] | undefined;
const answerMarkers = () =>
  (markers ??= [markerPattern([...'answer'], false), markerPattern([...'suggest', '(?:e(?:d|$))?', `${SPACE}+`, ...'question', 's?'], true)]);
/** Line ends other than LF: CRLF, a lone CR, NEL and the Unicode line and paragraph separators. */
const LINE_END = /\r\n?|[\u0085\u2028\u2029]/g;

/**
 * Matches a marker at the start of `text`: the index just past it, `NO`, or `MAYBE` while more text could
 * still complete it. The answer depends only on the text, never on where chunks were split, because a
 * decision once made never changes as text is added.
 */
function matchMarker(text: string, { whole, partial }: MarkerPattern): number {
  const match = whole.exec(text);
  let end = match ? match[0].length : partial.test(text) ? MAYBE : NO;
  // After `label:` as many emphasis characters as opened it may close it.
  if (match?.[3] && !match[2]) {
    for (let k = 0; k < match[1]!.length; k++, end++) {
      if (end === text.length) {
        end = MAYBE;
        break;
      }
      if (!/[*_]/.test(text[end]!)) break;
    }
  }
  if (end === MAYBE) return text.length > MARKER_LIMIT ? NO : MAYBE;
  return end > MARKER_LIMIT ? NO : end;
}

/** Text wrapped in emphasis or quotes (tried in this order); the one defined group is what they wrap. */
const WRAPPED =
  /^(?:\*\*([^]*)\*\*|__([^]*)__|\*([^]*)\*|_([^]*)_|`([^]*)`|"([^]*)"|'([^]*)'|\u201c([^]*)\u201d|\u2018([^]*)\u2019|\u00ab([^]*)\u00bb|\u300c([^]*)\u300d|\u300e([^]*)\u300f)$/;
const LIST_ITEM = /^(?:\d{1,3}[.)]\s*|[-*+\u2022\u2023\u25e6\u25aa]\s+)(.*)$/s;
const QUESTION_END = /[?\uff1f\u061f]$/;

/** Removes surrounding emphasis and quotes, repeatedly, and trims. */
function unwrap(text: string): string {
  let result = text.trim();
  for (let match; (match = WRAPPED.exec(result)); ) result = match.find((group, index) => index > 0 && group !== undefined)!.trim();
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
  #phase: 'head' | 'answer' | 'suggestions' | 'ended' = 'head';
  /** The start of the body while it could still be the answer marker (leading whitespace dropped). */
  #head = '';
  /** The start of the current line while it could still be the suggestions marker, else null. */
  #line: string | null = null;
  /** Whitespace after the last answer text, held until more text follows; undefined before the first text. */
  #pendingWhitespace: string | undefined;
  #section = '';
  #text = '';
  /** The last chunk ended with a CR, which may be the first half of a CRLF. */
  #afterCR = false;

  /** Consumes the next chunk of the body and returns the events it completes (at most one text delta). */
  push(chunk: string): AnswerEvent[] {
    this.#assertOpen('push');
    // Every line end becomes LF before anything else reads the text.
    const secondHalfOfCRLF = this.#afterCR && chunk[0] === '\n';
    if (chunk) this.#afterCR = chunk.endsWith('\r');
    chunk = (secondHalfOfCRLF ? chunk.slice(1) : chunk).replace(LINE_END, '\n');
    if (this.#phase === 'head') this.#feedHead(chunk);
    else if (this.#phase === 'answer') this.#feedAnswer(chunk);
    else this.#section += chunk;
    return this.#takeText();
  }

  /** Ends the body: returns the last text delta, the suggestions if the marker was seen, then `done`. */
  end(): AnswerEvent[] {
    this.#assertOpen('end');
    // A line end stands in for "no more text": it completes or rules out a marker still held, and, being
    // trailing whitespace, is never shown itself.
    if (this.#phase === 'head') this.#feedHead('\n');
    if (this.#phase === 'answer') this.#feedAnswer('\n');
    const events = this.#takeText();
    if (this.#phase === 'suggestions') {
      events.push({ type: 'suggestions', questions: parseSuggestedQuestions(this.#section) });
    }
    events.push({ type: 'done' });
    this.#phase = 'ended';
    return events;
  }

  #assertOpen(method: 'push' | 'end'): void {
    if (this.#phase === 'ended') throw new Error(`AnswerParser.${method}() was called after end(); use a new parser per answer.`);
  }

  #takeText(): AnswerEvent[] {
    if (!this.#text) return [];
    const text = this.#text;
    this.#text = '';
    return [{ type: 'text', text }];
  }

  #feedHead(chunk: string): void {
    this.#head += this.#head ? chunk : chunk.trimStart();
    // An unchanged head is still undecided: resolving it again changes nothing.
    if (!this.#head) return;
    const head = this.#head;
    const markerEnd = matchMarker(head, answerMarkers()[0]);
    if (markerEnd === MAYBE) return;
    this.#head = '';
    this.#phase = 'answer';
    this.#line = '';
    this.#feedAnswer(markerEnd >= 0 ? head.slice(markerEnd) : head);
  }

  // Each line start is decided once, on as much of its line as the chunk holds (a decision never changes as
  // text is added, so this is the decision a character at a time would reach), and the chunk's answer text
  // goes out as one piece: a 200 KB body of short lines arriving at once is read in one pass.
  #feedAnswer(chunk: string): void {
    let i = 0;
    while (i < chunk.length) {
      const newline = chunk.indexOf('\n', i);
      if (this.#line === null) {
        if (newline < 0) break;
        i = newline + 1;
        this.#line = '';
        continue;
      }
      const held = this.#line;
      const lineEnd = newline < 0 ? chunk.length : newline + 1;
      const line = held + chunk.slice(i, Math.min(lineEnd, i + MARKER_LIMIT + 1 - held.length));
      const markerEnd = matchMarker(line, answerMarkers()[1]);
      if (markerEnd === MAYBE) {
        // Only a line the chunk ends in can be undecided: it is held, all of it.
        this.#emit(chunk.slice(0, i));
        this.#line = line;
        return;
      }
      if (markerEnd >= 0) {
        this.#emit(chunk.slice(0, i));
        this.#line = null;
        this.#beginSuggestions(line.slice(markerEnd) + chunk.slice(i + line.length - held.length));
        return;
      }
      // The held start of the line comes before the rest of it, which stays in the chunk's text.
      if (held) this.#emit(held);
      this.#line = null;
    }
    this.#emit(chunk);
  }

  #beginSuggestions(rest: string): void {
    // Whitespace still held is the end of the answer text, never shown.
    this.#phase = 'suggestions';
    this.#section = rest;
  }

  /** Adds answer text, holding back trailing whitespace and dropping leading whitespace. */
  #emit(piece: string): void {
    const trimmed = piece.trimEnd();
    if (!trimmed) {
      if (this.#pendingWhitespace !== undefined) this.#pendingWhitespace += piece;
      return;
    }
    this.#text += this.#pendingWhitespace === undefined ? trimmed.trimStart() : this.#pendingWhitespace + trimmed;
    this.#pendingWhitespace = piece.slice(trimmed.length);
  }
}

/** Creates an answer parser fed with UTF-8 bytes; a character split across chunks is decoded whole. */
export function createAnswerDecoder(): AnswerDecoder {
  const decoder = new TextDecoder();
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
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    // A text chunk first flushes any bytes still pending in the decoder, keeping the order.
    yield* parser.push(typeof chunk === 'string' ? decoder.decode() + chunk : decoder.decode(chunk, { stream: true }));
  }
  yield* parser.push(decoder.decode());
  yield* parser.end();
}
