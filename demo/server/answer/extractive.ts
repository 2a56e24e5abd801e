// The embedded answer provider: no model, no key. It answers only with sentences and list items taken
// word for word from the retrieved passages, ranked by how many of the question's words they share, links
// the pages it used when citations are on, and says so plainly when nothing relevant was found.
import { setTimeout as sleep } from 'node:timers/promises';
import { stemsOf } from './keywords.js';
import { searchWordsOf } from './retrieval.js';
import { NOT_FOUND_ANSWER, type AnswerProvider, type AnswerRequest, type RetrievedPassage } from './provider.js';

const MAX_WORDS = 120;
const MAX_LIST_ITEMS = 6;
const WORDS_PER_CHUNK = 3;

interface Sentence {
  text: string;
  passage: number;
  order: number;
  score: number;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function sentencesOf(paragraph: string): string[] {
  return (paragraph.match(/[^.!?]+(?:[.!?]+(?=\s|$)|$)/g) ?? [paragraph]).map((sentence) => sentence.trim()).filter(Boolean);
}

function overlap(text: string, questionStems: ReadonlySet<string>): number {
  if (questionStems.size === 0) return 0;
  let shared = 0;
  for (const word of stemsOf(text)) if (questionStems.has(word)) shared++;
  return shared / questionStems.size;
}

function isList(paragraph: string): boolean {
  const lines = paragraph.split('\n');
  return lines.length > 0 && lines.every((line) => line.startsWith('- '));
}

/** Builds the Markdown answer for a question from its relevant passages (best first). */
export function composeExtractiveAnswer(request: Pick<AnswerRequest, 'question' | 'history' | 'passages' | 'settings'>): string {
  const { passages, settings } = request;
  if (passages.length === 0) return settings.customErrorMessage.trim() || NOT_FOUND_ANSWER;
  const questionStems = new Set(searchWordsOf(request.question, request.history).flatMap((word) => [...stemsOf(word)]));
  const sentences: Sentence[] = [];
  let list: { items: string[]; passage: number } | undefined;
  passages.forEach((passage, passageIndex) => {
    let order = 0;
    for (const paragraph of passage.content.split(/\n{2,}/)) {
      if (isList(paragraph)) {
        const items = paragraph.split('\n').map((line) => line.slice(2).trim());
        const relevantList = overlap(paragraph, questionStems) > 0 || overlap(passage.heading, questionStems) > 0;
        if (!list && passageIndex === 0 && relevantList) list = { items: items.slice(0, MAX_LIST_ITEMS), passage: 0 };
        continue;
      }
      for (const text of sentencesOf(paragraph)) {
        const score = overlap(text, questionStems) + (passageIndex === 0 ? 0.2 : 0) - passageIndex * 0.05;
        sentences.push({ text, passage: passageIndex, order: order++, score });
      }
    }
  });

  const chosen: Sentence[] = [];
  let words = list ? list.items.reduce((sum, item) => sum + wordCount(item), 0) : 0;
  const lead = [...sentences].filter((sentence) => sentence.passage === 0).sort((a, b) => b.score - a.score)[0];
  if (lead) {
    chosen.push(lead);
    words += wordCount(lead.text);
  }
  // Other passages add a sentence only when it shares at least half of the question's words.
  const supporting = sentences
    .filter((sentence) => sentence !== lead && sentence.score > (sentence.passage === 0 ? 0.2 : 0.5 - sentence.passage * 0.05))
    .sort((a, b) => b.score - a.score);
  for (const sentence of supporting) {
    if (chosen.length >= 4 || words + wordCount(sentence.text) > MAX_WORDS) continue;
    if (chosen.some((other) => other.text === sentence.text)) continue;
    chosen.push(sentence);
    words += wordCount(sentence.text);
  }
  // The lead stays first; the rest keep the order they have in the knowledge base.
  const [first, ...rest] = chosen;
  rest.sort((a, b) => a.passage - b.passage || a.order - b.order);
  const fromTop = rest.filter((sentence) => sentence.passage === 0);
  const fromOthers = rest.filter((sentence) => sentence.passage !== 0);

  const paragraphs: string[] = [];
  const topText = [first, ...fromTop].filter((sentence): sentence is Sentence => sentence !== undefined).map((sentence) => sentence.text);
  if (topText.length > 0) paragraphs.push(topText.join(' '));
  if (list) paragraphs.push(list.items.map((item) => `- ${item}`).join('\n'));
  if (fromOthers.length > 0) paragraphs.push(fromOthers.map((sentence) => sentence.text).join(' '));
  if (paragraphs.length === 0) paragraphs.push(passages[0]!.content);

  if (settings.citations) {
    const used = new Set([0, ...rest.map((sentence) => sentence.passage)]);
    const sources = new Map<string, string>();
    for (const index of [...used].sort((a, b) => a - b)) {
      const passage: RetrievedPassage = passages[index]!;
      if (!sources.has(passage.url)) sources.set(passage.url, passage.title || passage.url);
    }
    const links = [...sources].map(([url, title]) => `[${title.replace(/[[\]]/g, '')}](${url})`);
    paragraphs.push(`Sources: ${links.join(', ')}`);
  }
  return paragraphs.join('\n\n');
}

/** Cuts text into groups of a few words, each keeping the whitespace that follows it. */
export function wordGroups(text: string, size = WORDS_PER_CHUNK): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const groups: string[] = [];
  for (let index = 0; index < words.length; index += size) groups.push(words.slice(index, index + size).join(''));
  return groups;
}

/** Options of the extractive provider. */
export interface ExtractiveProviderOptions {
  /** Pause between streamed word groups, in milliseconds (0: as fast as the client reads). */
  delayMs?: number;
}

/** Creates the embedded extractive provider. */
export function createExtractiveProvider({ delayMs = 0 }: ExtractiveProviderOptions = {}): AnswerProvider {
  return {
    name: 'extractive (built in, no model)',
    async *answer(request) {
      const groups = wordGroups(composeExtractiveAnswer(request));
      for (const [index, group] of groups.entries()) {
        if (request.signal.aborted) return;
        if (delayMs > 0 && index > 0) await sleep(delayMs, undefined, { signal: request.signal }).catch(() => undefined);
        if (request.signal.aborted) return;
        yield group;
      }
    },
  };
}
