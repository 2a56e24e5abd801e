/** The marker spellings `formatAnswer` can write; `chatfly` is the one the deployed service documents. */
export const ANSWER_FORMAT_STYLES = ['chatfly', 'bold', 'plain', 'suggested', 'crlf'] as const;

/** One of `ANSWER_FORMAT_STYLES`. */
export type AnswerFormatStyle = (typeof ANSWER_FORMAT_STYLES)[number];

/** What `formatAnswer` writes: the answer text and the suggested follow-up questions. */
export interface AnswerParts {
  /** The answer text (Markdown); surrounding whitespace does not survive a round trip. */
  answer: string;
  /** Suggested questions, one line each; the section is left out when there are none. */
  suggestions?: readonly string[];
  /** Marker spelling; defaults to `chatfly`. */
  style?: AnswerFormatStyle;
}

interface StyleSpelling {
  answer: string;
  suggestions: string;
  item: (position: number) => string;
}

const SPELLINGS: Record<AnswerFormatStyle, StyleSpelling> = {
  chatfly: { answer: '*Answer:* ', suggestions: '*Suggest Questions:*', item: (n) => `${n}. ` },
  bold: { answer: '**Answer:** ', suggestions: '**Suggested Questions:**', item: (n) => `${n}) ` },
  plain: { answer: 'Answer: ', suggestions: 'Suggested questions:', item: () => '- ' },
  suggested: { answer: '*Answer*: ', suggestions: '**Suggested Questions**', item: () => '\u2022 ' },
  crlf: { answer: '*Answer:* ', suggestions: '*Suggest Questions:*', item: (n) => `${n}. ` },
};

/**
 * Writes an answer body the way the service streams it (the inverse of `AnswerParser`):
 * `*Answer:* <answer>\n\n*Suggest Questions:*\n1. <question>` in the default style.
 * Throws a RangeError for a question that is empty or spans lines, which no parser could give back.
 */
export function formatAnswer({ answer, suggestions = [], style = 'chatfly' }: AnswerParts): string {
  const spelling = SPELLINGS[style];
  let body = spelling.answer + answer;
  if (suggestions.length > 0) {
    const items = suggestions.map((question, index) => {
      if (!question.trim() || /[\r\n]/.test(question)) {
        throw new RangeError(`Suggested question ${index + 1} must be one non-empty line: ${JSON.stringify(question)}`);
      }
      return spelling.item(index + 1) + question;
    });
    body += `\n\n${spelling.suggestions}\n${items.join('\n')}`;
  }
  return style === 'crlf' ? body.replace(/\r?\n/g, '\r\n') : body;
}

/**
 * Cuts text into chunks of the given lengths in order (the rest is one last chunk once `sizes` runs out).
 * A chunk is lengthened by one rather than split a surrogate pair, so every chunk encodes to valid UTF-8.
 */
export function* splitIntoChunks(text: string, sizes: Iterable<number>): Generator<string> {
  let start = 0;
  for (const size of sizes) {
    if (start >= text.length) return;
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`Chunk sizes must be positive integers, got ${size}.`);
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end++;
    yield text.slice(start, end);
    start = end;
  }
  if (start < text.length) yield text.slice(start);
}

/** Cuts text into words, each with the whitespace that follows it, the way a language model streams tokens. */
export function splitIntoWords(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}
