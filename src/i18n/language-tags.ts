// The languages the widget ships and how a BCP 47 tag is matched to one of them: all the script-tag loader
// needs to pick its launcher's label. The loader hands this module to the app rather than both carrying it
// (scripts/shared-with-loader.mjs); languages.ts re-exports it with the rest.

/** Languages with a translation pack. */
export const LANGUAGES = ['en', 'vi', 'ja', 'fr', 'es', 'de', 'ar'] as const;
/** A language with a translation pack. */
export type Language = (typeof LANGUAGES)[number];

/** Matches a BCP 47 tag (`vi-VN`, `pt_BR`) to a supported language. */
export function matchLanguageTag(value: string | null | undefined): Language | undefined {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary!) ? (primary as Language) : undefined;
}
