// The public API of the service client: schemas and their types, typed errors, and the client itself.
export * from './schemas.js';
export { AbortError, ApiError, ChatbotClientError, NetworkError, ResponseShapeError } from './errors.js';
export type { ResponseIssue } from './errors.js';
export { createClient } from './client.js';
export type {
  ChatbotClient,
  ClientOptions,
  HistoryParams,
  RequestOptions,
  StreamAnswerParams,
  UploadDataSourceParams,
} from './client.js';
export type { AnswerEvent } from '../stream/answer-parser.js';
