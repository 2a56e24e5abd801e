// The resumable answer's event stream, written by the reference service and read by the client: a first
// `event: answer` names the answer, then every text chunk carries the event id `<answer_id>:<offset>`, the
// length of the answer body up to and including the chunk. A client that lost the stream asks again with
// that id as `Last-Event-ID` and receives the body from that offset on.
import { formatSseAnswer } from './sse.js';

/** The event type of the first message of a resumable answer. */
export const ANSWER_START_EVENT = 'answer';

/** What the first message of a resumable answer carries. */
export interface AnswerStart {
  /** The answer's id. */
  answer_id: string;
  /** Where in the body this stream starts (0, or the offset a resume asked for). */
  offset: number;
}

/** A position in a resumable answer: its id and how much of its body was received. */
export interface AnswerPosition {
  /** The answer's id. */
  answerId: string;
  /** The length of the body received, in UTF-16 code units. */
  offset: number;
}

// Answer ids are base64url; the offset is a decimal count.
const EVENT_ID = /^([A-Za-z0-9_-]{1,64}):(\d{1,9})$/;

/** The event id of a position. */
export function answerEventId({ answerId, offset }: AnswerPosition): string {
  return `${answerId}:${offset}`;
}

/** Reads an event id written by `answerEventId`; undefined when it is not one. */
export function parseAnswerEventId(value: string | null | undefined): AnswerPosition | undefined {
  const match = EVENT_ID.exec(value?.trim() ?? '');
  return match ? { answerId: match[1]!, offset: Number(match[2]) } : undefined;
}

/** The message that opens a resumable answer stream (its id is the position the stream starts at). */
export function formatAnswerStartEvent(position: AnswerPosition): string {
  const data: AnswerStart = { answer_id: position.answerId, offset: position.offset };
  return `event: ${ANSWER_START_EVENT}\nid: ${answerEventId(position)}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One text chunk of a resumable answer; `position.offset` is the body length once the chunk is added. */
export function formatAnswerChunkEvent(chunk: string, position: AnswerPosition): string {
  return `id: ${answerEventId(position)}\ndata: ${JSON.stringify(chunk)}\n\n`;
}

/** The message that ends a complete answer (the same `event: done` as every event-stream answer). */
export const ANSWER_DONE_EVENT = formatSseAnswer([]);

/** Reads the data of an `event: answer` message; undefined when it is not one. */
export function parseAnswerStart(data: string): AnswerStart | undefined {
  try {
    const value = JSON.parse(data) as Partial<AnswerStart> | null;
    if (typeof value?.answer_id === 'string' && Number.isInteger(value.offset) && value.offset! >= 0) {
      return { answer_id: value.answer_id, offset: value.offset! };
    }
  } catch {
    // Not JSON: not an answer start.
  }
  return undefined;
}
