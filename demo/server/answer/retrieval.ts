// Finding the passages that answer a question: PostgreSQL full-text search in the bot's language finds
// candidates for the question's concepts (with their variants, synonyms and typo corrections, the latter
// from pg_trgm), then each candidate is ranked by how much of the question it covers (rare words count more),
// how much of it its heading covers, how close its heading is to the question, and its full-text rank.
// Below a calibrated coverage the knowledge base is taken to have no answer.
import type { ChatMessage } from '../../../src/api/schemas.js';
import type { Queryable } from '../storage/database.js';
import { nearWords, searchPassages, type FoundPassage } from '../storage/knowledge.js';
import { resolveLanguage, type Language } from './language.js';
import type { RetrievedPassage } from './provider.js';
import { MAX_SEARCH_TERMS, WEAK_WORD_WEIGHT, conceptMatch, mostTelling, readQuestion, searchTermsOf, termListOf, termsOf, type Concept, type QuestionFocus } from './query.js';
import { termOf } from './text.js';

/** Passages read from the database per question before ranking. */
const CANDIDATES = 40;
/** Passages handed to the answer provider at most. */
const KEPT = 3;
/** The best ranked passages among which an answering one is looked for. */
const CONSIDERED = 5;
/**
 * The least coverage (weighted share of the question's concepts found in a passage) that counts as an
 * answer. Calibrated on the question set (test/answer-eval): see docs/answer-engine.md.
 */
export const RELEVANCE_THRESHOLD = 0.55;
/** A supporting passage must score at least this share of the best one's score. */
const SUPPORT_SHARE = 0.75;
/** The weight of an earlier question's concepts when the follow-up names a topic of its own, and when it does not. */
const CARRIED_WEIGHT_WITH_TOPIC = 0.35;
const CARRIED_WEIGHT_WITHOUT_TOPIC = 0.8;
/** How much a typo's correction counts against the word itself. */
const CORRECTION_MATCH = 0.8;

/** A candidate passage with the figures it was ranked by. */
export interface RankedPassage extends FoundPassage {
  /** The combined ranking score (higher is better). */
  score: number;
  /** Weighted share of the question's concepts the passage contains, 0..1. */
  coverage: number;
  /** Weighted share of the question's concepts its heading contains, 0..1. */
  headingCoverage: number;
  /** How alike the question and the heading are (Dice over their words), 0..1. */
  headingSimilarity: number;
}

/** What retrieval found for a question. */
export interface Retrieval {
  /** The passages that answer it, best first (empty: the knowledge base has no answer). */
  relevant: RankedPassage[];
  /** Every candidate, best first. */
  candidates: RankedPassage[];
  /** The question as read: its concepts with their final weights and corrections. */
  focus: QuestionFocus;
  /** The bot's language. */
  language: Language;
}

/** Options of a retrieval. */
export interface RetrievalOptions {
  /** The bot's `bot_language` (read from the database when absent). */
  language?: string;
  /** Whether to correct words the knowledge base does not have (default true; suggestions, made from its own words, skip it). */
  correctTypos?: boolean;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of adjacent letters. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(table[row - 1]![column]! + 1, table[row]![column - 1]! + 1, table[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) best = Math.min(best, table[row - 2]![column - 2]! + 1);
      table[row]![column] = best;
    }
  }
  return table[a.length]![b.length]!;
}

/** The typos a word of this length may carry and still be corrected. */
function allowedTypos(length: number): number {
  return length >= 8 ? 2 : 1;
}

function adjacentSwaps(word: string): string[] {
  const swaps: string[] = [];
  for (let index = 0; index < word.length - 1; index++) {
    if (word[index] === word[index + 1]) continue;
    swaps.push(word.slice(0, index) + word[index + 1] + word[index] + word.slice(index + 2));
  }
  return swaps;
}

// Names (a capital letter past the question's first word: "Paris", "PayPal", "iPhone") are never corrected:
// a name the knowledge base lacks is a question it cannot answer.
function namesIn(question: string): Set<string> {
  const names = new Set<string>();
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  words.forEach((word, index) => {
    if ((index > 0 && /\p{Lu}/u.test(word)) || /\p{Ll}\p{Lu}/u.test(word)) names.add(word.toLowerCase());
  });
  return names;
}

/** Corrects the question's own words that the knowledge base lacks to the nearest word it has, by pg_trgm and edit distance. */
async function correctTypos(db: Queryable, botId: string, question: string, focus: QuestionFocus, language: Language): Promise<void> {
  const names = namesIn(question);
  const candidates = mostTelling(
    focus.concepts.filter((concept) => concept.origin === 'question' && concept.word.length >= 4 && !names.has(concept.word) && /^\p{L}+$/u.test(concept.word)),
    MAX_SEARCH_TERMS,
  );
  if (candidates.length === 0) return;
  const words = candidates.map((concept) => concept.word);
  const near = await nearWords(db, botId, words, words.flatMap((word) => adjacentSwaps(word).map((variant) => ({ term: word, variant }))));
  for (const concept of candidates) {
    const found = near.filter((entry) => entry.term === concept.word);
    if (found.some((entry) => entry.word === concept.word || concept.searchWords.includes(entry.word))) continue;
    let best: { word: string; distance: number; similarity: number } | undefined;
    for (const entry of found) {
      if (language.stopWords.has(entry.word)) continue;
      const distance = editDistance(concept.word, entry.word);
      if (distance > allowedTypos(concept.word.length)) continue;
      if (!best || distance < best.distance || (distance === best.distance && entry.similarity > best.similarity)) best = { ...entry, distance };
    }
    // A name with a suffix ("reactjs", "vuejs") is the name the knowledge base has.
    const stemOfName = found.find((entry) => entry.word.length >= 4 && concept.word.startsWith(entry.word) && concept.word.length - entry.word.length <= 2);
    if (!best && stemOfName) best = { ...stemOfName, distance: 0 };
    if (!best) {
      // A misspelt question word ("wich", "ther", "suported") counts as the word it misspells.
      if ([...language.stopWords].some((word) => word.length >= 4 && editDistance(concept.word, word) <= 1)) concept.weight = 0;
      else if ([...language.weakWords].some((word) => editDistance(concept.word, word) <= allowedTypos(word.length))) concept.weight = WEAK_WORD_WEIGHT;
      continue;
    }
    concept.synonymTerms.add(termOf(best.word, language));
    concept.searchWords.push(best.word);
    concept.corrected = best.word;
  }
}

function inverseDocumentFrequency(documents: number, containing: number): number {
  return Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
}

/** The match of a concept in a text, a typo's correction counting a little less than a synonym. */
function matchOf(concept: Concept, terms: ReadonlySet<string>): number {
  const match = conceptMatch(concept, terms);
  if (match === 0 || !concept.corrected) return match;
  return [...concept.terms].some((term) => terms.has(term)) ? 1 : CORRECTION_MATCH;
}

/** Words between two terms of a compound ("phone number") for the text to hold the compound. */
const COMPOUND_WINDOW = 3;
/** What each word of a compound counts when the text holds both far apart. */
const SCATTERED_COMPOUND_MATCH = 0.5;
/** What a number in a passage adds to its score when the question asks for an amount. */
const AMOUNT_BONUS = 0.15;
const HAS_AMOUNT = /\p{N}|\b(hundred|thousand|million|dozen)s?\b/iu;
/** The fewest passages rarity is judged over (a prior for small knowledge bases). */
const MIN_DOCUMENTS = 20;
/** Share of the knowledge base beyond which a word is common. */
const COMMON_SHARE = 0.25;

interface PassageText {
  /** Terms of the page title and the heading: what the passage is about. */
  heading: Set<string>;
  /** Every term: title, heading and text. */
  all: Set<string>;
  /** Where each term occurs (title, heading and text read as one sequence, sections far apart). */
  positions: Map<string, number[]>;
}

function passageText(passage: Pick<FoundPassage, 'title' | 'heading' | 'content'>, language: Language): PassageText {
  const positions = new Map<string, number[]>();
  let offset = 0;
  for (const section of [passage.title, passage.heading, passage.content]) {
    const terms = termListOf(section, language);
    terms.forEach((term, index) => positions.set(term, [...(positions.get(term) ?? []), offset + index]));
    offset += terms.length + COMPOUND_WINDOW + 1;
  }
  return { heading: termsOf(`${passage.title}\n${passage.heading}`, language), all: new Set(positions.keys()), positions };
}

function positionsOf(concept: Concept, text: PassageText): number[] {
  const terms = [...concept.terms, ...concept.synonymTerms, ...concept.synonymPhrases.map((phrase) => phrase[0]!)];
  return terms.flatMap((term) => text.positions.get(term) ?? []);
}

/** Whether a text holds a compound: its two words close together, or one of them in the heading (the topic) and the other below. */
function holdsCompound([first, second]: readonly [Concept, Concept], text: PassageText): boolean {
  if (matchOf(first, text.heading) > 0 || matchOf(second, text.heading) > 0) return true;
  const secondPositions = positionsOf(second, text);
  return positionsOf(first, text).some((position) => secondPositions.some((other) => Math.abs(position - other) <= COMPOUND_WINDOW));
}

/**
 * Ranks candidate passages for a question (no database: the full-text candidates and the knowledge base's
 * size in, the ranking out). Settles on the focus the weight of concepts carried over from an earlier
 * question (low when the question names a topic of its own, a word of some candidate's heading, higher when
 * it does not) and which concepts are common.
 */
export function rankPassages(focus: QuestionFocus, found: readonly FoundPassage[], total: number, language: Language): RankedPassage[] {
  const texts = found.map((passage) => passageText(passage, language));
  const own = focus.concepts.filter((concept) => concept.origin === 'question');
  const carried = focus.concepts.filter((concept) => concept.origin === 'history');
  const namesTopic = own.some((concept) => concept.weight === 1 && texts.some((text) => matchOf(concept, text.heading) > 0));
  const carriedWeight = own.every((concept) => concept.weight < 1) ? 1 : namesTopic ? CARRIED_WEIGHT_WITH_TOPIC : CARRIED_WEIGHT_WITHOUT_TOPIC;
  for (const concept of carried) concept.weight = carriedWeight;

  // Rarity is judged as if the knowledge base had at least MIN_DOCUMENTS passages: with two passages, a
  // word missing from both would otherwise outweigh everything the question shares with them.
  const documents = Math.max(total, found.length, MIN_DOCUMENTS);
  const containing = focus.concepts.map((concept) => texts.filter((text) => matchOf(concept, text.all) > 0).length);
  const importance = focus.concepts.map((concept, index) => concept.weight * inverseDocumentFrequency(documents, containing[index]!));
  // A word found in over a quarter of the knowledge base ("widget" on a widget's site) is a subject, not half of a compound.
  const common = containing.map((count) => count > documents * COMMON_SHARE);
  focus.concepts.forEach((concept, index) => (concept.common = common[index]));
  const totalImportance = importance.reduce((sum, value) => sum + value, 0) || 1;
  const questionTerms = new Set(focus.questionTerms);
  const ownTerms = new Set(own.flatMap((concept) => [...concept.terms, ...concept.synonymTerms]));
  const topRank = Math.max(...found.map((passage) => passage.rank), 1e-9);

  const ranked = found.map((passage, index): RankedPassage => {
    const text = texts[index]!;
    const headingTerms = termsOf(passage.heading, language);
    const matches = focus.concepts.map((concept) => matchOf(concept, text.all));
    for (const compound of focus.compounds) {
      const [first, second] = compound.map((concept) => focus.concepts.indexOf(concept)) as [number, number];
      if (common[first] || common[second]) continue;
      if (matches[first]! > 0 && matches[second]! > 0 && !holdsCompound(compound, text)) {
        matches[first] = Math.min(matches[first]!, SCATTERED_COMPOUND_MATCH);
        matches[second] = Math.min(matches[second]!, SCATTERED_COMPOUND_MATCH);
      }
    }
    let covered = 0;
    let inHeading = 0;
    focus.concepts.forEach((concept, conceptIndex) => {
      covered += importance[conceptIndex]! * matches[conceptIndex]!;
      inHeading += importance[conceptIndex]! * matchOf(concept, text.heading);
    });
    let sharedWithHeading = 0;
    for (const term of headingTerms) if (questionTerms.has(term) || ownTerms.has(term)) sharedWithHeading++;
    const headingSimilarity = headingTerms.size === 0 ? 0 : (2 * sharedWithHeading) / (questionTerms.size + headingTerms.size);
    const coverage = covered / totalImportance;
    const headingCoverage = inHeading / totalImportance;
    const amountBonus = focus.asksAmount && HAS_AMOUNT.test(passage.content) ? AMOUNT_BONUS : 0;
    const score = coverage + headingCoverage + headingSimilarity + (0.1 * passage.rank) / topRank + amountBonus;
    return { ...passage, score, coverage, headingCoverage, headingSimilarity };
  });
  return ranked.sort((a, b) => b.score - a.score);
}

async function languageOfBot(db: Queryable, botId: string): Promise<string> {
  const [row] = await db.query<{ bot_language: string }>('select bot_language from bots where id = $1', [botId]);
  return row?.bot_language ?? '';
}

/**
 * The passages that answer a question in its conversation, best first, with every candidate and the
 * question as read. `relevant` is empty when the best passage covers less than `RELEVANCE_THRESHOLD` of it.
 */
export async function retrievePassages(
  db: Queryable,
  botId: string,
  question: string,
  history: readonly ChatMessage[],
  options: RetrievalOptions = {},
): Promise<Retrieval> {
  const language = resolveLanguage(options.language ?? (await languageOfBot(db, botId)));
  const focus = readQuestion(question, history, language);
  if (focus.concepts.length === 0) return { relevant: [], candidates: [], focus, language };
  if (options.correctTypos !== false) await correctTypos(db, botId, question, focus, language);
  const { passages, total } = await searchPassages(db, botId, { searchConfig: language.searchConfig, terms: searchTermsOf(focus) }, CANDIDATES);
  const candidates = rankPassages(focus, passages, total, language);
  // The best ranked passages that cover enough of the question, in rank order.
  const answering = candidates.slice(0, CONSIDERED).filter((passage) => passage.coverage >= RELEVANCE_THRESHOLD);
  const best = answering[0];
  const relevant = best ? answering.filter((passage) => passage.score >= best.score * SUPPORT_SHARE).slice(0, KEPT) : [];
  return { relevant, candidates, focus, language };
}

/** The passages as the answer providers take them. */
export function asRetrievedPassages(passages: readonly RankedPassage[]): RetrievedPassage[] {
  return passages.map(({ url, title, heading, content, score }) => ({ url, title, heading, content, rank: score }));
}
