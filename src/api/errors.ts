// The typed errors of the client: every failure of a call is one of these, never a bare Error.
import { describeSchemaIssue, type SchemaIssue } from './schema-issues.js';
import type { ValidationIssue } from './schemas.js';

/** A problem found in a response (zod's issues fit this shape). */
export type ResponseIssue = SchemaIssue;

/** The base class of every error the client throws. */
export class ChatbotClientError extends Error {
  /** Creates the error with a message and, optionally, the error that caused it. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatbotClientError';
  }
}

const LOCATIONS = ['body', 'query', 'path', 'header', 'cookie', 'form'];

/** Tells whether a value is a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normaliseDetail(detail: unknown): string | ValidationIssue[] | undefined {
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  return detail.flatMap((item): ValidationIssue[] => {
    if (typeof item === 'string') return [{ loc: [], msg: item, type: '' }];
    if (!isRecord(item) || typeof item['msg'] !== 'string') return [];
    const loc = Array.isArray(item['loc'])
      ? item['loc'].filter((key): key is string | number => typeof key === 'string' || typeof key === 'number')
      : [];
    return [{ loc, msg: item['msg'], type: typeof item['type'] === 'string' ? item['type'] : '' }];
  });
}

function fieldOf(loc: readonly (string | number)[]): string {
  const start = typeof loc[0] === 'string' && LOCATIONS.includes(loc[0]) ? 1 : 0;
  return loc.slice(start).join('.');
}

/** A non-2xx answer (or a 2xx envelope with a non-zero message_code) from the service. */
export class ApiError extends ChatbotClientError {
  /** The HTTP status. */
  readonly status: number;
  /** The service's `message_code`, when the body has one. */
  readonly messageCode: number | string | undefined;
  /** FastAPI's `detail`, as a string or as validation issues with `loc`, `msg` and `type`. */
  readonly detail: string | ValidationIssue[] | undefined;
  /** The body as received: parsed JSON, or the text when it is not JSON, or undefined when empty. */
  readonly body: unknown;
  /** For a 429 or 503, the seconds to wait before trying again, from `Retry-After` (a positive number of seconds). */
  readonly retryAfterSeconds: number | undefined;

  /**
   * Creates the error from the status, the body, the status text and the `Retry-After` header; the message
   * follows the service's habits.
   */
  constructor(status: number, body: unknown, statusText = '', retryAfter?: string | null) {
    const record = isRecord(body) ? body : {};
    const detail = normaliseDetail(record['detail']);
    const message =
      (typeof record['message'] === 'string' && record['message'].trim()) ||
      (typeof detail === 'string'
        ? detail
        : detail?.map((issue) => (fieldOf(issue.loc) ? `${fieldOf(issue.loc)}: ${issue.msg}` : issue.msg)).join('; ')) ||
      statusText ||
      (typeof body === 'string' && body.length <= 200 && !body.trimStart().startsWith('<') && body.trim()) ||
      `Request failed with status ${status}`;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    const code = record['message_code'];
    this.messageCode = typeof code === 'number' || typeof code === 'string' ? code : undefined;
    this.detail = detail;
    this.body = body;
    // Only the seconds form: the reference service sends it, and a date would need the client's clock.
    this.retryAfterSeconds = +retryAfter! > 0 ? +retryAfter! : undefined;
  }

  /** True for 401: the token or API key is missing, bad or expired. */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** Validation messages by field (`['body', 'temperature']` becomes `temperature`, nested keys are dotted). */
  get fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    if (Array.isArray(this.detail)) {
      for (const issue of this.detail) fields[fieldOf(issue.loc)] ??= issue.msg;
    }
    return fields;
  }
}

/** The request never got an answer: offline, DNS, CORS, refused or dropped connection. */
export class NetworkError extends ChatbotClientError {
  /** Creates the error from the failure reported by fetch or by the body stream. */
  constructor(cause: unknown) {
    super(`Network request failed${cause instanceof Error && cause.message ? `: ${cause.message}` : ''}`, { cause });
    this.name = 'NetworkError';
  }
}

/** A 2xx answer whose body is not JSON or does not have the expected shape; the raw body is kept. */
export class ResponseShapeError extends ChatbotClientError {
  /** What was wrong, as schema issues (paths are relative to the unwrapped body). */
  readonly issues: readonly ResponseIssue[];
  /** The body as received (parsed JSON, or the text when it is not JSON). */
  readonly body: unknown;

  /** Creates the error from a message, the issues and the raw body. */
  constructor(message: string, issues: readonly ResponseIssue[], body: unknown) {
    super(message);
    this.name = 'ResponseShapeError';
    this.issues = issues;
    this.body = body;
  }
}

/** Builds the ResponseShapeError for schema issues, naming the first three paths in the message. */
export function responseShapeErrorOf(context: string, issues: readonly ResponseIssue[], body: unknown, input: unknown): ResponseShapeError {
  const described = issues.slice(0, 3).map((issue) => describeSchemaIssue(issue, input).message);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return new ResponseShapeError(`Unexpected response from ${context}: ${described.join('; ')}${more}`, issues, body);
}

/** The call was cancelled through its AbortSignal, before or during the answer. */
export class AbortError extends ChatbotClientError {
  /** Creates the error; the cause is the signal's reason. */
  constructor(cause?: unknown) {
    super('The request was aborted', { cause });
    this.name = 'AbortError';
  }
}
