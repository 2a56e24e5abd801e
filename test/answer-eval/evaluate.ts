// The answer-engine evaluation: the demo site read into a fresh knowledge base, every question of
// questions.json asked the way the chat route asks it (retrieval, suggestions, then the answer provider),
// and the figures that say how well the bot answers: retrieval hit@1 and hit@3, answer accuracy, wrong
// answers given with a citation, refusals, and whether the suggested questions are themselves answerable.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage } from '../../src/api/schemas.js';
import { asRetrievedPassages, retrievePassages, type RankedPassage } from '../../demo/server/answer/retrieval.js';
import { SuggestionChecks, suggestQuestions } from '../../demo/server/answer/suggestions.js';
import { fixedSentences } from '../../demo/server/answer/messages.js';
import type { AnswerProvider, AnswerSettings } from '../../demo/server/answer/provider.js';
import { extractPage, splitIntoPassages } from '../../demo/server/scrape/extract.js';
import { insertBot } from '../../demo/server/storage/bots.js';
import { openDatabase, type Database } from '../../demo/server/storage/database.js';
import { storePage } from '../../demo/server/storage/knowledge.js';
import { createUser } from '../../demo/server/storage/users.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SITE_FOLDER = join(HERE, '../../demo/server/demo-site');
/** The origin the demo pages are stored under (never fetched: the pages are read from disk). */
export const SITE_ORIGIN = 'https://demo-site.test';

/** A passage named by its page and heading. */
export interface PassageRef {
  page: string;
  heading: string;
}

/** One question of the set. */
export interface EvalQuestion {
  id: string;
  kind: 'direct' | 'paraphrase' | 'misspelled' | 'follow-up' | 'out-of-scope';
  question: string;
  history?: string[];
  expect?: PassageRef[];
  facts?: string[];
  forbidden?: string[];
}

/** The question set file. */
export interface QuestionSet {
  forbidden_everywhere: string[];
  questions: EvalQuestion[];
}

/** What happened to one question. */
export interface QuestionOutcome {
  id: string;
  kind: EvalQuestion['kind'];
  question: string;
  answer: string;
  refused: boolean;
  cited: boolean;
  /** 1-based rank of the first expected passage in the retrieval's ranking, 0 when absent, refused or out of scope. */
  rank: number;
  /** In scope: answered with every fact and nothing forbidden. Out of scope: refused. */
  correct: boolean;
  /** Answered with a citation although wrong (or although out of scope). */
  wrongWithCitation: boolean;
  suggestions: string[];
  /** What is wrong with the answer. */
  problems: string[];
  /** What is wrong with the suggestions (formulaic, repeating, unanswerable). */
  suggestionProblems: string[];
}

/** The figures of one run. */
export interface EvalFigures {
  questions: number;
  inScope: number;
  outOfScope: number;
  hitAt1: number;
  hitAt3: number;
  answerAccuracy: number;
  wrongWithCitation: number;
  refusalPrecision: number;
  refusalRecall: number;
  suggestionAnswerability: number;
  /** Suggestions whose answer is the passage just answered, or that repeat a question asked. */
  suggestionRepeats: number;
  suggestionsPerAnswer: number;
}

/** A run: its figures, and each question's outcome. */
export interface EvalReport {
  figures: EvalFigures;
  outcomes: QuestionOutcome[];
  /** Suggested questions the bot could not answer, with the question after which they were offered. */
  unanswerableSuggestions: { after: string; suggestion: string }[];
}

/** Reads questions.json. */
export function readQuestionSet(): QuestionSet {
  return JSON.parse(readFileSync(join(HERE, 'questions.json'), 'utf8')) as QuestionSet;
}

const SETTINGS: AnswerSettings = {
  botName: 'Widget guide',
  customPrompt: '',
  rules: [],
  temperature: 0,
  modelName: 'gpt-3.5-turbo-16k',
  toneType: 4,
  language: 'en',
  citations: true,
  customErrorMessage: '',
};

/** Opens a database and fills a bot's knowledge base with the demo site's pages, read from disk. */
export async function demoKnowledgeBase(location: { databaseUrl?: string; databaseSchema?: string } = {}): Promise<{ db: Database; botId: string }> {
  const db = await openDatabase(location);
  const { id: userId } = await createUser(db, `eval-${Date.now().toString(36)}`, 'not used for anything');
  const bot = await insertBot(
    db,
    userId,
    {
      bot_name: SETTINGS.botName, case_study: '', is_visibility: true, domain: [], collect_customer_info: {}, rules: [],
      gpt_model_name: SETTINGS.modelName, temperature: 0, custom_prompt: '', bot_tone_type: 4, custom_error_message: '',
      is_enable_citation: true, is_activate: true, bot_language: SETTINGS.language,
    },
    1000,
  );
  for (const file of readdirSync(SITE_FOLDER).filter((name) => name.endsWith('.html')).sort()) {
    const url = `${SITE_ORIGIN}/demo-site/${file}`;
    const page = extractPage(readFileSync(join(SITE_FOLDER, file), 'utf8'), 'text/html', url);
    await storePage(db, bot.id, { url, title: page.title, wordCount: page.wordCount, passages: splitIntoPassages(page) });
  }
  return { db, botId: bot.id };
}

interface Turn {
  answer: string;
  refused: boolean;
  /** The passages the answer was written from, best first. */
  passages: RankedPassage[];
  /** The retrieval's whole ranking. */
  ranking: RankedPassage[];
  suggestions: string[];
}

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text.trim();
}

function isRefusal(answer: string): boolean {
  const notFound = fixedSentences(SETTINGS.language).notFound;
  return answer.startsWith(notFound) || answer.includes(notFound);
}

function samePassage(passage: Pick<RankedPassage, 'url' | 'heading'>, ref: PassageRef): boolean {
  return passage.url === `${SITE_ORIGIN}/demo-site/${ref.page}` && passage.heading === ref.heading;
}

/** Asks one question as the chat route does, with the given earlier messages. */
async function ask(db: Database, botId: string, provider: AnswerProvider, question: string, history: ChatMessage[], checks: SuggestionChecks): Promise<Turn> {
  const { relevant, candidates, focus, language } = await retrievePassages(db, botId, question, history, { language: SETTINGS.language });
  const suggestions = await suggestQuestions(db, botId, { question, history, answered: relevant, candidates, language, checks });
  const answer = await collect(
    provider.answer({ question, history, passages: asRetrievedPassages(relevant), settings: SETTINGS, focus, signal: new AbortController().signal }),
  );
  return { answer, refused: isRefusal(answer), passages: relevant, ranking: candidates, suggestions };
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function share(part: number, whole: number): number {
  return whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000;
}

/** Runs the whole question set against a knowledge base with a provider. */
export async function evaluate(db: Database, botId: string, provider: AnswerProvider, set: QuestionSet = readQuestionSet()): Promise<EvalReport> {
  const outcomes: QuestionOutcome[] = [];
  const suggestionVerdicts = new Map<string, { answerable: boolean; top: RankedPassage | undefined }>();
  const checks = new SuggestionChecks();
  const unanswerableSuggestions: EvalReport['unanswerableSuggestions'] = [];
  let suggestionsOffered = 0;
  let suggestionRepeats = 0;
  for (const item of set.questions) {
    const history: ChatMessage[] = [];
    for (const earlier of item.history ?? []) {
      const turn = await ask(db, botId, provider, earlier, history, checks);
      history.push({ sender_type: 'user', content: earlier }, { sender_type: 'assistant', content: turn.answer });
    }
    const turn = await ask(db, botId, provider, item.question, history, checks);
    const problems: string[] = [];
    const inScope = item.kind !== 'out-of-scope';
    const rankIndex = inScope && !turn.refused ? turn.ranking.findIndex((passage) => (item.expect ?? []).some((ref) => samePassage(passage, ref))) : -1;
    const cited = /\]\(https?:\/\//.test(turn.answer);
    for (const fact of item.facts ?? []) if (!new RegExp(fact, 'i').test(turn.answer)) problems.push(`missing fact /${fact}/`);
    for (const text of [...(item.forbidden ?? []), ...set.forbidden_everywhere]) {
      if (turn.answer.toLowerCase().includes(text.toLowerCase())) problems.push(`says "${text}"`);
    }
    if (inScope && turn.refused) problems.push('refused');
    if (!inScope && !turn.refused) problems.push('answered an out-of-scope question');
    const correct = problems.length === 0;
    const suggestionProblems: string[] = [];
    const asked = new Set([...(item.history ?? []), item.question].map(normalised));
    for (const suggestion of turn.suggestions) {
      suggestionsOffered++;
      if (set.forbidden_everywhere.some((text) => suggestion.includes(text))) suggestionProblems.push(`formulaic "${suggestion}"`);
      let verdict = suggestionVerdicts.get(suggestion);
      if (verdict === undefined) {
        const answer = await ask(db, botId, provider, suggestion, [], checks);
        verdict = { answerable: !answer.refused, top: answer.passages[0] };
        suggestionVerdicts.set(suggestion, verdict);
      }
      if (!verdict.answerable) {
        suggestionProblems.push(`unanswerable "${suggestion}"`);
        unanswerableSuggestions.push({ after: item.question, suggestion });
      }
      const answeredTop = turn.passages[0];
      if (asked.has(normalised(suggestion)) || (answeredTop && verdict.top && verdict.top.url === answeredTop.url && verdict.top.heading === answeredTop.heading)) {
        suggestionRepeats++;
        suggestionProblems.push(`repeats "${suggestion}"`);
      }
    }
    outcomes.push({
      id: item.id,
      kind: item.kind,
      question: item.question,
      answer: turn.answer,
      refused: turn.refused,
      cited,
      rank: rankIndex + 1,
      correct,
      wrongWithCitation: !turn.refused && cited && !correct,
      suggestions: turn.suggestions,
      problems,
      suggestionProblems,
    });
  }
  const inScope = outcomes.filter((outcome) => outcome.kind !== 'out-of-scope');
  const outOfScope = outcomes.filter((outcome) => outcome.kind === 'out-of-scope');
  const refused = outcomes.filter((outcome) => outcome.refused);
  return {
    figures: {
      questions: outcomes.length,
      inScope: inScope.length,
      outOfScope: outOfScope.length,
      hitAt1: share(inScope.filter((outcome) => outcome.rank === 1).length, inScope.length),
      hitAt3: share(inScope.filter((outcome) => outcome.rank >= 1 && outcome.rank <= 3).length, inScope.length),
      answerAccuracy: share(inScope.filter((outcome) => outcome.correct).length, inScope.length),
      wrongWithCitation: share(outcomes.filter((outcome) => outcome.wrongWithCitation).length, outcomes.length),
      refusalPrecision: share(refused.filter((outcome) => outcome.kind === 'out-of-scope').length, refused.length),
      refusalRecall: share(outOfScope.filter((outcome) => outcome.refused).length, outOfScope.length),
      suggestionAnswerability: share(suggestionsOffered - unanswerableSuggestions.length, suggestionsOffered),
      suggestionRepeats: share(suggestionRepeats, suggestionsOffered),
      suggestionsPerAnswer: Math.round((suggestionsOffered / outcomes.length) * 100) / 100,
    },
    outcomes,
    unanswerableSuggestions,
  };
}
