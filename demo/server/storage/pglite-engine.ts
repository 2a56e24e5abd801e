// PGlite itself: opening an embedded database (from a cached, migrated snapshot when the folder is new) and
// the query interface over it. PGlite runs PostgreSQL compiled to WebAssembly in the thread that calls it,
// so the service loads this module only inside its database worker (pglite-worker.ts), never in the thread
// that answers requests.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Queryable } from './database.js';
import { MIGRATIONS, runMigrations } from './migrations.js';

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'>;

/** The query interface over PGlite or one of its transactions. */
export function pgliteQueryable(target: PGliteQueryable): Queryable {
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query<Row>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql) => {
      await target.exec(sql);
    },
  };
}

function withTransactions(db: PGlite) {
  return { transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(pgliteQueryable(tx))) };
}

/** Opens PGlite in `dataDir` (in memory when absent), from a migrated snapshot when the folder is new. */
export async function openPgliteInThisThread(dataDir: string | undefined): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const fresh = dataDir === undefined || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  // A fresh PGlite runs initdb (several seconds); loading a snapshot of an initialised, migrated database
  // takes about a second, so fresh databases start from one.
  const snapshot = fresh ? await migratedSnapshot() : undefined;
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const extensions = await pgliteExtensions();
  const options = snapshot ? { loadDataDir: new Blob([new Uint8Array(snapshot)]), extensions } : { extensions };
  return dataDir === undefined ? await PGlite.create(options) : await PGlite.create(dataDir, options);
}

/** The contrib extensions the migrations create (PGlite loads an extension's code only when asked to). */
async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

let snapshotPromise: Promise<Buffer> | undefined;

/**
 * A gzipped data folder of a PGlite database with every migration applied and no rows, cached in the
 * system's temporary folder under a name derived from the PGlite version and the migrations.
 */
function migratedSnapshot(): Promise<Buffer> {
  snapshotPromise ??= (async () => {
    const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    const packageJson = join(dirname(pgliteEntry), '..', 'package.json');
    const version = existsSync(packageJson) ? String(JSON.parse(readFileSync(packageJson, 'utf8')).version) : pgliteEntry;
    const key = createHash('sha256').update(version).update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 16);
    const folder = join(tmpdir(), 'chatbot-reference-service');
    const file = join(folder, `pglite-${key}.tar.gz`);
    if (existsSync(file)) return readFileSync(file);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ extensions: await pgliteExtensions() });
    try {
      await runMigrations(withTransactions(db));
      const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
      mkdirSync(folder, { recursive: true });
      // Written aside and renamed, so a concurrent reader never sees half a file.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
      return dump;
    } finally {
      await db.close();
    }
  })();
  snapshotPromise.catch(() => {
    snapshotPromise = undefined;
  });
  return snapshotPromise;
}
