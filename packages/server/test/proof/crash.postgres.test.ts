/**
 * Crash on PostgreSQL: rounds of SIGKILL (3 in `npm test`, 10 in `npm run test:proof`) at a
 * random moment during concurrent writes against the real server process (bin.ts with
 * DATABASE_URL), restarting on the same database after each. After every kill, read straight from the database with a pg client: every acknowledged
 * join (looked up by e-mail) and every acknowledged ripple-effect record (by the id its answer
 * carried) is there, and the count of records never goes down. An answer is only sent after
 * COMMIT, so a write the server acknowledged must survive the process dying right after.
 *
 * The e-mail scheduler runs too (every join queues a welcome and a first reflection), so the kills
 * also land between its claim and its send. Checked as well: after each restart no 'sending'
 * claim of a killed process is left (start-up marks them 'unknown'), and across all rounds no
 * message was written to the outbox twice (a lost message is allowed, a doubled one is not).
 *
 * crash.lowdb.test.ts is the same proof for the lowdb file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabaseUrl, withAdmin } from '../postgres/databases.js';
import { killAllServers, printFigures, readOutbox, sleep, startBin } from './support.js';
import { proofSize } from './size.js';
import { KillRounds } from './writeBurst.js';

const ROUNDS = proofSize(3, 10);
const SECRET = 'crash-postgres-secret-0123456789abcdef-0123456789';

let dir = '';
let databaseUrl = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-proof-crash-pg-'));
  databaseUrl = await freshDatabaseUrl();
});

afterAll(async () => {
  killAllServers();
  if (databaseUrl) await dropDatabase(databaseUrl);
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Snapshot {
  emails: Set<string>;
  rippleIds: Set<string>;
}

/** What the database holds, read with a pg client of the test's own (not through the server). */
function readDatabase(): Promise<Snapshot> {
  return withAdmin(databaseUrl, async (client) => {
    const members = await client.query<{ email: string }>('SELECT email FROM members');
    const ripples = await client.query<{ id: string }>('SELECT id FROM ripple_effects');
    return {
      emails: new Set(members.rows.map((m) => m.email)),
      rippleIds: new Set(ripples.rows.map((r) => r.id)),
    };
  });
}

/** 'sending' claims made before `before` (by a killed process) still in the e-mail log. */
function staleClaims(before: Date): Promise<number> {
  return withAdmin(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_deliveries WHERE status = 'sending' AND last_attempt_at < $1",
      [before],
    );
    return rows[0]?.n ?? 0;
  });
}

/** After a restart, start-up marks the killed process's 'sending' claims 'unknown' (bounded wait). */
async function waitForNoStaleClaim(before: Date, round: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await staleClaims(before)) > 0) {
    if (Date.now() > deadline)
      throw new Error(`round ${round}: a killed process's 'sending' claim is still there 10 s after the restart`);
    await sleep(50);
  }
}

describe(`SIGKILL during concurrent writes on PostgreSQL, ${ROUNDS} times`, () => {
  it('SIGKILL loses no acknowledged write on PostgreSQL: every acknowledged join and ripple effect is in the database, counts never go down', async () => {
    const outbox = join(dir, 'outbox');
    const env = { DATABASE_URL: databaseUrl, OUTBOX_DIR: outbox, SESSION_SECRET: SECRET };
    const dataFile = join(dir, 'unused-db.json');
    let previousRecords = 0;
    let staleClaimsAfterKills = 0;
    // Its sessions (the cookies acknowledged joins set) must outlive every kill: sessions are rows.
    const rounds = new KillRounds('crash-pg');
    const { acknowledgedJoins, acknowledgedRipples } = rounds;

    for (let round = 1; round <= ROUNDS + 1; round += 1) {
      const spawnedAt = new Date();
      const server = await startBin({ dataFile, env });
      rounds.startMs.push(server.startMs);
      expect(server.output(), 'the server runs on PostgreSQL').toMatch(/"msg":"listening".*"store":"postgres"/);
      await waitForNoStaleClaim(spawnedAt, round);
      if (round > ROUNDS) {
        // The last start: the state the last kill left is served (every acknowledged joiner's
        // browser is still signed in), then a clean stop.
        await rounds.expectSessionsKeptThenStop(server);
        break;
      }

      await rounds.killDuringWrites(server, round);

      if ((await staleClaims(new Date())) > 0) staleClaimsAfterKills += 1;
      const db = await readDatabase();
      for (const email of acknowledgedJoins)
        expect(db.emails.has(email), `round ${round}: lost join ${email}`).toBe(true);
      for (const id of acknowledgedRipples)
        expect(db.rippleIds.has(id), `round ${round}: lost ripple effect ${id}`).toBe(true);
      const records = db.emails.size + db.rippleIds.size;
      expect(records, `round ${round}: records went down`).toBeGreaterThanOrEqual(previousRecords);
      previousRecords = records;
    }

    const final = await readDatabase();
    expect(acknowledgedJoins.size + acknowledgedRipples.size).toBeGreaterThan(0);
    expect(acknowledgedRipples.size, 'ripple effects were recorded too').toBeGreaterThan(0);

    // Lost is allowed, doubled is not: no Message-ID (one per idempotency key) was written twice.
    const mail = await readOutbox(outbox);
    const perMessageId = new Map<string, number>();
    for (const m of mail) perMessageId.set(m.messageId, (perMessageId.get(m.messageId) ?? 0) + 1);
    const doubled = [...perMessageId].filter(([, n]) => n > 1);
    expect(doubled, 'e-mails sent twice across the kills').toEqual([]);
    const welcomes = new Map<string, number>();
    for (const m of mail.filter((m) => m.kind === 'welcome')) welcomes.set(m.to, (welcomes.get(m.to) ?? 0) + 1);
    expect(
      [...welcomes].filter(([, n]) => n > 1),
      'members welcomed twice',
    ).toEqual([]);
    const unknownClaims = await withAdmin(databaseUrl, async (client) => {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM email_deliveries WHERE status = 'unknown'",
      );
      return rows[0]?.n ?? 0;
    });

    printFigures(
      'crash-postgres',
      rounds.figures({
        recordsInDatabase: final.emails.size + final.rippleIds.size,
        killsThatLeftASendingClaim: staleClaimsAfterKills,
        emailsCutOffByKills: unknownClaims,
        emailsWritten: mail.length,
      }),
    );
  }, 120_000);
});
