/**
 * Crash, nothing acknowledged lost: rounds of SIGKILL (3 in `npm test`, 20 in `npm run test:proof`) at a random
 * moment during concurrent writes against the real server process (bin.ts), restarting on the same
 * data file after each. After every kill:
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
import { SEED_FILE } from '../../src/paths.js';
import { DbData } from '../../src/store/schema.js';
import { StoreOpenError, openDataFile as openStore } from '../../src/store/lowdb/dataFile.js';
import { killAllServers, printFigures, sleep, startBin, tempFilesIn } from './support.js';
import { proofSize } from './size.js';
import { KillRounds } from './writeBurst.js';

/** 3 kills in `npm test`, 20 in `npm run test:proof` (size.ts). */
const ROUNDS = proofSize(3, 20);

let dir = '';
afterAll(async () => {
  killAllServers();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function waitForNoTempFile(dir: string, round: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await tempFilesIn(dir)).length > 0) {
    if (Date.now() > deadline)
      throw new Error(`round ${round}: a temp file is still in the data folder 5 s after the restart`);
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

describe(`SIGKILL during concurrent writes, ${ROUNDS} times`, () => {
  it('the file always parses, acknowledged records are never lost, no temp file survives a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prr-proof-crash-'));
    const file = join(dir, 'db.json');
    let previousRecords = 0;
    let tempFilesAfterKill = 0;
    let staleTemp = false;
    // Its sessions (the cookies acknowledged joins set) must outlive every kill: the store keeps them in the file.
    const rounds = new KillRounds('crash');
    const { acknowledgedJoins, acknowledgedRipples } = rounds;

    for (let round = 1; round <= ROUNDS + 1; round += 1) {
      const server = await startBin({ dataFile: file });
      rounds.startMs.push(server.startMs);
      // A temp file the kill left was removed by the store at start-up (its log line says so)...
      if (staleTemp)
        expect(server.output(), `round ${round}: stale temp file not removed`).toContain('removed a stale temp file');
      // ...and none is left once the new process's own start-up writes (the e-mail scheduler's
      // bookkeeping, which may be mid-flush right now) are done.
      await waitForNoTempFile(dir, round);
      if (round > ROUNDS) {
        // The last start checks the state the last kill left behind: every acknowledged joiner's
        // browser is still signed in. Then it stops cleanly.
        await rounds.expectSessionsKeptThenStop(server);
        break;
      }

      await rounds.killDuringWrites(server, round);

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
    }

    const final = await readData(file);
    expect(final.members.length).toBeGreaterThanOrEqual(acknowledgedJoins.size);
    expect(acknowledgedJoins.size + acknowledgedRipples.size).toBeGreaterThan(0);
    printFigures(
      'crash',
      rounds.figures({
        recordsOnDisk: final.members.length + final.rippleEffects.length,
        tempFilesLeftByKills: tempFilesAfterKill,
      }),
    );
  }, 300_000);
});
