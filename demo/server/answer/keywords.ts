// Words that carry meaning in a question, reduced to a rough stem so "colours" meets "colour" and
// "embedding" meets "embed" when passages are ranked in JavaScript (PostgreSQL ranks with its own stemmer).

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between
  both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from
  further had hadn't has hasn't have haven't having he her here hers herself him himself his how i if in into is isn't
  it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
  ourselves out over own same she should shouldn't so some such than that the their theirs them themselves then
  there these they this those through to too under until up very was wasn't we were weren't what when where which
  while who whom why will with won't would wouldn't you your yours yourself yourselves please tell know want need
  like get use using used thing things way ways also just much many lot anything something there's what's
  whats hi hello hey thanks thank explain describe show give`.split(/\s+/),
);

/** Lower-cased words of a text (letters and digits, inner apostrophes kept). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

/** A rough English stem: one common suffix removed, then a doubled end consonant and a final "e" dropped. */
export function stem(word: string): string {
  let value = word.replace(/['’]s$/, '');
  if (/ies$/.test(value) && value.length > 4) value = `${value.slice(0, -3)}y`;
  else if (/(s|x|z|ch|sh)es$/.test(value)) value = value.slice(0, -2);
  else if (/[^su]s$/.test(value) && value.length > 3) value = value.slice(0, -1);
  else if (/ing$/.test(value) && value.length > 5) value = value.slice(0, -3);
  else if (/ed$/.test(value) && value.length > 5) value = value.slice(0, -2);
  else if (/ly$/.test(value) && value.length > 5) value = value.slice(0, -2);
  // "embedding" meets "embed", "theming" meets "themes", "hiring" meets "hire".
  value = value.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
  return value.length > 3 ? value.replace(/e$/, '') : value;
}

/** The meaningful words of a question: no stop words, no one-letter words, each once, in order. */
export function keywordsOf(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const word of wordsOf(text)) {
    if (word.length < 2 || STOP_WORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    keywords.push(word);
  }
  return keywords;
}

/** The stems of a text's meaningful words, as a set. */
export function stemsOf(text: string): Set<string> {
  return new Set(keywordsOf(text).map(stem));
}
