// Words and sentences of any language: a fast pattern for scripts that space their words, the platform's
// word segmenter (Intl.Segmenter, dictionary based) for those that do not (Japanese, Chinese, Thai, …),
// and its sentence segmenter, which knows "example.com", "0.02em" and "e.g. the" are not sentence ends.
import type { Language } from './language.js';

const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACED_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const COMBINING_MARKS = /\p{M}+/gu;

let wordSegmenter: Intl.Segmenter | undefined;
const sentenceSegmenters = new Map<string, Intl.Segmenter>();

/** Whether a text holds a script written without spaces between words. */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED_SCRIPT.test(text);
}

/** The words of a text in order, lower case (letters and digits; inner apostrophes kept). */
export function wordsOf(text: string): string[] {
  const lower = text.toLowerCase();
  if (!hasUnspacedScript(lower)) return lower.match(SPACED_WORD) ?? [];
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const words: string[] = [];
  for (const { segment, isWordLike } of wordSegmenter.segment(lower)) if (isWordLike) words.push(segment);
  return words;
}

/** A word as compared across texts: its stem, without accents unless the language tells words apart by them. */
export function termOf(word: string, language: Language): string {
  const stem = language.stem(word.replace(/['’]s$/, ''));
  return language.keepsAccents ? stem : stem.normalize('NFD').replace(COMBINING_MARKS, '');
}

/** The sentences of a paragraph, trimmed, in order. */
export function sentencesOf(paragraph: string, language: Pick<Language, 'code'>): string[] {
  const locale = language.code === 'und' ? 'en' : language.code;
  let segmenter = sentenceSegmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    sentenceSegmenters.set(locale, segmenter);
  }
  const sentences: string[] = [];
  for (const { segment } of segmenter.segment(paragraph)) {
    const sentence = segment.trim();
    if (sentence) sentences.push(sentence);
  }
  return sentences;
}

/**
 * The text PostgreSQL indexes for a passage: the text itself, or for a script without spaces its words
 * separated by spaces, so that the text search parser sees them as words.
 */
export function searchableText(text: string): string {
  return hasUnspacedScript(text) ? wordsOf(text).join(' ') : text;
}
