// The admin's translation packs: English is bundled, the others load on demand, chosen like the widget's.
import en, { type AdminStrings } from './en.js';
import type { Language } from '../languages.js';
import { createPackLoader } from '../pack-loader.js';

export type { AdminStrings } from './en.js';

const packs = createPackLoader<AdminStrings>(en, {
  vi: () => import('./vi.js'),
  ja: () => import('./ja.js'),
  fr: () => import('./fr.js'),
  es: () => import('./es.js'),
  de: () => import('./de.js'),
  ar: () => import('./ar.js'),
});

/** The English admin pack, available at once. */
export const englishAdminStrings: AdminStrings = en;

/** The admin pack of a language if it has been loaded already. */
export const loadedAdminStrings: (language: Language) => AdminStrings | undefined = packs.loaded;

/** Loads the admin pack of a language; a pack that fails to load falls back to English. */
export const loadAdminStrings: (language: Language) => Promise<AdminStrings> = packs.load;
