// The reader of a 200 answer body that is one JSON object rather than answer text, a chunk of its own: only
// some services answer that way (see streamAnswer).
import { ApiError, ResponseShapeError, isRecord } from '../errors.js';
import { STREAM_PATH, unwrap } from '../transport.js';

/**
 * The answer text of a JSON object body: a string (bare or in an envelope's data) or an object with a string
 * `answer`; `{detail}` or `{message}` is an ApiError, anything else a ResponseShapeError.
 */
export function answerTextOfJson(body: Record<string, unknown>, response: Response): string {
  const data = unwrap(body, response);
  if (typeof data === 'string') return data;
  if (isRecord(data) && typeof data['answer'] === 'string') return data['answer'];
  if ('detail' in body || 'message' in body) throw new ApiError(response.status, body);
  throw new ResponseShapeError(
    `Unexpected response from POST ${STREAM_PATH}: a JSON object without answer text`,
    [{ code: 'custom', path: ['answer'], message: 'Expected answer text', input: body }],
    body,
  );
}
