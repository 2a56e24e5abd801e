// Finding the passages that answer a question, and follow-up questions the knowledge base can answer.
import type { ChatMessage } from '../../../src/api/schemas.js';
import type { Queryable } from '../storage/database.js';
import { listHeadings, searchPassages } from '../storage/knowledge.js';
import { keywordsOf, stem, stemsOf } from './keywords.js';
import type { RetrievedPassage } from './provider.js';

const CANDIDATES = 12;
const KEPT = 5;

/** The meaningful words to search for: the question's, plus the previous user message's for a short follow-up. */
export function searchWordsOf(question: string, history: readonly ChatMessage[]): string[] {
  const words = keywordsOf(question);
  if (words.length >= 2) return words;
  const previous = [...history].reverse().find((message) => message.sender_type === 'user');
  return previous ? [...new Set([...words, ...keywordsOf(previous.content)])] : words;
}

/** How well a passage covers a set of question stems: the share matched, the matches in its heading, and the share of its heading matched. */
export function coverage(
  passage: Pick<RetrievedPassage, 'heading' | 'content'>,
  questionStems: ReadonlySet<string>,
): { share: number; inHeading: number; headingFocus: number } {
  if (questionStems.size === 0) return { share: 0, inHeading: 0, headingFocus: 0 };
  const bodyStems = stemsOf(passage.content);
  const headingStems = stemsOf(passage.heading);
  let matched = 0;
  let inHeading = 0;
  for (const questionStem of questionStems) {
    if (headingStems.has(questionStem)) inHeading++;
    if (headingStems.has(questionStem) || bodyStems.has(questionStem)) matched++;
  }
  // How much of the heading is about the question: "Which tools can I hire?" beats "Tool hire deposit".
  const headingFocus = headingStems.size > 0 ? inHeading / headingStems.size : 0;
  return { share: matched / questionStems.size, inHeading, headingFocus };
}

/**
 * The passages relevant to a question, best first: found by PostgreSQL full-text search (any word), then
 * kept only when they cover a third of the question's words or match one in their heading, and re-ranked
 * by that coverage. An empty list means the knowledge base has nothing on it.
 */
export async function retrievePassages(
  db: Queryable,
  botId: string,
  question: string,
  history: readonly ChatMessage[],
): Promise<{ relevant: RetrievedPassage[]; candidates: RetrievedPassage[] }> {
  const words = searchWordsOf(question, history);
  const candidates = await searchPassages(db, botId, words, CANDIDATES);
  const questionStems = new Set(words.map(stem));
  const topRank = Math.max(...candidates.map((passage) => passage.rank), 1e-9);
  const scored = candidates
    .map((passage) => {
      const { share, inHeading, headingFocus } = coverage(passage, questionStems);
      const score = share + (0.5 * inHeading) / Math.max(questionStems.size, 1) + 0.3 * headingFocus + (0.25 * passage.rank) / topRank;
      return { passage, share, inHeading, score };
    })
    .filter((entry) => entry.share > 0 && (entry.share >= 1 / 3 || entry.inHeading > 0));
  scored.sort((a, b) => b.score - a.score);
  return { relevant: scored.slice(0, KEPT).map((entry) => ({ ...entry.passage, rank: entry.score })), candidates };
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) && !/^\p{Lu}\p{Ll}+\p{Lu}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** Turns a heading into a question a visitor could ask. */
export function headingToQuestion(heading: string): string {
  const text = heading.trim().replace(/[.:;,!]+$/, '');
  if (/[?？]$/.test(text)) return text;
  const howTo = /^how to\s+(.+)$/i.exec(text);
  if (howTo) return `How do I ${howTo[1]}?`;
  if (/^(what|why|when|where|who|which|how|can|does|do|is|are|should|will)\b/i.test(text)) return `${text}?`;
  return `What can you tell me about ${lowerFirst(text)}?`;
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * Up to `count` follow-up questions the knowledge base answers: made from the headings of other strong
 * passages for this question first, then from the knowledge base's other headings; never the heading that
 * was just answered or a question already asked.
 */
export async function suggestQuestions(
  db: Queryable,
  botId: string,
  input: { question: string; history: readonly ChatMessage[]; answered: readonly RetrievedPassage[]; candidates: readonly RetrievedPassage[] },
  count = 4,
): Promise<string[]> {
  const answeredHeadings = new Set(input.answered.slice(0, 1).map((passage) => normalised(passage.heading)));
  const asked = new Set([input.question, ...input.history.filter((message) => message.sender_type === 'user').map((message) => message.content)].map(normalised));
  const suggestions: string[] = [];
  const seen = new Set<string>();
  const consider = (heading: string) => {
    const key = normalised(heading);
    if (!key || key.length > 80 || seen.has(key) || answeredHeadings.has(key) || suggestions.length >= count) return;
    seen.add(key);
    const question = headingToQuestion(heading);
    if (!asked.has(normalised(question))) suggestions.push(question);
  };
  for (const passage of input.candidates) consider(passage.heading);
  if (suggestions.length < count) for (const { heading } of await listHeadings(db, botId, 60)) consider(heading);
  return suggestions;
}
