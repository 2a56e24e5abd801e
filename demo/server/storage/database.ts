// One small query interface over the two storage engines: PGlite (embedded PostgreSQL, in memory or in a
// data folder, run in its own worker thread) and a PostgreSQL server through `pg`. Both run the same SQL
// and the same migrations.
import { runMigrations } from './migrations.js';

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

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // PGlite runs PostgreSQL in the thread that calls it; in its own worker thread, a slow query (or the
  // first start's initdb) never keeps the service from answering other requests.
  const { openPgliteWorker } = await import('./pglite-client.js');
  return openPgliteWorker(dataDir);
}
