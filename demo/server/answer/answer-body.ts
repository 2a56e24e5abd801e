// The raw answer body every client reads (`*Answer:* …` then `*Suggest Questions:*` and a numbered list),
// in the three pieces a streamed answer writes: the head before the first word, the words, and the tail.
import { formatAnswer } from '../../../src/stream/answer-format.js';

/** What the shared formatter writes before an empty answer. */
export const ANSWER_HEAD = formatAnswer({ answer: '' });

/** What the formatter adds after `answer` for the suggestions (empty when there are none). */
export function answerTail(answer: string, suggestions: readonly string[]): string {
  return formatAnswer({ answer, suggestions }).slice(ANSWER_HEAD.length + answer.length);
}

/** The answer of a body that has no tail yet (a stored answer cut off), as the history keeps it. */
export function answerOfBody(body: string): string {
  return (body.startsWith(ANSWER_HEAD) ? body.slice(ANSWER_HEAD.length) : body).trim();
}
