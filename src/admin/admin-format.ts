// Text the admin derives from data: failures in words, and numbers and dates in the viewer's locale.
import { ApiError, NetworkError, ResponseShapeError } from '../api/errors.js';
import { parseServiceTimestamp } from '../api/schemas.js';
import type { AdminStrings } from '../i18n/admin/index.js';

/** Says in the admin's language what went wrong with a call to the service. */
export function describeError(strings: AdminStrings, error: unknown): string {
  if (error instanceof NetworkError) return strings.errorNetwork;
  if (error instanceof ApiError) return strings.errorService(error.message);
  if (error instanceof ResponseShapeError) return strings.errorShape;
  return strings.errorUnknown;
}

/** Formats numbers, shares and timestamps for one locale. */
export class AdminFormat {
  /** The BCP 47 locale used. */
  readonly locale: string;
  private readonly numbers: Intl.NumberFormat;
  private readonly percents: Intl.NumberFormat;
  private readonly dateTimes: Intl.DateTimeFormat;

  /** Creates the formatters for a locale (an unknown tag falls back to the runtime's default). */
  constructor(locale: string) {
    let tag: string;
    try {
      tag = Intl.getCanonicalLocales(locale)[0] ?? 'en';
    } catch {
      tag = 'en';
    }
    this.locale = tag;
    this.numbers = new Intl.NumberFormat(tag);
    this.percents = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
    this.dateTimes = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  }

  /** A count, such as words. */
  number(value: number): string {
    return this.numbers.format(value);
  }

  /** A share 0..1 as a whole percentage. */
  percent(share: number): string {
    return this.percents.format(Math.floor(share * 100) / 100);
  }

  /** A date and time. */
  dateTime(date: Date): string {
    return this.dateTimes.format(date);
  }

  /** A service timestamp in the viewer's time zone, or undefined when it is missing or unreadable. */
  serviceTimestamp(value: string | null | undefined): string | undefined {
    if (!value) return undefined;
    try {
      return this.dateTime(parseServiceTimestamp(value));
    } catch {
      return undefined;
    }
  }
}
