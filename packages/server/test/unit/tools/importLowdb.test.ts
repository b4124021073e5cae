/**
 * `npm run db:import` against a real PostgreSQL: each test takes a migrated and seeded database of
 * its own (test/postgres/databases.ts) and files written to a temporary folder, either generated
 * (test/generateLowdbFile.ts) or written by hand for the bad cases.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  promptForDay,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
  type StoredStory,
} from '@prr/domain';
import { dropAllTestDatabases, freshDatabaseUrl } from '../../postgres/databases.js';
import { REPO_ROOT } from '../../../src/paths.js';
import { openPostgresStore } from '../../../src/store/postgres/postgresStore.js';
import { createPool } from '../../../src/store/postgres/pool.js';
import { DbData } from '../../../src/store/schema.js';
import { writeLowdbFile } from '../../generateLowdbFile.js';
import {
  COLLECTIONS,
  importLowdbFile,
  type CollectionName,
  type ImportCounts,
} from '../../../src/tools/importLowdb.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await dropAllTestDatabases();
});

const TABLES = [
  'products',
  'testimonials',
  'states',
  'members',
  'reflections',
  'achievements',
  'ripple_effects',
  'stories',
  'admins',
  'email_deliveries',
];

async function importInto(
  url: string,
  file: string,
  options: { force?: boolean; notices?: string[] } = {},
): Promise<ImportCounts> {
  const pool = createPool(url, { max: 1 });
  try {
    return await importLowdbFile({
      file,
      pool,
      force: options.force,
      onNotice: (message) => options.notices?.push(message),
    });
  } finally {
    await pool.end();
  }
}

/** Row counts of every imported table plus a digest of the seeded lists: equal snapshots, unchanged database. */
async function snapshot(url: string): Promise<Record<string, string>> {
  const pool = createPool(url, { max: 1 });
  try {
    const result: Record<string, string> = {};
    for (const table of TABLES) {
      const { rows } = await pool.query<{ n: string; digest: string | null }>(
        `SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${table} t`,
      );
      result[table] = `${rows[0]?.n}:${rows[0]?.digest}`;
    }
    return result;
  } finally {
    await pool.end();
  }
}

const byId = <T extends { id: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.id.localeCompare(b.id));

/** A reflection as the PostgreSQL store returns it: no prompt when it is the day's own (@prr/domain, compactPrompt). */
function compacted(r: StoredReflection): StoredReflection {
  const { reflectionPrompt, ...rest } = r;
  return reflectionPrompt === undefined || reflectionPrompt === promptForDay(r.day)?.prompt
    ? rest
    : { ...rest, reflectionPrompt };
}

async function seqOrder(url: string, table: string): Promise<string[]> {
  const pool = createPool(url, { max: 1 });
  try {
    return (await pool.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY seq`)).rows.map((row) => row.id);
  } finally {
    await pool.end();
  }
}

describe('importing a generated data file', () => {
  const unusual: CollectionName[] = [
    'reflections',
    'emailLog',
    'achievements',
    'admins',
    'members',
    'rippleEffects',
    'states',
    'products',
    'testimonials',
  ];

  it.each([
    ['in lowdb order', COLLECTIONS],
    ['with member data before the members', unusual],
  ])('copies every element %s, and reads back as the file', async (_name, order) => {
    const file = join(dir, `generated-${order[0]}.json`);
    const written = await writeLowdbFile(file, { members: 12, days: 9, seed: 7, order });
    const url = await freshDatabaseUrl();

    expect(await importInto(url, file)).toEqual(written.counts);

    const data = DbData.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(data.members.length).toBeGreaterThan(0);
    expect(data.reflections.length).toBe(12 * 9);
    const store = await openPostgresStore({ url, migrate: false, poolMax: 2 });
    try {
      expect(await store.memberCount()).toBe(data.members.length);
      for (const member of data.members) {
        const own = <T extends { memberId: string }>(items: readonly T[]): T[] =>
          items.filter((item) => item.memberId === member.id);
        expect(await store.memberById(member.id)).toEqual(member);
        expect(await store.reflectionsOf(member.id)).toEqual(
          own(data.reflections)
            .map(compacted)
            .sort((a, b) => a.day - b.day),
        );
        expect(byId(await store.achievementsOf(member.id))).toEqual(byId(own(data.achievements)));
        expect(byId(await store.rippleEffectsOf(member.id))).toEqual(byId(own(data.rippleEffects)));
        const deliveries = own(data.emailLog);
        expect(await store.emailLog.deliveriesOf(member.id)).toEqual({
          welcome: deliveries.find((d) => d.kind === 'welcome'),
          reflection: deliveries.find((d) => d.kind === 'reflection'),
        });
      }
      // The file's lists replace the seeded ones.
      expect(await store.products()).toEqual(data.products);
      expect(await store.testimonials()).toEqual(data.testimonials);
      expect(await store.states()).toEqual(data.states);
      // The kept map table comes when the file has it ('unusual' leaves it out: then there is none).
      expect(await store.statesBackup()).toEqual(data.statesBackup);
      expect(await store.admins()).toEqual(data.admins);
    } finally {
      await store.close();
    }
    // Insertion order (seq) is the file's, also for rows that waited for their members.
    expect(await seqOrder(url, 'members')).toEqual(data.members.map((m) => m.id));
    expect(await seqOrder(url, 'achievements')).toEqual(data.achievements.map((a) => a.id));
    expect(await seqOrder(url, 'ripple_effects')).toEqual(data.rippleEffects.map((e) => e.id));
  });
});

describe('a database that already holds members', () => {
  it('is refused without force, and with it takes new members but stops at the first clash', async () => {
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    const a = await writeLowdbFile(first, { members: 5, days: 3, seed: 1 });
    const b = await writeLowdbFile(second, { members: 4, days: 3, seed: 2 });
    const url = await freshDatabaseUrl();
    await importInto(url, first);
    const before = await snapshot(url);

    await expect(importInto(url, second)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/already holds 5 members.*--force/s),
    });
    expect(await snapshot(url)).toEqual(before);

    await expect(importInto(url, first, { force: true })).rejects.toMatchObject({
      kind: 'data',
      message: expect.stringMatching(
        /members\[0\] cannot be imported: it has the id of another element .* \(members_pkey\)/,
      ),
    });
    expect(await snapshot(url)).toEqual(before);

    expect(await importInto(url, second, { force: true })).toEqual(b.counts);
    const pool = createPool(url, { max: 1 });
    try {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
      expect(rows[0]?.n).toBe(a.counts.members + b.counts.members);
    } finally {
      await pool.end();
    }
  });
});

// ---- hand-written files ---------------------------------------------------------------------------

const MEMBER_A = '0b6f3f9e-2a47-4c1e-9d41-6f1c7a1e2b01';
const MEMBER_B = '0b6f3f9e-2a47-4c1e-9d41-6f1c7a1e2b02';
const MEMBER_C = '0b6f3f9e-2a47-4c1e-9d41-6f1c7a1e2b03';

function member(id: string, email: string): StoredMember {
  return {
    id,
    name: 'Test Member',
    email,
    zipCode: '10001',
    state: 'New York',
    joinedAt: '2025-01-02T03:04:05.678Z',
    isActive: true,
    emailReminders: true,
    emailConfirmed: true,
    reminderTime: '09:00',
    timezone: 'America/New_York',
    points: 27,
    level: 'Explorer',
  };
}

let reflectionCount = 0;
function reflection(
  memberId: string,
  day: number,
  fields: Partial<Record<keyof StoredReflection, unknown>> = {},
): Record<string, unknown> {
  reflectionCount += 1;
  return {
    id: `6a1d2c3b-0000-4000-8000-${String(reflectionCount).padStart(12, '0')}`,
    memberId,
    day,
    date: '2025-01-02',
    paused: true,
    reflected: true,
    retried: false,
    notes: 'A calm day.',
    mood: 7,
    conflictCount: 1,
    successfulResponses: 1,
    promptResponse: 'I waited.',
    gratitudePractice: false,
    breathingExercise: true,
    perspectiveTaking: false,
    empathyScore: 6,
    selfAwarenessScore: 5,
    reflectionPrompt: promptForDay(day)?.prompt,
    exerciseType: 'breathing',
    completedExercises: 1,
    savedAt: '2025-01-02T20:00:00.000Z',
    ...fields,
  };
}

async function handWritten(name: string, data: Record<string, unknown>): Promise<string> {
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify({ version: 1, ...data }));
  return file;
}

describe('bad input', () => {
  let url: string;
  let before: Record<string, string>;
  beforeAll(async () => {
    url = await freshDatabaseUrl();
    before = await snapshot(url);
  });

  /** The import fails with `kind` and a message matching `pattern`, and the database is as before. */
  async function expectStopped(file: string, kind: string, pattern: RegExp): Promise<string> {
    const error: unknown = await importInto(url, file).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({ kind, message: expect.stringMatching(pattern) });
    expect(await snapshot(url)).toEqual(before);
    return (error as Error).message;
  }

  it('stops at the first invalid element, naming collection, index and field, after rows were already copied', async () => {
    const file = await handWritten('bad-mood', {
      members: [member(MEMBER_A, 'a@example.com')],
      reflections: [
        reflection(MEMBER_A, 1),
        reflection(MEMBER_A, 2, { mood: 'high' }),
        reflection(MEMBER_A, 3, { mood: 'low' }),
      ],
    });
    await expectStopped(
      file,
      'data',
      /^The file's reflections\[1\] cannot be imported: mood: .*Nothing was imported\.$/,
    );
  });

  it('refuses values the database could not store', async () => {
    const members = [member(MEMBER_A, 'a@example.com')];
    await expectStopped(
      await handWritten('bad-uuid', { members: [member('member-1', 'a@example.com')] }),
      'data',
      /members\[0\].*id: not a UUID/,
    );
    await expectStopped(
      await handWritten('bad-nul', { members, reflections: [reflection(MEMBER_A, 1, { notes: 'before\u0000after' })] }),
      'data',
      /reflections\[0\].*notes contains the NUL character/,
    );
    await expectStopped(
      await handWritten('bad-range', { members, reflections: [reflection(MEMBER_A, 40000)] }),
      'data',
      /reflections\[0\].*day: 40000 is outside the range/,
    );
  });

  it('names both members whose e-mails differ only in case, showing the domain only', async () => {
    const file = await handWritten('case-clash', {
      members: [member(MEMBER_A, 'Jane.Doe@Example.com'), member(MEMBER_B, ' jane.doe@example.COM')],
    });
    const message = await expectStopped(file, 'data', /members\[1\] and members\[0\] \(an address at example\.com\)/);
    expect(message.toLowerCase()).not.toContain('jane');
  });

  it('refuses rows of members the file does not hold, before or after the members', async () => {
    const orphan = reflection(MEMBER_B, 1);
    const members = [member(MEMBER_A, 'a@example.com')];
    await expectStopped(
      await handWritten('orphan-after', { members, reflections: [reflection(MEMBER_A, 1), orphan] }),
      'data',
      /reflections\[1\].*no member/,
    );
    await expectStopped(
      await handWritten('orphan-before', { reflections: [reflection(MEMBER_A, 1), orphan], members }),
      'data',
      /reflections\[1\].*no member/,
    );
  });

  it('names the repeated reflection of a day, whether copied directly or after its members', async () => {
    const members = [member(MEMBER_A, 'a@example.com')];
    const twice = () => [reflection(MEMBER_A, 1), reflection(MEMBER_A, 2), reflection(MEMBER_A, 1)];
    const pattern =
      /reflections\[2\] cannot be imported: it is a second reflection of the same member and day \(reflections_member_day_unique\)/;
    await expectStopped(await handWritten('repeat-after', { members, reflections: twice() }), 'data', pattern);
    await expectStopped(await handWritten('repeat-before', { reflections: twice(), members }), 'data', pattern);
  });

  it('refuses an invitedBy naming no member of the file, and two members with one invite code', async () => {
    await expectStopped(
      await handWritten('orphan-invite', {
        members: [member(MEMBER_A, 'a@example.com'), { ...member(MEMBER_B, 'b@example.com'), invitedBy: MEMBER_C }],
      }),
      'data',
      /members\[1\].*invitedBy names no member of the file/,
    );
    await expectStopped(
      await handWritten('same-code', {
        members: [
          { ...member(MEMBER_A, 'a@example.com'), inviteCode: 'Same-Code-01' },
          { ...member(MEMBER_B, 'b@example.com'), inviteCode: 'Same-Code-01' },
        ],
      }),
      'data',
      /members\[1\] cannot be imported: it has the invite code of another member .*\(members_invite_code_unique\)/,
    );
  });

  it('refuses a file that is not JSON, is cut short, or is not a lowdb data file', async () => {
    const file = join(dir, 'not-json.json');
    await writeFile(file, '{"members": [nope]}');
    await expectStopped(file, 'file', /not valid JSON/);
    const complete = JSON.stringify({ version: 1, members: [member(MEMBER_A, 'a@example.com')] });
    await writeFile(file, complete.slice(0, -3));
    await expectStopped(file, 'file', /not valid JSON/);
    await writeFile(file, JSON.stringify([[member(MEMBER_A, 'a@example.com')]]));
    await expectStopped(file, 'file', /top level is not an object/);
    await writeFile(file, JSON.stringify({ members: { first: member(MEMBER_A, 'a@example.com') } }));
    await expectStopped(file, 'file', /members is an object, not a list/);
    await expectStopped(join(dir, 'missing.json'), 'file', /could not be read/);
  });
});

describe('what a file may hold', () => {
  it('copies text exactly, whatever COPY must escape, and says what it left out', async () => {
    const tricky = 'tab\there\nnew line\r\nCRLF back\\slash \\N \\. "quoted" \'single\' 🙂 e\u0301 \u2028 end\\';
    const file = await handWritten('tricky', {
      sessions: [{ id: 'x' }],
      settings: { theme: 'dark' },
      members: [{ ...member(MEMBER_A, 'a@example.com'), nickname: 'J' }],
      reflections: [
        reflection(MEMBER_A, 1, { notes: tricky, promptResponse: '\\', reflectionPrompt: 'My own prompt\t' }),
      ],
      products: [],
    });
    const url = await freshDatabaseUrl();
    const notices: string[] = [];
    const counts = await importInto(url, file, { notices });
    expect(counts).toMatchObject({ members: 1, reflections: 1, products: 0 });
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/"sessions" \(1 element\) is not a collection/),
        expect.stringMatching(/"settings" \(1 element\) is not a collection/),
        expect.stringMatching(/1 of the file's members carry fields the database has no column for \(nickname\)/),
        expect.stringMatching(/no products; the database's 6 were kept/),
      ]),
    );
    const store = await openPostgresStore({ url, migrate: false, poolMax: 1 });
    try {
      const [saved] = await store.reflectionsOf(MEMBER_A);
      expect(saved).toMatchObject({ notes: tricky, promptResponse: '\\', reflectionPrompt: 'My own prompt\t' });
    } finally {
      await store.close();
    }
  });
});

describe('member sign-in data', () => {
  it('copies emailConfirmed as it is, a member from before sign-in counting as confirmed', async () => {
    const { emailConfirmed: _dropped, ...fromBefore } = member(MEMBER_C, 'c@example.com');
    const file = await handWritten('confirmed', {
      members: [
        { ...member(MEMBER_A, 'a@example.com'), emailConfirmed: false },
        member(MEMBER_B, 'b@example.com'),
        fromBefore,
      ],
    });
    const url = await freshDatabaseUrl();
    expect(await importInto(url, file)).toMatchObject({ members: 3 });
    const pool = createPool(url, { max: 1 });
    try {
      const { rows } = await pool.query<{ id: string; email_confirmed: boolean }>(
        'SELECT id, email_confirmed FROM members ORDER BY seq',
      );
      expect(rows).toEqual([
        { id: MEMBER_A, email_confirmed: false },
        { id: MEMBER_B, email_confirmed: true },
        { id: MEMBER_C, email_confirmed: true },
      ]);
    } finally {
      await pool.end();
    }
    const store = await openPostgresStore({ url, migrate: false, poolMax: 1 });
    try {
      expect(await store.memberById(MEMBER_A)).toStrictEqual({
        ...member(MEMBER_A, 'a@example.com'),
        emailConfirmed: false,
      });
      expect(await store.memberById(MEMBER_C)).toStrictEqual(member(MEMBER_C, 'c@example.com'));
    } finally {
      await store.close();
    }
  });

  it('imports a file with member sessions and pending sign-ins, copying neither and saying so', async () => {
    const hash = (n: number) => n.toString(16).padStart(64, '0');
    const file = await handWritten('with-sessions', {
      members: [member(MEMBER_A, 'a@example.com'), member(MEMBER_B, 'b@example.com')],
      reflections: [reflection(MEMBER_A, 1)],
      memberSessions: [
        {
          idHash: hash(1),
          subjectId: MEMBER_A,
          createdAt: '2025-01-02T03:04:05.678Z',
          lastSeen: '2025-01-03T03:04:05.678Z',
        },
        {
          idHash: hash(2),
          subjectId: MEMBER_B,
          createdAt: '2025-01-02T03:04:05.678Z',
          lastSeen: '2025-01-02T03:04:05.678Z',
        },
      ],
      signIns: [
        {
          memberId: MEMBER_B,
          codeHash: hash(3),
          linkHash: hash(4),
          expiresAt: '2025-01-02T03:19:05.678Z',
          wrongCodes: 2,
          createdAt: '2025-01-02T03:04:05.678Z',
        },
      ],
    });
    const url = await freshDatabaseUrl();
    const notices: string[] = [];
    expect(await importInto(url, file, { notices })).toMatchObject({ members: 2, reflections: 1 });
    expect(notices).toEqual(
      expect.arrayContaining([
        'The file\'s "memberSessions" (2 elements) is not a collection the database keeps; it was not copied.',
        'The file\'s "signIns" (1 element) is not a collection the database keeps; it was not copied.',
      ]),
    );
    const pool = createPool(url, { max: 1 });
    try {
      const counts = await pool.query<{ sessions: number; sign_ins: number; members: number }>(
        'SELECT (SELECT count(*)::int FROM member_sessions) AS sessions, (SELECT count(*)::int FROM sign_ins) AS sign_ins, (SELECT count(*)::int FROM members) AS members',
      );
      expect(counts.rows).toEqual([{ sessions: 0, sign_ins: 0, members: 2 }]);
    } finally {
      await pool.end();
    }
  });

  it('imports a file whose sign-in lists come before the members', async () => {
    const file = await handWritten('sessions-first', {
      memberSessions: [
        {
          idHash: 'ab'.repeat(32),
          subjectId: MEMBER_A,
          createdAt: '2025-01-02T03:04:05.678Z',
          lastSeen: '2025-01-02T03:04:05.678Z',
        },
      ],
      signIns: [],
      members: [member(MEMBER_A, 'a@example.com')],
    });
    const url = await freshDatabaseUrl();
    expect(await importInto(url, file)).toMatchObject({ members: 1 });
  });
});

describe('invites, level-ups, the choice after day 90, stories and weekly ripple records', () => {
  const story = (n: number, memberId: string, fields: Partial<StoredStory> = {}): StoredStory => ({
    id: `5f0e1d2c-0000-4000-8000-${String(n).padStart(12, '0')}`,
    memberId,
    content: `Story ${n}: we talked it through.`,
    location: 'Columbus, Ohio',
    rating: 4,
    status: 'pending',
    submittedAt: `2025-02-0${n}T10:00:00.000Z`,
    ...fields,
  });
  const ripple = (n: number, memberId: string, week: number, createdAt: string): StoredRippleEffect => ({
    id: `4e0d1c2b-0000-4000-8000-${String(n).padStart(12, '0')}`,
    memberId,
    week,
    relationshipImprovements: 1,
    positiveInteractions: n,
    conflictsAvoided: 0,
    othersInspired: 0,
    notes: `Record ${n}`,
    createdAt,
  });

  it('copies the new member fields, an inviter later in the file, and stories before their members', async () => {
    const invitee: StoredMember = {
      ...member(MEMBER_A, 'a@example.com'),
      invitedBy: MEMBER_B,
      inviteCode: 'Code-A-00001',
    };
    const inviter: StoredMember = {
      ...member(MEMBER_B, 'b@example.com'),
      inviteCode: 'Code-B-00002',
      levelSeen: 'Explorer',
      afterExperiment: 'continue',
      emailUndeliverableAt: '2025-02-04T10:00:00.000Z',
      emailUndeliverableCode: 550,
    };
    const plain = member(MEMBER_C, 'c@example.com');
    const stories = [
      story(1, MEMBER_A),
      story(2, MEMBER_B, { status: 'approved', reviewedAt: '2025-02-05T10:00:00.000Z' }),
      story(3, MEMBER_A, { status: 'rejected', reviewedAt: '2025-02-06T10:00:00.000Z', location: '' }),
    ];
    const file = await handWritten('promises', { stories, members: [invitee, inviter, plain] });
    const url = await freshDatabaseUrl();
    expect(await importInto(url, file)).toMatchObject({ members: 3, stories: 3 });
    const store = await openPostgresStore({ url, migrate: false, poolMax: 1 });
    try {
      expect(await store.memberById(MEMBER_A)).toStrictEqual(invitee);
      expect(await store.memberById(MEMBER_B)).toStrictEqual(inviter);
      expect(await store.memberById(MEMBER_C)).toStrictEqual(plain);
      expect(await store.memberByInviteCode('Code-B-00002')).toStrictEqual(inviter);
      expect(await store.invitedCount(MEMBER_B)).toBe(1);
      expect(await store.storiesOf(MEMBER_A)).toStrictEqual([stories[2], stories[0]]);
      expect(await store.storiesWithStatus('approved', 10)).toStrictEqual([stories[1]]);
    } finally {
      await store.close();
    }
    expect(await seqOrder(url, 'stories')).toEqual(stories.map((s) => s.id));
  });

  it('keeps one ripple record per member and week, the latest (the last in the file on a tie), and says so', async () => {
    const records = [
      ripple(1, MEMBER_A, 1, '2025-01-09T10:00:00.000Z'),
      ripple(2, MEMBER_A, 1, '2025-01-10T10:00:00.000Z'),
      ripple(3, MEMBER_B, 1, '2025-01-09T10:00:00.000Z'),
      ripple(4, MEMBER_A, 2, '2025-01-16T10:00:00.000Z'),
      ripple(5, MEMBER_A, 1, '2025-01-09T12:00:00.000Z'),
      ripple(6, MEMBER_A, 2, '2025-01-16T10:00:00.000Z'),
    ];
    const members = [member(MEMBER_A, 'a@example.com'), member(MEMBER_B, 'b@example.com')];
    for (const [name, data] of [
      ['ripples-after', { members, rippleEffects: records }],
      ['ripples-before', { rippleEffects: records, members }],
    ] as const) {
      const url = await freshDatabaseUrl();
      const notices: string[] = [];
      expect(await importInto(url, await handWritten(name, data), { notices })).toMatchObject({ rippleEffects: 3 });
      expect(notices).toContain(
        "3 of the file's rippleEffects were left out: the database keeps one of the ripple records of a member and week, the latest.",
      );
      const store = await openPostgresStore({ url, migrate: false, poolMax: 1 });
      try {
        expect(await store.rippleEffectsOf(MEMBER_A)).toStrictEqual([records[5], records[1]]);
        expect(await store.rippleEffectsOf(MEMBER_B)).toStrictEqual([records[2]]);
      } finally {
        await store.close();
      }
      expect(await seqOrder(url, 'ripple_effects')).toEqual([records[1], records[2], records[5]].map((r) => r!.id));
    }
  });
});

describe('a file larger than the memory the import may use', () => {
  it('imports with the heap capped at half the file size', async () => {
    const HEAP_MB = 32;
    const file = join(dir, 'large.json');
    const written = await writeLowdbFile(file, { members: 3_500, days: 15, seed: 3 });
    expect((await stat(file)).size).toBeGreaterThan(2 * HEAP_MB * 1024 * 1024);
    const url = await freshDatabaseUrl();

    // The CLI in a process of its own, so the cap applies to the import alone: reading the file
    // whole (or holding its elements) would exceed it several times over.
    const child = spawn(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB}`,
        '--import',
        'tsx',
        resolve(REPO_ROOT, 'packages/server/src/tools/dbImport.ts'),
        file,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', done));

    expect({ code, stderr: stderr.replace(/^….*\n/gm, '') }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(new RegExp(`reflections\\s+${written.counts.reflections.toLocaleString('en-US')}\\n`));
    const pool = createPool(url, { max: 1 });
    try {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM reflections');
      expect(rows[0]?.n).toBe(3_500 * 15);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
