/**
 * `npm run db:backup` and `npm run db:restore` on the lowdb store, run as the operator runs them,
 * against the real server (bin.ts) (README, "Backups"):
 * - a backup taken while joins and reflections keep arriving holds every one acknowledged before
 *   it started; restored into an empty folder, the site starts on it, knows those members by the
 *   cookies they had, and still opens a sign-in link e-mailed before the backup (the secret kept
 *   beside the data file came back with it);
 * - a backup never overwrites a file, nor copies a torn data file;
 * - a restore refuses a store that holds a site, and a PostgreSQL dump.
 * Every wait is for an answer or an exit.
 */
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_FILE } from '../src/paths.js';
import { DbData } from '../src/store/schema.js';
import { emailedSignInKey, expectRestoredSiteServes, runScript, writeLoad } from './backup.helpers.js';
import { writeLowdbFile } from './generateLowdbFile.js';
import { JOIN, joinAndSignIn } from './helpers.js';
import { freshServerDirEach, startBin } from './proof/support.js';

const dir = freshServerDirEach('prr-backup-lowdb-');

const modeOf = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

/** The store's environment for a tool: the lowdb file, no PostgreSQL, the secret from its file. */
const lowdbEnv = (dataFile: string) => ({ DATA_FILE: dataFile, DATABASE_URL: undefined, SESSION_SECRET: undefined });

describe('a lowdb backup taken under load', () => {
  it('restores every join and reflection acknowledged before it started, and the links already e-mailed', async () => {
    const siteDir = join(dir(), 'site');
    const dataFile = join(siteDir, 'db.json');
    const backupFile = join(dir(), 'site-backup.json');
    const server = await startBin({ dataFile });
    await joinAndSignIn(server.baseUrl);
    const key = await emailedSignInKey(server.baseUrl, join(siteDir, 'outbox'), JOIN.email);

    const load = writeLoad(server.baseUrl, 'backup-lowdb');
    await load.reflectedAtLeast(10);
    const before = load.acknowledged();
    const backup = await runScript('db:backup', backupFile, lowdbEnv(dataFile));
    const after = load.acknowledged();
    await load.stop();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    expect(backup).toMatchObject({ code: 0, stderr: [] });
    expect(backup.stdout).toHaveLength(1);
    expect(backup.stdout[0]).toMatch(/ bytes, [\d,]+ members, with the session secret\.$/);
    // The load kept running while the backup read the file.
    expect(after.joined.length).toBeGreaterThan(before.joined.length);
    expect(await modeOf(backupFile)).toBe(0o600);

    const restoredDir = join(dir(), 'restored');
    const restoredFile = join(restoredDir, 'db.json');
    const restore = await runScript('db:restore', backupFile, lowdbEnv(restoredFile));
    expect(restore).toMatchObject({ code: 0, stderr: [] });
    const restored = DbData.parse(JSON.parse(await readFile(restoredFile, 'utf8')));
    expect(restore.stdout).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Restored .* bytes, ${restored.members.length.toLocaleString('en-US')} members, with its session secret\\.$`,
        ),
      ),
    ]);
    const emailOf = new Map(restored.members.map((m) => [m.id, m.email]));
    const members = new Set(emailOf.values());
    const reflected = new Set(restored.reflections.filter((r) => r.day === 1).map((r) => emailOf.get(r.memberId)));
    expect(before.joined.length).toBeGreaterThanOrEqual(10);
    expect(before.joined.filter((email) => !members.has(email))).toEqual([]);
    expect(before.reflected.filter((email) => !reflected.has(email))).toEqual([]);
    expect(await modeOf(restoredFile)).toBe(0o600);
    expect(await modeOf(join(restoredDir, 'session-secret'))).toBe(0o600);
    expect(await readFile(join(restoredDir, 'session-secret'), 'utf8')).toBe(
      await readFile(join(siteDir, 'session-secret'), 'utf8'),
    );

    const site = await startBin({ dataFile: restoredFile });
    await expectRestoredSiteServes(site.baseUrl, key, load, before);
  });
});

describe('what the lowdb tools refuse', () => {
  it('a backup never writes over a file, nor copies a torn data file', async () => {
    const dataFile = join(dir(), 'db.json');
    const torn = join(dir(), 'torn.json');
    const seed = await readFile(SEED_FILE, 'utf8');
    await writeFile(dataFile, seed);
    await writeFile(torn, seed.slice(0, seed.length / 2));
    const existing = join(dir(), 'existing.json');
    await writeFile(existing, 'an older backup');

    const [over, tornCopy] = await Promise.all([
      runScript('db:backup', existing, lowdbEnv(dataFile)),
      runScript('db:backup', join(dir(), 'from-torn.json'), lowdbEnv(torn)),
    ]);
    expect(over).toEqual({
      code: 1,
      stdout: [],
      stderr: [expect.stringMatching(/existing\.json already exists: a backup never overwrites/)],
    });
    expect(await readFile(existing, 'utf8')).toBe('an older backup');
    expect(tornCopy).toEqual({
      code: 1,
      stdout: [],
      stderr: [expect.stringMatching(/torn\.json is not a complete data file/)],
    });
    expect((await readdir(dir())).sort()).toEqual(['db.json', 'existing.json', 'torn.json']);
  });

  it('a restore refuses a store that holds a site, and a PostgreSQL dump', async () => {
    const backupFile = join(dir(), 'backup.json');
    await writeFile(backupFile, await readFile(SEED_FILE));
    const siteFile = join(dir(), 'site.json');
    await writeLowdbFile(siteFile, { members: 2, days: 1 });
    const siteBytes = await readFile(siteFile);
    const dump = join(dir(), 'site.dump');
    await writeFile(dump, 'PGDMP and the rest of a custom-format archive');
    const untouched = join(dir(), 'never', 'db.json');

    const [intoSite, fromDump] = await Promise.all([
      runScript('db:restore', backupFile, lowdbEnv(siteFile)),
      runScript('db:restore', dump, lowdbEnv(untouched)),
    ]);
    expect(intoSite).toEqual({
      code: 1,
      stdout: [],
      stderr: [
        expect.stringMatching(/site\.json \(DATA_FILE\) already holds a site \(members \(2\), reflections \(2\)/),
      ],
    });
    expect(await readFile(siteFile)).toEqual(siteBytes);
    expect(fromDump).toEqual({
      code: 1,
      stdout: [],
      stderr: [
        expect.stringMatching(/site\.dump is a PostgreSQL dump, and this store is the lowdb data file .*DATABASE_URL/),
      ],
    });
    await expect(stat(join(dir(), 'never'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
