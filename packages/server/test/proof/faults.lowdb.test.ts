/**
 * Faults (docs/testing.md#proofs): the disk fills up, then the data folder turns read-only, while the real
 * server process (bin.ts) takes writes. Writes answer 503 `unavailable` in the contract's error
 * shape and are not acknowledged (absent from the API and the file once the disk is back), reads
 * keep working, and the same process recovers by itself when the disk does: no restart.
 *
 * The mechanisms, chosen because they work on any Linux, as root or not, in a container or not
 * (no mount, no chattr, no special capability), and fail loudly rather than skip:
 * - Disk full: RLIMIT_FSIZE of the server process lowered to the data file's current size with
 *   `prlimit --pid` (util-linux, always on Debian). Any write that would grow a file past it fails
 *   with EFBIG, exactly where ENOSPC would; Node ignores the SIGXFSZ that comes with it. Raising
 *   the soft limit back is the disk being freed. A tmpfs (`mount -t tmpfs -o size=...`) gives a
 *   real ENOSPC but needs CAP_SYS_ADMIN, which CI containers usually lack.
 * - Read-only folder: chmod 0555 on the data folder. Root ignores permissions, so when the tests
 *   run as root the server runs as `nobody` (spawn's uid/gid; prlimit then runs as `nobody` too,
 *   since changing another user's limits would need CAP_SYS_RESOURCE).
 *
 * A corrupt data file at start-up (stops with a message naming the file, file untouched) is
 * proven by test/crash.test.ts ('a corrupt data file stops start-up ...'): not repeated here.
 */
import { chmod, chown, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMemberPage, ApiErrorBody, api, searchFor } from '@prr/contract';
import { DbData } from '../../src/store/schema.js';
import { realClockAdmin, signInAdminNow } from '../adminOnRealClock.js';
import { memberCookieFrom } from '../helpers.js';
import {
  SERVER_USER,
  killAllServers,
  printFigures,
  run,
  startBin,
  tempFilesIn,
  type ServerProcess,
} from './support.js';

let dir = '';
let file = '';
let server: ServerProcess;
let memberId = '';
/** The session of the first member, set by their join: the member's own writes and reads go with it. */
let memberCookie = '';
const acknowledged: string[] = [];
const refused: string[] = [];
const figures = { writesRefused: 0, readsDuringFaults: 0, writesAfterRecovery: 0, faults: [] as string[] };

async function post(
  path: string,
  body: unknown,
  method = 'POST',
  cookie?: string,
): Promise<{ status: number; body: unknown; cookie: string | undefined }> {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    cookie: memberCookieFrom(res),
  };
}

const join_ = (email: string) => post(api.joinMovement.path, { name: 'Fault Member', email, zipCode: '10001' });
/** The signed-in member's own view. */
const me = async (cookie: string) =>
  (await fetch(server.baseUrl + api.me.path, { headers: { Cookie: cookie } })).status;
let adminCookie = '';
/** Every member's e-mail through the admin list (there is no lookup by e-mail: member data needs the member's session). */
async function memberEmails(): Promise<Set<string>> {
  const emails = new Set<string>();
  // Page by page: the list answers at most 100 a page.
  for (let page = 1; ; page += 1) {
    const path = api.adminMembers.path + searchFor({ page, pageSize: 100 });
    const res = await fetch(server.baseUrl + path, { headers: { Cookie: adminCookie } });
    expect(res.status).toBe(200);
    const { items, total } = AdminMemberPage.parse(await res.json());
    for (const m of items) emails.add(m.email);
    if (page * 100 >= total) return emails;
  }
}

/** While the disk is faulty: a burst of writes of every kind, all refused; reads all served. */
async function provesFaultyDisk(tag: string): Promise<void> {
  const emails = Array.from({ length: 12 }, (_, i) => `${tag}-${i}@example.org`);
  const writes = await Promise.all([
    ...emails.map(join_),
    post(
      api.recordRippleEffect.path,
      {
        week: 2,
        relationshipImprovements: 1,
        positiveInteractions: 1,
        conflictsAvoided: 1,
        othersInspired: 1,
        notes: tag,
      },
      'POST',
      memberCookie,
    ),
    // Settings that make the member's record longer: RLIMIT_FSIZE refuses only a file that grows (a
    // shorter time zone would fit under the limit and be saved, which a really full disk would not allow).
    post(
      api.updateEmailSettings.path,
      { emailReminders: false, reminderTime: '21:00', timezone: 'America/Los_Angeles' },
      'PATCH',
      memberCookie,
    ),
  ]);
  for (const res of writes) {
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.cookie, 'a refused join signs nobody in').toBeUndefined();
    const error = ApiErrorBody.parse(res.body);
    expect(error.error.code).toBe('unavailable');
    expect(error.error.message).toMatch(/could not be saved/);
  }
  figures.writesRefused += writes.length;
  refused.push(...emails);

  // Reads keep working, and show none of the refused changes.
  const reads = await Promise.all([
    fetch(server.baseUrl + api.movementStats.path),
    fetch(server.baseUrl + api.mapStates.path),
    fetch(server.baseUrl + api.testimonials.path),
    fetch(server.baseUrl + api.rippleEffects.path, { headers: { Cookie: memberCookie } }),
  ]);
  for (const res of reads) expect(res.status).toBe(200);
  expect(((await reads[3]!.json()) as unknown[]).length).toBe(1);
  // The member's session is served from memory: still signed in while nothing can be written.
  expect(await me(memberCookie)).toBe(200);
  const listed = await memberEmails();
  for (const email of acknowledged) expect(listed.has(email), email).toBe(true);
  for (const email of emails) expect(listed.has(email), email).toBe(false);
  figures.readsDuringFaults += reads.length + 2;
}

/** The disk is back: the same process takes writes again. */
async function provesRecovery(tag: string): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    const email = `${tag}-recovered-${i}@example.org`;
    expect((await join_(email)).status).toBe(200);
    acknowledged.push(email);
    figures.writesAfterRecovery += 1;
  }
  const listed = await memberEmails();
  for (const email of acknowledged) expect(listed.has(email), email).toBe(true);
  expect(server.child.exitCode).toBeNull(); // never restarted
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-proof-faults-'));
  if (SERVER_USER.uid !== undefined) await chown(dir, SERVER_USER.uid, SERVER_USER.gid!);
  file = join(dir, 'db.json');
  try {
    server = await startBin({ dataFile: file, spawn: SERVER_USER });
  } catch (error) {
    throw new Error(
      `Could not start the server${SERVER_USER.uid === undefined ? '' : ' as nobody (65534)'}. Running as root, this test ` +
        'runs the server unprivileged so that a read-only folder bites: the checkout must be readable by other users ' +
        `(e.g. not under a 0700 home) and spawning with another uid must be allowed (CAP_SETUID).\n${(error as Error).message}`,
    );
  }
  for (let i = 0; i < 3; i += 1) {
    const email = `before-${i}@example.org`;
    const joined = await join_(email);
    expect(joined.status).toBe(200);
    expect(joined.cookie).toBeDefined();
    if (i === 0) memberCookie = joined.cookie!;
    acknowledged.push(email);
  }
  // Production asks for a second factor: the admin enrols TOTP through the real routes.
  adminCookie = await signInAdminNow(server.baseUrl, realClockAdmin());
  const view = await fetch(server.baseUrl + api.me.path, { headers: { Cookie: memberCookie } });
  expect(view.status).toBe(200);
  memberId = ((await view.json()) as { id: string }).id;
  expect(DbData.parse(JSON.parse(await readFile(file, 'utf8'))).members.some((m) => m.id === memberId)).toBe(true);
  const first = await post(
    api.recordRippleEffect.path,
    {
      week: 1,
      relationshipImprovements: 0,
      positiveInteractions: 0,
      conflictsAvoided: 0,
      othersInspired: 0,
      notes: 'before',
    },
    'POST',
    memberCookie,
  );
  expect(first.status).toBe(201);
}, 60_000);

afterAll(async () => {
  printFigures('faults', {
    ...figures,
    acknowledged: acknowledged.length,
    refusedJoins: refused.length,
    serverUid: SERVER_USER.uid ?? process.getuid?.(),
  });
  killAllServers();
  if (dir) {
    await chmod(dir, 0o755).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
});

describe('a faulty disk under the real server process', () => {
  it('disk full (RLIMIT_FSIZE: EFBIG): writes 503 and not kept, reads served, recovers when space is back', async () => {
    const { size } = await stat(file);
    // Any version of the file larger than now no longer fits.
    await run('prlimit', ['--pid', String(server.pid), `--fsize=${size}:`], SERVER_USER);
    try {
      await provesFaultyDisk('full');
    } finally {
      await run('prlimit', ['--pid', String(server.pid), '--fsize=unlimited:'], SERVER_USER);
    }
    expect(server.output()).toMatch(/"msg":"store write failed; rolling memory back to the file".*"errno":"EFBIG"/);
    figures.faults.push('EFBIG');
    await provesRecovery('full');
  });

  it('read-only data folder (chmod 0555, server unprivileged): writes 503 and not kept, reads served, recovers', async () => {
    await chmod(dir, 0o555);
    try {
      await provesFaultyDisk('readonly');
    } finally {
      await chmod(dir, 0o755);
    }
    expect(server.output()).toMatch(/"msg":"store write failed; rolling memory back to the file".*"errno":"EACCES"/);
    figures.faults.push('EACCES');
    await provesRecovery('readonly');
  });

  it('afterwards the file holds every acknowledged write and none of the refused ones; no temp file is left', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const data = DbData.parse(JSON.parse(await readFile(file, 'utf8')));
    const emails = new Set(data.members.map((m) => m.email));
    for (const email of acknowledged) expect(emails.has(email), email).toBe(true);
    for (const email of refused) expect(emails.has(email), email).toBe(false);
    expect(data.members).toHaveLength(acknowledged.length);
    expect(data.rippleEffects).toHaveLength(1);
    expect(data.members.find((m) => m.id === memberId)).toMatchObject({
      emailReminders: true,
      timezone: 'America/New_York',
    });
    expect(await tempFilesIn(dir)).toEqual([]);
  });
});
