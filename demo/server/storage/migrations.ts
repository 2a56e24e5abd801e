// The schema, as an ordered list of migrations applied once each and recorded in `schema_migrations`.
// Several service processes may start at once against one PostgreSQL: a transaction-scoped advisory lock
// makes them apply the migrations one after the other.
import type { Queryable } from './database.js';

/** One schema change. */
export interface Migration {
  /** Increasing number; never reused. */
  version: number;
  /** Short description. */
  name: string;
  /** The statements. */
  sql: string;
}

/** Every migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users, keys, bots, knowledge base, history, leads',
    sql: `
create table service_settings (
  key text primary key,
  value text not null
);

create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null unique,
  password_hash text not null,
  created_at timestamptz not null default now()
);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  key_hash text not null unique,
  key_prefix text not null,
  name text not null default '',
  created_at timestamptz not null default now()
);
create index api_keys_user_idx on api_keys (user_id);

create table bots (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_name text not null,
  case_study text not null default '',
  is_visibility boolean not null default false,
  domain jsonb not null default '[]',
  collect_customer_info jsonb not null default '{}',
  rules jsonb not null default '[]',
  gpt_model_name text not null default 'gpt-3.5-turbo-16k',
  temperature double precision not null default 0,
  custom_prompt text not null default '',
  bot_tone_type integer not null default 0,
  custom_error_message text not null default '',
  is_enable_citation boolean not null default false,
  is_activate boolean not null default true,
  bot_language text not null default '',
  num_message_left integer not null default 0 check (num_message_left >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bots_user_idx on bots (user_id);

create table knowledge_sources (
  id uuid primary key default gen_random_uuid(),
  bot_id uuid not null references bots (id) on delete cascade,
  url text not null,
  title text not null default '',
  num_token integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bot_id, url)
);

create table passages (
  id bigserial primary key,
  source_id uuid not null references knowledge_sources (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  position integer not null,
  heading text not null default '',
  content text not null,
  search_vector tsvector generated always as (
    setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', content), 'B')
  ) stored
);
create index passages_bot_idx on passages (bot_id);
create index passages_source_idx on passages (source_id);
create index passages_search_idx on passages using gin (search_vector);

create table chat_sessions (
  bot_id uuid not null references bots (id) on delete cascade,
  session_id text not null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (bot_id, session_id)
);
create index chat_sessions_created_idx on chat_sessions (bot_id, created_at);

create table chat_messages (
  id bigserial primary key,
  bot_id uuid not null,
  session_id text not null,
  sender_type text not null,
  content text not null,
  created_at timestamptz not null default clock_timestamp(),
  foreign key (bot_id, session_id) references chat_sessions (bot_id, session_id) on delete cascade
);
create index chat_messages_session_idx on chat_messages (bot_id, session_id, id);

create table leads (
  id uuid primary key default gen_random_uuid(),
  bot_id uuid not null references bots (id) on delete cascade,
  session_id text not null,
  fields jsonb not null,
  created_at timestamptz not null default now()
);
create index leads_bot_idx on leads (bot_id, created_at);
`,
  },
  {
    version: 2,
    name: 'passages indexed in the language of their bot, a vocabulary of words for typo tolerance (pg_trgm)',
    sql: `
-- pg_trgm ships with PostgreSQL (contrib) and with PGlite. It goes into public where the role may create it
-- there, so a database shared by several schemas keeps it when one schema is dropped; without it the
-- service still answers, only without typo tolerance.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
    begin
      create extension pg_trgm schema public;
    exception when others then
      begin
        create extension pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%): answers work without typo tolerance', sqlerrm;
      end;
    end;
  end if;
end $$;

-- The vector was generated with English stemming; now it is written with the bot's text search
-- configuration, from text a word segmenter has spaced where the language has no spaces.
alter table passages drop column search_vector;
alter table passages add column search_config text not null default 'english';
alter table passages add column search_vector tsvector;
update passages set search_vector = setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', content), 'B');
alter table passages alter column search_vector set not null;
create index passages_search_idx on passages using gin (search_vector);

-- The distinct words of each page, lower case, for typo tolerance.
create table knowledge_words (
  source_id uuid not null references knowledge_sources (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  word text not null,
  primary key (source_id, word)
);
create index knowledge_words_bot_idx on knowledge_words (bot_id, word);
insert into knowledge_words (source_id, bot_id, word)
  select distinct p.source_id, p.bot_id, w.word
  from passages p, regexp_split_to_table(lower(p.heading || ' ' || p.content), '[[:space:][:punct:]]+') as w(word)
  where length(w.word) between 3 and 40;
do $$
declare
  trgm_schema text;
begin
  select n.nspname into trgm_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  if trgm_schema is not null then
    execute format('create index knowledge_words_trgm_idx on knowledge_words using gin (word %I.gin_trgm_ops)', trgm_schema);
  end if;
end $$;
`,
  },
  {
    version: 3,
    name: 'rate limit counters, per-bot visitor limits, self-signed-up accounts',
    sql: `
-- The counters of rate-limiter-flexible's PostgreSQL store (its own table layout): key, points, expiry in ms.
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index rate_limits_expire_idx on rate_limits (expire);

-- A bot's own limits for each visitor (null: the service's defaults).
alter table bots add column rate_limit_per_minute integer check (rate_limit_per_minute > 0);
alter table bots add column rate_limit_per_day integer check (rate_limit_per_day > 0);

-- Accounts made through the open sign-up: their new bots start with the small sign-up credit grant.
alter table users add column signed_up boolean not null default false;
`,
  },
  {
    version: 4,
    name: 'token versions and disabled accounts',
    sql: `
-- Every access token carries the version of its user at issue; bumping it (sign out everywhere, a new
-- password) makes every earlier token invalid. A disabled account is refused, tokens and API keys alike.
alter table users add column token_version integer not null default 0;
alter table users add column disabled boolean not null default false;
`,
  },
  {
    version: 5,
    name: 'login names unique whatever their case',
    sql: `
-- "Demo" and "demo" are one login name from now on. Names that already differ only by case keep the oldest
-- account's spelling; each later one gets "-" and its id appended (unique, as ids are), so every account
-- stays, with its bots and keys, and can still sign in under the new name.
update users u set username = u.username || '-' || u.id::text
where exists (
  select 1 from users o
  where lower(o.username) = lower(u.username) and (o.created_at < u.created_at or (o.created_at = u.created_at and o.id < u.id))
);
create unique index users_username_lower_idx on users (lower(username));
`,
  },
  {
    version: 6,
    name: 'answers that outlive their request, answers cut off in the history',
    sql: `
-- An answer as a resource: its text (the whole body, framing included) is appended in batches while it is
-- generated, so a client that went away can read what it missed from any process. The generating process
-- renews lease_until while it works; an answer still 'generating' past its lease was left by a dead process
-- and is marked cut off. The idempotency key (unique per bot and session) makes a retried question find
-- its answer instead of asking, and paying, again.
create table answers (
  id text primary key,
  bot_id uuid not null references bots (id) on delete cascade,
  session_id text not null,
  idempotency_key text,
  question text not null,
  text text not null default '',
  status text not null default 'generating' check (status in ('generating', 'complete', 'cut_off', 'failed')),
  lease_until timestamptz not null,
  created_at timestamptz not null default clock_timestamp(),
  finished_at timestamptz,
  unique (bot_id, session_id, idempotency_key)
);
create index answers_generating_idx on answers (lease_until) where status = 'generating';
create index answers_created_idx on answers (created_at);

-- An answer stored although it did not finish (a limit was reached, or its process died).
alter table chat_messages add column cut_off boolean not null default false;
`,
  },
];

/** A fixed key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_246_119_301;

/** Applies the migrations not yet recorded, each in order, all in one transaction. */
export async function runMigrations(database: {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const rows = await tx.query<{ version: number }>('select version from schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const done: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}
