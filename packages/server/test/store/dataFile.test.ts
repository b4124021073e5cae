import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { joinMovement, newMember, type StoredReflection, type StoredRippleEffect, type StoredStory } from '@prr/domain';
import { reflectionRequest } from '../fixtures.js';
import { FakeClock } from '../../src/clock.js';
import { claimRecord, deliveryKey } from '../../src/scheduler/emailDelivery.js';
import { SEED_FILE } from '../../src/paths.js';
import type { DbData } from '../../src/store/schema.js';
import { StoreOpenError, openDataFile } from '../../src/store/lowdb/dataFile.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdbStore.js';

let dir: string;
let file: string;
const clock = new FakeClock('2026-03-02T15:00:00Z');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-store-'));
  file = join(dir, 'data', 'db.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const join1 = (n: number) => ({ name: `Member ${n}`, email: `m${n}@example.org`, zipCode: '10001' });

const open = () => openLowdbStore({ file, seedFile: SEED_FILE });

const readDisk = async () => JSON.parse(await readFile(file, 'utf8')) as DbData;

/** Stored as saveReflection stores it when the member answered the day's own prompt (no reflectionPrompt). */
function reflection(memberId: string, day: number, notes: string): StoredReflection {
  const { reflectionPrompt: _ownPrompt, ...fields } = reflectionRequest(day, { notes });
  return { id: `r-${memberId}-${day}`, memberId, ...fields, savedAt: clock.now().toISOString() };
}

describe('openLowdbStore / openDataFile', () => {
  it('creates the data file from the seed on first start and never writes the seed', async () => {
    const seedBefore = await readFile(SEED_FILE, 'utf8');
    const store = await open();
    expect(await readFile(file, 'utf8')).toBe(seedBefore);
    await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    expect((await readDisk()).members).toHaveLength(1);
    expect(await readFile(SEED_FILE, 'utf8')).toBe(seedBefore);
    expect(store.data.states).toHaveLength(50);
    expect(await store.states()).toHaveLength(50);
  });

  // The file holds every member's e-mail address and session hashes: the server's user's alone.
  it.skipIf(process.platform === 'win32')(
    'creates its folder 0700 and the data file 0600, which stays 0600 after writes and beside the session secret',
    async () => {
      const mode = async (path: string) => (await stat(path)).mode & 0o777;
      const store = await open();
      expect(await mode(dirname(file))).toBe(0o700);
      expect(await mode(file)).toBe(0o600);
      await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
      await store.write((tx) => joinMovement(tx, join1(2), clock.now()));
      expect((await readDisk()).members).toHaveLength(2);
      expect(await mode(file)).toBe(0o600);
      await store.sessionSecret();
      expect(await mode(join(dirname(file), 'session-secret'))).toBe(0o600);
      await store.close();
    },
  );

  it('persists across a restart, read back by a new Low on the same file', async () => {
    const store = await open();
    const { member } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    await store.close();

    const low = new Low<DbData>(new JSONFile<DbData>(file), {} as DbData);
    await low.read();
    expect(low.data.members.map((m) => m.id)).toEqual([member.id]);

    const reopened = await open();
    expect((await reopened.memberByEmail('M1@example.org'))?.id).toBe(member.id);
  });

  it('refuses a corrupt file with a message naming it, and leaves it untouched', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const garbage = '{"members": [ {"id": "x", oops';
    await writeFile(file, garbage);
    await expect(open()).rejects.toThrow(StoreOpenError);
    await expect(open()).rejects.toThrow(file);
    await expect(openDataFile({ file, seedFile: SEED_FILE })).rejects.toThrow(StoreOpenError);
    expect(await readFile(file, 'utf8')).toBe(garbage);
  });

  it('refuses valid JSON of the wrong shape and an empty file, untouched', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    await writeFile(file, '{"members": "lots"}');
    await expect(open()).rejects.toThrow(/does not have the expected shape/);
    expect(await readFile(file, 'utf8')).toBe('{"members": "lots"}');
    await writeFile(file, '');
    await expect(open()).rejects.toThrow(/not valid JSON/);
    expect(await readFile(file, 'utf8')).toBe('');
  });

  it('keeps fields it does not know (written by a newer module) through a load and a write', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...seed, outboxState: { sent: 3 } }));
    const store = await open();
    await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      outboxState: { sent: 3 },
      members: [{ email: 'm1@example.org' }],
    });
  });

  it("keeps the map's undo (statesBackup) across a restart; a file without one opens, and clearing it leaves no field", async () => {
    const store = await open();
    expect('statesBackup' in (await readDisk())).toBe(false);
    expect(await store.statesBackup()).toBeUndefined();
    const backup = [{ state: 'Ohio', stateCode: 'OH', peacemakers: 12 }];
    await store.write((tx) => tx.replaceStatesBackup(backup));
    await store.close();
    expect((await readDisk()).statesBackup).toEqual(backup);

    const reopened = await open();
    expect(await reopened.statesBackup()).toStrictEqual(backup);
    await reopened.write((tx) => tx.replaceStatesBackup(undefined));
    expect('statesBackup' in (await readDisk())).toBe(false);
    await reopened.close();
  });
});

describe('group commit', () => {
  it('N concurrent joins: N members on disk, fewer flushes than requests, each acknowledged after its write', async () => {
    const store = await open();
    const n = 50;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        store.write(async (tx) => (await joinMovement(tx, join1(i), clock.now())).member.id),
      ),
    );
    const onDisk = await readDisk();
    expect(onDisk.members).toHaveLength(n);
    expect(new Set(onDisk.members.map((m) => m.id))).toEqual(new Set(results));
    expect(store.file.stats.commits).toBe(n);
    expect(store.file.stats.flushes).toBeGreaterThanOrEqual(1);
    expect(store.file.stats.flushes).toBeLessThan(n);
  });

  it('a mutation made while a flush is running waits for the next flush', async () => {
    const store = await open();
    const first = store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    // Let the first flush start (it yields one turn before serialising).
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const second = store.write((tx) => joinMovement(tx, join1(2), clock.now()));
    await second;
    const onDisk = await readDisk();
    expect(onDisk.members.map((m) => m.email)).toContain('m2@example.org');
    await first;
    expect(store.file.stats.flushes).toBe(2);
  });

  it('a mutation that throws queues nothing and changes nothing', async () => {
    const dataFile = await openDataFile({ file, seedFile: SEED_FILE });
    await expect(
      dataFile.mutate(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(dataFile.stats.commits).toBe(0);
    await dataFile.flush();
    expect(dataFile.stats.flushes).toBe(0);
  });

  it('a transaction that throws is undone in memory, queues nothing, and the next write works', async () => {
    const store = await open();
    const { member: existing } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    await store.write((tx) => tx.upsertReflection(reflection(existing.id, 1, 'kept')));
    const memoryBefore = structuredClone(store.data);
    const diskBefore = await readFile(file, 'utf8');
    const commitsBefore = store.file.stats.commits;

    const stranger = newMember({ ...join1(2), state: 'New York' }, clock.now());
    await expect(
      store.write(async (tx) => {
        expect(await tx.insertMember(stranger)).toBe(true);
        await tx.upsertReflection(reflection(stranger.id, 1, 'never saved'));
        await tx.updateMember(existing.id, { points: 999, level: 'Advocate', isActive: false });
        await tx.upsertReflection({ ...reflection(existing.id, 1, 'overwritten'), id: 'ignored' });
        // Inside the transaction the changes are visible…
        expect(await tx.memberByEmail('m2@example.org')).toBeDefined();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');

    // …and afterwards there is no trace of them.
    expect(await store.memberByEmail('m2@example.org')).toBeUndefined();
    expect(await store.memberById(stranger.id)).toBeUndefined();
    expect(await store.reflectionsOf(stranger.id)).toEqual([]);
    expect(await store.memberById(existing.id)).toEqual(existing);
    expect((await store.reflectionsOf(existing.id)).map((r) => r.notes)).toEqual(['kept']);
    expect(store.data).toEqual(memoryBefore);
    expect(store.file.stats.commits).toBe(commitsBefore);
    await store.file.flush();
    expect(await readFile(file, 'utf8')).toBe(diskBefore);

    // The next write works and lands on disk; the e-mail the failed one tried is free.
    const { member: retried, created } = await store.write((tx) => joinMovement(tx, join1(2), clock.now()));
    expect(created).toBe(true);
    expect((await store.memberByEmail('M2@example.org'))?.id).toBe(retried.id);
    expect((await readDisk()).members.map((m) => m.email)).toEqual(['m1@example.org', 'm2@example.org']);
  });

  it('a failed write answers unavailable and rolls memory back to the file; later writes work again', async () => {
    const store = await open();
    await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    // steno writes <dir>/.db.json.tmp then renames it: a directory in its place makes the write fail.
    const tmp = join(dir, 'data', '.db.json.tmp');
    await mkdir(tmp);
    const failed = await Promise.allSettled([
      store.write((tx) => joinMovement(tx, join1(2), clock.now())),
      store.write((tx) => joinMovement(tx, join1(3), clock.now())),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'unavailable' });
    expect((failed[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'unavailable' });
    expect(store.file.stats.failures).toBe(1);
    // Memory matches disk again: the unacknowledged joins are gone, the acknowledged one stays.
    expect(store.data.members.map((m) => m.email)).toEqual(['m1@example.org']);
    expect(await store.memberByEmail('m2@example.org')).toBeUndefined();
    expect(await store.memberByEmail('m3@example.org')).toBeUndefined();
    expect(await store.memberByEmail('m1@example.org')).toBeDefined();

    await rmdir(tmp);
    await store.write((tx) => joinMovement(tx, join1(4), clock.now()));
    const onDisk = await readDisk();
    expect(onDisk.members.map((m) => m.email)).toEqual(['m1@example.org', 'm4@example.org']);
  });

  it('close() waits for queued writes and then refuses new ones', async () => {
    const store = await open();
    const pending = store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    await store.close();
    await pending;
    expect((await readDisk()).members).toHaveLength(1);
    await expect(store.write((tx) => joinMovement(tx, join1(2), clock.now()))).rejects.toMatchObject({
      code: 'unavailable',
    });
    await expect(store.file.mutate(() => undefined)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await store.memberByEmail('m2@example.org')).toBeUndefined();
  });
});

describe('stories, invites and one ripple record per week in the file', () => {
  const ripple = (memberId: string, week: number, createdAt: string, notes: string): StoredRippleEffect => ({
    id: randomUUID(),
    memberId,
    week,
    relationshipImprovements: 1,
    positiveInteractions: 2,
    conflictsAvoided: 0,
    othersInspired: 0,
    notes,
    createdAt,
  });

  it('a file from before stories and invites opens: its members without the new fields, no stories; then both are kept', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Record<string, unknown>;
    const { inviteCode: _code, levelSeen: _seen, ...old } = newMember({ ...join1(1), state: 'New York' }, clock.now());
    const { stories: _stories, ...oldSeed } = seed;
    await writeFile(file, JSON.stringify({ ...oldSeed, members: [old] }));

    const store = await open();
    expect(await store.memberById(old.id)).toStrictEqual(old);
    expect(await store.storiesOf(old.id)).toStrictEqual([]);
    expect(store.data.stories).toStrictEqual([]);
    const story: StoredStory = {
      id: randomUUID(),
      memberId: old.id,
      content: 'We talked instead of shouting.',
      location: 'Ohio',
      rating: 5,
      status: 'pending',
      submittedAt: clock.now().toISOString(),
    };
    await store.write(async (tx) => {
      await tx.updateMember(old.id, { inviteCode: 'Given-Later1' });
      await tx.insertStory(story);
    });
    await store.close();
    expect((await readDisk()).stories).toStrictEqual([story]);

    const reopened = await open();
    expect(await reopened.memberByInviteCode('Given-Later1')).toStrictEqual({ ...old, inviteCode: 'Given-Later1' });
    expect(await reopened.storiesOf(old.id)).toStrictEqual([story]);
    await reopened.close();
  });

  it('a file with several ripple records of one week keeps the latest createdAt (the last on a tie); the next write drops the rest', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Record<string, unknown>;
    const m = newMember({ ...join1(1), state: 'New York' }, clock.now());
    const early = ripple(m.id, 1, '2026-03-08T10:00:00.000Z', 'early');
    const latest = ripple(m.id, 1, '2026-03-09T10:00:00.000Z', 'latest');
    const older = ripple(m.id, 1, '2026-03-08T12:00:00.000Z', 'older, written after');
    const tieFirst = ripple(m.id, 2, '2026-03-15T10:00:00.000Z', 'tie, first');
    const tieLast = ripple(m.id, 2, '2026-03-15T10:00:00.000Z', 'tie, last');
    const week3 = ripple(m.id, 3, '2026-03-22T10:00:00.000Z', 'alone');
    await writeFile(
      file,
      JSON.stringify({ ...seed, members: [m], rippleEffects: [early, latest, tieFirst, older, week3, tieLast] }),
    );

    const store = await open();
    expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week3, tieLast, latest]);
    await store.write((tx) => tx.upsertRippleEffect(ripple(m.id, 4, '2026-03-29T10:00:00.000Z', 'new')));
    await store.close();
    expect((await readDisk()).rippleEffects.map((r) => r.notes)).toEqual(['latest', 'alone', 'tie, last', 'new']);
  });

  it('deleting a member takes their stories from the file and clears invitedBy of the members they invited', async () => {
    const store = await open();
    const { member: inviter } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    const invitee = { ...newMember({ ...join1(2), state: 'New York' }, clock.now()), invitedBy: inviter.id };
    await store.write(async (tx) => {
      await tx.insertMember(invitee);
      for (const m of [inviter, invitee]) {
        await tx.insertStory({
          id: randomUUID(),
          memberId: m.id,
          content: `A story of ${m.name}.`,
          location: '',
          rating: 4,
          status: 'pending',
          submittedAt: clock.now().toISOString(),
        });
      }
    });
    expect(await store.write((tx) => tx.deleteMember(inviter.id))).toBe(true);
    await store.close();

    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(inviter.id);
    const disk = JSON.parse(text) as DbData;
    const { invitedBy: _gone, ...kept } = invitee;
    expect(disk.members).toStrictEqual([kept]);
    expect(disk.stories.map((s) => s.memberId)).toEqual([invitee.id]);
  });
});

describe('member sign-in data in the file', () => {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const HOUR = 3_600_000;
  const IDLE = 90 * 24 * HOUR;

  it('a file from before sign-in opens: its members count as confirmed, and the next write keeps them so', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Record<string, unknown>;
    const { emailConfirmed: _new, ...old } = newMember({ ...join1(1), state: 'New York' }, clock.now());
    expect(old).not.toHaveProperty('emailConfirmed');
    const { memberSessions: _sessions, signIns: _signIns, ...oldSeed } = seed;
    await writeFile(file, JSON.stringify({ ...oldSeed, members: [old] }));

    const store = await open();
    expect(await store.memberById(old.id)).toStrictEqual({ ...old, emailConfirmed: true });
    expect(store.data.memberSessions).toStrictEqual([]);
    expect(store.data.signIns).toStrictEqual([]);

    const { member: joined } = await store.write((tx) => joinMovement(tx, join1(2), clock.now()));
    const onDisk = await readDisk();
    expect(onDisk.members).toStrictEqual([
      { ...old, emailConfirmed: true },
      { ...joined, emailConfirmed: false },
    ]);
    expect(onDisk.memberSessions).toStrictEqual([]);
    expect(onDisk.signIns).toStrictEqual([]);
  });

  it('member sessions and pending sign-ins survive a restart, and the file holds only hashes', async () => {
    const store = await open();
    const { member } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    const now = clock.now().getTime();
    const sessionId = await store.memberSessions.create(member.id, now);
    const pending = {
      memberId: member.id,
      codeHash: hash('code-hmac-stand-in'),
      linkHash: hash('link-token-stand-in'),
      expiresAt: new Date(now + 15 * 60_000).toISOString(),
      wrongCodes: 1,
      createdAt: new Date(now).toISOString(),
    };
    await store.signIns.put(pending);

    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(sessionId);
    expect((JSON.parse(text) as DbData).memberSessions).toStrictEqual([
      {
        idHash: hash(sessionId),
        subjectId: member.id,
        createdAt: new Date(now).toISOString(),
        lastSeen: new Date(now).toISOString(),
      },
    ]);
    expect((JSON.parse(text) as DbData).signIns).toStrictEqual([pending]);
    await store.close();

    const reopened = await open();
    expect(await reopened.memberSessions.touch(sessionId, now + 60_000, IDLE)).toStrictEqual({
      subjectId: member.id,
      createdAt: now,
      lastSeen: now + 60_000,
    });
    expect(await reopened.signIns.ofMember(member.id)).toStrictEqual(pending);
    expect(await reopened.signIns.take({ linkHash: pending.linkHash })).toStrictEqual(pending);
    await reopened.close();
    // The take is on disk too.
    expect((await readDisk()).signIns).toStrictEqual([]);
  });

  it('deleting a member leaves nothing of theirs in the file: sessions, sign-in, e-mail log and reflections', async () => {
    const store = await open();
    const { member } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    const { member: other } = await store.write((tx) => joinMovement(tx, join1(2), clock.now()));
    const now = clock.now().getTime();
    for (const m of [member, other]) {
      await store.memberSessions.create(m.id, now);
      await store.signIns.put({
        memberId: m.id,
        codeHash: hash(`code-${m.id}`),
        linkHash: hash(`link-${m.id}`),
        expiresAt: new Date(now + 15 * 60_000).toISOString(),
        wrongCodes: 0,
        createdAt: new Date(now).toISOString(),
      });
      await store.write((tx) => tx.upsertReflection(reflection(m.id, 1, 'paused first')));
      const key = deliveryKey(m.id, 'welcome', '2026-03-02');
      const due = { memberId: m.id, kind: 'welcome' as const, key, localDate: '2026-03-02', day: 1, retry: false };
      expect(await store.emailLog.claim(claimRecord(due, undefined, clock.now(), `w-${m.id}`), undefined)).toBe(true);
    }
    expect(await store.write((tx) => tx.deleteMember(member.id))).toBe(true);
    await store.close();

    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(member.id);
    expect(text).not.toContain(member.email);
    const disk = JSON.parse(text) as DbData;
    expect(disk.members.map((m) => m.id)).toEqual([other.id]);
    expect(disk.memberSessions.map((s) => s.subjectId)).toEqual([other.id]);
    expect(disk.signIns.map((s) => s.memberId)).toEqual([other.id]);
    expect(disk.reflections.map((r) => r.memberId)).toEqual([other.id]);
    expect(disk.emailLog.map((r) => r.memberId)).toEqual([other.id]);
  });

  it('a touch within the hour costs no write (it goes along with the next one); a touch after an hour is written', async () => {
    const store = await open();
    const { member } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    const now = clock.now().getTime();
    const sessionId = await store.memberSessions.create(member.id, now);
    const lastSeenOnDisk = async () => (await readDisk()).memberSessions[0]?.lastSeen;
    const commits = store.file.stats.commits;

    expect(await store.memberSessions.touch(sessionId, now + 10 * 60_000, IDLE)).toMatchObject({
      lastSeen: now + 10 * 60_000,
    });
    expect(store.file.stats.commits).toBe(commits);
    expect(await lastSeenOnDisk()).toBe(new Date(now).toISOString());

    // Any other write takes the touch along.
    await store.write((tx) => joinMovement(tx, join1(2), clock.now()));
    expect(await lastSeenOnDisk()).toBe(new Date(now + 10 * 60_000).toISOString());

    const later = now + 10 * 60_000 + HOUR + 1;
    expect(await store.memberSessions.touch(sessionId, later, IDLE)).toMatchObject({ lastSeen: later });
    expect(store.file.stats.commits).toBe(commits + 2);
    expect(await lastSeenOnDisk()).toBe(new Date(later).toISOString());
  });

  it('a session idle past the idle time is removed from the file', async () => {
    const store = await open();
    const { member } = await store.write((tx) => joinMovement(tx, join1(1), clock.now()));
    const now = clock.now().getTime();
    const sessionId = await store.memberSessions.create(member.id, now);
    expect(await store.memberSessions.touch(sessionId, now + IDLE + 1, IDLE)).toBeUndefined();
    expect((await readDisk()).memberSessions).toStrictEqual([]);
  });
});
