// Reading request bodies and parameters into validated values.
import type { Context } from 'hono';
import { ServiceError } from './errors.js';

/** Reads the body as JSON; an empty or malformed body is a 422 at `['body']`. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    throw new ServiceError('validation', 'Invalid body: a JSON body is required', [
      { loc: ['body'], msg: 'A JSON body is required', type: 'missing' },
    ]);
  }
  return parseJson(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'not JSON';
    throw new ServiceError('validation', `Invalid body: the body is not valid JSON (${reason})`, [
      { loc: ['body'], msg: `The body is not valid JSON: ${reason}`, type: 'json_invalid' },
    ]);
  }
}

/** Reads the body as JSON when there is one; an empty body gives undefined, a malformed one a 422. */
export async function readOptionalJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  return parseJson(text);
}

/** Reads the query string as a plain object (the last value of a repeated key wins). */
export function queryObject(c: Context): Record<string, string> {
  return Object.fromEntries(new URL(c.req.url).searchParams);
}
