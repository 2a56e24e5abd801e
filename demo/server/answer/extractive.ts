// The embedded answer provider: no model, no key. It answers only with sentences and list items taken word
// for word from the retrieved passages: the passage whose heading asks the question is quoted from its
// start; otherwise the sentences that contain the question's concepts, in the page's order. Another passage
// adds only sentences about what the first left out. Sources are linked when citations are on, and when
// nothing relevant was found it says so plainly.
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveLanguage, type Language } from './language.js';
import { notFoundAnswer, smallTalkReply, sourcesLine } from './messages.js';
import { escapePageText, pageLink } from './page-markdown.js';
import type { AnswerProvider, AnswerRequest, RetrievedPassage } from './provider.js';
import { conceptMatch, readQuestion, termsOf, type Concept, type QuestionFocus } from './query.js';
import { sentencesOf } from './text.js';

/** Words an answer quotes at most (a whole unit, a sentence or a list, is never cut). */
const MAX_WORDS = 120;
const MAX_LIST_ITEMS = 8;
const WORDS_PER_CHUNK = 3;
/** Sentences a supporting passage may add. */
const MAX_SUPPORTING_UNITS = 2;
/** Share of the question's concepts a heading must hold to be the question the passage answers. */
const HEADING_ANSWERS = 0.5;

const BARE_YES_NO = /^(yes|no|yes indeed|oui|non|sí|si|no|ja|nein|doch|có|không|はい|いいえ|نعم|لا)[.!。！]?$/iu;

/** A sentence or a list of a passage, in page order. */
interface Unit {
  text: string;
  /** Index of the paragraph it belongs to. */
  paragraph: number;
  order: number;
  isList: boolean;
  terms: Set<string>;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function unitsOf(content: string, language: Language): Unit[] {
  const units: Unit[] = [];
  content.split(/\n{2,}/).forEach((paragraph, paragraphIndex) => {
    const lines = paragraph.split('\n');
    if (lines.every((line) => line.startsWith('- '))) {
      const text = lines.slice(0, MAX_LIST_ITEMS).join('\n');
      units.push({ text, paragraph: paragraphIndex, order: units.length, isList: true, terms: termsOf(text, language) });
      return;
    }
    for (const sentence of sentencesOf(paragraph.replace(/\n/g, ' '), language)) {
      units.push({ text: sentence, paragraph: paragraphIndex, order: units.length, isList: false, terms: termsOf(sentence, language) });
    }
  });
  return units;
}

function relevanceOf(unit: Unit, concepts: readonly Concept[]): number {
  return concepts.reduce((sum, concept) => sum + concept.weight * conceptMatch(concept, unit.terms), 0);
}

function headingAnswersQuestion(heading: string, focus: QuestionFocus, language: Language): boolean {
  const own = focus.concepts.filter((concept) => concept.origin === 'question' && concept.weight > 0);
  const concepts = own.length > 0 ? own : focus.concepts;
  const total = concepts.reduce((sum, concept) => sum + concept.weight, 0);
  if (total === 0) return false;
  const headingTerms = termsOf(heading, language);
  const held = concepts.reduce((sum, concept) => sum + concept.weight * conceptMatch(concept, headingTerms), 0);
  return held / total >= HEADING_ANSWERS;
}

function render(units: readonly Unit[]): string {
  const blocks: string[] = [];
  let previous: Unit | undefined;
  for (const unit of units) {
    // Page text is quoted as text: what would make links, images, HTML or the answer framing is escaped.
    const text = escapePageText(unit.text);
    if (previous && !unit.isList && !previous.isList && previous.paragraph === unit.paragraph) blocks[blocks.length - 1] += ` ${text}`;
    else blocks.push(text);
    previous = unit;
  }
  return blocks.join('\n\n');
}

/** The units of the best passage that answer the question, in page order. */
function chooseUnits(passage: RetrievedPassage, focus: QuestionFocus, language: Language): Unit[] {
  let units = unitsOf(passage.content, language);
  // A bare "Yes." or "No." answers only a yes-or-no question.
  if (!focus.yesNo) units = units.filter((unit) => !BARE_YES_NO.test(unit.text));
  if (units.length === 0) return [];
  const chosen: Unit[] = [];
  let words = 0;
  const take = (unit: Unit) => {
    if (chosen.length > 0 && words + wordCount(unit.text) > MAX_WORDS) return false;
    chosen.push(unit);
    words += wordCount(unit.text);
    return true;
  };
  if (headingAnswersQuestion(passage.heading, focus, language)) {
    // The passage answers its heading, and the heading is the question: quote it from its start.
    for (const unit of units) if (!take(unit)) break;
    return chosen;
  }
  const scores = units.map((unit) => relevanceOf(unit, focus.concepts));
  const best = Math.max(...scores);
  if (best === 0) {
    take(units[0]!);
    return chosen;
  }
  units.forEach((unit, index) => {
    const introducesList = !unit.isList && unit.text.endsWith(':') && units[index + 1]?.isList;
    const listAfterChosen = index > 0 && unit.isList && chosen.at(-1) === units[index - 1] && units[index - 1]!.text.endsWith(':');
    if (scores[index]! > 0 || introducesList || listAfterChosen) take(unit);
  });
  return chosen;
}

/** Sentences of a supporting passage about concepts the first passage's sentences left out. */
function supportingUnits(passage: RetrievedPassage, focus: QuestionFocus, covered: ReadonlySet<Concept>, language: Language): Unit[] {
  // Only what tells passages apart is worth another passage's sentence: not a weak word, not one found everywhere.
  const missing = focus.concepts.filter((concept) => !covered.has(concept) && concept.weight === 1 && !concept.common);
  if (missing.length === 0) return [];
  return unitsOf(passage.content, language)
    .filter((unit) => !unit.isList && !BARE_YES_NO.test(unit.text) && relevanceOf(unit, missing) > 0)
    .slice(0, MAX_SUPPORTING_UNITS);
}


/** Builds the Markdown answer for a question from its relevant passages (best first). */
export function composeExtractiveAnswer(request: Pick<AnswerRequest, 'question' | 'history' | 'passages' | 'settings' | 'focus'>): string {
  const { passages, settings } = request;
  const language = resolveLanguage(settings.language);
  if (passages.length === 0) return smallTalkReply(request.question, settings.language) ?? notFoundAnswer(settings);
  const focus = request.focus ?? readQuestion(request.question, request.history, language);
  const [first, ...others] = passages;
  const chosen = chooseUnits(first!, focus, language);
  const paragraphs = [render(chosen)];
  const used: RetrievedPassage[] = [first!];
  // What the first passage's heading and page title name is covered too: "What can the widget do?" is about the widget.
  const firstContext = termsOf(`${first!.title}\n${first!.heading}`, language);
  const covered = new Set(
    focus.concepts.filter((concept) => conceptMatch(concept, firstContext) > 0 || chosen.some((unit) => conceptMatch(concept, unit.terms) > 0)),
  );
  let words = chosen.reduce((sum, unit) => sum + wordCount(unit.text), 0);
  for (const passage of others) {
    const extra = supportingUnits(passage, focus, covered, language).filter((unit) => {
      if (words + wordCount(unit.text) > MAX_WORDS) return false;
      words += wordCount(unit.text);
      return true;
    });
    if (extra.length === 0) continue;
    for (const concept of focus.concepts) if (extra.some((unit) => conceptMatch(concept, unit.terms) > 0)) covered.add(concept);
    paragraphs.push(render(extra));
    used.push(passage);
  }
  if (settings.citations) {
    const links = [...new Map(used.map((passage) => [passage.url, pageLink(passage.title, passage.url)])).values()];
    paragraphs.push(sourcesLine(settings.language, links));
  }
  return paragraphs.filter(Boolean).join('\n\n');
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
