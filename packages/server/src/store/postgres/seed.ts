/**
 * Fills an empty database with the site's starting content from the seed file (the committed
 * db.json): products, testimonials and the map table. Runs under the schema lock and in one
 * transaction, so of two processes starting on an empty database exactly one seeds it.
 */
import { readFile } from 'node:fs/promises';
import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import type { Logger } from '../../log.js';
import { DbData } from '../schema.js';
import { inTransaction, withSchemaLock } from './migrate.js';
import { query, runOn } from './pool.js';
import { insertStates, type Run } from './records.js';

const SeedContent = DbData.pick({ products: true, testimonials: true, states: true });
type SeedContent = z.infer<typeof SeedContent>;

async function readSeed(file: string): Promise<SeedContent> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the seed file ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const parsed = SeedContent.safeParse(raw);
  if (!parsed.success) throw new Error(`The seed file ${file} is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

async function isEmpty(client: PoolClient): Promise<boolean> {
  const { rows } = await query<{ empty: boolean }>(
    client,
    `SELECT NOT EXISTS (SELECT 1 FROM states) AND NOT EXISTS (SELECT 1 FROM products)
        AND NOT EXISTS (SELECT 1 FROM testimonials) AS empty`,
  );
  return rows[0]?.empty === true;
}

async function insertSeed(run: Run, seed: SeedContent): Promise<void> {
  const { products, testimonials, states } = seed;
  await run(
    `INSERT INTO products (position, id, name, image_url, price, shopify_url)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      products.map((_, i) => i),
      products.map((p) => p.id),
      products.map((p) => p.name),
      products.map((p) => p.imageUrl),
      products.map((p) => p.price),
      products.map((p) => p.shopifyUrl),
    ],
  );
  await run(
    `INSERT INTO testimonials (position, id, name, location, content, rating, avatar_url)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::text[])`,
    [
      testimonials.map((_, i) => i),
      testimonials.map((t) => t.id),
      testimonials.map((t) => t.name),
      testimonials.map((t) => t.location),
      testimonials.map((t) => t.content),
      testimonials.map((t) => t.rating),
      testimonials.map((t) => t.avatarUrl ?? null),
    ],
  );
  await insertStates(run, states);
}

/** True when this call seeded the database. */
export async function seedIfEmpty(pool: Pool, file: string, logger: Logger): Promise<boolean> {
  const seed = await readSeed(file);
  return withSchemaLock(pool, logger, (client) =>
    inTransaction(client, async () => {
      if (!(await isEmpty(client))) return false;
      await insertSeed(runOn(client), seed);
      logger.info('database seeded', {
        products: seed.products.length,
        testimonials: seed.testimonials.length,
        states: seed.states.length,
      });
      return true;
    }),
  );
}
