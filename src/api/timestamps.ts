// Service timestamps without zod: the schemas check them, and the admin and the service read them, with one rule.

// ISO 8601 date-time; seconds, fraction and zone optional; a space separator is tolerated.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

// The match and its time read as UTC, when the value is a real date and time.
function readTimestamp(value: string): { match: RegExpExecArray; time: number } | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const fraction = match[7] ?? '';
  const time = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, Number(`${fraction}000`.slice(0, 3)));
  const utc = new Date(time);
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month! - 1 || utc.getUTCDate() !== day) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  return { match, time };
}

function timestampToDate(value: string): Date | undefined {
  const read = readTimestamp(value);
  if (!read) return undefined;
  const zone = (read.match[8] ?? 'Z').toUpperCase();
  if (zone === 'Z') return new Date(read.time);
  const offsetMinutes = Number(zone.slice(1, 3)) * 60 + (zone.length > 3 ? Number(zone.slice(-2)) : 0);
  return new Date(read.time - (zone[0] === '-' ? -1 : 1) * offsetMinutes * 60_000);
}

/** Tells whether a string is a service timestamp (a real date and time, with or without a zone). */
export function isServiceTimestamp(value: string): boolean {
  return readTimestamp(value) !== undefined;
}

/**
 * Parses a service timestamp (`2024-01-19T17:53:51Z` or zone-less `2024-01-19T17:53:51.643870`) into a Date,
 * reading a zone-less value as UTC; throws a RangeError for anything else.
 */
export function parseServiceTimestamp(value: string): Date {
  const date = timestampToDate(value);
  if (!date) throw new RangeError(`Not a service timestamp: ${JSON.stringify(value)}`);
  return date;
}

/** Formats a Date as the zone-less UTC date-time the service takes in queries (`2023-01-01T00:00:00`). */
export function formatServiceDateTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}
