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

/**
 * A pack as its module exports it: the pack itself, or (in the script-tag build, which ships packs without
 * their keys: scripts/compact-language-packs.mjs) its values in the order of its sorted keys.
 */
export type PackModule<T> = { default: T | readonly unknown[] };

/** The pack whose values are given in the order of the sorted keys of the English pack (every pack has its keys). */
export function expandPack<T extends object>(english: T, values: readonly unknown[]): T {
  const keys = Object.keys(english).sort();
  return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as T;
}

/** Packs of strings: `english` at once, the other languages through their `loaders`. */
export function createPackLoader<T extends object>(
  english: T,
  loaders: Record<Exclude<Language, 'en'>, () => Promise<PackModule<T>>>,
): PackLoader<T> {
  const packs = new Map<Language, T>([['en', english]]);
  return {
    loaded: (language) => packs.get(language),
    async load(language) {
      const ready = packs.get(language);
      if (ready) return ready;
      if (!LANGUAGES.includes(language) || language === 'en') return english;
      try {
        const shipped = (await loaders[language]()).default;
        const pack = Array.isArray(shipped) ? expandPack(english, shipped as readonly unknown[]) : (shipped as T);
        packs.set(language, pack);
        return pack;
      } catch {
        return english;
      }
    },
  };
}
