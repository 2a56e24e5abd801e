// Language packs with English bundled and the others loaded on demand (one small chunk each), shared by
// the widget's and the admin's strings.
import { LANGUAGES, type Language } from './languages.js';

/** The packs of one kind of strings. */
export interface PackLoader<T> {
  /** The pack of a language if it has been loaded already. */
  loaded(language: Language): T | undefined;
  /** Loads the pack of a language; a pack that fails to load falls back to English. */
  load(language: Language): Promise<T>;
}

/** Packs of strings: `english` at once, the other languages through their `loaders`. */
export function createPackLoader<T>(
  english: T,
  loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: T }>>,
): PackLoader<T> {
  const packs = new Map<Language, T>([['en', english]]);
  return {
    loaded: (language) => packs.get(language),
    async load(language) {
      const ready = packs.get(language);
      if (ready) return ready;
      if (!LANGUAGES.includes(language) || language === 'en') return english;
      try {
        const pack = (await loaders[language]()).default;
        packs.set(language, pack);
        return pack;
      } catch {
        return english;
      }
    },
  };
}
