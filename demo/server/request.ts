// Reading request bodies and parameters into values every route can trust: JSON nested at most
// MAX_JSON_DEPTH deep, and no control characters (other than tab, LF, CR) in any string, key or parameter.
// Each check is a 422 naming the field, before any route logic runs.
import type { Context } from 'hono';
import { ServiceError } from './errors.js';
import { findControlCharacter, findExcessiveNesting, type InputProblem } from './input-checks.js';
import type { InputLocation } from './validation.js';

function problemError(location: InputLocation, problem: InputProblem): ServiceError {
  return new ServiceError('validation', `Invalid ${location}: ${problem.msg}`, [{ loc: [location, ...problem.path], msg: problem.msg, type: problem.type }]);
}

/** Reads the body as JSON; an empty, malformed, too deeply nested body, or one with control characters, is a 422. */
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
  const nesting = findExcessiveNesting(text);
  if (nesting) throw problemError('body', nesting);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'not JSON';
    throw new ServiceError('validation', `Invalid body: the body is not valid JSON (${reason})`, [
      { loc: ['body'], msg: `The body is not valid JSON: ${reason}`, type: 'json_invalid' },
    ]);
  }
  const control = findControlCharacter(value);
  if (control) throw problemError('body', control);
  return value;
}

/** Reads the body as JSON when there is one; an empty body gives undefined, a bad one a 422 (as readJsonBody). */
export async function readOptionalJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  return parseJson(text);
}

/** Reads a form body (urlencoded or multipart) as text fields; a field with control characters is a 422. */
export async function readFormBody(c: Context): Promise<Record<string, string>> {
  const form = await c.req.parseBody({ all: true }).catch(() => ({}));
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(form)) {
    if (Array.isArray(value)) throw repeatedError('body', name);
    if (typeof value === 'string') entries.push([name, value]);
  }
  const fields = Object.fromEntries(entries);
  const control = findControlCharacter(fields);
  if (control) throw problemError('body', control);
  return fields;
}

function repeatedError(location: InputLocation, name: string): ServiceError {
  const msg = `${name} must be given once, not repeated`;
  return new ServiceError('validation', `Invalid ${location}: ${msg}`, [{ loc: [location, name], msg, type: 'repeated' }]);
}

/**
 * Reads the query string as a plain object. A repeated parameter is a 422 naming it (one rule for every
 * endpoint: neither the first nor the last value is silently preferred), as is one with control characters.
 */
export function queryObject(c: Context): Record<string, string> {
  const entries = new Map<string, string>();
  for (const [name, value] of new URL(c.req.url).searchParams) {
    if (entries.has(name)) throw repeatedError('query', name);
    entries.set(name, value);
  }
  const query = Object.fromEntries(entries);
  const control = findControlCharacter(query);
  if (control) throw problemError('query', control);
  return query;
}
