// Follow-up questions the knowledge base answers well: phrased from a passage's heading and content, each
// checked by retrieval (the question must bring back the passage it was made from) before it is offered,
// related material first, never the passage just answered or a question already asked.
import type { ChatMessage } from '../../../src/api/schemas.js';
import type { Queryable } from '../storage/database.js';
import { knowledgeVersion, listSuggestionSources, type SuggestionSource } from '../storage/knowledge.js';
import type { Language } from './language.js';
import { looksLikeFraming, plainSuggestionText } from './page-markdown.js';
import { termsOf } from './query.js';
import { retrievePassages, type RankedPassage } from './retrieval.js';
import { termOf } from './text.js';

/** Suggestions offered after an answer when the knowledge base has material for them. */
export const SUGGESTION_COUNT = 4;
/** Headings considered beyond the question's own candidates. */
const SOURCES_READ = 80;
/** Headings longer than this make poor questions. */
const LONGEST_HEADING = 80;
/** Candidates covering this share of the question are suggested before the answered page's other headings. */
const CLOSELY_RELATED = 0.5;
/** Checks run per answer at most (each is one retrieval), so an odd knowledge base cannot make an answer slow. */
const MOST_CHECKS = 12;

const QUESTION_END = /[?？؟]$/;

function lowerFirst(text: string): string {
  // "Dark theme" -> "dark theme", but "Markdown", "CSS" and "iPhone"-like words keep their case.
  return /^\p{Lu}\p{Ll}*(\s|$)/u.test(text) && !/^\p{Lu}\p{Ll}*\p{Lu}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function fromVisitorsSide(text: string): string {
  return text.replace(/\byours\b/gi, 'mine').replace(/\byour\b/gi, 'my');
}

const NOUNS_IN_ING = new Set(['thing', 'things', 'string', 'strings', 'king', 'ring', 'spring', 'wing', 'ceiling', 'morning', 'evening', 'nothing', 'something', 'anything', 'everything']);

/** The base form of an English -ing word ("styling" → "style", "embedding" → "embed"), or undefined if it is not one. */
export function baseOfGerund(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (!lower.endsWith('ing') || lower.length < 5 || NOUNS_IN_ING.has(lower)) return undefined;
  const stem = lower.slice(0, -3);
  if (!/[aeiouy]/.test(stem)) return undefined;
  if (stem === 'us') return 'use';
  if (/(at|bl|iz)$/.test(stem)) return `${stem}e`;
  if (stem.length > 3 && /([^aeiouylsz])\1$/.test(stem)) return stem.slice(0, -1);
  // One vowel group between consonants, ending consonant-vowel-consonant: "styl" -> "style", "them" -> "theme".
  if (/^[^aeiouy]*[aeiouy]+[^aeiouy]+$/.test(stem) && /[^aeiou][aeiouy][^aeiouwxy]$/.test(stem)) return `${stem}e`;
  return stem;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A heading's word in the case the text writes it in; a first word the text lacks loses its capital (not a name's). */
function caseInText(word: string, text: string, first: boolean): string {
  const lower = word.toLowerCase();
  if (word === lower) return word;
  if (new RegExp(`(^|[^\\p{L}])${escaped(lower)}([^\\p{L}]|$)`, 'u').test(text)) return lower;
  if (new RegExp(`[\\p{Ll},;:] ${escaped(word)}([^\\p{L}]|$)`, 'u').test(text)) return word;
  return first ? lowerFirst(word) : word;
}

function isPlural(word: string): boolean {
  return /[^su]s$/i.test(word) && !/(ss|us|is|ics)$/i.test(word);
}

function looksLikeName(words: readonly string[]): boolean {
  return words.slice(1).some((word) => /\p{Lu}/u.test(word)) || words.some((word) => /\p{Ll}\p{Lu}|[\d/.]/u.test(word));
}

const OTHER_LANGUAGE_TEMPLATES: Record<string, (topic: string) => string> = {
  fr: (topic) => `Et pour ${lowerFirst(topic)} ?`,
  es: (topic) => `¿Qué hay de ${lowerFirst(topic)}?`,
  de: (topic) => `Was ist mit ${topic}?`,
  vi: (topic) => `Còn ${lowerFirst(topic)} thì sao?`,
  ja: (topic) => `${topic}について教えてください。`,
  ar: (topic) => `ماذا عن ${topic}؟`,
};

/**
 * A question a visitor could ask whose answer is the passage under a heading: the heading itself when it
 * is a question, otherwise a question shaped by it and by the passage ("How to embed…" → "How do I embed…?",
 * "Styling parts" over "Style them…" → "How do I style parts?", "Dark theme" → "How does the dark theme
 * work?"). Undefined when no grammatical question can be made.
 */
export function phraseSuggestion(source: Pick<SuggestionSource, 'heading' | 'content' | 'opensPage'>, language: Language): string | undefined {
  // A heading is page text: no Markdown or HTML of it reaches a suggestion, nor anything like the framing.
  const text = plainSuggestionText(source.heading).replace(/[.:;,!]+$/, '');
  if (!text || text.length > LONGEST_HEADING || looksLikeFraming(text)) return undefined;
  if (QUESTION_END.test(text)) return text;
  if (language.code !== 'en') return OTHER_LANGUAGE_TEMPLATES[language.code]?.(text);
  const howTo = /^how to\s+(.+)$/i.exec(text);
  if (howTo) return `How do I ${fromVisitorsSide(howTo[1]!)}?`;
  // Each word takes the case the passage writes it in: "Safe Markdown" over "…safe elements… Markdown…" is
  // "safe Markdown", "Content Security Policy" over "…a strict Content Security Policy…" stays a name.
  const words = text.split(' ').map((word, index) => caseInText(word, source.content, index === 0));
  const topic = fromVisitorsSide(words.join(' '));
  const verb = baseOfGerund(words[0]!);
  if (verb && words.length > 1) {
    // "Styling parts" over "Style them…" is something to do; "Streaming answers" over "Answers appear…" is a thing.
    const contentTerms = termsOf(source.content, language);
    if (source.opensPage || contentTerms.has(termOf(verb, language))) return `How do I ${verb} ${fromVisitorsSide(words.slice(1).join(' '))}?`;
    return `How ${isPlural(words.at(-1)!) ? 'do' : 'does'} ${topic} work?`;
  }
  if (verb) return `How does ${topic} work?`;
  if (/\band\b/i.test(text) || words.length === 1) {
    if (source.opensPage) return isPlural(words[0]!) && words.length === 1 ? `What are the ${topic}?` : `What is ${topic}?`;
    return `What about ${topic}?`;
  }
  if (source.opensPage) return `What is ${topic}?`;
  const head = /\s(for|of|in|on|with|to)\s/i.test(text) ? words[words.findIndex((word) => /^(for|of|in|on|with|to)$/i.test(word)) - 1]! : words[words.length - 1]!;
  if (isPlural(head)) return `How do ${topic} work?`;
  const article = looksLikeName(words) || /^(the|a|an|my|our)\s/i.test(topic) ? '' : 'the ';
  return `How does ${article}${topic} work?`;
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** What is remembered of one bot's knowledge base at one version. */
interface CheckedKnowledge {
  version: string;
  /** Whether each suggested question was found answerable by its passage. */
  verdicts: Map<string, boolean>;
  /** The headings suggestions are made from. */
  sources?: Promise<SuggestionSource[]>;
}

/** Remembers, per bot and version of its knowledge base, its headings and which suggested questions were checked answerable. */
export class SuggestionChecks {
  readonly #bots = new Map<string, CheckedKnowledge>();

  /** Creates the memory for at most `maxBots` bots (the least recently used is forgotten first). */
  constructor(private readonly maxBots = 200) {}

  /** What is remembered of a bot at a version of its knowledge base (an older version is forgotten). */
  of(botId: string, version: string): CheckedKnowledge {
    let entry = this.#bots.get(botId);
    if (!entry || entry.version !== version) entry = { version, verdicts: new Map() };
    this.#bots.delete(botId);
    this.#bots.set(botId, entry);
    while (this.#bots.size > this.maxBots) this.#bots.delete(this.#bots.keys().next().value!);
    return entry;
  }
}

/** What the suggestions follow. */
export interface SuggestionInput {
  /** The visitor's question. */
  question: string;
  /** The earlier messages. */
  history: readonly ChatMessage[];
  /** The passages the answer came from, best first. */
  answered: readonly RankedPassage[];
  /** Every candidate of the question, best first. */
  candidates: readonly RankedPassage[];
  /** The bot's language. */
  language: Language;
  /** The remembered checks. */
  checks: SuggestionChecks;
}

const key = (source: Pick<SuggestionSource, 'url' | 'heading'>) => `${source.url}\n${source.heading}`;

/**
 * Up to `count` follow-up questions, each one the knowledge base answers with the passage it was made
 * from: first from the question's closely related candidates, then from the answered page's other
 * headings, then from the question's other candidates, then from the rest of the knowledge base in order.
 */
export async function suggestQuestions(db: Queryable, botId: string, input: SuggestionInput, count = SUGGESTION_COUNT): Promise<string[]> {
  const answered = input.answered[0];
  const asked = new Set([input.question, ...input.history.filter((message) => message.sender_type === 'user').map((message) => message.content)].map(normalised));
  const asSource = (passage: RankedPassage): SuggestionSource => ({
    url: passage.url, title: passage.title, heading: passage.heading, content: passage.content, opensPage: passage.position === 0,
  });
  const closelyRelated = input.candidates.filter((passage) => passage.coverage >= CLOSELY_RELATED).map(asSource);
  const related = input.candidates.filter((passage) => passage.coverage > 0 && passage.coverage < CLOSELY_RELATED).map(asSource);
  const known = input.checks.of(botId, `${await knowledgeVersion(db, botId)}:${input.language.code}`);
  known.sources ??= listSuggestionSources(db, botId, SOURCES_READ);
  known.sources.catch(() => (known.sources = undefined));
  const listed = await known.sources;
  const samePage = listed.filter((source) => source.url === answered?.url);
  const others = listed.filter((source) => source.url !== answered?.url);
  const { verdicts } = known;
  const skipped = new Set(answered ? [key(answered)] : []);
  const suggestions: string[] = [];
  let checks = 0;
  for (const source of [...closelyRelated, ...samePage, ...related, ...others]) {
    if (suggestions.length >= count) break;
    if (skipped.has(key(source))) continue;
    skipped.add(key(source));
    const question = phraseSuggestion(source, input.language);
    if (!question || asked.has(normalised(question)) || suggestions.includes(question)) continue;
    let answerable = verdicts.get(question);
    if (answerable === undefined) {
      if (checks >= MOST_CHECKS) continue;
      checks++;
      const { relevant } = await retrievePassages(db, botId, question, [], { language: input.language.code, correctTypos: false });
      answerable = relevant[0] !== undefined && key(relevant[0]) === key(source);
      verdicts.set(question, answerable);
    }
    if (answerable) suggestions.push(question);
  }
  return suggestions;
}
