// Every input goes through a zod schema; a failure becomes a 422 whose `detail` names each field the way
// FastAPI does (`loc: ['body', 'temperature']`), with the shared English messages of the wire schemas.
import type * as z from 'zod/mini';
import { describeSchemaIssue, type ValidationIssue } from '../../src/api/schemas.js';
import { ServiceError } from './errors.js';

/** Where an input came from, as FastAPI names it in `loc`. */
export type InputLocation = 'body' | 'query' | 'path' | 'form' | 'header';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tells whether a string is a UUID in its canonical text form. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Turns schema issues into FastAPI-style items and one readable message. */
export function validationError(location: InputLocation, issues: readonly z.core.$ZodIssue[], input: unknown): ServiceError {
  const detail: ValidationIssue[] = issues.map((issue) => {
    const described = describeSchemaIssue(issue, input);
    return { loc: [location, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))], msg: described.message, type: described.code };
  });
  const message = detail.length === 1 ? `Invalid ${location}: ${detail[0]!.msg}` : `Invalid ${location}: ${detail.map((item) => item.msg).join('; ')}`;
  return new ServiceError('validation', message, detail);
}

/** Parses an input with a schema or throws the 422. */
export function parseInput<T extends z.ZodMiniType>(schema: T, input: unknown, location: InputLocation): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(location, parsed.error.issues, input);
  return parsed.data;
}

/** Checks that a named id is a UUID, or throws a 422 naming it. */
export function requireUuid(value: string, location: InputLocation, field: string): string {
  if (!isUuid(value)) {
    throw new ServiceError('validation', `Invalid ${location}: ${field} must be a UUID`, [
      { loc: [location, field], msg: `${field} must be a UUID`, type: 'uuid_parsing' },
    ]);
  }
  return value.toLowerCase();
}
