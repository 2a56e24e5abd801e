export { AnswerParser, createAnswerDecoder, parseAnswerStream, parseSuggestedQuestions } from './answer-parser.js';
export type { AnswerDecoder, AnswerEvent } from './answer-parser.js';
export { ANSWER_FORMAT_STYLES, formatAnswer, splitIntoChunks, splitIntoWords } from './answer-format.js';
export type { AnswerFormatStyle, AnswerParts } from './answer-format.js';
export { JsonObjectStreamParser, parseJsonObjectStream } from './progress-parser.js';
export {
  SseMessageParser,
  formatSseAnswer,
  formatSseError,
  isEventStreamContentType,
  readSseAnswerChunks,
  sseAnswerText,
} from './sse.js';
export type { SseMessage } from './sse.js';
export { SseErrorEvent, StreamFormatError } from './errors.js';
export {
  ANSWER_DONE_EVENT,
  ANSWER_START_EVENT,
  answerEventId,
  formatAnswerChunkEvent,
  formatAnswerStartEvent,
  parseAnswerEventId,
  parseAnswerStart,
} from './answer-events.js';
export type { AnswerPosition, AnswerStart } from './answer-events.js';
