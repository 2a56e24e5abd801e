// A bot's knowledge base: one entry per page URL, its passages, and full-text search over them.
import type { DataSource } from '../../../src/api/schemas.js';
import type { RetrievedPassage } from '../answer/provider.js';
import type { Passage } from '../scrape/extract.js';
import type { Database, Queryable } from './database.js';

const INSERT_BATCH = 200;

/** Replaces the passages of one page of a bot (creating its entry when new); returns the entry id. */
export function storePage(
  db: Database,
  botId: string,
  page: { url: string; title: string; wordCount: number; passages: readonly Passage[] },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [source] = await tx.query<{ id: string }>(
      `insert into knowledge_sources (bot_id, url, title, num_token) values ($1, $2, $3, $4)
       on conflict (bot_id, url) do update set title = excluded.title, num_token = excluded.num_token, updated_at = now()
       returning id`,
      [botId, page.url, page.title, page.wordCount],
    );
    const sourceId = source!.id;
    await tx.query('delete from passages where source_id = $1', [sourceId]);
    for (let start = 0; start < page.passages.length; start += INSERT_BATCH) {
      const batch = page.passages.slice(start, start + INSERT_BATCH);
      const params: unknown[] = [];
      const rows = batch.map((passage, index) => {
        params.push(sourceId, botId, start + index, passage.heading, passage.content);
        const base = index * 5;
        return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5})`;
      });
      await tx.query(`insert into passages (source_id, bot_id, position, heading, content) values ${rows.join(', ')}`, params);
    }
    return sourceId;
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

/**
 * Full-text search of a bot's passages for any of the given words (English stemming, heading words weigh
 * more), best first.
 */
export async function searchPassages(db: Queryable, botId: string, words: readonly string[], limit: number): Promise<RetrievedPassage[]> {
  if (words.length === 0) return [];
  const rows = await db.query<{ url: string; title: string; heading: string; content: string; rank: number }>(
    `select s.url, s.title, p.heading, p.content, ts_rank_cd(p.search_vector, q.query, 1) as rank
     from passages p
     join knowledge_sources s on s.id = p.source_id,
     websearch_to_tsquery('english', $2) as q(query)
     where p.bot_id = $1 and p.search_vector @@ q.query
     order by rank desc, s.created_at, p.position
     limit $3`,
    [botId, words.join(' or '), limit],
  );
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/** The distinct headings of a bot's passages with their page, in knowledge-base order (for suggestions). */
export async function listHeadings(db: Queryable, botId: string, limit: number): Promise<{ heading: string; url: string; title: string }[]> {
  return db.query(
    `select heading, url, title from (
       select distinct on (p.heading) p.heading, s.url, s.title, s.created_at, p.position
       from passages p join knowledge_sources s on s.id = p.source_id
       where p.bot_id = $1 and p.heading <> ''
       order by p.heading, s.created_at, p.position
     ) h order by created_at, position limit $2`,
    [botId, limit],
  );
}
