/**
 * Crash on PostgreSQL: 10 rounds of SIGKILL at a random moment during concurrent writes against
 * the real server process (bin.ts with DATABASE_URL), restarting on the same database after
 * each. After every kill, read straight from the database with a pg client: every acknowledged
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
import { MEMBER_SESSION_COOKIE, api } from '@prr/contract';
import { dropDatabase, freshDatabaseUrl, withAdmin } from '../postgres/databases.js';
import { killAllServers, printFigures, readOutbox, sleep, startBin } from './support.js';

const ROUNDS = 10;
const CONCURRENCY = 24;
/** As in crash.lowdb.test.ts: a random number of acknowledged writes (0-40), then 0-30 ms more. */
const MAX_ACKS_BEFORE_KILL = 40;
const MAX_EXTRA_DELAY_MS = 30;
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

interface Burst {
  joins: string[];
  /** The session cookie each acknowledged join set: ripple effects are recorded in the member's session. */
  cookies: string[];
  ripples: string[];
  stop(): Promise<void>;
}

/**
 * Joins and ripple-effect records from `CONCURRENCY` clients until the server goes away. Ripple
 * effects go out with the session cookies of members who joined in earlier rounds (sessions are
 * stored, so they outlive the kills).
 */
function burst(baseUrl: string, round: number, sessions: readonly string[]): Burst {
  const joins: string[] = [];
  const cookies: string[] = [];
  const ripples: string[] = [];
  let stopped = false;
  let next = 0;
  const worker = async (w: number): Promise<void> => {
    while (!stopped) {
      const n = next++;
      const ripple = sessions.length > 0 && w % 3 === 0;
      try {
        if (ripple) {
          const res = await fetch(baseUrl + api.recordRippleEffect.path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Cookie: sessions[n % sessions.length]! },
            body: JSON.stringify({
              week: 1 + (n % 13),
              relationshipImprovements: 1,
              positiveInteractions: 2,
              conflictsAvoided: 0,
              othersInspired: 1,
              notes: `round ${round} #${n}`,
            }),
          });
          if (res.status === 201) ripples.push(((await res.json()) as { id: string }).id);
          else await res.arrayBuffer();
        } else {
          const email = `crash-pg-${round}-${n}@example.org`;
          const res = await fetch(baseUrl + api.joinMovement.path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'Crash Member', email, zipCode: '10001' }),
          });
          if (res.status === 200) {
            joins.push(email);
            const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${MEMBER_SESSION_COOKIE}=`));
            if (cookie) cookies.push(cookie.split(';')[0]!);
          }
          await res.arrayBuffer();
        }
      } catch {
        return; // the server went away: this request was never acknowledged
      }
    }
  };
  const done = Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return {
    joins,
    cookies,
    ripples,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

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
    if (Date.now() > deadline) throw new Error(`round ${round}: a killed process's 'sending' claim is still there 10 s after the restart`);
    await sleep(50);
  }
}

describe('SIGKILL during concurrent writes on PostgreSQL, 10 times', () => {
  it('SIGKILL loses no acknowledged write on PostgreSQL: every acknowledged join and ripple effect is in the database, counts never go down', async () => {
    const outbox = join(dir, 'outbox');
    const env = { DATABASE_URL: databaseUrl, OUTBOX_DIR: outbox, SESSION_SECRET: SECRET };
    const dataFile = join(dir, 'unused-db.json');
    const acknowledgedJoins = new Set<string>();
    const acknowledgedRipples = new Set<string>();
    const startMs: number[] = [];
    const killDelays: number[] = [];
    const acksAtKill: number[] = [];
    let previousRecords = 0;
    let staleClaimsAfterKills = 0;
    /** Session cookies of acknowledged joins: they must outlive every kill (sessions are rows). */
    const sessions: string[] = [];
    const t0 = Date.now();

    for (let round = 1; round <= ROUNDS + 1; round += 1) {
      const spawnedAt = new Date();
      const server = await startBin({ dataFile, env });
      startMs.push(server.startMs);
      expect(server.output(), 'the server runs on PostgreSQL').toMatch(/"msg":"listening".*"store":"postgres"/);
      await waitForNoStaleClaim(spawnedAt, round);
      if (round > ROUNDS) {
        // The last start: the state the 10th kill left is served (every acknowledged joiner's
        // browser is still signed in), then a clean stop.
        for (const cookie of sessions) {
          expect((await fetch(server.baseUrl + api.me.path, { headers: { Cookie: cookie } })).status, 'a session lost to a kill').toBe(200);
        }
        server.child.kill('SIGTERM');
        expect(await server.exited).toEqual({ code: 0, signal: null });
        break;
      }

      const load = burst(server.baseUrl, round, sessions);
      const target = Math.floor(Math.random() * (MAX_ACKS_BEFORE_KILL + 1));
      const burstStart = Date.now();
      while (load.joins.length + load.ripples.length < target && server.child.exitCode === null && Date.now() - burstStart < 20_000) {
        await sleep(1);
      }
      await sleep(Math.floor(Math.random() * (MAX_EXTRA_DELAY_MS + 1)));
      killDelays.push(Date.now() - burstStart);
      acksAtKill.push(load.joins.length + load.ripples.length);
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      await load.stop();
      for (const email of load.joins) acknowledgedJoins.add(email);
      for (const id of load.ripples) acknowledgedRipples.add(id);

      if ((await staleClaims(new Date())) > 0) staleClaimsAfterKills += 1;
      const db = await readDatabase();
      for (const email of acknowledgedJoins) expect(db.emails.has(email), `round ${round}: lost join ${email}`).toBe(true);
      for (const id of acknowledgedRipples) expect(db.rippleIds.has(id), `round ${round}: lost ripple effect ${id}`).toBe(true);
      const records = db.emails.size + db.rippleIds.size;
      expect(records, `round ${round}: records went down`).toBeGreaterThanOrEqual(previousRecords);
      previousRecords = records;
      sessions.push(...load.cookies);
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
    expect([...welcomes].filter(([, n]) => n > 1), 'members welcomed twice').toEqual([]);
    const unknownClaims = await withAdmin(databaseUrl, async (client) => {
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM email_deliveries WHERE status = 'unknown'");
      return rows[0]?.n ?? 0;
    });

    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
    printFigures('crash-postgres', {
      killsSurvived: killDelays.length,
      restarts: startMs.length,
      acknowledgedJoins: acknowledgedJoins.size,
      acknowledgedRipples: acknowledgedRipples.size,
      sessionsChecked: sessions.length,
      recordsChecked: acknowledgedJoins.size + acknowledgedRipples.size,
      recordsInDatabase: final.emails.size + final.rippleIds.size,
      killsThatLeftASendingClaim: staleClaimsAfterKills,
      emailsCutOffByKills: unknownClaims,
      emailsWritten: mail.length,
      killAfterMs: { min: Math.min(...killDelays), max: Math.max(...killDelays) },
      acknowledgedAtKill: { min: Math.min(...acksAtKill), max: Math.max(...acksAtKill) },
      startMs: { mean: mean(startMs), max: Math.max(...startMs) },
      seconds: (Date.now() - t0) / 1000,
    });
  }, 120_000);
});
