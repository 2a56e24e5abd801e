// The public API of the service client: schemas and their types, typed errors, the client itself, and the
// widget's small zod-free client with its tolerant bot reader.
export * from './schemas.js';
export { AbortError, ApiError, ChatbotClientError, NetworkError, ResponseShapeError } from './errors.js';
export type { ResponseIssue } from './errors.js';
export { createClient } from './client.js';
export { isRouteMissing } from './route-missing.js';
export { createWidgetClient } from './widget-client.js';
export type { WidgetClient } from './widget-client.js';
export { readWidgetBot } from './widget-bot.js';
export type { WidgetBot } from './widget-bot.js';
export type {
  ChatbotClient,
  ClientOptions,
  HistoryParams,
  RequestOptions,
  StreamAnswerParams,
  UploadDataSourceParams,
} from './client.js';
export type { AnswerEvent } from '../stream/answer-parser.js';
export { NotResumableError } from './resumable-answer.js';
export type { ResumableAnswerOptions } from './resumable-answer.js';
export type { AnswerPosition } from '../stream/answer-events.js';
