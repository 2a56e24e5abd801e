// What a question asks about, as concepts: each meaningful word of the question with the other words that
// count for it (its stem, spelling variants, synonyms, a correction of a typo). A follow-up question that
// refers back ("it", "that", "and with npm?", "why not?") also carries the previous question's concepts,
// which weigh less when the question names a topic of its own.
import type { ChatMessage } from '../../../src/api/schemas.js';
import { cutToTokens } from './conversation-budget.js';
import type { Language } from './language.js';
import { thesaurusFor } from './synonyms.js';
import { termOf, wordsOf } from './text.js';

/** One thing a question asks about. */
export interface Concept {
  /** The word as the visitor wrote it (lower case). */
  word: string;
  /** Terms (stems) that count fully as this concept in a text. */
  terms: Set<string>;
  /** Terms of synonyms, counted at `SYNONYM_MATCH`. */
  synonymTerms: Set<string>;
  /** Phrases it abbreviates, as terms, each counted at `SYNONYM_MATCH` when all its terms are present. */
  synonymPhrases: string[][];
  /** Words to give the full-text search (the word, its variants and synonyms). */
  searchWords: string[];
  /** Whether it comes from the question or from an earlier one. */
  origin: 'question' | 'history';
  /** How much it counts (1 for the question's own; less for an earlier question's). */
  weight: number;
  /** The knowledge base's word this one was corrected to, when the knowledge base lacks it (a typo). */
  corrected?: string;
  /** Whether the knowledge base has it nearly everywhere ("widget" on a widget's site): it tells no passage apart. */
  common?: boolean;
}

/** A question read for retrieval. */
export interface QuestionFocus {
  /** The question's concepts, then those carried over from the conversation. */
  concepts: Concept[];
  /** The stems of every word of the question, stop words included (for comparing it with headings). */
  questionTerms: string[];
  /** Pairs of the question's concepts written next to each other ("phone number"): a text answers them only where they are close. */
  compounds: [Concept, Concept][];
  /** Whether it asks for a yes or a no ("Is…", "Can…", "Does…"). */
  yesNo: boolean;
  /** Whether it refers back to the conversation. */
  followUp: boolean;
  /** Whether it asks for an amount ("How many…", "How much…", "How long…"): a passage with a number is likelier to answer. */
  asksAmount: boolean;
}

/** How much a synonym's match counts against a match of the word itself. */
export const SYNONYM_MATCH = 0.8;
/** The most terms a full-text search is given, chosen by weight. */
export const MAX_SEARCH_TERMS = 32;
/** How much of the previous question a follow-up reads, in estimated tokens (a question is short). */
export const MAX_CARRIED_TOKENS = 400;
/** The most concepts a follow-up carries over from the previous question, chosen longest first. */
export const MAX_CARRIED_CONCEPTS = 24;
/** The weight of a common word that seldom names the topic ("support", "anywhere"). */
export const WEAK_WORD_WEIGHT = 0.15;

const SHORT_FOLLOW_UP_WORDS = 3;
// Words that point back to what was said before.
const REFERRING_WORDS: Record<string, ReadonlySet<string>> = {
  en: new Set(['it', 'its', 'this', 'that', 'these', 'those', 'they', 'them', 'their', 'one', 'ones', 'same', 'too', 'also', 'else', 'then']),
  fr: new Set(['il', 'elle', 'ils', 'elles', 'le', 'la', 'les', 'lui', 'leur', 'ça', 'cela', 'ceci', 'aussi', 'y', 'en']),
  es: new Set(['lo', 'la', 'los', 'las', 'eso', 'esto', 'ese', 'esa', 'también', 'ello']),
  de: new Set(['es', 'das', 'dies', 'diese', 'dieser', 'sie', 'ihn', 'ihm', 'auch', 'dafür', 'dazu', 'damit']),
};
const FOLLOW_UP_OPENINGS = /^(and|but|so|also|what about|how about|what if|et|mais|y|pero|und|aber)\b/i;
const AMOUNT_QUESTION = /\bhow (many|much|long|often|big|large|small|fast|far)\b|\bcombien\b|\bcuántos?\b|\bcuántas?\b|\bwie (viele?|lange|groß)\b|\bbao nhiêu\b|いくつ|いくら|كم/iu;
const YES_NO_OPENINGS = /^(is|are|am|was|were|can|could|do|does|did|will|would|should|shall|may|might|must|has|have|had|est-ce|peut-on|puis-je|kann|ist|sind|gibt|hay|puedo|se puede)\b/i;

function conceptOf(word: string, language: Language, origin: Concept['origin']): Concept {
  const thesaurus = thesaurusFor(language.code);
  const variants = thesaurus.spellingVariantsOf(word);
  const synonyms = thesaurus.alternativesOf(word);
  const expansions = thesaurus.expansionsOf(word);
  const terms = new Set([word, ...variants].map((form) => termOf(form, language)));
  const synonymTerms = new Set(synonyms.map((form) => termOf(form, language)).filter((term) => !terms.has(term)));
  const synonymPhrases = expansions.map((phrase) => wordsOf(phrase).map((part) => termOf(part, language)));
  return {
    word,
    terms,
    synonymTerms,
    synonymPhrases,
    searchWords: [...new Set([word, ...variants, ...synonyms, ...expansions])],
    origin,
    weight: language.weakWords.has(word) ? WEAK_WORD_WEIGHT : 1,
  };
}

/** The concepts of a text: its meaningful words, each once, with phrase synonyms ("dark mode" → "dark theme"). */
export function conceptsOf(text: string, language: Language, origin: Concept['origin'] = 'question'): Concept[] {
  return conceptsWithCompounds(text, language, origin).concepts;
}

function conceptsWithCompounds(text: string, language: Language, origin: Concept['origin']): { concepts: Concept[]; compounds: [Concept, Concept][] } {
  const words = wordsOf(text);
  const thesaurus = thesaurusFor(language.code);
  const concepts: Concept[] = [];
  const compounds: [Concept, Concept][] = [];
  const seen = new Map<string, Concept>();
  let previous: Concept | undefined;
  for (const [index, word] of words.entries()) {
    if (word.length < 2 || language.stopWords.has(word) || /^\p{N}+$/u.test(word)) {
      previous = undefined;
      continue;
    }
    const existing = seen.get(word);
    if (existing) {
      previous = existing;
      continue;
    }
    const concept = conceptOf(word, language, origin);
    seen.set(word, concept);
    concepts.push(concept);
    if (previous && previous.weight === 1 && concept.weight === 1) compounds.push([previous, concept]);
    previous = concept;
    const next = words[index + 1];
    if (!next) continue;
    for (const [first, second] of thesaurus.phraseAlternativesOf(word, next)) {
      const nextConcept = seen.get(next) ?? (language.stopWords.has(next) ? undefined : conceptOf(next, language, origin));
      if (first && first !== word) addAlternative(concept, first, language);
      if (second && nextConcept && second !== next) addAlternative(nextConcept, second, language);
      if (nextConcept && !seen.has(next)) {
        seen.set(next, nextConcept);
        concepts.push(nextConcept);
      }
    }
  }
  for (const idiom of thesaurus.idiomsIn(words.join(' '))) {
    const concept = seen.get(idiom.word);
    if (!concept) continue;
    if (!idiom.means) {
      concept.weight = WEAK_WORD_WEIGHT;
      continue;
    }
    for (const word of [idiom.means, ...thesaurus.alternativesOf(idiom.means)]) addAlternative(concept, word, language);
  }
  // Words a phrase synonym ties together ("dark mode" → "dark theme") are a compound of the phrase itself.
  return { concepts, compounds: compounds.filter(([first, second]) => !isPhrasePair(first, second, thesaurus)) };
}

function isPhrasePair(first: Concept, second: Concept, thesaurus: ReturnType<typeof thesaurusFor>): boolean {
  return thesaurus.phraseAlternativesOf(first.word, second.word).length > 0;
}

function addAlternative(concept: Concept, word: string, language: Language): void {
  const term = termOf(word, language);
  if (!concept.terms.has(term)) concept.synonymTerms.add(term);
  if (!concept.searchWords.includes(word)) concept.searchWords.push(word);
}

/** Whether a question points back to the conversation rather than standing on its own. */
export function refersBack(question: string, language: Language): boolean {
  const words = wordsOf(question);
  if (FOLLOW_UP_OPENINGS.test(question.trim())) return true;
  const referring = REFERRING_WORDS[language.code];
  if (referring && words.some((word) => referring.has(word))) return true;
  return words.filter((word) => !language.stopWords.has(word)).length === 0 || words.length <= SHORT_FOLLOW_UP_WORDS;
}

/**
 * Reads a question in its conversation: its own concepts, and, when it refers back, the concepts of the
 * visitor's previous question (their weight is settled by retrieval, which knows which words the knowledge
 * base treats as topics).
 */
export function readQuestion(question: string, history: readonly ChatMessage[], language: Language): QuestionFocus {
  const { concepts, compounds } = conceptsWithCompounds(question, language, 'question');
  const followUp = refersBack(question, language);
  if (followUp) {
    const previous = [...history].reverse().find((message) => message.sender_type === 'user' && message.content.trim() !== '');
    if (previous) {
      const own = new Set(concepts.flatMap((concept) => [...concept.terms]));
      const carried = conceptsOf(cutToTokens(previous.content, MAX_CARRIED_TOKENS), language, 'history').filter((concept) => ![...concept.terms].some((term) => own.has(term)));
      concepts.push(...mostTelling(carried, MAX_CARRIED_CONCEPTS));
    }
  }
  return {
    concepts,
    questionTerms: wordsOf(question).map((word) => termOf(word, language)),
    compounds,
    yesNo: YES_NO_OPENINGS.test(question.trim()),
    asksAmount: AMOUNT_QUESTION.test(question),
    followUp,
  };
}

/**
 * At most `limit` concepts, the longest words first (longer words are rarer, so they tell passages apart
 * better), ties in text order; the result keeps text order. Deterministic, whatever the text's size.
 */
export function mostTelling(concepts: readonly Concept[], limit: number): Concept[] {
  if (concepts.length <= limit) return [...concepts];
  const chosen = new Set(
    concepts
      .map((concept, index) => ({ concept, index }))
      .sort((a, b) => b.concept.word.length - a.concept.word.length || a.index - b.index)
      .slice(0, limit)
      .map(({ concept }) => concept),
  );
  return concepts.filter((concept) => chosen.has(concept));
}

/** The words to give the full-text search, the question's first, at most `MAX_SEARCH_TERMS`. */
export function searchTermsOf(focus: Pick<QuestionFocus, 'concepts'>): string[] {
  const ranked = [...focus.concepts].sort((a, b) => b.weight - a.weight);
  const terms: string[] = [];
  // Each concept's own word first, then the variants, so that a cap keeps every concept.
  for (const concept of ranked) if (!terms.includes(concept.word)) terms.push(concept.word);
  for (const concept of ranked) for (const word of concept.searchWords) if (!terms.includes(word)) terms.push(word);
  return terms.slice(0, MAX_SEARCH_TERMS);
}

/** How strongly a text's terms contain a concept: 1 for the word or a variant, `SYNONYM_MATCH` for a synonym, else 0. */
export function conceptMatch(concept: Concept, textTerms: ReadonlySet<string>): number {
  for (const term of concept.terms) if (textTerms.has(term)) return 1;
  for (const term of concept.synonymTerms) if (textTerms.has(term)) return SYNONYM_MATCH;
  for (const phrase of concept.synonymPhrases) if (phrase.every((term) => textTerms.has(term))) return SYNONYM_MATCH;
  return 0;
}

/** The terms of a text in order; a hyphenated word ("e-mail", "right-to-left") also as one joined term. */
export function termListOf(text: string, language: Language): string[] {
  const terms = wordsOf(text).map((word) => termOf(word, language));
  for (const joined of text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? []) terms.push(termOf(joined.replace(/-/g, ''), language));
  return terms;
}

/** The terms of a text, as a set. */
export function termsOf(text: string, language: Language): Set<string> {
  return new Set(termListOf(text, language));
}
