// The service's error answers: one class, one body shape `{message, message_code, detail?}`, and the fixed
// codes the widget and the admin key off.
import type { ValidationIssue } from '../../src/api/schemas.js';

/** The `message_code` of every failure the service answers. */
export const ERROR_CODES = {
  internal: 1000,
  validation: 1001,
  unauthorized: 1002,
  botInactive: 1003,
  noMessagesLeft: 1004,
  originNotAllowed: 1005,
  notFound: 1006,
  scrapeRefused: 1007,
  bodyTooLarge: 1008,
  rateLimited: 1009,
} as const;

/** The name of one failure kind. */
export type ErrorKind = keyof typeof ERROR_CODES;

const STATUS: Record<ErrorKind, number> = {
  internal: 500,
  validation: 422,
  unauthorized: 401,
  botInactive: 403,
  noMessagesLeft: 402,
  originNotAllowed: 403,
  notFound: 404,
  scrapeRefused: 422,
  bodyTooLarge: 413,
  rateLimited: 429,
};

/** The JSON body of every error answer. */
export interface ErrorBody {
  /** A sentence a person can read. */
  message: string;
  /** One of ERROR_CODES. */
  message_code: number;
  /** For validation errors, FastAPI-style issues naming each field. */
  detail?: ValidationIssue[];
}

/** A failure the service answers with its status and body. */
export class ServiceError extends Error {
  /** The failure kind. */
  readonly kind: ErrorKind;
  /** The HTTP status. */
  readonly status: number;
  /** Validation issues, when there are any. */
  readonly detail: ValidationIssue[] | undefined;
  /** For a 429, the seconds to wait (sent as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  /** Creates the error of a kind with the sentence to show. */
  constructor(kind: ErrorKind, message: string, detail?: ValidationIssue[], retryAfterSeconds?: number) {
    super(message);
    this.name = 'ServiceError';
    this.kind = kind;
    this.status = STATUS[kind];
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The answer body. */
  toBody(): ErrorBody {
    return { message: this.message, message_code: ERROR_CODES[this.kind], ...(this.detail ? { detail: this.detail } : {}) };
  }
}

/** A 422 naming one field: `loc` is FastAPI's location (`['query', 'bot_id']`). */
export function invalidField(loc: (string | number)[], msg: string, type = 'value_error'): ServiceError {
  const field = loc.slice(1).join('.') || loc.join('.');
  return new ServiceError('validation', `${field}: ${msg}`, [{ loc, msg, type }]);
}

/** A 404 for a bot that does not exist or that the caller may not see (the two are not told apart). */
export function botNotFound(): ServiceError {
  return new ServiceError('notFound', 'Bot not found.');
}
