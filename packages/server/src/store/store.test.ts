import { mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { FakeClock } from '../clock.js';
import { joinMovement } from '../domain/members.js';
import { SEED_FILE } from '../paths.js';
import { Repo } from './repo.js';
import type { DbData } from './schema.js';
import { StoreOpenError, openStore } from './store.js';

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

describe('openStore', () => {
  it('creates the data file from the seed on first start and never writes the seed', async () => {
    const seedBefore = await readFile(SEED_FILE, 'utf8');
    const store = await openStore({ file, seedFile: SEED_FILE });
    expect(await readFile(file, 'utf8')).toBe(seedBefore);
    await store.mutate((data) => {
      data.version = 1;
    });
    expect(await readFile(SEED_FILE, 'utf8')).toBe(seedBefore);
    expect(store.data.states).toHaveLength(50);
  });

  it('persists across a restart, read back by a new Low on the same file', async () => {
    const store = await openStore({ file, seedFile: SEED_FILE });
    const repo = new Repo(store);
    const member = await store.mutate(() => joinMovement(repo, join1(1), clock.now()).member);
    await store.close();

    const low = new Low<DbData>(new JSONFile<DbData>(file), {} as DbData);
    await low.read();
    expect(low.data.members.map((m) => m.id)).toEqual([member.id]);

    const reopened = await openStore({ file, seedFile: SEED_FILE });
    expect(new Repo(reopened).memberByEmail('M1@example.org')?.id).toBe(member.id);
  });

  it('refuses a corrupt file with a message naming it, and leaves it untouched', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const garbage = '{"members": [ {"id": "x", oops';
    await writeFile(file, garbage);
    await expect(openStore({ file, seedFile: SEED_FILE })).rejects.toThrow(StoreOpenError);
    await expect(openStore({ file, seedFile: SEED_FILE })).rejects.toThrow(file);
    expect(await readFile(file, 'utf8')).toBe(garbage);
  });

  it('refuses valid JSON of the wrong shape and an empty file, untouched', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    await writeFile(file, '{"members": "lots"}');
    await expect(openStore({ file, seedFile: SEED_FILE })).rejects.toThrow(/does not have the expected shape/);
    expect(await readFile(file, 'utf8')).toBe('{"members": "lots"}');
    await writeFile(file, '');
    await expect(openStore({ file, seedFile: SEED_FILE })).rejects.toThrow(/not valid JSON/);
    expect(await readFile(file, 'utf8')).toBe('');
  });

  it('keeps fields it does not know (written by a newer module) through a load and a write', async () => {
    await mkdir(join(dir, 'data'), { recursive: true });
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...seed, outboxState: { sent: 3 } }));
    const store = await openStore({ file, seedFile: SEED_FILE });
    await store.mutate(() => undefined);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ outboxState: { sent: 3 } });
  });
});

describe('group commit', () => {
  it('N concurrent joins: N members on disk, fewer flushes than requests, each acknowledged after its write', async () => {
    const store = await openStore({ file, seedFile: SEED_FILE });
    const repo = new Repo(store);
    const n = 50;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => store.mutate(() => joinMovement(repo, join1(i), clock.now()).member.id)),
    );
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as DbData;
    expect(onDisk.members).toHaveLength(n);
    expect(new Set(onDisk.members.map((m) => m.id))).toEqual(new Set(results));
    expect(store.stats.commits).toBe(n);
    expect(store.stats.flushes).toBeGreaterThanOrEqual(1);
    expect(store.stats.flushes).toBeLessThan(n);
  });

  it('a mutation made while a flush is running waits for the next flush', async () => {
    const store = await openStore({ file, seedFile: SEED_FILE });
    const repo = new Repo(store);
    const first = store.mutate(() => joinMovement(repo, join1(1), clock.now()));
    // Let the first flush start (it yields one turn before serialising).
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const second = store.mutate(() => joinMovement(repo, join1(2), clock.now()));
    await second;
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as DbData;
    expect(onDisk.members.map((m) => m.email)).toContain('m2@example.org');
    await first;
    expect(store.stats.flushes).toBe(2);
  });

  it('a mutation that throws queues nothing and changes nothing', async () => {
    const store = await openStore({ file, seedFile: SEED_FILE });
    await expect(
      store.mutate(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(store.stats.commits).toBe(0);
    await store.flush();
    expect(store.stats.flushes).toBe(0);
  });

  it('a failed write answers unavailable and rolls memory back to the file; later writes work again', async () => {
    const store = await openStore({ file, seedFile: SEED_FILE });
    const repo = new Repo(store);
    await store.mutate(() => joinMovement(repo, join1(1), clock.now()));
    // steno writes <dir>/.db.json.tmp then renames it: a directory in its place makes the write fail.
    const tmp = join(dir, 'data', '.db.json.tmp');
    await mkdir(tmp);
    const failed = await Promise.allSettled([
      store.mutate(() => joinMovement(repo, join1(2), clock.now())),
      store.mutate(() => joinMovement(repo, join1(3), clock.now())),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'unavailable' });
    // Memory matches disk again: the unacknowledged joins are gone, the acknowledged one stays.
    expect(store.data.members.map((m) => m.email)).toEqual(['m1@example.org']);
    expect(repo.memberByEmail('m2@example.org')).toBeUndefined();
    expect(repo.memberByEmail('m1@example.org')).toBeDefined();

    await rmdir(tmp);
    await store.mutate(() => joinMovement(repo, join1(4), clock.now()));
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as DbData;
    expect(onDisk.members.map((m) => m.email)).toEqual(['m1@example.org', 'm4@example.org']);
  });

  it('close() waits for queued writes and then refuses new ones', async () => {
    const store = await openStore({ file, seedFile: SEED_FILE });
    const repo = new Repo(store);
    const pending = store.mutate(() => joinMovement(repo, join1(1), clock.now()));
    await store.close();
    await pending;
    expect((JSON.parse(await readFile(file, 'utf8')) as DbData).members).toHaveLength(1);
    await expect(store.mutate(() => undefined)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
