// A bot's knowledge base: one entry per page URL, its passages indexed for full-text search in the bot's
// language, the words of its pages (for typo tolerance), and the searches over them.
import type { DataSource } from '../../../src/api/schemas.js';
import type { RetrievedPassage } from '../answer/provider.js';
import type { Passage } from '../scrape/extract.js';
import { resolveLanguage, type Language } from '../answer/language.js';
import { hasUnspacedScript, searchableText, wordsOf } from '../answer/text.js';
import type { Database, Queryable } from './database.js';

const INSERT_BATCH = 200;
const PASSAGE_COLUMNS = 7;
const SHORTEST_WORD = 3;
const LONGEST_WORD = 40;

/** The language a bot's knowledge base is indexed in. */
async function botLanguage(db: Queryable, botId: string): Promise<Language> {
  const [row] = await db.query<{ bot_language: string }>('select bot_language from bots where id = $1', [botId]);
  return resolveLanguage(row?.bot_language);
}

// The vector of a passage: its heading weighs more (A) than its body (B).
const SEARCH_VECTOR_SQL = (config: string, heading: string, content: string) =>
  `setweight(to_tsvector(${config}::text::regconfig, ${heading}), 'A') || setweight(to_tsvector(${config}::text::regconfig, ${content}), 'B')`;

/** The distinct words of a page that typo tolerance can correct a question's words to. */
function vocabularyOf(passages: readonly Passage[]): string[] {
  const words = new Set<string>();
  for (const passage of passages) {
    for (const word of wordsOf(`${passage.heading} ${passage.content}`)) {
      if (word.length >= SHORTEST_WORD && word.length <= LONGEST_WORD && !/^\p{N}+$/u.test(word) && !hasUnspacedScript(word)) words.add(word);
    }
  }
  return [...words];
}

/** Replaces the passages of one page of a bot (creating its entry when new); returns the entry id. */
export function storePage(
  db: Database,
  botId: string,
  page: { url: string; title: string; wordCount: number; passages: readonly Passage[] },
): Promise<string> {
  return db.transaction(async (tx) => {
    const { searchConfig } = await botLanguage(tx, botId);
    const [source] = await tx.query<{ id: string }>(
      `insert into knowledge_sources (bot_id, url, title, num_token) values ($1, $2, $3, $4)
       on conflict (bot_id, url) do update set title = excluded.title, num_token = excluded.num_token, updated_at = now()
       returning id`,
      [botId, page.url, page.title, page.wordCount],
    );
    const sourceId = source!.id;
    await tx.query('delete from passages where source_id = $1', [sourceId]);
    await tx.query('delete from knowledge_words where source_id = $1', [sourceId]);
    for (let start = 0; start < page.passages.length; start += INSERT_BATCH) {
      const batch = page.passages.slice(start, start + INSERT_BATCH);
      const params: unknown[] = [];
      const rows = batch.map((passage, index) => {
        params.push(sourceId, botId, start + index, passage.heading, passage.content, searchableText(passage.heading), searchableText(passage.content));
        const [source, bot, position, heading, content, searchHeading, searchContent] = Array.from(
          { length: PASSAGE_COLUMNS },
          (_, column) => `$${index * PASSAGE_COLUMNS + column + 2}`,
        );
        return `(${source}, ${bot}, ${position}, ${heading}, ${content}, $1::text, ${SEARCH_VECTOR_SQL('$1', searchHeading!, searchContent!)})`;
      });
      await tx.query(
        `insert into passages (source_id, bot_id, position, heading, content, search_config, search_vector) values ${rows.join(', ')}`,
        [searchConfig, ...params],
      );
    }
    await tx.query('insert into knowledge_words (source_id, bot_id, word) select $1, $2, unnest($3::text[])', [sourceId, botId, vocabularyOf(page.passages)]);
    return sourceId;
  });
}

/**
 * Indexes a bot's passages again in its current language, when it changed; returns how many passages
 * were indexed again.
 */
export async function reindexKnowledge(db: Database, botId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { searchConfig } = await botLanguage(tx, botId);
    const rows = await tx.query<{ id: string; heading: string; content: string }>(
      'select id, heading, content from passages where bot_id = $1 and search_config <> $2',
      [botId, searchConfig],
    );
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      await tx.query(
        `update passages p set search_config = $1::text, search_vector = ${SEARCH_VECTOR_SQL('$1', 'v.heading', 'v.content')}
         from unnest($2::bigint[], $3::text[], $4::text[]) as v(id, heading, content) where p.id = v.id`,
        [searchConfig, batch.map((row) => row.id), batch.map((row) => searchableText(row.heading)), batch.map((row) => searchableText(row.content))],
      );
    }
    return rows.length;
  });
}

/** Lists a bot's entries, oldest first. */
export async function listSources(db: Queryable, botId: string): Promise<DataSource[]> {
  const rows = await db.query<{ knowledge_base_id: string; url: string; num_token: number }>(
    'select id as knowledge_base_id, url, num_token from knowledge_sources where bot_id = $1 order by created_at, url',
    [botId],
  );
  return rows.map((row) => ({ knowledge_base_id: row.knowledge_base_id, url: row.url, num_token: Number(row.num_token) }));
}

/** Deletes a bot's entry by URL (one of several spellings); tells whether one was deleted. */
export async function deleteSourceByUrl(db: Queryable, botId: string, urls: readonly string[]): Promise<boolean> {
  const rows = await db.query('delete from knowledge_sources where bot_id = $1 and url = any($2::text[]) returning id', [botId, [...urls]]);
  return rows.length > 0;
}

/** Deletes a bot's entry by id; tells whether one was deleted. */
export async function deleteSourceById(db: Queryable, botId: string, sourceId: string): Promise<boolean> {
  const rows = await db.query('delete from knowledge_sources where bot_id = $1 and id = $2 returning id', [botId, sourceId]);
  return rows.length > 0;
}

/** A passage found by full-text search, with its place in the knowledge base. */
export interface FoundPassage extends RetrievedPassage {
  /** The passage's id. */
  id: string;
  /** Its position on its page (0 first). */
  position: number;
}

/** What a full-text search found, and how many passages the bot has in all. */
export interface PassageSearch {
  /** The passages matching any of the terms, best full-text rank first. */
  passages: FoundPassage[];
  /** The number of passages in the bot's knowledge base. */
  total: number;
}

// A term of websearch_to_tsquery syntax: words only (no operators, quotes or signs), a phrase in quotes.
function searchTerm(term: string): string {
  const words = term.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
  return words.includes(' ') ? `"${words}"` : words;
}

/**
 * Full-text search of a bot's passages for any of the given terms (words or phrases), stemmed by its
 * language's text search configuration; heading matches weigh more. Best first.
 */
export async function searchPassages(
  db: Queryable,
  botId: string,
  query: { searchConfig: string; terms: readonly string[] },
  limit: number,
): Promise<PassageSearch> {
  const terms = query.terms.map((term) => searchTerm(searchableText(term))).filter(Boolean);
  if (terms.length === 0) return { passages: [], total: 0 };
  const rows = await db.query<{ id: string; url: string; title: string; heading: string; content: string; position: number; rank: number; total: number }>(
    `select p.id, s.url, s.title, p.heading, p.content, p.position, ts_rank_cd(p.search_vector, q.query, 1) as rank,
       (select count(*) from passages where bot_id = $1) as total
     from passages p
     join knowledge_sources s on s.id = p.source_id,
     websearch_to_tsquery($2::regconfig, $3) as q(query)
     where p.bot_id = $1 and p.search_vector @@ q.query
     order by rank desc, s.created_at, p.position
     limit $4`,
    [botId, query.searchConfig, terms.join(' or '), limit],
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countPassages(db, botId);
  return {
    passages: rows.map((row) => ({ id: String(row.id), url: row.url, title: row.title, heading: row.heading, content: row.content, position: Number(row.position), rank: Number(row.rank) })),
    total,
  };
}

async function countPassages(db: Queryable, botId: string): Promise<number> {
  const [row] = await db.query<{ total: number }>('select count(*) as total from passages where bot_id = $1', [botId]);
  return Number(row?.total ?? 0);
}

const trigramSchemas = new WeakMap<Queryable, Promise<string | undefined>>();

/** The schema pg_trgm is installed in, or undefined when it is not (looked up once per database). */
function trigramSchema(db: Queryable): Promise<string | undefined> {
  let schema = trigramSchemas.get(db);
  if (!schema) {
    schema = db
      .query<{ schema: string }>(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`)
      .then(([row]) => row?.schema);
    trigramSchemas.set(db, schema);
  }
  return schema;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A word of the knowledge base near a word of a question. */
export interface NearWord {
  /** The question's word. */
  term: string;
  /** The knowledge base's word. */
  word: string;
  /** pg_trgm similarity of the two, 0..1 (1: the same word). */
  similarity: number;
}

/**
 * Words of a bot's knowledge base that look like the given ones: those pg_trgm finds similar (its `%`
 * operator, trigram index), and those equal to one of the given variants (adjacent letters swapped, which
 * trigrams barely notice in short words). Empty when pg_trgm is not installed.
 */
export async function nearWords(
  db: Queryable,
  botId: string,
  terms: readonly string[],
  variants: readonly { term: string; variant: string }[],
): Promise<NearWord[]> {
  if (terms.length === 0) return [];
  const schema = await trigramSchema(db);
  if (!schema) return [];
  const trgm = quoteIdentifier(schema);
  const rows = await db.query<NearWord>(
    `select v.term, w.word, ${trgm}.similarity(w.word, v.term) as similarity
     from unnest($2::text[]) as v(term)
     join knowledge_words w on w.bot_id = $1 and w.word operator(${trgm}.%) v.term
     union
     select v.term, w.word, ${trgm}.similarity(w.word, v.term) as similarity
     from unnest($3::text[], $4::text[]) as v(term, variant)
     join knowledge_words w on w.bot_id = $1 and w.word = v.variant`,
    [botId, [...terms], variants.map((entry) => entry.term), variants.map((entry) => entry.variant)],
  );
  return rows.map((row) => ({ term: row.term, word: row.word, similarity: Number(row.similarity) }));
}

/** A passage a suggested question can be made from: the first passage under each heading. */
export interface SuggestionSource {
  /** The page. */
  url: string;
  /** The page's title. */
  title: string;
  /** The heading. */
  heading: string;
  /** The first passage under it. */
  content: string;
  /** Whether the heading is the page's first (its title, over the page's introduction). */
  opensPage: boolean;
}

/** The headings of a bot's knowledge base with their first passage, in knowledge-base order (for suggestions). */
export async function listSuggestionSources(db: Queryable, botId: string, limit: number): Promise<SuggestionSource[]> {
  const rows = await db.query<{ url: string; title: string; heading: string; content: string; position: number }>(
    `select url, title, heading, content, position from (
       select distinct on (p.source_id, p.heading) s.url, s.title, p.heading, p.content, p.position, s.created_at
       from passages p join knowledge_sources s on s.id = p.source_id
       where p.bot_id = $1 and p.heading <> ''
       order by p.source_id, p.heading, p.position
     ) h order by created_at, url, position limit $2`,
    [botId, limit],
  );
  return rows.map((row) => ({ url: row.url, title: row.title, heading: row.heading, content: row.content, opensPage: Number(row.position) === 0 }));
}

/** A value that changes whenever a bot's knowledge base or language does (for caches of answers about it). */
export async function knowledgeVersion(db: Queryable, botId: string): Promise<string> {
  const [row] = await db.query<{ count: number; last: string | null; config: string | null }>(
    'select count(*) as count, max(id) as last, max(search_config) as config from passages where bot_id = $1',
    [botId],
  );
  return `${row?.count ?? 0}:${row?.last ?? ''}:${row?.config ?? ''}`;
}
