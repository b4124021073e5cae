/**
 * The PostgreSQL test harness itself: databases cloned from the run's template (globalSetup.ts,
 * databases.ts), a file's database reset to the template's contents between tests, and a temporary cluster that can be taken away and brought back
 * (scripts/postgres.mjs).
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startTempCluster } from '../../../../scripts/postgres.mjs';
import {
  TEMPLATE_DATABASE,
  dropAllTestDatabases,
  dropDatabase,
  freshDatabaseUrl,
  releaseDatabase,
  reusableDatabaseUrl,
  withAdmin,
} from './databases.js';

afterAll(dropAllTestDatabases);

/** One query on a connection of its own. */
async function rows<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

const count = async (url: string, table: string): Promise<number> =>
  Number((await rows<{ n: string }>(url, `SELECT count(*) AS n FROM ${table}`))[0]?.n);

const TABLES = [
  'achievements',
  'admin_challenges',
  'admin_passkeys',
  'admin_second_factors',
  'admin_sessions',
  'admins',
  'email_deliveries',
  'member_sessions',
  'members',
  'products',
  'reflections',
  'rate_limits',
  'ripple_effects',
  'sign_ins',
  'states',
  'testimonials',
];

describe('test databases', () => {
  it('are copies of the migrated and seeded template', async () => {
    const url = await freshDatabaseUrl();
    const tables = (
      await rows<{ table_name: string }>(
        url,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
      )
    ).map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    // db.json's participation map: one row per state.
    expect(await count(url, 'states')).toBe(50);
  });

  it('are independent of each other', async () => {
    const [a, b] = await Promise.all([freshDatabaseUrl(), freshDatabaseUrl()]);
    expect(a).not.toBe(b);
    await rows(a, 'DELETE FROM states');
    expect(await count(a, 'states')).toBe(0);
    expect(await count(b, 'states')).toBe(50);
    await dropDatabase(a);
    await expect(rows(a, 'SELECT 1')).rejects.toMatchObject({ code: '3D000' }); // invalid_catalog_name
  });

  it("handed back and taken again, hold exactly a fresh copy's contents, sequences included", async () => {
    /** Every table as JSON, and the next value of every sequence, as a fresh copy would hold them. */
    const everything = async (url: string): Promise<string> =>
      withAdmin(url, async (client) => {
        const tables = await client.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
        );
        const parts: string[] = [];
        for (const { table_name: table } of tables.rows) {
          const data = await client.query<{ json: string | null }>(
            `SELECT json_agg(t ORDER BY t::text)::text AS json FROM "${table}" t`,
          );
          parts.push(`${table}: ${data.rows[0]?.json ?? '[]'}`);
        }
        const sequences = await client.query<{ name: string; last: string | null }>(
          "SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
        );
        return [...parts, JSON.stringify(sequences.rows)].join('\n');
      });
    const fresh = await everything(await freshDatabaseUrl());

    const url = await reusableDatabaseUrl();
    expect(await everything(url)).toBe(fresh);
    // A test's writes, and a connection it left open.
    const left = new pg.Client({ connectionString: url });
    await left.connect();
    left.on('error', () => undefined); // the reset cuts it
    await left.query("DELETE FROM states WHERE state_code = 'CA'");
    await left.query(
      "INSERT INTO admin_activity (id, at, action, admin_id, network) VALUES (gen_random_uuid(), now(), 'x', 'a', 'n')",
    );
    expect(await everything(url)).not.toBe(fresh);
    releaseDatabase(url);

    const again = await reusableDatabaseUrl();
    expect(again).toBe(url);
    expect(await everything(again)).toBe(fresh);
    await expect(left.query('SELECT 1')).rejects.toThrow();
  });

  it('come from a template nobody can connect to', async () => {
    const [template] = await withAdmin(
      inject('postgresUrl'),
      async (client) =>
        (
          await client.query<{ datistemplate: boolean; datallowconn: boolean }>(
            'SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1',
            [TEMPLATE_DATABASE],
          )
        ).rows,
    );
    expect(template).toEqual({ datistemplate: true, datallowconn: false });
  });
});

describe('a temporary cluster', () => {
  it('can be taken away and brought back on the same port, keeping committed data', async () => {
    const cluster = await startTempCluster();
    try {
      await rows(cluster.url, 'CREATE TABLE kept (n integer); INSERT INTO kept VALUES (1)');

      await cluster.pause();
      await expect(rows(cluster.url, 'SELECT 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      await cluster.resume();
      expect(await count(cluster.url, 'kept')).toBe(1);

      cluster.kill();
      await expect(rows(cluster.url, 'SELECT 1')).rejects.toThrow();
      await cluster.restart();
      expect(await count(cluster.url, 'kept')).toBe(1);
    } finally {
      await cluster.stop();
    }
    expect(existsSync(cluster.dataDir)).toBe(false);
  });
});
