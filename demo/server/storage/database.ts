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

/** Called with the payload of each notification on a channel. */
export type NotificationHandler = (payload: string) => void;

/** An open database with migrations applied. */
export interface Database extends Queryable {
  /** Which engine answers. */
  readonly engine: StorageEngine;
  /**
   * Sends a notification to every process listening on this database, this one included: PostgreSQL's
   * NOTIFY; PGlite, whose folder belongs to one process, tells that process's listeners.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `handler` for every notification on `channel` (PostgreSQL: LISTEN on a connection of its own,
   * opened again after a loss). Delivery is a hint, not a guarantee: readers poll too. Resolves to the
   * unsubscribe.
   */
  listen(channel: string, handler: NotificationHandler): Promise<() => void>;
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
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Wait before opening a lost LISTEN connection again. */
const RELISTEN_DELAY_MS = 1000;

/** The handlers of each channel, shared by both engines. */
class ChannelHandlers {
  readonly #handlers = new Map<string, Set<NotificationHandler>>();

  /** The channels with at least one handler. */
  channels(): string[] {
    return [...this.#handlers.keys()];
  }

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: NotificationHandler): boolean {
    if (!CHANNEL_NAME.test(channel)) throw new RangeError(`Not a plain channel name: ${JSON.stringify(channel)}`);
    const set = this.#handlers.get(channel);
    if (set) {
      set.add(handler);
      return false;
    }
    this.#handlers.set(channel, new Set([handler]));
    return true;
  }

  /** Removes a handler. */
  remove(channel: string, handler: NotificationHandler): void {
    const set = this.#handlers.get(channel);
    set?.delete(handler);
    if (set?.size === 0) this.#handlers.delete(channel);
  }

  /** Calls the channel's handlers; a throwing handler does not stop the others. */
  deliver(channel: string, payload: string): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch {
        // A handler's failure is its own.
      }
    }
  }
}

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

  // LISTEN needs a connection of its own for as long as it listens: one per process, opened on first use
  // and opened again (after a pause) when it is lost, until the database closes.
  const handlers = new ChannelHandlers();
  let listener: Promise<InstanceType<typeof pg.Client>> | undefined;
  let relisten: NodeJS.Timeout | undefined;
  let closed = false;
  const openListener = (): Promise<InstanceType<typeof pg.Client>> => {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url, application_name: 'chatbot-reference-service-listen' });
      const lost = () => {
        listener = undefined;
        void client.end().catch(() => undefined);
        if (closed || handlers.channels().length === 0 || relisten) return;
        relisten = setTimeout(() => {
          relisten = undefined;
          if (!closed) void openListener().catch(lost);
        }, RELISTEN_DELAY_MS);
        relisten.unref();
      };
      client.on('error', lost);
      client.on('end', () => {
        if (!closed) lost();
      });
      client.on('notification', (message) => handlers.deliver(message.channel, message.payload ?? ''));
      await client.connect();
      for (const channel of handlers.channels()) await client.query(`listen ${channel}`);
      return client;
    })();
    listener.catch(() => {
      listener = undefined;
    });
    return listener;
  };

  return {
    engine: 'postgres',
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      const first = handlers.add(channel, handler);
      const client = await openListener();
      if (first) await client.query(`listen ${channel}`);
      return () => handlers.remove(channel, handler);
    },
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
    async close() {
      closed = true;
      clearTimeout(relisten);
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // PGlite runs PostgreSQL in the thread that calls it; in its own worker thread, a slow query (or the
  // first start's initdb) never keeps the service from answering other requests.
  const { openPgliteWorker } = await import('./pglite-client.js');
  const database = await openPgliteWorker(dataDir);
  // A PGlite folder belongs to one process, so its notifications never need to leave it.
  const handlers = new ChannelHandlers();
  return {
    ...database,
    engine: 'pglite',
    notify: async (channel, payload) => handlers.deliver(channel, payload),
    listen: async (channel, handler) => {
      handlers.add(channel, handler);
      return () => handlers.remove(channel, handler);
    },
  };
}
