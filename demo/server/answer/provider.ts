// The small interface between the chat route and whatever writes the answer text.
import type { ChatMessage } from '../../../src/api/schemas.js';
import type { QuestionFocus } from './query.js';

/** A passage of the knowledge base found for a question. */
export interface RetrievedPassage {
  /** The page it comes from. */
  url: string;
  /** The page's title. */
  title: string;
  /** The nearest heading above the passage ('' when none). */
  heading: string;
  /** The passage text (Markdown-light: paragraphs, `- ` list items). */
  content: string;
  /** The full-text rank (higher is better). */
  rank: number;
}

/** The bot settings that shape an answer, after the request's overrides. */
export interface AnswerSettings {
  /** The bot's name. */
  botName: string;
  /** Instructions that replace the default system prompt ('' for none). */
  customPrompt: string;
  /** Rules the answer must follow. */
  rules: readonly string[];
  /** Sampling temperature, 0..1. */
  temperature: number;
  /** The language model to ask. */
  modelName: string;
  /** Tone: 0 unspecified, 1 professional, 2 humorous, 3 empathetic, 4 normal conversation, 5 academic. */
  toneType: number;
  /** The language to answer in ('' for the question's language). */
  language: string;
  /** Whether to link the sources. */
  citations: boolean;
  /** What to say when the knowledge base has no answer ('' for the default sentence). */
  customErrorMessage: string;
}

/** Everything a provider gets to write one answer. */
export interface AnswerRequest {
  /** The user's new message. */
  question: string;
  /** The earlier messages of the conversation, oldest first. */
  history: readonly ChatMessage[];
  /** The best passages of the knowledge base for the question, best first (may be empty). */
  passages: readonly RetrievedPassage[];
  /** The settings to honour. */
  settings: AnswerSettings;
  /** The question as retrieval read it (its concepts, follow-up resolved); providers that need it read it again when absent. */
  focus?: QuestionFocus;
  /** Aborted when the client goes away: stop generating at once. */
  signal: AbortSignal;
}

/** Writes answers: yields the answer text (Markdown) in pieces as it is produced. */
export interface AnswerProvider {
  /** A short name for logs and the start banner. */
  readonly name: string;
  /** Produces the answer text of one request. */
  answer(request: AnswerRequest): AsyncIterable<string>;
}
