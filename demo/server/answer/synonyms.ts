// Other words a visitor uses for what a site says: spelling variants (colour/color, customise/customize),
// irregular forms (written/write), synonyms (price/cost), and two-word phrases (dark mode/dark theme).
// General vocabulary of websites and software help pages, not any one site's.

const ENGLISH_GROUPS = `
  colour color | behaviour behavior | favourite favorite | licence license | centre center | catalogue catalog
  dialogue dialog | grey gray | analyse analyze | e-mail email mail | cancelled canceled
  cost costs price prices pricing fee fees charge charges pay paid payment free
  subscription subscriptions plan plans | private privacy personal confidential gdpr
  delete remove erase | change modify customise customize adjust edit alter
  embed integrate | website site | conversation conversations chat chats dialogue | bot chatbot assistant
  answer answers reply replies response responses | language languages translation translations translate localisation localization i18n
  font fonts typeface typography | size sizes big large small heavy weight kilobytes kb
  speed fast slow performance quick | error errors problem problems issue issues bug bugs failure fail broken
  login log-in signin account | accessibility accessible a11y disability disabilities blind
  limit limits maximum quota cap restriction | stop cancel abort interrupt halt
  save saved store stored keep kept persist record retain | analytics tracking metrics statistics stats
  source sources citation citations reference references | model models llm gpt ai
  company companies business businesses commercial enterprise organisation organization
  guess guessing invent invents hallucinate hallucinates fabricate
  secure safe security safety | crawl scrape | deep depth level levels
  enable activate | disable deactivate | switch turn toggle | look appearance design
`;

// Irregular forms the stemmer cannot join: each form counts as the first word.
const ENGLISH_IRREGULAR = `
  write written wrote writes | make made | build built | send sent | get got gotten | run ran | read | keep kept
  find found | show shown | know known | choose chose chosen | give given gave | take taken took | go went gone
  begin began begun | leave left | pay paid | buy bought | think thought | bring brought | teach taught | see seen saw
`;

const ENGLISH_PHRASES = `dark mode, dark theme, night mode | light mode, light theme | sign in, log in | sign up, register account
  | set up, install | turn on, switch on | turn off, switch off | right to left, rtl | open source, free`;

// Idioms: a verb and its particle that mean another word ("make things up" → "guess": the word's concept
// also counts that word), or a word made vague by what follows ("part of": "part" counts little).
// Matched on the question's words joined by single spaces.
const ENGLISH_IDIOMS: readonly Idiom[] = [
  { pattern: /\b(make|makes|making) (?:things |stuff |something |anything )?up\b/, means: 'guess' },
  { pattern: /\b(turn|turns|switch|switches) (?:it |them |this |that )?on\b/, means: 'enable' },
  { pattern: /\b(turn|turns|switch|switches) (?:it |them |this |that )?off\b/, means: 'disable' },
  { pattern: /\b(run|runs|running) out\b/, means: 'left' },
  { pattern: /\b(set|sets|setting) (?:it |them )?up\b/, means: 'install' },
  { pattern: /\b(sign|signs|signing) up\b/, means: 'register' },
  { pattern: /\b(part|kind|sort|bit) of\b/ },
];

/** An idiom: its pattern's first group is the word it changes; `means` is what that word then also counts as. */
interface Idiom {
  pattern: RegExp;
  means?: string;
}

// Abbreviations and what they stand for.
const ENGLISH_ABBREVIATIONS = `csp: content security policy | faq: frequently asked questions | api: application programming interface
  | ui: user interface | rtl: right to left | ai: artificial intelligence | llm: language model | seo: search engine
  | cms: content management system | sso: single sign on | gdpr: data protection | url: web address | cdn: content delivery network`;

const FRENCH_GROUPS = `prix coût tarif tarifs gratuit payant | couleur couleurs coloris | confidentialité privé données
  | supprimer effacer retirer | modifier changer personnaliser | site web | langue langues traduction`;
const SPANISH_GROUPS = `precio precios coste costo costos tarifa gratis gratuito | color colores | privacidad privado datos
  | eliminar borrar quitar | cambiar modificar personalizar | idioma idiomas traducción`;
const GERMAN_GROUPS = `preis preise kosten gebühr kostenlos gratis | farbe farben | datenschutz privat daten
  | löschen entfernen | ändern anpassen bearbeiten | sprache sprachen übersetzung`;

/** Words of one language that may stand for one another, and phrases that may. */
export interface Thesaurus {
  /** For a lower-case word, the other words of its groups. */
  alternativesOf(word: string): readonly string[];
  /** Two-word phrases: for a pair of words, the words each may stand for in the other phrases. */
  phraseAlternativesOf(first: string, second: string): readonly [string, string][];
  /** Spelling variants made by rule (British and American spellings). */
  spellingVariantsOf(word: string): readonly string[];
  /** The phrases an abbreviation stands for ("csp" → "content security policy"). */
  expansionsOf(word: string): readonly string[];
  /** The idioms in a text's words (joined by single spaces): each word they change, with what it then means (none: it is vague). */
  idiomsIn(words: string): { word: string; means?: string }[];
}

function groupsOf(text: string): string[][] {
  return text
    .split('|')
    .map((group) => group.split(/\s+/).filter(Boolean))
    .filter((group) => group.length > 1);
}

function indexGroups(text: string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const group of groupsOf(text)) {
    for (const word of group) {
      const others = index.get(word) ?? [];
      for (const other of group) if (other !== word && !others.includes(other)) others.push(other);
      index.set(word, others);
    }
  }
  return index;
}

function indexPhrases(text: string): Map<string, [string, string][]> {
  const index = new Map<string, [string, string][]>();
  for (const group of text.split('|')) {
    const phrases = group
      .split(',')
      .map((phrase) => phrase.trim().split(/\s+/))
      .filter((words) => words.length >= 1 && words[0] !== '');
    for (const phrase of phrases) {
      if (phrase.length !== 2) continue;
      const key = phrase.join(' ');
      const others = index.get(key) ?? [];
      for (const other of phrases) {
        if (other === phrase) continue;
        // A one-word alternative ("rtl", "free") stands for the whole phrase: it is added to the phrase's first word.
        others.push(other.length === 2 ? [other[0]!, other[1]!] : [other[0]!, '']);
      }
      index.set(key, others);
    }
  }
  return index;
}

function irregularIndex(text: string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const group of groupsOf(text)) {
    const [base, ...forms] = group;
    for (const form of forms) index.set(form, [base!]);
    index.set(base!, forms);
  }
  return index;
}

function englishSpellingVariants(word: string): string[] {
  const variants: string[] = [];
  // colour -> color, favourite -> favorite (not "your", "four", "hour": too short or a vowel before)
  const our = /^(.*[^aeiouy])our(s|ed|ing|ite|ites|able)?$/.exec(word);
  if (our && word.length >= 5) variants.push(`${our[1]}or${our[2] ?? ''}`);
  const or = /^(.*[^aeiou])or(s|ed|ing|ite|ites)?$/.exec(word);
  if (or && word.length >= 5 && !our) variants.push(`${or[1]}our${or[2] ?? ''}`);
  // customise -> customize, organisation -> organization, and back
  const ise = /^(.{3,})is(e|es|ed|ing|ation|ations)$/.exec(word);
  if (ise) variants.push(`${ise[1]}iz${ise[2]}`);
  const ize = /^(.{3,})iz(e|es|ed|ing|ation|ations)$/.exec(word);
  if (ize) variants.push(`${ize[1]}is${ize[2]}`);
  return variants;
}

function abbreviationIndex(text: string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const entry of text.split('|')) {
    const [abbreviation, expansion] = entry.split(':').map((part) => part.trim());
    if (abbreviation && expansion) index.set(abbreviation, [...(index.get(abbreviation) ?? []), expansion]);
  }
  return index;
}

interface ThesaurusSource {
  groups?: string;
  irregular?: string;
  phrases?: string;
  abbreviations?: string;
  idioms?: readonly Idiom[];
  spelling?: (word: string) => string[];
}

function thesaurusOf({ groups = '', irregular = '', phrases = '', abbreviations = '', idioms = [], spelling }: ThesaurusSource): Thesaurus {
  const synonymIndex = indexGroups(groups);
  const irregularForms = irregularIndex(irregular);
  const phraseIndex = indexPhrases(phrases);
  const expansions = abbreviationIndex(abbreviations);
  return {
    alternativesOf: (word) => [...(synonymIndex.get(word) ?? []), ...(irregularForms.get(word) ?? [])],
    phraseAlternativesOf: (first, second) => phraseIndex.get(`${first} ${second}`) ?? [],
    spellingVariantsOf: (word) => spelling?.(word) ?? [],
    expansionsOf: (word) => expansions.get(word) ?? [],
    idiomsIn(words) {
      return idioms.flatMap((idiom) => {
        const match = idiom.pattern.exec(words);
        return match ? [{ word: match[1]!, means: idiom.means }] : [];
      });
    },
  };
}

const THESAURI: Record<string, Thesaurus> = {
  en: thesaurusOf({
    groups: ENGLISH_GROUPS,
    irregular: ENGLISH_IRREGULAR,
    phrases: ENGLISH_PHRASES,
    abbreviations: ENGLISH_ABBREVIATIONS,
    idioms: ENGLISH_IDIOMS,
    spelling: englishSpellingVariants,
  }),
  fr: thesaurusOf({ groups: FRENCH_GROUPS }),
  es: thesaurusOf({ groups: SPANISH_GROUPS }),
  de: thesaurusOf({ groups: GERMAN_GROUPS }),
};

const NONE: Thesaurus = thesaurusOf({});

/** The thesaurus of a language code (an empty one for languages without one). */
export function thesaurusFor(code: string): Thesaurus {
  return THESAURI[code] ?? NONE;
}
