// A language pack a site supplies at run time (any BCP 47 language), turned into the widget's strings. Loaded
// with import() only when a site supplies one. The definition is plain data, so it can be JSON in a
// `<script type="application/json">` beside the script tag: entries that take values are strings with
// `{placeholders}`, and plural entries are objects keyed by the language's plural categories
// (`Intl.PluralRules`: zero, one, two, few, many, other). Missing entries fall back to English.
import englishStrings, { type WidgetStrings } from '../../i18n/en.js';

/** One entry of a supplied pack: text, text with `{placeholders}`, plural forms by category, or a function. */
export type LanguagePackEntry = string | Partial<Record<Intl.LDMLPluralRule, string>> | ((...values: never[]) => string);

/** A pack a site supplies: its BCP 47 `lang`, its direction, and any entries of `WidgetStrings`. */
export interface LanguagePackDefinition {
  /** BCP 47 tag of the language (`pt`, `pt-BR`, `he`). */
  lang: string;
  /** Writing direction; `ltr` when omitted. */
  dir?: 'ltr' | 'rtl';
  /** Entries by the keys of `WidgetStrings`. */
  [key: string]: LanguagePackEntry | undefined;
}

/** The placeholder names of the entries that take values, in the order of their arguments. */
const PLACEHOLDERS: Record<string, readonly string[] | undefined> = {
  greeting: ['name'],
  answered: ['name', 'answer'],
  leadMissing: ['count'],
};

/** Reads a definition: the object itself, or the JSON inside the element with that id. */
export function readDefinition(source: LanguagePackDefinition | string, root: Document): LanguagePackDefinition | undefined {
  if (typeof source !== 'string') return source;
  try {
    const parsed: unknown = JSON.parse(root.getElementById(source)?.textContent ?? '');
    return parsed && typeof parsed === 'object' && typeof (parsed as { lang?: unknown }).lang === 'string'
      ? (parsed as LanguagePackDefinition)
      : undefined;
  } catch {
    return undefined;
  }
}

function fill(template: string, names: readonly string[], values: readonly unknown[]): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const index = names.includes(name) ? names.indexOf(name) : Number(name);
    return Number.isInteger(index) && index < values.length ? String(values[index]) : whole;
  });
}

/**
 * The widget's strings from a supplied pack: its `lang` (canonical) and `dir`, its entries where they have
 * the right form, English for the rest. A definition that cannot be read gives the English pack.
 */
export function compileLanguagePack(source: LanguagePackDefinition | string, root: Document = document): WidgetStrings {
  const definition = readDefinition(source, root);
  if (!definition) return englishStrings;
  let lang: string;
  try {
    lang = Intl.getCanonicalLocales(definition.lang)[0] ?? 'en';
  } catch {
    return englishStrings;
  }
  const plurals = new Intl.PluralRules(lang);
  let clock: Intl.DateTimeFormat | undefined;
  const time = (at: Date) => (clock ??= new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' })).format(at);
  // Making the first formatter of a page is a task of 20 to 50 ms (the locale's data is loaded): done while the
  // page is idle, it is not in the frame that draws the first question.
  globalThis.requestIdleCallback?.(() => time(new Date()));
  const strings: Record<string, unknown> = { ...englishStrings, lang, dir: definition.dir === 'rtl' ? 'rtl' : 'ltr', time };
  // The lead form's entries (`lead…`) are not in English's pack but in the lead form's chunk: they are kept
  // here in the same forms, and the lead form takes them from the pack.
  const leadKeys = Object.keys(definition).filter((key) => key.startsWith('lead') && !(key in englishStrings));
  // What each entry is in English: text, or a function of values (the lead entries with placeholders).
  const englishForms: Record<string, unknown> = { ...englishStrings };
  for (const key of leadKeys) englishForms[key] = PLACEHOLDERS[key] ? fill : '';
  for (const [key, english] of Object.entries(englishForms)) {
    const entry = definition[key];
    if (key === 'lang' || key === 'dir' || entry === undefined) continue;
    const names = PLACEHOLDERS[key] ?? [];
    if (typeof english === 'string') {
      if (typeof entry === 'string') strings[key] = entry;
    } else if (typeof entry === 'function') {
      strings[key] = entry;
    } else if (typeof entry === 'string') {
      strings[key] = (...values: unknown[]) => fill(entry, names, values);
    } else if (entry && typeof entry === 'object') {
      const forms = entry as Partial<Record<string, string>>;
      strings[key] = (...values: unknown[]) => {
        const count = values.find((value): value is number => typeof value === 'number') ?? 0;
        return fill(forms[plurals.select(count)] ?? forms['other'] ?? '', names, values);
      };
    }
  }
  return strings as unknown as WidgetStrings;
}
