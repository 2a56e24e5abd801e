// The languages the widget speaks and how a language tag or name is matched to one of them. Kept free of
// the packs themselves so the script-tag loader can label its launcher without loading them.
import { LANGUAGES, matchLanguageTag, type Language } from './language-tags.js';

export { LANGUAGES, matchLanguageTag, type Language } from './language-tags.js';

/**
 * The launcher's label per language, in the order of LANGUAGES, shown by the script-tag loader before the rest
 * of the widget (and any pack) has loaded; the same text as each pack's `openChat` (a test keeps them equal).
 * A list rather than a record keyed by language: the loader carries it, and the keys would cost bytes.
 */
export const OPEN_CHAT_LABELS = [
  'Open chat',
  'Mở trò chuyện',
  'チャットを開く',
  'Ouvrir la discussion',
  'Abrir el chat',
  'Chat öffnen',
  'افتح المحادثة',
] as const satisfies { length: (typeof LANGUAGES)['length'] };

// Names a bot's language may be stored under (the field is free text), in English and in the language itself.
const LANGUAGE_NAMES: Record<string, Language> = {
  english: 'en',
  vietnamese: 'vi',
  'tiếng việt': 'vi',
  'tieng viet': 'vi',
  japanese: 'ja',
  '日本語': 'ja',
  french: 'fr',
  'français': 'fr',
  francais: 'fr',
  spanish: 'es',
  'español': 'es',
  espanol: 'es',
  german: 'de',
  deutsch: 'de',
  arabic: 'ar',
  'العربية': 'ar',
};

/** Matches a BCP 47 tag (`vi-VN`, `pt_BR`) or a language name (`Vietnamese`) to a supported language. */
export function matchLanguage(value: string | null | undefined): Language | undefined {
  return LANGUAGE_NAMES[value?.trim().toLowerCase() ?? ''] ?? matchLanguageTag(value);
}

/**
 * The BCP 47 tag to mark text written in a language given as a tag (`pt-BR`, `pt_BR`) or a known name
 * (`Vietnamese`); undefined when it is neither (a name the widget does not know says nothing usable).
 */
export function languageTag(value: string | null | undefined): string | undefined {
  const tag = value?.trim().replace(/_/g, '-') ?? '';
  // Letters in both cases rather than the `i` flag: V8 builds a case-insensitive pattern's case tables when
  // it first runs, about 1 ms of the widget's first draw in a fresh page (profiled).
  return LANGUAGE_NAMES[tag.toLowerCase()] ?? (/^[a-zA-Z]{2,3}(-[a-zA-Z\d]{1,8})*$/.test(tag) ? tag : undefined);
}

/** Where the widget's language can come from, strongest first. */
export interface LanguageSources {
  /** The element's own `lang` attribute: a host page that sets it means it. */
  override?: string | null;
  /** The bot's `bot_language`. */
  botLanguage?: string | null;
  /** The visitor's preferred languages (`navigator.languages`). */
  preferred?: readonly string[];
}

/** Picks the widget's language: the element's `lang`, else the bot's language, else the visitor's, else English. */
export function resolveLanguage(sources: LanguageSources): Language {
  const candidates = [sources.override, sources.botLanguage, ...(sources.preferred ?? [])];
  for (const candidate of candidates) {
    const language = matchLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}
