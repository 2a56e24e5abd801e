// Login names are one account whatever their case ("Demo" is "demo"), and the migration that makes them so
// keeps every existing account when names differ only by case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS, runMigrations } from '../../demo/server/storage/migrations.js';
import type { Queryable } from '../../demo/server/storage/database.js';
import { testEngines, useService } from './helpers.js';

for (const engine of testEngines()) {
  describe(`login names (${engine.name})`, () => {
    const service = useService(engine, { allowSignup: true });

    it('signs in with any case of the name, and refuses a second account that differs only by case', async () => {
      const created = await service().call('POST', '/api/users', { json: { username: 'CaseyJones', password: 'long enough' } });
      assert.equal(created.status, 200);
      for (const username of ['CaseyJones', 'caseyjones', 'CASEYJONES']) {
        const login = await fetch(`${service().url}/token`, { method: 'POST', body: new URLSearchParams({ username, password: 'long enough' }) });
        assert.equal(login.status, 200, username);
      }
      const again = await service().call('POST', '/api/users', { json: { username: 'caseyjones', password: 'another one' } });
      assert.equal(again.status, 422);
      assert.deepEqual(again.body.detail[0].loc, ['body', 'username']);
      const login = await fetch(`${service().url}/token`, { method: 'POST', body: new URLSearchParams({ username: 'caseyjones', password: 'another one' }) });
      assert.equal(login.status, 400, 'the first account keeps its password (invalid_grant, RFC 6749)');
    });
  });
}

describe('the case-insensitive login name migration', () => {
  it('keeps the oldest spelling, renames later case variants, and keeps every account', async () => {
    const pglite = await PGlite.create();
    const tx = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
      query: async <Row>(sql: string, params?: readonly unknown[]) => (await target.query<Row>(sql, params ? [...params] : undefined)).rows,
      exec: async (sql: string) => {
        await target.exec(sql);
      },
    });
    const database = { transaction: <T>(work: (queryable: Queryable) => Promise<T>) => pglite.transaction((inner) => work(tx(inner))) };
    try {
      const latest = MIGRATIONS.find((migration) => migration.name === 'login names unique whatever their case')!;
      // The schema as it was before the migration, with names that differ only by case.
      const before = MIGRATIONS.filter((migration) => migration.version < latest.version);
      await pglite.exec('create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
      for (const migration of before) {
        await pglite.exec(migration.sql);
        await pglite.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      }
      await pglite.exec(`
        insert into users (id, username, password_hash, created_at) values
          ('00000000-0000-4000-8000-000000000001', 'Demo', 'x', '2024-01-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000002', 'demo', 'y', '2024-02-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000003', 'DEMO', 'z', '2024-03-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000004', 'other', 'w', '2024-01-01T00:00:00Z')`);
      const applied = await runMigrations(database);
      assert.ok(applied.includes(latest.version));
      const rows = (await pglite.query<{ id: string; username: string }>('select id, username from users order by id')).rows;
      assert.deepEqual(
        rows.map((row) => row.username),
        ['Demo', 'demo-00000000-0000-4000-8000-000000000002', 'DEMO-00000000-0000-4000-8000-000000000003', 'other'],
      );
      await assert.rejects(pglite.query(`insert into users (username, password_hash) values ('OTHER', 'v')`), /users_username_lower_idx|duplicate key/);
    } finally {
      await pglite.close();
    }
  });
});
