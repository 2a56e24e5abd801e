// The time of a message in one of the widget's languages: hours and minutes as the language's clock shows
// them, which is what the browser's `Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' })` writes
// (a test compares the two for every minute of a day), without Intl. The first formatter a page makes loads the
// locale's data, a task of 20 to 50 ms, which held up the first answer of a visit and followed the first paint
// of a restored conversation. A site's own pack (any language) brings its own `time`, made with Intl.
import type { Language } from './language-tags.js';

/** The day periods of the languages whose clock has 12 hours; the others have 24. */
const DAY_PERIODS: Partial<Record<Language, readonly [am: string, pm: string]>> = { en: ['AM', 'PM'], ar: ['ص', 'م'] };

/** The hours and minutes of `at` in `language` (`3:05 PM`, `15:05`, `3:05 م`). */
export function clockTime(at: Date, language: Language): string {
  const hours = at.getHours();
  const minutes = `${at.getMinutes()}`.padStart(2, '0');
  const periods = DAY_PERIODS[language];
  return periods ? `${hours % 12 || 12}:${minutes} ${periods[+(hours > 11)]}` : `${hours}:${minutes}`;
}
