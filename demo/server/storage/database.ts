// One small query interface over the two storage engines: PGlite (embedded PostgreSQL, in memory or in a
// data folder) and a PostgreSQL server through `pg`. Both run the same SQL and the same migrations.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS, runMigrations } from './migrations.js';

/** Something that runs parameterised SQL: the database itself or one transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

/** The storage engines the service runs on. */
export const STORAGE_ENGINES = ['pglite', 'postgres'] as const;
/** A storage engine. */
export type StorageEngine = (typeof STORAGE_ENGINES)[number];

/** An open database with migrations applied. */
export interface Database extends Queryable {
  /** Which engine answers. */
  readonly engine: StorageEngine;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the database (waits for running queries). */
  close(): Promise<void>;
}

/** Where the data lives: a PostgreSQL URL (with an optional schema), a PGlite folder, or PGlite in memory. */
export interface DatabaseLocation {
  /** A `postgres://` URL; PGlite is used when absent. */
  databaseUrl?: string;
  /** The PostgreSQL schema to use (created when missing); the server's default search path when absent. */
  databaseSchema?: string;
  /** The PGlite data folder; in memory when absent. */
  dataDir?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens the database at `location` and applies the pending migrations. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  const database = location.databaseUrl
    ? await openPostgres(location.databaseUrl, location.databaseSchema)
    : await openPglite(location.dataDir);
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

async function openPostgres(url: string, schema: string | undefined): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new RangeError(`Not a plain schema name: ${JSON.stringify(schema)}`);
  }
  const { default: pg } = await import('pg');
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists ${schema}`);
    } catch (error) {
      // `if not exists` is not safe against a process creating the same schema at that moment: it then
      // fails with a unique violation (23505) or duplicate_schema (42P06), and the schema is there.
      const code = (error as { code?: unknown }).code;
      if (code !== '23505' && code !== '42P06') throw error;
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: 'chatbot-reference-service',
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection emits here; without a listener the process would exit.
  pool.on('error', () => undefined);
  const run = async <Row>(client: { query: typeof pool.query }, sql: string, params?: readonly unknown[]) =>
    (await client.query(sql, params as unknown[] | undefined)).rows as Row[];
  return {
    engine: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const tx: Queryable = {
          query: (sql, params) => run(client as unknown as { query: typeof pool.query }, sql, params),
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await work(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

type PGliteInstance = import('@electric-sql/pglite').PGlite;
type PGliteQueryable = Pick<PGliteInstance, 'query' | 'exec'>;

function pgliteQueryable(target: PGliteQueryable): Queryable {
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query<Row>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql) => {
      await target.exec(sql);
    },
  };
}

function pgliteDatabase(db: PGliteInstance): Database {
  return {
    engine: 'pglite',
    ...pgliteQueryable(db),
    transaction: (work) => db.transaction((tx) => work(pgliteQueryable(tx))),
    close: () => db.close(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const fresh = dataDir === undefined || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  // A fresh PGlite runs initdb (several seconds, blocking the event loop); loading a snapshot of an
  // initialised, migrated database takes about a second, so fresh databases start from one.
  const snapshot = fresh ? await migratedSnapshot() : undefined;
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const extensions = await pgliteExtensions();
  const options = snapshot ? { loadDataDir: new Blob([new Uint8Array(snapshot)]), extensions } : { extensions };
  const db = dataDir === undefined ? await PGlite.create(options) : await PGlite.create(dataDir, options);
  return pgliteDatabase(db);
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
      await runMigrations(pgliteDatabase(db));
      const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
      mkdirSync(folder, { recursive: true });
      // Written aside and renamed, so a concurrent reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
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
