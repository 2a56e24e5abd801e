// Days as the owner writes them in the admin's language (`01/03/2024` in French, `2024/03/01` in Japanese,
// `٠١/٠٣/٢٠٢٤` in Egyptian Arabic), read into and written from the `YYYY-MM-DD` the history filter keeps.
// The browser's own date field follows the browser's language, not the element's, hence a text field and this.

type DayPart = 'year' | 'month' | 'day';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** The order a locale writes the year, month and day of a numeric date in. */
export function dayOrder(locale: string): DayPart[] {
  return dayFormat(locale)
    .formatToParts(new Date(2006, 10, 22))
    .map((part) => part.type)
    .filter((type): type is DayPart => type === 'year' || type === 'month' || type === 'day');
}

/** A `YYYY-MM-DD` day as the locale writes it; '' stays '', and anything else is returned as it is. */
export function formatLocalDay(value: string, locale: string): string {
  const match = ISO_DAY.exec(value);
  if (!match) return value;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  return dayFormat(locale).format(date);
}

// The first digit (zero) of the digit sets a date may be typed in besides ASCII: Arabic-Indic, Persian,
// Devanagari, Bengali, Thai and full-width (a Japanese input method's).
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];

/** Turns the digits of those sets into ASCII digits. */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((first) => code >= first && code <= first + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/**
 * Reads a day the owner typed: in the locale's order (any separators, any script's digits), or as
 * `YYYY-MM-DD`. Gives `YYYY-MM-DD`, '' for a blank field, or undefined when it is not a real day.
 */
export function parseLocalDay(text: string, locale: string): string | undefined {
  const trimmed = asciiDigits(text).trim();
  if (!trimmed) return '';
  const numbers = trimmed.match(/\d+/g) ?? [];
  if (numbers.length !== 3) return undefined;
  // A four-digit first number is a year: the international form, whatever the locale.
  const order: DayPart[] = numbers[0]!.length === 4 ? ['year', 'month', 'day'] : dayOrder(locale);
  const value = Object.fromEntries(order.map((part, index) => [part, Number(numbers[index])])) as Record<DayPart, number>;
  if (numbers[order.indexOf('year')]!.length !== 4) return undefined;
  const date = new Date(value.year, value.month - 1, value.day);
  if (date.getMonth() !== value.month - 1 || date.getDate() !== value.day) return undefined;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(value.year, 4)}-${pad(value.month, 2)}-${pad(value.day, 2)}`;
}
