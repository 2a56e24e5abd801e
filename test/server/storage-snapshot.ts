// A digest of every table a service stores into, to prove that a refused request stored nothing.
import type { TestService } from './helpers.js';

const TABLES = ['users', 'api_keys', 'bots', 'knowledge_sources', 'passages', 'chat_sessions', 'chat_messages', 'leads', 'knowledge_words'] as const;

/** One digest per table of everything it holds. */
export async function storageSnapshot(service: TestService): Promise<Record<string, string>> {
  const { db } = await service.server.service.ready();
  const snapshot: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ digest: string | null; count: number }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*) as count from ${table} t`,
    );
    snapshot[table] = `${Number(row?.count ?? 0)}:${row?.digest ?? ''}`;
  }
  return snapshot;
}
