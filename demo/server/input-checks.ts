// Checks every request input passes before any route reads it: JSON nesting depth (measured on the text,
// before anything recurses into it) and control characters in every string and key. Pure: no Hono, no I/O.

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;


// A control character (Cc) that is not tab, LF or CR, nor DEL or a C1 control: the C0 controls, NUL included.
const C0_CONTROL = /[^\P{Cc}\t\n\r\x7F-\x9F]/u;
// Where an array or object opens.
const OPENING_BRACKET = /[[{]/g;

/** A problem found in an input: where (the path below the location) and what. */
export interface InputProblem {
  /** Keys and indexes from the top of the input to the offending value. */
  path: (string | number)[];
  /** A sentence naming the field. */
  msg: string;
  /** A machine code. */
  type: string;
}

/** Tells whether a string holds a control character other than tab, LF or CR. */
export function hasControlCharacter(text: string): boolean {
  return C0_CONTROL.test(text);
}

/**
 * Scans a JSON text (not yet parsed) for nesting deeper than `maxDepth`, in one pass without recursion.
 * Reports the top-level key under which it happens, when the body is an object. Strings are skipped with
 * their escapes, so brackets inside them do not count.
 */
export function findExcessiveNesting(text: string, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  // Text with no more opening brackets than the limit cannot nest deeper (most bodies: skip the scan).
  OPENING_BRACKET.lastIndex = 0;
  let openings = 0;
  while (openings <= maxDepth && OPENING_BRACKET.exec(text)) openings++;
  if (openings <= maxDepth) return undefined;
  let depth = 0;
  let topIsObject = false;
  let lastTopString: string | undefined;
  let topKey: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      const start = index;
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) index++;
        else if (inner === 0x22) break;
      }
      if (depth === 1 && topIsObject) lastTopString = text.slice(start, index + 1);
      continue;
    }
    if (char === 0x3a /* : */ && depth === 1 && topIsObject && lastTopString !== undefined) {
      topKey = decodeKey(lastTopString);
      continue;
    }
    if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (depth === 0) topIsObject = char === 0x7b;
      depth++;
      if (depth > maxDepth) {
        const path = topIsObject && topKey !== undefined ? [topKey] : [];
        const field = path.length > 0 ? path[0] : 'The body';
        return { path, msg: `${field} is nested deeper than ${maxDepth} levels`, type: 'too_deep' };
      }
      continue;
    }
    if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth--;
  }
  return undefined;
}

function decodeKey(literal: string): string | undefined {
  try {
    const key = JSON.parse(literal) as unknown;
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

function fieldName(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'The body' : path.map(String).join('.');
}

/**
 * The first string (or object key) in a parsed value that holds a control character other than tab, LF or
 * CR, with its path. The value must be nested no deeper than MAX_JSON_DEPTH (checked on the text first).
 */
export function findControlCharacter(value: unknown, path: (string | number)[] = []): InputProblem | undefined {
  if (typeof value === 'string') {
    if (!hasControlCharacter(value)) return undefined;
    return { path, msg: `${fieldName(path)} must not contain control characters (such as NUL)`, type: 'string_control_character' };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = findControlCharacter(item, [...path, index]);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) {
        return { path: [...path, key], msg: `The key of ${fieldName([...path, key])} must not contain control characters (such as NUL)`, type: 'string_control_character' };
      }
      const problem = findControlCharacter(item, [...path, key]);
      if (problem) return problem;
    }
  }
  return undefined;
}
