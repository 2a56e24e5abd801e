// The widget's translation packs: English is bundled, the others load on demand (one small chunk each).
import en, { type WidgetStrings } from './en.js';
import type { LeadStrings } from './lead-form.js';
import type { Language } from './languages.js';
import { createPackLoader } from './pack-loader.js';

export type { WidgetStrings } from './en.js';
export type { LeadStrings } from './lead-form.js';
export { LANGUAGES, OPEN_CHAT_LABELS, languageTag, matchLanguage, matchLanguageTag, resolveLanguage, type Language, type LanguageSources } from './languages.js';

/** Strings a host page overrides: any subset of a pack or of the lead form's strings (functions for the parameterised entries). */
export type WidgetStringOverrides = {
  [K in Exclude<keyof (WidgetStrings & LeadStrings), 'lang' | 'dir' | 'time'>]?: (WidgetStrings & LeadStrings)[K] | string;
};

const packs = createPackLoader<WidgetStrings>(en, {
  vi: () => import('./vi.js'),
  ja: () => import('./ja.js'),
  fr: () => import('./fr.js'),
  es: () => import('./es.js'),
  de: () => import('./de.js'),
  ar: () => import('./ar.js'),
});

/** The English pack, available at once. */
export const englishStrings: WidgetStrings = en;

/** The pack of a language if it has been loaded already. */
export const loadedStrings: (language: Language) => WidgetStrings | undefined = packs.loaded;

/** Loads the pack of a language; a pack that fails to load falls back to English. */
export const loadStrings: (language: Language) => Promise<WidgetStrings> = packs.load;

/**
 * A pack (or the lead form's strings) with a host page's overrides applied: a plain string may replace a
 * parameterised entry; keys the strings do not have and values of another kind are ignored.
 */
export function applyStringOverrides<T extends object>(pack: T, overrides: WidgetStringOverrides | null | undefined): T {
  if (!overrides) return pack;
  const merged: Record<string, unknown> = { ...(pack as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    if (key === 'lang' || key === 'dir' || !(key in pack)) continue;
    const current = (pack as unknown as Record<string, unknown>)[key];
    if (typeof value === typeof current) merged[key] = value;
    else if (typeof current === 'function' && typeof value === 'string') merged[key] = () => value;
  }
  return merged as unknown as T;
}
