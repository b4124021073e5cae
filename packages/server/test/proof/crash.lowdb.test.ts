/**
 * Crash (issue 9): 20 rounds of SIGKILL at a random moment during concurrent writes against the
 * real server process (bin.ts), restarting on the same data file after each. After every kill:
 * the data file parses (JSON and the store's schema) and holds every acknowledged record; the
 * count of records on disk never goes down. After every restart: no steno temp file is left in
 * the data folder. A kill between steno's write and rename leaves `.db.json.tmp` behind; the store
 * removes it at start-up (and logs it), where before it lingered until the next write.
 *
 * Records are joins (members) and ripple-effect records (each POST adds one). test/crash.test.ts
 * covers the single-kill case, the SIGTERM drain and the corrupt file at start-up.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMBER_SESSION_COOKIE, api } from '@prr/contract';
import { SEED_FILE } from '../../src/paths.js';
import { DbData } from '../../src/store/schema.js';
import { StoreOpenError, openDataFile as openStore } from '../../src/store/lowdb/dataFile.js';
import { killAllServers, printFigures, sleep, startBin, tempFilesIn } from './support.js';

const ROUNDS = 20;
const CONCURRENCY = 24;
/**
 * The random moment: once a random number of writes (0 to 40) has been acknowledged, plus a random
 * 0-30 ms. Counting acknowledgements rather than milliseconds keeps the kill in the middle of the
 * writes however fast or loaded the machine is; the extra delay spreads it over every phase of a
 * flush (mutating, serialising, writing the temp file, renaming).
 */
const MAX_ACKS_BEFORE_KILL = 40;
const MAX_EXTRA_DELAY_MS = 30;

let dir = '';
afterAll(async () => {
  killAllServers();
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
          const email = `crash-${round}-${n}@example.org`;
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

async function waitForNoTempFile(dir: string, round: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await tempFilesIn(dir)).length > 0) {
    if (Date.now() > deadline) throw new Error(`round ${round}: a temp file is still in the data folder 5 s after the restart`);
    await sleep(10);
  }
}

async function readData(file: string): Promise<DbData> {
  // Throws, failing the test, if the file does not parse or does not have the store's shape.
  return DbData.parse(JSON.parse(await readFile(file, 'utf8')));
}

describe('a temp file left by an interrupted write', () => {
  it('is removed when the store opens a good file, and left alone when the file is corrupt', async () => {
    const here = await mkdtemp(join(tmpdir(), 'prr-proof-temp-'));
    try {
      const file = join(here, 'db.json');
      const temp = join(here, '.db.json.tmp');
      await writeFile(temp, '{"members":[{"half a write');
      const store = await openStore({ file, seedFile: SEED_FILE });
      expect(await tempFilesIn(here)).toEqual([]);
      await store.close();

      await writeFile(file, '{ corrupt');
      await writeFile(temp, 'partial');
      await expect(openStore({ file, seedFile: SEED_FILE })).rejects.toThrow(StoreOpenError);
      expect(await readFile(temp, 'utf8')).toBe('partial'); // a refused start-up touches nothing
      expect(await readFile(file, 'utf8')).toBe('{ corrupt');
    } finally {
      await rm(here, { recursive: true, force: true });
    }
  });
});

describe('SIGKILL during concurrent writes, 20 times', () => {
  it('the file always parses, acknowledged records are never lost, no temp file survives a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prr-proof-crash-'));
    const file = join(dir, 'db.json');
    const acknowledgedJoins = new Set<string>();
    const acknowledgedRipples = new Set<string>();
    const startMs: number[] = [];
    const killDelays: number[] = [];
    const acksAtKill: number[] = [];
    let previousRecords = 0;
    let tempFilesAfterKill = 0;
    let staleTemp = false;
    /** Session cookies of acknowledged joins: they must outlive every kill (the store keeps sessions in the file). */
    const sessions: string[] = [];
    const t0 = Date.now();

    for (let round = 1; round <= ROUNDS + 1; round += 1) {
      const server = await startBin({ dataFile: file });
      startMs.push(server.startMs);
      // A temp file the kill left was removed by the store at start-up (its log line says so)...
      if (staleTemp) expect(server.output(), `round ${round}: stale temp file not removed`).toContain('removed a stale temp file');
      // ...and none is left once the new process's own start-up writes (the e-mail scheduler's
      // bookkeeping, which may be mid-flush right now) are done.
      await waitForNoTempFile(dir, round);
      if (round > ROUNDS) {
        // The last start checks the state the 20th kill left behind: every acknowledged joiner's
        // browser is still signed in. Then it stops cleanly.
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

      staleTemp = (await tempFilesIn(dir)).length > 0;
      if (staleTemp) tempFilesAfterKill += 1;
      const data = await readData(file);
      const emails = new Set(data.members.map((m) => m.email));
      const rippleIds = new Set(data.rippleEffects.map((r) => r.id));
      for (const email of acknowledgedJoins) expect(emails.has(email), `round ${round}: lost join ${email}`).toBe(true);
      for (const id of acknowledgedRipples) expect(rippleIds.has(id), `round ${round}: lost ripple ${id}`).toBe(true);
      const records = data.members.length + data.rippleEffects.length;
      expect(records, `round ${round}: records went down`).toBeGreaterThanOrEqual(previousRecords);
      previousRecords = records;
      sessions.push(...load.cookies);
    }

    const final = await readData(file);
    expect(final.members.length).toBeGreaterThanOrEqual(acknowledgedJoins.size);
    expect(acknowledgedJoins.size + acknowledgedRipples.size).toBeGreaterThan(0);
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
    printFigures('crash', {
      killsSurvived: killDelays.length,
      restarts: startMs.length,
      acknowledgedJoins: acknowledgedJoins.size,
      acknowledgedRipples: acknowledgedRipples.size,
      sessionsChecked: sessions.length,
      recordsChecked: acknowledgedJoins.size + acknowledgedRipples.size,
      recordsOnDisk: final.members.length + final.rippleEffects.length,
      tempFilesLeftByKills: tempFilesAfterKill,
      killAfterMs: { min: Math.min(...killDelays), max: Math.max(...killDelays) },
      acknowledgedAtKill: { min: Math.min(...acksAtKill), max: Math.max(...acksAtKill) },
      startMs: { mean: mean(startMs), max: Math.max(...startMs) },
      seconds: (Date.now() - t0) / 1000,
    });
  }, 300_000);
});
