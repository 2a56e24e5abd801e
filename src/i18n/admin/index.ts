// The admin's translation packs: English is bundled, the others load on demand, chosen like the widget's.
import en, { type AdminStrings } from './en.js';
import { LANGUAGES, type Language } from '../languages.js';

export type { AdminStrings } from './en.js';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: AdminStrings }>> = {
  vi: () => import('./vi.js'),
  ja: () => import('./ja.js'),
  fr: () => import('./fr.js'),
  es: () => import('./es.js'),
  de: () => import('./de.js'),
  ar: () => import('./ar.js'),
};
const loaded = new Map<Language, AdminStrings>([['en', en]]);

/** The English admin pack, available at once. */
export const englishAdminStrings: AdminStrings = en;

/** The admin pack of a language if it has been loaded already. */
export function loadedAdminStrings(language: Language): AdminStrings | undefined {
  return loaded.get(language);
}

/** Loads the admin pack of a language; a pack that fails to load falls back to English. */
export async function loadAdminStrings(language: Language): Promise<AdminStrings> {
  const ready = loaded.get(language);
  if (ready) return ready;
  if (!LANGUAGES.includes(language) || language === 'en') return en;
  try {
    const pack = (await loaders[language]()).default;
    loaded.set(language, pack);
    return pack;
  } catch {
    return en;
  }
}
