// Answer-parser cost per character: `node --import tsx scripts/bench-parser.ts`.
// Streams answers of 500, 2,000 and 8,000 tokens (about 4 characters each) through AnswerParser in
// 1-character chunks and in random 1..20-character chunks, and prints the median time, the cost per
// character and how the per-character cost of 8,000 tokens compares with 500 (about 1 means linear).
import { formatAnswer } from '../src/stream/answer-format.js';
import { AnswerParser } from '../src/stream/answer-parser.js';

const TOKEN_COUNTS = [500, 2_000, 8_000] as const;
const RUNS = 15;
const WORDS = ['the', 'widget', 'streams', 'answers', 'quickly', 'and', '**safely**', 'with', '`code`', 'Suggest', 'ok', '\u4f60\u597d', '\ud83d\udc4b'];

/** A deterministic pseudo-random source (mulberry32), so every run measures the same chunks. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function answerOf(tokens: number, next: () => number): string {
  const parts: string[] = [];
  for (let i = 0; i < tokens; i++) {
    const word = WORDS[Math.floor(next() * WORDS.length)]!;
    const roll = next();
    parts.push(roll < 0.04 ? `${word}\n\n` : roll < 0.08 ? `${word}\n- ` : roll < 0.1 ? `${word}\n1. ` : `${word} `);
  }
  return formatAnswer({
    answer: parts.join(''),
    suggestions: ['How fast is it?', 'Is it accessible?', 'Can I theme it?', 'Does it work offline?'],
  });
}

function chunk(body: string, sizeOf: () => number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < body.length; ) {
    const size = sizeOf();
    chunks.push(body.slice(start, start + size));
    start += size;
  }
  return chunks;
}

function medianMs(chunks: string[]): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const parser = new AnswerParser();
    let events = 0;
    for (const piece of chunks) events += parser.push(piece).length;
    events += parser.end().length;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (events === 0) throw new Error('The parser produced no events.');
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const next = random(2024);
const chunkings = {
  '1-char chunks': () => 1,
  '1..20-char chunks': () => 1 + Math.floor(next() * 20),
} as const;

for (const [label, sizeOf] of Object.entries(chunkings)) {
  console.log(label);
  const perChar: number[] = [];
  const inputs = TOKEN_COUNTS.map((tokens) => {
    const body = answerOf(tokens, next);
    return { tokens, body, chunks: chunk(body, sizeOf) };
  });
  for (const { chunks } of inputs) medianMs(chunks); // warm-up, so the first size is not charged for compiling
  for (const { tokens, body, chunks } of inputs) {
    const ms = medianMs(chunks);
    const ns = (ms * 1e6) / body.length;
    perChar.push(ns);
    console.log(
      `  ${String(tokens).padStart(5)} tokens  ${String(body.length).padStart(6)} chars  ${String(chunks.length).padStart(6)} chunks  ` +
        `median ${ms.toFixed(3)} ms  ${ns.toFixed(1)} ns/char`,
    );
  }
  console.log(`  per-char cost, 8000 vs 500 tokens: ${(perChar.at(-1)! / perChar[0]!).toFixed(2)}x`);
}
