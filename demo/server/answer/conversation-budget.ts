// How much of a visitor's conversation the service reads: the visitor writes `chat_history` and may send
// anything, so the earlier messages are bounded in number and in tokens before retrieval or a model sees
// them. Tokens are estimated the way model tokenizers split text (a few letters per token, one per
// ideograph or punctuation mark), so the bound means the same in every script and costs one linear scan.
import type { ChatMessage } from '../../../src/api/schemas.js';

/** Earlier messages read from `chat_history` at most (the latest ones are kept). */
export const MAX_HISTORY_MESSAGES = 10;
/** Estimated tokens of all earlier messages together at most (the latest ones are kept). */
export const MAX_HISTORY_TOKENS = 2000;

/** Letters of a word counted as one token (a conservative figure: real tokenizers average about four). */
const LETTERS_PER_TOKEN = 4;
// An ideograph or kana, a run of letters, digits and marks, or any other visible character.
const TOKEN_PIECE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}]+|\S/gu;
const WIDE_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

function piecesOf(text: string): IterableIterator<RegExpMatchArray> {
  return text.matchAll(TOKEN_PIECE);
}

function tokensOfPiece(piece: string): number {
  return WIDE_SCRIPT.test(piece) || piece.length === 1 ? 1 : Math.ceil(piece.length / LETTERS_PER_TOKEN);
}

/** The estimated number of model tokens of a text. */
export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const [piece] of piecesOf(text)) tokens += tokensOfPiece(piece);
  return tokens;
}

/** The start of a text that holds at most `maxTokens` estimated tokens (cut between pieces, never inside a word). */
export function cutToTokens(text: string, maxTokens: number): string {
  let tokens = 0;
  for (const match of piecesOf(text)) {
    tokens += tokensOfPiece(match[0]);
    if (tokens > maxTokens) return text.slice(0, match.index).trimEnd();
  }
  return text;
}

/** Limits of the history a request may bring. */
export interface HistoryLimits {
  /** Messages kept at most. */
  maxMessages: number;
  /** Estimated tokens of the kept messages together at most. */
  maxTokens: number;
}

const DEFAULT_LIMITS: HistoryLimits = { maxMessages: MAX_HISTORY_MESSAGES, maxTokens: MAX_HISTORY_TOKENS };

/**
 * The latest earlier messages that fit the limits, oldest first. Empty messages are dropped; the oldest
 * kept message is cut to the tokens left for it (its start is kept, where a question usually is).
 */
export function boundHistory(history: readonly ChatMessage[], limits: HistoryLimits = DEFAULT_LIMITS): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let budget = limits.maxTokens;
  for (let index = history.length - 1; index >= 0 && kept.length < limits.maxMessages && budget > 0; index--) {
    const message = history[index]!;
    if (message.content.trim() === '') continue;
    const content = cutToTokens(message.content, budget);
    if (content === '') break;
    kept.push(content === message.content ? message : { ...message, content });
    budget -= estimateTokens(content);
  }
  return kept.reverse();
}
