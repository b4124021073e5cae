/**
 * The shared store suite: the contract of ./types.ts checked against any implementation, so the
 * lowdb store and the PostgreSQL store answer alike (store.suite.test.ts runs it on both).
 *
 * Every test gets a fresh store from `open` (seeded from db.json, no members), and compares exact
 * values: a field one store adds, drops or formats differently shows as a failure here.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  AdminMemberFilter,
  type AchievementType,
  type AdminMemberFilterInput,
  type AdminMemberSort,
  type FeaturedProduct,
  type StateParticipation,
  type StoryStatus,
  type Testimonial,
} from '@prr/contract';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AppError,
  memberSearch,
  memoryAdminActivity,
  memoryStore,
  type AdminActivityLog,
  type DomainReads,
  type DomainWrites,
  type MemberSearch,
  type StoredAchievement,
  type StoredAdminAction,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
  type StoredStory,
} from '@prr/domain';
import {
  claimRecord,
  deliveryKey,
  failedRecord,
  sentRecord,
  type Due,
  type EmailKind,
} from '../domain/emailDelivery.js';
import { SEED_FILE } from '../paths.js';
import type { StoredAdmin, StoredEmailDelivery, StoredSignIn } from './schema.js';
import type { AppStore, EmailCandidate, MemberKey, Sessions, StoreWrites } from './types.js';

export interface OpenedStore {
  store: AppStore;
  /** Closes the store (it may already be closed) and removes what `open` made. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Builders: realistic stored objects with random ids and dates from fixed instants.

/** 2026-03-02 15:00 UTC: "now" for every test. */
const T0 = Date.parse('2026-03-02T15:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The instant `offsetMs` after T0 as the ISO string the server writes (toISOString). */
const at = (offsetMs = 0): string => new Date(T0 + offsetMs).toISOString();
/** The calendar date of experiment day `day` for members who joined on 2026-03-02. */
const dateOfDay = (day: number): string => new Date(T0 + (day - 1) * DAY).toISOString().slice(0, 10);

let serial = 0;

function member(overrides: Partial<StoredMember> = {}): StoredMember {
  serial += 1;
  return {
    id: randomUUID(),
    name: `Jordan Rivera ${serial}`,
    email: `jordan.rivera.${serial}.${randomUUID().slice(0, 8)}@example.org`,
    zipCode: '10001',
    state: 'New York',
    joinedAt: at(),
    isActive: true,
    emailReminders: true,
    emailConfirmed: true,
    reminderTime: '09:00',
    timezone: 'America/New_York',
    points: 0,
    level: 'Prospect',
    ...overrides,
  };
}

function reflection(memberId: string, day: number, overrides: Partial<StoredReflection> = {}): StoredReflection {
  return {
    id: randomUUID(),
    memberId,
    day,
    date: dateOfDay(day),
    paused: true,
    reflected: true,
    retried: false,
    notes: `Day ${day}: counted to three before answering my brother about the rent.`,
    mood: 4,
    conflictCount: 1,
    successfulResponses: 1,
    promptResponse: 'I noticed my jaw tighten and asked a question instead of defending myself.',
    gratitudePractice: true,
    breathingExercise: false,
    perspectiveTaking: true,
    empathyScore: 7,
    selfAwarenessScore: 6,
    exerciseType: 'breathing',
    completedExercises: 2,
    savedAt: at((day - 1) * DAY + HOUR),
    ...overrides,
  };
}

const ACHIEVEMENT_TEXT: Record<
  AchievementType,
  Pick<StoredAchievement, 'title' | 'description' | 'icon' | 'category' | 'points'>
> = {
  week_streak: {
    title: 'Week Warrior',
    description: 'Paused before reacting on seven days in a row.',
    icon: 'flame',
    category: 'consistency',
    points: 50,
  },
  empathy_champion: {
    title: 'Empathy Champion',
    description: 'Kept an empathy score of 8 or more across seven reflections.',
    icon: 'heart',
    category: 'empathy',
    points: 75,
  },
};

function achievement(
  memberId: string,
  achievementType: AchievementType,
  awardedAt: string,
  overrides: Partial<StoredAchievement> = {},
): StoredAchievement {
  return {
    id: randomUUID(),
    memberId,
    ...ACHIEVEMENT_TEXT[achievementType],
    dayEarned: 7,
    achievementType,
    awardedAt,
    ...overrides,
  };
}

function rippleEffect(
  memberId: string,
  week: number,
  createdAt: string,
  overrides: Partial<StoredRippleEffect> = {},
): StoredRippleEffect {
  return {
    id: randomUUID(),
    memberId,
    week,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 1,
    othersInspired: 1,
    notes: `Week ${week}: my roommate started pausing too.`,
    createdAt,
    ...overrides,
  };
}

function story(memberId: string, submittedAt: string, overrides: Partial<StoredStory> = {}): StoredStory {
  return {
    id: randomUUID(),
    memberId,
    content: 'I stopped before answering my sister, and for once we finished the dinner laughing.',
    location: 'Columbus, Ohio',
    rating: 5,
    status: 'pending',
    submittedAt,
    ...overrides,
  };
}

function admin(overrides: Partial<StoredAdmin> = {}): StoredAdmin {
  return {
    id: randomUUID(),
    name: 'Site Administrator',
    email: `admin.${randomUUID().slice(0, 8)}@pausereflectretry.org`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0XgmdO3tKDZ+4cD2WSTMlTqP0nD7u1QxEmf5vKkDQfU',
    ...overrides,
  };
}

/** Two fresh uuids, the greater first: inserted in this order, insertion order is NOT id order. */
function descendingIds(): [string, string] {
  const [a, b] = [randomUUID(), randomUUID()].sort();
  return [b!, a!];
}

function due(memberId: string, kind: EmailKind, localDate: string, day: number): Due {
  return { memberId, kind, key: deliveryKey(memberId, kind, localDate), localDate, day, retry: false };
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

interface Seed {
  states: StateParticipation[];
  products: FeaturedProduct[];
  testimonials: Testimonial[];
}

const readSeed = (): Seed => JSON.parse(readFileSync(SEED_FILE, 'utf8')) as Seed;

async function collect(batches: AsyncIterable<EmailCandidate[]>): Promise<EmailCandidate[][]> {
  const all: EmailCandidate[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

// ---------------------------------------------------------------------------------------------

export function runStoreSuite(name: string, open: () => Promise<OpenedStore>): void {
  describe(`store suite: ${name}`, () => {
    let opened: OpenedStore;
    let store: AppStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.close();
    });

    /** One transaction inserting members, each of which must be new. */
    const insertMembers = (...members: StoredMember[]): Promise<void> =>
      store.write(async (tx) => {
        for (const m of members) expect(await tx.insertMember(m)).toBe(true);
      });

    const write = (fn: (tx: StoreWrites) => Promise<unknown>): Promise<void> =>
      store.write(async (tx) => {
        await fn(tx);
      });

    describe('seed', () => {
      it('is the kind it was opened as', () => {
        expect(store.kind).toBe(name);
      });

      it("has db.json's 50 states in the seed's order", async () => {
        const seed = readSeed();
        const states = await store.states();
        expect(states).toHaveLength(50);
        expect(states).toStrictEqual(seed.states);
      });

      it("has db.json's products and testimonials, a testimonial without avatarUrl having no such key", async () => {
        const seed = readSeed();
        expect(await store.products()).toStrictEqual(seed.products);
        const testimonials = await store.testimonials();
        expect(testimonials).toStrictEqual(seed.testimonials);
        const withoutAvatar = seed.testimonials.filter((t) => !('avatarUrl' in t)).map((t) => t.id);
        expect(withoutAvatar.length).toBeGreaterThan(0);
        for (const t of testimonials.filter((t) => withoutAvatar.includes(t.id)))
          expect(Object.keys(t)).not.toContain('avatarUrl');
      });

      it('has no members and no admins', async () => {
        expect(await store.memberCount()).toBe(0);
        expect(await store.membersNewestFirst()).toStrictEqual([]);
        expect(await store.admins()).toStrictEqual([]);
        expect(await store.activeMembersByState()).toEqual(new Map());
      });
    });

    describe('members', () => {
      it('inserts a member, read back by id and by e-mail in another case with spaces', async () => {
        const ada = member({
          name: 'Ada Lovelace',
          email: 'Ada.Lovelace@Example.org',
          zipCode: '94103',
          state: 'California',
        });
        expect(await store.write((tx) => tx.insertMember(ada))).toBe(true);

        expect(await store.memberById(ada.id)).toStrictEqual(ada);
        expect(await store.memberByEmail('  ada.lovelace@EXAMPLE.ORG \t')).toStrictEqual(ada);
        expect(await store.memberByEmail('Ada.Lovelace@Example.org')).toStrictEqual(ada);
        expect(await store.memberById(randomUUID())).toBeUndefined();
        expect(await store.memberById('not-a-uuid')).toBeUndefined();
        expect(await store.memberByEmail('someone.else@example.org')).toBeUndefined();
      });

      it('refuses a second member with the same e-mail in another case and spacing, writing nothing', async () => {
        const ada = member({ email: 'Ada.Lovelace@Example.org' });
        await insertMembers(ada);

        const twin = member({ name: 'Ada Twin', email: 'ADA.LOVELACE@example.ORG' });
        expect(await store.write((tx) => tx.insertMember(twin))).toBe(false);
        const spaced = member({ name: 'Ada Spaced', email: '  ada.lovelace@example.org  ' });
        expect(await store.write((tx) => tx.insertMember(spaced))).toBe(false);

        expect(await store.memberCount()).toBe(1);
        expect(await store.memberById(twin.id)).toBeUndefined();
        expect(await store.memberById(spaced.id)).toBeUndefined();
        expect(await store.memberByEmail('ada.lovelace@example.org')).toStrictEqual(ada);
        expect(await store.membersNewestFirst()).toStrictEqual([ada]);
      });

      it('a refused duplicate does not spoil the rest of its transaction', async () => {
        const ada = member({ email: 'ada@example.org' });
        await insertMembers(ada);
        const other = member();
        const result = await store.write(async (tx) => [
          await tx.insertMember(member({ email: 'ADA@example.org' })),
          await tx.insertMember(other),
        ]);
        expect(result).toEqual([false, true]);
        expect(await store.memberById(other.id)).toStrictEqual(other);
        expect(await store.memberCount()).toBe(2);
      });

      it('updateMember changes the patched fields only', async () => {
        const m = member();
        const bystander = member();
        await insertMembers(m, bystander);
        await write((tx) =>
          tx.updateMember(m.id, {
            name: 'Jordan R.',
            zipCode: '60601',
            state: 'Illinois',
            reminderTime: '18:00',
            timezone: 'America/Chicago',
            emailReminders: false,
            points: 120,
            level: 'Explorer',
          }),
        );
        expect(await store.memberById(m.id)).toStrictEqual({
          ...m,
          name: 'Jordan R.',
          zipCode: '60601',
          state: 'Illinois',
          reminderTime: '18:00',
          timezone: 'America/Chicago',
          emailReminders: false,
          points: 120,
          level: 'Explorer',
        });
        await write((tx) => tx.updateMember(m.id, { isActive: false }));
        expect(await store.memberById(m.id)).toMatchObject({ isActive: false, points: 120, name: 'Jordan R.' });
        expect(await store.memberById(bystander.id)).toStrictEqual(bystander);
        // An unknown member: nothing happens, nothing throws.
        await write((tx) => tx.updateMember(randomUUID(), { points: 5 }));
        expect(await store.memberCount()).toBe(2);
      });

      it('emailConfirmed round-trips: false and true as inserted, and changed by updateMember alone', async () => {
        const unconfirmed = member({ emailConfirmed: false });
        const confirmed = member({ emailConfirmed: true });
        await insertMembers(unconfirmed, confirmed);
        expect(await store.memberById(unconfirmed.id)).toStrictEqual(unconfirmed);
        expect((await store.memberById(unconfirmed.id))?.emailConfirmed).toBe(false);
        expect(await store.memberByEmail(unconfirmed.email)).toStrictEqual(unconfirmed);
        expect(await store.memberById(confirmed.id)).toStrictEqual(confirmed);
        expect(await store.membersNewestFirst()).toStrictEqual([confirmed, unconfirmed]);

        await write((tx) => tx.updateMember(unconfirmed.id, { emailConfirmed: true }));
        expect(await store.memberById(unconfirmed.id)).toStrictEqual({ ...unconfirmed, emailConfirmed: true });
        await write((tx) => tx.updateMember(confirmed.id, { emailConfirmed: false }));
        expect(await store.memberById(confirmed.id)).toStrictEqual({ ...confirmed, emailConfirmed: false });
        // Other patches leave it as it is.
        await write((tx) => tx.updateMember(confirmed.id, { points: 40, level: 'Explorer' }));
        expect(await store.memberById(confirmed.id)).toStrictEqual({
          ...confirmed,
          emailConfirmed: false,
          points: 40,
          level: 'Explorer',
        });
      });

      it('a write that throws undoes an emailConfirmed change', async () => {
        const m = member({ emailConfirmed: false });
        await insertMembers(m);
        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.updateMember(m.id, { emailConfirmed: true });
            expect((await tx.memberById(m.id))?.emailConfirmed).toBe(true);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.memberById(m.id)).toStrictEqual(m);
      });

      it('memberCount counts every member, active or not', async () => {
        await insertMembers(member(), member({ isActive: false }));
        await insertMembers(member({ state: '' }));
        expect(await store.memberCount()).toBe(3);
      });

      it('membersNewestFirst: newest joinedAt first, same millisecond the last added first, and a limit', async () => {
        const [idB, idD] = descendingIds();
        const a = member({ joinedAt: at(-2 * DAY) });
        const b = member({ id: idB, joinedAt: at() });
        const c = member({ joinedAt: at(-DAY) });
        const d = member({ id: idD, joinedAt: at() });
        const e = member({ joinedAt: at() });
        const f = member({ joinedAt: at(-DAY + 1) });
        await insertMembers(a, b, c);
        await insertMembers(d);
        await insertMembers(e, f);

        expect((await store.membersNewestFirst()).map((m) => m.id)).toEqual([e.id, d.id, b.id, f.id, c.id, a.id]);
        expect(await store.membersNewestFirst()).toStrictEqual([e, d, b, f, c, a]);
        expect(await store.membersNewestFirst(2)).toStrictEqual([e, d]);
        expect(await store.membersNewestFirst(10)).toStrictEqual([e, d, b, f, c, a]);
      });

      it('activeMembersByState counts active members per state, ignoring inactive ones and an empty state', async () => {
        const leaving = member({ state: 'Texas' });
        await insertMembers(
          member({ state: 'New York' }),
          member({ state: 'New York' }),
          member({ state: 'New York', isActive: false }),
          member({ state: 'California', zipCode: '94103' }),
          member({ state: '', zipCode: '00000' }),
          member({ state: 'Oregon', isActive: false }),
          leaving,
        );
        expect(await store.activeMembersByState()).toEqual(
          new Map([
            ['New York', 2],
            ['California', 1],
            ['Texas', 1],
          ]),
        );
        await write((tx) => tx.updateMember(leaving.id, { isActive: false }));
        expect(await store.activeMembersByState()).toEqual(
          new Map([
            ['New York', 2],
            ['California', 1],
          ]),
        );
      });
    });

    describe('reflections', () => {
      it('come back ascending by day whatever the insertion order', async () => {
        const m = member();
        const other = member();
        await insertMembers(m, other);
        const day3 = reflection(m.id, 3);
        const day1 = reflection(m.id, 1, { reflectionPrompt: 'What did you notice in your body before you answered?' });
        const day10 = reflection(m.id, 10);
        const day2 = reflection(m.id, 2);
        await write(async (tx) => {
          await tx.upsertReflection(day3);
          await tx.upsertReflection(day10);
        });
        await write((tx) => tx.upsertReflection(day1));
        await write(async (tx) => {
          await tx.upsertReflection(day2);
          await tx.upsertReflection(reflection(other.id, 2));
        });
        expect(await store.reflectionsOf(m.id)).toStrictEqual([day1, day2, day3, day10]);
        expect(await store.reflectionsOf(other.id)).toHaveLength(1);
        expect(await store.reflectionsOf(randomUUID())).toStrictEqual([]);
      });

      it('reflectionOn finds one day; latestReflections answers the newest days first, at most count', async () => {
        const m = member();
        const other = member();
        await insertMembers(m, other);
        const days = [5, 1, 9, 3, 7, 2, 8, 4, 6].map((day) => reflection(m.id, day));
        await write(async (tx) => {
          for (const r of days) await tx.upsertReflection(r);
          await tx.upsertReflection(reflection(other.id, 10));
        });
        const byDay = (day: number) => days.find((r) => r.day === day);
        expect(await store.reflectionOn(m.id, 7)).toStrictEqual(byDay(7));
        expect(await store.reflectionOn(m.id, 10)).toBeUndefined();
        expect(await store.reflectionOn('not-a-uuid', 7)).toBeUndefined();
        expect(await store.latestReflections(m.id, 3)).toStrictEqual([byDay(9), byDay(8), byDay(7)]);
        expect((await store.latestReflections(m.id, 20)).map((r) => r.day)).toStrictEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
        expect(await store.latestReflections(randomUUID(), 3)).toStrictEqual([]);
      });

      it('a reflection without reflectionPrompt comes back without the key', async () => {
        const m = member();
        await insertMembers(m);
        const r = reflection(m.id, 1);
        await write((tx) => tx.upsertReflection(r));
        const [stored] = await store.reflectionsOf(m.id);
        expect(stored).toStrictEqual(r);
        expect(Object.keys(stored!)).not.toContain('reflectionPrompt');
      });

      it('upserting the same day replaces its fields and keeps the original id', async () => {
        const m = member();
        await insertMembers(m);
        const original = reflection(m.id, 2, { reflectionPrompt: 'Who did you misunderstand today?' });
        const neighbour = reflection(m.id, 3);
        await write(async (tx) => {
          await tx.upsertReflection(original);
          await tx.upsertReflection(neighbour);
        });

        // A new save of day 2: another id from the caller, other answers, the day's own prompt.
        const { reflectionPrompt: _dropped, ...replacementBase } = reflection(m.id, 2);
        const replacement: StoredReflection = {
          ...replacementBase,
          paused: false,
          reflected: true,
          retried: true,
          notes: 'Snapped first, then came back and apologised.',
          mood: 2,
          conflictCount: 3,
          successfulResponses: 0,
          promptResponse: 'I assumed she was criticising me.',
          gratitudePractice: false,
          breathingExercise: true,
          perspectiveTaking: false,
          empathyScore: 3,
          selfAwarenessScore: 8,
          exerciseType: 'perspective',
          completedExercises: 1,
          savedAt: at(DAY + 5 * HOUR),
        };
        await write((tx) => tx.upsertReflection(replacement));

        const after = await store.reflectionsOf(m.id);
        expect(after).toStrictEqual([{ ...replacement, id: original.id }, neighbour]);
        expect(Object.keys(after[0]!)).not.toContain('reflectionPrompt');

        // And back: a prompt of its own again.
        const again = reflection(m.id, 2, { reflectionPrompt: 'What would you retry?', notes: 'Third save.' });
        await write((tx) => tx.upsertReflection(again));
        expect(await store.reflectionsOf(m.id)).toStrictEqual([{ ...again, id: original.id }, neighbour]);
      });
    });

    describe('achievements', () => {
      it('come back by awardedAt, ties in insertion order (not id order)', async () => {
        const m = member();
        const n = member();
        await insertMembers(m, n);

        // m: the later award inserted first.
        const late = achievement(m.id, 'week_streak', at(7 * DAY));
        const early = achievement(m.id, 'empathy_champion', at(6 * DAY));
        await write((tx) => tx.insertAchievement(late));
        await write((tx) => tx.insertAchievement(early));
        expect(await store.achievementsOf(m.id)).toStrictEqual([early, late]);

        // n: both earned by one save (same awardedAt); the greater id inserted first.
        const [first, second] = descendingIds();
        const empathy = achievement(n.id, 'empathy_champion', at(7 * DAY), { id: first });
        const streak = achievement(n.id, 'week_streak', at(7 * DAY), { id: second });
        const inserted = await store.write(async (tx) => [
          await tx.insertAchievement(empathy),
          await tx.insertAchievement(streak),
        ]);
        expect(inserted).toEqual([true, true]);
        expect(await store.achievementsOf(n.id)).toStrictEqual([empathy, streak]);
        expect(await store.achievementsOf(randomUUID())).toStrictEqual([]);
      });

      it('refuses a second achievement of a type the member holds, writing nothing', async () => {
        const m = member();
        const n = member();
        await insertMembers(m, n);
        const held = achievement(m.id, 'week_streak', at(7 * DAY));
        expect(await store.write((tx) => tx.insertAchievement(held))).toBe(true);
        const again = achievement(m.id, 'week_streak', at(14 * DAY), { dayEarned: 14 });
        expect(await store.write((tx) => tx.insertAchievement(again))).toBe(false);
        expect(await store.achievementsOf(m.id)).toStrictEqual([held]);
        // Another member may hold the same type.
        const theirs = achievement(n.id, 'week_streak', at(7 * DAY));
        expect(await store.write((tx) => tx.insertAchievement(theirs))).toBe(true);
        expect(await store.achievementsOf(n.id)).toStrictEqual([theirs]);
      });
    });

    describe('ripple effects', () => {
      it('newest week first, whatever the order they were saved in', async () => {
        const m = member();
        const other = member();
        await insertMembers(m, other);
        const week3 = rippleEffect(m.id, 3, at(14 * DAY));
        const week1 = rippleEffect(m.id, 1, at(15 * DAY));
        const week2 = rippleEffect(m.id, 2, at(13 * DAY));
        await write(async (tx) => {
          await tx.upsertRippleEffect(week3);
          await tx.upsertRippleEffect(week1);
        });
        await write(async (tx) => {
          await tx.upsertRippleEffect(week2);
          await tx.upsertRippleEffect(rippleEffect(other.id, 9, at(60 * DAY)));
        });
        expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week3, week2, week1]);
        expect(await store.rippleEffectsOf(other.id)).toHaveLength(1);
        expect(await store.rippleEffectsOf(randomUUID())).toStrictEqual([]);
        expect(await store.rippleEffectsOf('not-a-uuid')).toStrictEqual([]);
      });

      it("one record per member and week: a second save replaces its fields, keeping its id and createdAt; others' stay", async () => {
        const [m, n] = [member(), member()];
        await insertMembers(m, n);
        const first = rippleEffect(m.id, 1, at(6 * DAY));
        const week2 = rippleEffect(m.id, 2, at(13 * DAY));
        const theirs = rippleEffect(n.id, 1, at(6 * DAY));
        await write(async (tx) => {
          await tx.upsertRippleEffect(first);
          await tx.upsertRippleEffect(week2);
          await tx.upsertRippleEffect(theirs);
        });
        const again = rippleEffect(m.id, 1, at(7 * DAY), { positiveInteractions: 9, notes: 'Saved again.' });
        await write((tx) => tx.upsertRippleEffect(again));
        const replaced = { ...again, id: first.id, createdAt: first.createdAt };
        expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week2, replaced]);
        expect(await store.rippleEffectsOf(n.id)).toStrictEqual([theirs]);

        // Twice in one transaction, then thrown: the record as it was.
        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(8 * DAY), { notes: 'third' }));
            await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(9 * DAY), { notes: 'fourth' }));
            expect((await tx.rippleEffectsOf(m.id)).map((e) => e.notes)).toEqual([week2.notes, 'fourth']);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week2, replaced]);
      });
    });

    describe('invites and the member fields of later releases', () => {
      it('inviteCode, invitedBy, levelSeen and afterExperiment round-trip; a member without them has none of the keys', async () => {
        const inviter = member({ inviteCode: 'Ab3-_xYz0123', levelSeen: 'Explorer', afterExperiment: 'continue' });
        const invitee = member({ invitedBy: inviter.id, inviteCode: 'Zz9-_qWe4567', afterExperiment: 'stop' });
        const plain = member();
        await insertMembers(inviter);
        await insertMembers(invitee, plain);
        for (const m of [inviter, invitee, plain]) {
          expect(await store.memberById(m.id)).toStrictEqual(m);
          expect(await store.memberByEmail(m.email)).toStrictEqual(m);
        }
        expect(await store.membersNewestFirst()).toStrictEqual([plain, invitee, inviter]);
        const everyone = memberSearch(AdminMemberFilter.parse({}));
        expect((await store.searchMembers(everyone, 0, 10)).members).toStrictEqual([plain, invitee, inviter]);
        // toStrictEqual tells a missing key from one holding undefined.
        expect(await store.memberById(plain.id)).not.toHaveProperty('inviteCode');
      });

      it('memberByInviteCode matches the code exactly; invitedCount counts who joined through the link', async () => {
        const inviter = member({ inviteCode: 'Ab3-_xYz0123' });
        const other = member({ inviteCode: 'Other-Code99' });
        await insertMembers(inviter, other);
        await insertMembers(member({ invitedBy: inviter.id }), member({ invitedBy: inviter.id }));
        await insertMembers(member({ invitedBy: other.id }));

        expect(await store.memberByInviteCode('Ab3-_xYz0123')).toStrictEqual(inviter);
        expect(await store.memberByInviteCode('ab3-_xyz0123')).toBeUndefined();
        expect(await store.memberByInviteCode(' Ab3-_xYz0123')).toBeUndefined();
        expect(await store.memberByInviteCode('')).toBeUndefined();
        expect(await store.invitedCount(inviter.id)).toBe(2);
        expect(await store.invitedCount(other.id)).toBe(1);
        expect(await store.invitedCount(randomUUID())).toBe(0);
        expect(await store.invitedCount('not-a-uuid')).toBe(0);
        // Inside a transaction, its own joins count.
        await write(async (tx) => {
          await tx.insertMember(member({ invitedBy: other.id }));
          expect(await tx.invitedCount(other.id)).toBe(2);
        });
        expect(await store.invitedCount(other.id)).toBe(2);
      });

      it('updateMember gives an invite code, levelSeen and afterExperiment; a write that throws takes them back', async () => {
        const m = member();
        await insertMembers(m);
        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.updateMember(m.id, { inviteCode: 'Fresh-Code01', levelSeen: 'Explorer', afterExperiment: 'stop' });
            expect(await tx.memberByInviteCode('Fresh-Code01')).toMatchObject({ id: m.id });
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.memberById(m.id)).toStrictEqual(m);
        expect(await store.memberByInviteCode('Fresh-Code01')).toBeUndefined();

        await write((tx) => tx.updateMember(m.id, { inviteCode: 'Fresh-Code01', levelSeen: 'Explorer' }));
        const given = { ...m, inviteCode: 'Fresh-Code01', levelSeen: 'Explorer' as const };
        expect(await store.memberById(m.id)).toStrictEqual(given);
        expect(await store.memberByInviteCode('Fresh-Code01')).toStrictEqual(given);
        await write((tx) => tx.updateMember(m.id, { afterExperiment: 'continue' }));
        expect(await store.memberById(m.id)).toStrictEqual({ ...given, afterExperiment: 'continue' });
      });
    });

    describe('stories', () => {
      it("storiesOf: newest submittedAt first, the same instant the last added first; storyById; others' apart", async () => {
        const [m, n] = [member(), member()];
        await insertMembers(m, n);
        const [idB, idC] = descendingIds();
        const a = story(m.id, at(DAY));
        const b = story(m.id, at(2 * DAY), { id: idB });
        const c = story(m.id, at(2 * DAY), { id: idC, rating: 3, location: '' });
        const d = story(m.id, at(3 * DAY), { status: 'approved', reviewedAt: at(4 * DAY) });
        const theirs = story(n.id, at(5 * DAY));
        await write(async (tx) => {
          await tx.insertStory(a);
          await tx.insertStory(b);
        });
        await write(async (tx) => {
          await tx.insertStory(theirs);
          await tx.insertStory(c);
          await tx.insertStory(d);
        });
        expect(await store.storiesOf(m.id)).toStrictEqual([d, c, b, a]);
        expect(await store.storiesOf(n.id)).toStrictEqual([theirs]);
        expect(await store.storiesOf(randomUUID())).toStrictEqual([]);
        expect(await store.storiesOf('not-a-uuid')).toStrictEqual([]);
        expect(await store.storyById(d.id)).toStrictEqual(d);
        expect(await store.storyById(a.id)).toStrictEqual(a);
        expect(await store.storyById(randomUUID())).toBeUndefined();
        expect(await store.storyById('not-a-uuid')).toBeUndefined();
      });

      it('storiesWithStatus: pending oldest first, reviewed ones the latest review first; ties the last added first; at most limit', async () => {
        const [m, n] = [member(), member()];
        await insertMembers(m, n);
        const [id1, id2] = descendingIds();
        const [id3, id4] = descendingIds();
        const p1 = story(m.id, at(2 * DAY), { id: id1 });
        const p2 = story(n.id, at(2 * DAY), { id: id2 });
        const p0 = story(n.id, at(DAY));
        const p3 = story(m.id, at(3 * DAY));
        const approve = (submitted: number, reviewed: number, id?: string): StoredStory =>
          story(m.id, at(submitted * DAY), {
            status: 'approved',
            reviewedAt: at(reviewed * DAY),
            ...(id ? { id } : {}),
          });
        const ok1 = approve(1, 5);
        const ok2 = approve(2, 4, id3);
        const ok3 = approve(3, 4, id4);
        const ok4 = approve(4, 6);
        const no1 = story(n.id, at(DAY), { status: 'rejected', reviewedAt: at(2 * DAY) });
        const no2 = story(n.id, at(DAY), { status: 'rejected', reviewedAt: at(3 * DAY) });
        await write(async (tx) => {
          for (const s of [p1, ok1, ok2, no1, p2]) await tx.insertStory(s);
        });
        await write(async (tx) => {
          for (const s of [p0, ok3, no2, p3, ok4]) await tx.insertStory(s);
        });
        const ids = (stories: StoredStory[]) => stories.map((s) => s.id);
        const expectOrder = async (status: StoryStatus, limit: number, expected: StoredStory[]) =>
          expect(ids(await store.storiesWithStatus(status, limit)), `${status} ${limit}`).toEqual(ids(expected));
        await expectOrder('pending', 10, [p0, p2, p1, p3]);
        await expectOrder('pending', 2, [p0, p2]);
        await expectOrder('approved', 10, [ok4, ok1, ok3, ok2]);
        await expectOrder('approved', 1, [ok4]);
        await expectOrder('rejected', 10, [no2, no1]);
        await expectOrder('pending', 0, []);
        expect(await store.storiesWithStatus('approved', 10)).toStrictEqual([ok4, ok1, ok3, ok2]);
      });

      it('updateStory sets status and reviewedAt, back to pending clears reviewedAt; an unknown id or a throw changes nothing', async () => {
        const m = member();
        await insertMembers(m);
        const s = story(m.id, at(DAY));
        await write((tx) => tx.insertStory(s));
        await write((tx) => tx.updateStory(s.id, { status: 'approved', reviewedAt: at(2 * DAY) }));
        const approved = { ...s, status: 'approved' as const, reviewedAt: at(2 * DAY) };
        expect(await store.storyById(s.id)).toStrictEqual(approved);
        expect(await store.storiesWithStatus('pending', 10)).toStrictEqual([]);
        expect(await store.storiesWithStatus('approved', 10)).toStrictEqual([approved]);

        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.updateStory(s.id, { status: 'rejected', reviewedAt: at(3 * DAY) });
            expect(await tx.storyById(s.id)).toMatchObject({ status: 'rejected' });
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.storyById(s.id)).toStrictEqual(approved);

        await write(async (tx) => {
          await tx.updateStory(randomUUID(), { status: 'rejected', reviewedAt: at(3 * DAY) });
          await tx.updateStory('not-a-uuid', { status: 'rejected', reviewedAt: at(3 * DAY) });
        });
        expect(await store.storyById(s.id)).toStrictEqual(approved);

        await write((tx) => tx.updateStory(s.id, { status: 'pending' }));
        expect(await store.storyById(s.id)).toStrictEqual(s);
      });

      it('a story written and then changed by the caller, or a returned one changed, leaves the store as it was', async () => {
        const m = member();
        await insertMembers(m);
        const s = story(m.id, at(DAY));
        const kept = { ...s };
        await write((tx) => tx.insertStory(s));
        s.content = 'changed after the write';
        (await store.storiesOf(m.id))[0]!.rating = 1;
        (await store.storyById(kept.id))!.status = 'approved';
        (await store.storiesWithStatus('pending', 10))[0]!.location = 'elsewhere';
        expect(await store.storiesOf(m.id)).toStrictEqual([kept]);
      });

      it('a write that throws leaves none of the stories it added', async () => {
        const m = member();
        await insertMembers(m);
        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.insertStory(story(m.id, at(DAY)));
            expect(await tx.storiesOf(m.id)).toHaveLength(1);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.storiesOf(m.id)).toStrictEqual([]);
        expect(await store.storiesWithStatus('pending', 10)).toStrictEqual([]);
      });
    });

    describe('copies', () => {
      it('changing a returned member or reflection does not change the store', async () => {
        const m = member();
        await insertMembers(m);
        const r = reflection(m.id, 1);
        await write((tx) => tx.upsertReflection(r));

        const fetched = await store.memberById(m.id);
        fetched!.points = 999;
        fetched!.name = 'Mallory';
        const byEmail = await store.memberByEmail(m.email);
        byEmail!.isActive = false;
        const listed = await store.membersNewestFirst();
        listed[0]!.level = 'Guardian';
        listed.pop();
        const reflections = await store.reflectionsOf(m.id);
        reflections[0]!.notes = 'tampered';
        reflections[0]!.day = 42;
        reflections.push(reflection(m.id, 2));

        expect(await store.memberById(m.id)).toStrictEqual(m);
        expect(await store.membersNewestFirst()).toStrictEqual([m]);
        expect(await store.reflectionsOf(m.id)).toStrictEqual([r]);
        expect(await store.activeMembersByState()).toEqual(new Map([['New York', 1]]));
      });

      it('changing other returned lists, or an object after writing it, does not change the store', async () => {
        const m = member();
        await insertMembers(m);
        m.points = 500; // the caller's object, after the insert
        const awarded = achievement(m.id, 'week_streak', at(7 * DAY));
        const effect = rippleEffect(m.id, 1, at(6 * DAY));
        const boss = admin();
        await write(async (tx) => {
          await tx.insertAchievement(awarded);
          await tx.upsertRippleEffect(effect);
          await tx.replaceAdmins([boss]);
        });
        const expectedAward = { ...awarded };
        awarded.title = 'changed after the write';

        const achievements = await store.achievementsOf(m.id);
        achievements[0]!.points = 0;
        const effects = await store.rippleEffectsOf(m.id);
        effects[0]!.week = 99;
        const admins = await store.admins();
        admins[0]!.passwordHash = '$argon2id$stolen';
        const states = await store.states();
        states[0]!.peacemakers = -1;
        states.reverse();
        const deliveries = await store.emailLog.deliveriesOf(m.id);
        deliveries.welcome = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'msg-x');

        expect((await store.memberById(m.id))?.points).toBe(0);
        expect(await store.achievementsOf(m.id)).toStrictEqual([expectedAward]);
        expect(await store.rippleEffectsOf(m.id)).toStrictEqual([effect]);
        expect(await store.admins()).toStrictEqual([boss]);
        expect(await store.states()).toStrictEqual(readSeed().states);
        expect((await store.emailLog.deliveriesOf(m.id)).welcome).toBeUndefined();
      });
    });

    describe('transactions', () => {
      it('a write that throws leaves none of its member, reflection and achievement; the error propagates unchanged', async () => {
        const m = member();
        const boom = new Error('validation failed half-way');
        const attempt = store.write(async (tx) => {
          expect(await tx.insertMember(m)).toBe(true);
          await tx.upsertReflection(reflection(m.id, 1));
          expect(await tx.insertAchievement(achievement(m.id, 'week_streak', at(7 * DAY)))).toBe(true);
          await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(6 * DAY)));
          await tx.insertStory(story(m.id, at(DAY)));
          // Its own changes are visible inside the transaction.
          expect(await tx.memberById(m.id)).toStrictEqual(m);
          expect(await tx.reflectionsOf(m.id)).toHaveLength(1);
          throw boom;
        });
        await expect(attempt).rejects.toBe(boom);

        expect(await store.memberById(m.id)).toBeUndefined();
        expect(await store.memberByEmail(m.email)).toBeUndefined();
        expect(await store.memberCount()).toBe(0);
        expect(await store.reflectionsOf(m.id)).toStrictEqual([]);
        expect(await store.achievementsOf(m.id)).toStrictEqual([]);
        expect(await store.rippleEffectsOf(m.id)).toStrictEqual([]);
        expect(await store.storiesOf(m.id)).toStrictEqual([]);

        // The next write works, and the same e-mail is free again.
        expect(await store.write((tx) => tx.insertMember(m))).toBe(true);
        expect(await store.memberById(m.id)).toStrictEqual(m);
      });

      it('a write that throws undoes updates, replacements and wholesale lists too', async () => {
        const m = member({ points: 10, level: 'Prospect' });
        await insertMembers(m);
        const r = reflection(m.id, 1, { reflectionPrompt: 'A prompt of its own.' });
        const boss = admin();
        await write(async (tx) => {
          await tx.upsertReflection(r);
          await tx.replaceAdmins([boss]);
        });
        const states = await store.states();

        const boom = new AppError('conflict', 'changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.updateMember(m.id, { points: 99, level: 'Explorer', isActive: false });
            await tx.upsertReflection(reflection(m.id, 1, { notes: 'overwritten' }));
            await tx.upsertReflection(reflection(m.id, 2));
            await tx.replaceStates([{ state: 'Ohio', stateCode: 'OH', peacemakers: 1 }]);
            await tx.replaceAdmins([]);
            expect(await tx.insertMember(member())).toBe(true);
            throw boom;
          }),
        ).rejects.toBe(boom);

        expect(await store.memberById(m.id)).toStrictEqual(m);
        expect(await store.reflectionsOf(m.id)).toStrictEqual([r]);
        expect(await store.states()).toStrictEqual(states);
        expect(await store.admins()).toStrictEqual([boss]);
        expect(await store.memberCount()).toBe(1);
      });

      it('returns what the write returns', async () => {
        const m = member();
        const result = await store.write(async (tx) => ({
          inserted: await tx.insertMember(m),
          count: await tx.memberCount(),
        }));
        expect(result).toEqual({ inserted: true, count: 1 });
        expect(await store.write(async () => 'nothing written')).toBe('nothing written');
        expect(await store.write(async () => undefined)).toBeUndefined();
      });

      it("20 concurrent read-modify-writes of one member's points all land", async () => {
        const m = member({ points: 5 });
        await insertMembers(m);
        const results = await Promise.all(
          Array.from({ length: 20 }, () =>
            store.write(async (tx) => {
              const current = await tx.memberById(m.id);
              if (!current) throw new Error('member vanished');
              await tx.updateMember(m.id, { points: current.points + 1 });
              return current.points + 1;
            }),
          ),
        );
        expect((await store.memberById(m.id))?.points).toBe(25);
        // Each write saw the one before it: every intermediate value exactly once.
        expect([...results].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => 6 + i));
      });
    });

    describe('wholesale lists', () => {
      it('replaceStates replaces the map table, keeping the given order', async () => {
        const first: StateParticipation[] = [
          { state: 'Wyoming', stateCode: 'WY', peacemakers: 3 },
          { state: 'Alabama', stateCode: 'AL', peacemakers: 70 },
          { state: 'Montana', stateCode: 'MT', peacemakers: 0 },
        ];
        await write((tx) => tx.replaceStates(first));
        expect(await store.states()).toStrictEqual(first);

        const second: StateParticipation[] = [
          { state: 'Texas', stateCode: 'TX', peacemakers: 412 },
          { state: 'Alabama', stateCode: 'AL', peacemakers: 71 },
        ];
        await write((tx) => tx.replaceStates(second));
        expect(await store.states()).toStrictEqual(second);

        // The whole seed back, in its order.
        const seed = readSeed().states;
        await write((tx) => tx.replaceStates(seed));
        expect(await store.states()).toStrictEqual(seed);
      });

      it('replaceAdmins replaces the admin accounts, keeping the given order', async () => {
        const [a, b, c] = [admin({ name: 'Zoe Admin' }), admin({ name: 'Amir Admin' }), admin({ name: 'Max Admin' })];
        await write((tx) => tx.replaceAdmins([a, b]));
        expect(await store.admins()).toStrictEqual([a, b]);
        await write((tx) => tx.replaceAdmins([c, a]));
        expect(await store.admins()).toStrictEqual([c, a]);
        await write((tx) => tx.replaceAdmins([]));
        expect(await store.admins()).toStrictEqual([]);
      });
    });

    // The same Sessions contract for the admin's sessions and the members'. A member session's
    // subject must be a member the store holds (PostgreSQL's member_sessions has a foreign key).
    const sessionKinds: { title: string; sessions: () => Sessions; subject: () => Promise<string> }[] = [
      { title: 'admin sessions', sessions: () => store.sessions, subject: async () => randomUUID() },
      {
        title: 'member sessions',
        sessions: () => store.memberSessions,
        subject: async () => {
          const m = member();
          await insertMembers(m);
          return m.id;
        },
      },
    ];

    for (const kind of sessionKinds) {
      describe(kind.title, () => {
        const IDLE = 30 * MINUTE;
        let sessions: Sessions;
        beforeEach(() => {
          sessions = kind.sessions();
        });

        it('create returns distinct random ids; touch within the idle time keeps the session and refreshes lastSeen', async () => {
          const subjectId = await kind.subject();
          const ids = await Promise.all([0, 1, 2].map(() => sessions.create(subjectId, T0)));
          expect(new Set(ids).size).toBe(3);
          for (const id of ids) {
            expect(typeof id).toBe('string');
            expect(id.length).toBeGreaterThanOrEqual(22);
          }
          const [id] = ids as [string];

          // Touches further apart than the refresh window (types.ts, touch): each one is recorded.
          const first = T0 + 5 * MINUTE;
          expect(await sessions.touch(id, first, IDLE)).toStrictEqual({ subjectId, createdAt: T0, lastSeen: first });
          // Exactly idle since the last touch still counts as "within"; it would be stale since creation.
          expect(await sessions.touch(id, first + IDLE, IDLE)).toStrictEqual({
            subjectId,
            createdAt: T0,
            lastSeen: first + IDLE,
          });
          expect(await sessions.touch(id, first + IDLE + 5 * MINUTE, IDLE)).toStrictEqual({
            subjectId,
            createdAt: T0,
            lastSeen: first + IDLE + 5 * MINUTE,
          });
        });

        it('a touch soon after the last answers lastSeen = now, and the session stays live', async () => {
          const subjectId = await kind.subject();
          const id = await sessions.create(subjectId, T0);
          expect(await sessions.touch(id, T0 + 1000, IDLE)).toStrictEqual({
            subjectId,
            createdAt: T0,
            lastSeen: T0 + 1000,
          });
          expect(await sessions.touch(id, T0 + 2000, IDLE)).toStrictEqual({
            subjectId,
            createdAt: T0,
            lastSeen: T0 + 2000,
          });
        });

        it('a session idle for longer than idleMs is undefined and gone', async () => {
          const subjectId = await kind.subject();
          const id = await sessions.create(subjectId, T0);
          expect(await sessions.touch(id, T0 + IDLE + 1, IDLE)).toBeUndefined();
          // Removed: even a touch at a time when it would have been live finds nothing.
          expect(await sessions.touch(id, T0 + 1, IDLE)).toBeUndefined();
        });

        it("destroy ends one session; destroyAllFor ends only that subject's", async () => {
          const alice = await kind.subject();
          const bob = await kind.subject();
          const a1 = await sessions.create(alice, T0);
          const a2 = await sessions.create(alice, T0 + MINUTE);
          const a3 = await sessions.create(alice, T0 + 2 * MINUTE);
          const b1 = await sessions.create(bob, T0);

          await sessions.destroy(a3);
          expect(await sessions.touch(a3, T0 + 3 * MINUTE, IDLE)).toBeUndefined();
          await sessions.destroy(undefined);
          await sessions.destroy('never-issued');

          await sessions.destroyAllFor(alice);
          expect(await sessions.touch(a1, T0 + 3 * MINUTE, IDLE)).toBeUndefined();
          expect(await sessions.touch(a2, T0 + 3 * MINUTE, IDLE)).toBeUndefined();
          expect(await sessions.touch(b1, T0 + 3 * MINUTE, IDLE)).toStrictEqual({
            subjectId: bob,
            createdAt: T0,
            lastSeen: T0 + 3 * MINUTE,
          });
          await sessions.destroyAllFor(randomUUID());
          await sessions.destroyAllFor('not-a-uuid');
          expect(await sessions.touch(b1, T0 + 4 * MINUTE, IDLE)).toStrictEqual({
            subjectId: bob,
            createdAt: T0,
            lastSeen: T0 + 4 * MINUTE,
          });
        });

        it('touch(undefined) and an unknown id answer undefined', async () => {
          await sessions.create(await kind.subject(), T0);
          expect(await sessions.touch(undefined, T0, IDLE)).toBeUndefined();
          expect(await sessions.touch('', T0, IDLE)).toBeUndefined();
          expect(await sessions.touch('c2Vzc2lvbi10aGF0LXdhcy1uZXZlci1pc3N1ZWQtYXQtYWxs', T0, IDLE)).toBeUndefined();
        });
      });
    }

    describe("the admin's second factors (docs/decisions/027-admin-second-factor.md)", () => {
      const passkey = (id: string) => ({
        id,
        publicKey: 'cHVibGljLWtleQ',
        counter: 0,
        transports: ['internal'],
        createdAt: new Date(T0).toISOString(),
      });

      it('start empty, and keep a TOTP secret, passkeys and recovery codes', async () => {
        const adminId = randomUUID();
        expect(await store.adminFactors.of(adminId)).toBeUndefined();
        await store.adminFactors.setTotp(adminId, 'sealed-secret');
        await store.adminFactors.addPasskey(adminId, passkey('cred-1'));
        await store.adminFactors.setPasskeyCounter(adminId, 'cred-1', 7);
        await store.adminFactors.replaceRecoveryCodes(adminId, ['h1', 'h2']);
        expect(await store.adminFactors.of(adminId)).toStrictEqual({
          adminId,
          totpSecret: 'sealed-secret',
          totpLastStep: 0,
          passkeys: [{ ...passkey('cred-1'), counter: 7 }],
          recoveryCodeHashes: ['h1', 'h2'],
        });
        await store.adminFactors.removePasskey(adminId, 'cred-1');
        expect((await store.adminFactors.of(adminId))?.passkeys).toStrictEqual([]);
      });

      it('accept each TOTP step and recovery code once, even when the tries race', async () => {
        const adminId = randomUUID();
        await store.adminFactors.setTotp(adminId, 'sealed');
        await store.adminFactors.replaceRecoveryCodes(adminId, ['h1', 'h2']);
        const steps = await Promise.all([1, 2, 3].map(() => store.adminFactors.useTotpStep(adminId, 100)));
        expect(steps.filter(Boolean)).toHaveLength(1);
        expect(await store.adminFactors.useTotpStep(adminId, 99)).toBe(false);
        expect(await store.adminFactors.useTotpStep(adminId, 101)).toBe(true);
        const codes = await Promise.all([1, 2, 3].map(() => store.adminFactors.useRecoveryCode(adminId, 'h1')));
        expect(codes.filter(Boolean)).toHaveLength(1);
        expect((await store.adminFactors.of(adminId))?.recoveryCodeHashes).toStrictEqual(['h2']);
      });

      it('give a challenge back once, and never after it expired', async () => {
        await store.adminFactors.putChallenge('k1', 'challenge-1', T0 + MINUTE);
        await store.adminFactors.putChallenge('k2', 'challenge-2', T0 + MINUTE);
        expect(await store.adminFactors.takeChallenge('k1', T0)).toBe('challenge-1');
        expect(await store.adminFactors.takeChallenge('k1', T0)).toBeUndefined();
        expect(await store.adminFactors.takeChallenge('k2', T0 + MINUTE)).toBeUndefined();
      });
    });

    describe('admin and member sessions', () => {
      const IDLE = 30 * MINUTE;

      it('are kept apart: an id from one opens nothing in the other', async () => {
        const m = member();
        await insertMembers(m);
        const adminSession = await store.sessions.create(randomUUID(), T0);
        const memberSession = await store.memberSessions.create(m.id, T0);
        expect(await store.memberSessions.touch(adminSession, T0 + MINUTE, IDLE)).toBeUndefined();
        expect(await store.sessions.touch(memberSession, T0 + MINUTE, IDLE)).toBeUndefined();
        // Neither touch removed the other's session.
        expect(await store.memberSessions.touch(memberSession, T0 + MINUTE, IDLE)).toStrictEqual({
          subjectId: m.id,
          createdAt: T0,
          lastSeen: T0 + MINUTE,
        });
        expect(await store.sessions.touch(adminSession, T0 + MINUTE, IDLE)).toBeDefined();
      });

      it("a member's session idle for days outlives a new session of theirs, within a 90-day idle time", async () => {
        const MEMBER_IDLE = 90 * DAY;
        const m = member();
        await insertMembers(m);
        const phone = await store.memberSessions.create(m.id, T0);
        // Two days later the member signs in on another browser.
        const laptop = await store.memberSessions.create(m.id, T0 + 2 * DAY);
        expect(await store.memberSessions.touch(phone, T0 + 2 * DAY + MINUTE, MEMBER_IDLE)).toStrictEqual({
          subjectId: m.id,
          createdAt: T0,
          lastSeen: T0 + 2 * DAY + MINUTE,
        });
        expect(await store.memberSessions.touch(laptop, T0 + 2 * DAY + MINUTE, MEMBER_IDLE)).toStrictEqual({
          subjectId: m.id,
          createdAt: T0 + 2 * DAY,
          lastSeen: T0 + 2 * DAY + MINUTE,
        });
      });
    });

    describe('sign-ins', () => {
      const EXPIRY = 15 * MINUTE;
      let signInSerial = 0;

      /** A pending sign-in of `memberId` with fresh (fake) hashes. */
      function signIn(memberId: string, overrides: Partial<StoredSignIn> = {}): StoredSignIn {
        signInSerial += 1;
        return {
          memberId,
          codeHash: `code-${signInSerial}-${randomUUID()}`,
          linkHash: `link-${signInSerial}-${randomUUID()}`,
          expiresAt: at(EXPIRY),
          wrongCodes: 0,
          createdAt: at(),
          ...overrides,
        };
      }

      const twoMembers = async (): Promise<[StoredMember, StoredMember]> => {
        const [m, n] = [member(), member()];
        await insertMembers(m, n);
        return [m, n];
      };

      it("ofMember answers the member's pending sign-in as put, and undefined for anyone else", async () => {
        const [m, n] = await twoMembers();
        const pending = signIn(m.id, { wrongCodes: 2, createdAt: at(MINUTE), expiresAt: at(MINUTE + EXPIRY) });
        await store.signIns.put(pending);
        expect(await store.signIns.ofMember(m.id)).toStrictEqual(pending);
        expect(await store.signIns.ofMember(n.id)).toBeUndefined();
        expect(await store.signIns.ofMember(randomUUID())).toBeUndefined();
        expect(await store.signIns.ofMember('not-a-uuid')).toBeUndefined();
        // A copy: changing it changes nothing stored.
        const fetched = await store.signIns.ofMember(m.id);
        fetched!.wrongCodes = 99;
        fetched!.codeHash = 'tampered';
        expect(await store.signIns.ofMember(m.id)).toStrictEqual(pending);
      });

      it("put replaces the member's pending sign-in, whose code and link then do nothing; others' stay", async () => {
        const [m, n] = await twoMembers();
        const first = signIn(m.id, { wrongCodes: 3 });
        const theirs = signIn(n.id);
        await store.signIns.put(first);
        await store.signIns.put(theirs);
        const second = signIn(m.id, { createdAt: at(5 * MINUTE), expiresAt: at(5 * MINUTE + EXPIRY) });
        await store.signIns.put(second);

        expect(await store.signIns.ofMember(m.id)).toStrictEqual(second);
        expect(await store.signIns.take({ linkHash: first.linkHash })).toBeUndefined();
        // The old code is now simply a wrong one for the new sign-in.
        expect(await store.signIns.tryCode(m.id, first.codeHash, new Date(T0 + 6 * MINUTE), 5)).toStrictEqual({
          outcome: 'wrong',
          wrongCodes: 1,
        });
        expect(await store.signIns.ofMember(m.id)).toStrictEqual({ ...second, wrongCodes: 1 });
        expect(await store.signIns.ofMember(n.id)).toStrictEqual(theirs);
      });

      it('tryCode: a wrong code counts and answers the count; the right one removes the sign-in once', async () => {
        const [m, n] = await twoMembers();
        const pending = signIn(m.id);
        await store.signIns.put(pending);
        const now = new Date(T0 + MINUTE);
        expect(await store.signIns.tryCode(m.id, 'not-the-code-hash', now, 5)).toStrictEqual({
          outcome: 'wrong',
          wrongCodes: 1,
        });
        // The link hash is not a code hash.
        expect(await store.signIns.tryCode(m.id, pending.linkHash, now, 5)).toStrictEqual({
          outcome: 'wrong',
          wrongCodes: 2,
        });
        expect(await store.signIns.ofMember(m.id)).toStrictEqual({ ...pending, wrongCodes: 2 });
        // Another member's code, or no pending sign-in at all: expired, and nothing changes.
        expect(await store.signIns.tryCode(n.id, pending.codeHash, now, 5)).toStrictEqual({ outcome: 'expired' });
        expect(await store.signIns.tryCode('not-a-uuid', pending.codeHash, now, 5)).toStrictEqual({
          outcome: 'expired',
        });

        expect(await store.signIns.tryCode(m.id, pending.codeHash, now, 5)).toStrictEqual({
          outcome: 'signed-in',
          signIn: { ...pending, wrongCodes: 2 },
        });
        expect(await store.signIns.tryCode(m.id, pending.codeHash, now, 5)).toStrictEqual({ outcome: 'expired' });
        expect(await store.signIns.take({ linkHash: pending.linkHash })).toBeUndefined();
        expect(await store.signIns.ofMember(m.id)).toBeUndefined();
      });

      it('tryCode refuses an expired sign-in and one that used up its wrong tries, even with the right code', async () => {
        const [m, n] = await twoMembers();
        const expiring = signIn(m.id, { createdAt: at(0), expiresAt: at(EXPIRY) });
        await store.signIns.put(expiring);
        expect(await store.signIns.tryCode(m.id, expiring.codeHash, new Date(T0 + EXPIRY), 5)).toStrictEqual({
          outcome: 'expired',
        });
        // Removed: even a moment before expiry (a clock set back) it is gone.
        expect(await store.signIns.ofMember(m.id)).toBeUndefined();
        expect(await store.signIns.tryCode(m.id, expiring.codeHash, new Date(T0 + EXPIRY - 1), 5)).toStrictEqual({
          outcome: 'expired',
        });
        await store.signIns.put(expiring);
        expect(await store.signIns.tryCode(m.id, expiring.codeHash, new Date(T0 + EXPIRY - 1), 5)).toMatchObject({
          outcome: 'signed-in',
        });

        const spent = signIn(n.id, { wrongCodes: 4 });
        await store.signIns.put(spent);
        expect(await store.signIns.tryCode(n.id, 'wrong', new Date(T0), 5)).toStrictEqual({
          outcome: 'wrong',
          wrongCodes: 5,
        });
        expect(await store.signIns.tryCode(n.id, spent.codeHash, new Date(T0), 5)).toStrictEqual({
          outcome: 'expired',
        });
        expect(await store.signIns.ofMember(n.id)).toStrictEqual({ ...spent, wrongCodes: 5 });
      });

      it('tryCode counts before it compares: 20 wrong codes and the right one at once, never more than the limit compared', async () => {
        const [m] = await twoMembers();
        const pending = signIn(m.id);
        await store.signIns.put(pending);
        const now = new Date(T0 + MINUTE);
        const attempts = await Promise.all([
          ...Array.from({ length: 20 }, (_, i) => store.signIns.tryCode(m.id, `wrong-${i}`, now, 5)),
          store.signIns.tryCode(m.id, pending.codeHash, now, 5),
        ]);
        const wrong = attempts.filter((a) => a.outcome === 'wrong');
        const signedIn = attempts.filter((a) => a.outcome === 'signed-in');
        // Whatever the order, at most 5 wrong tries were compared, and the right code won only if it
        // came before the fifth.
        expect(wrong.length).toBeLessThanOrEqual(5);
        expect(wrong.length + signedIn.length).toBeLessThanOrEqual(6);
        expect(signedIn.length).toBeLessThanOrEqual(1);
        if (signedIn.length === 0) expect(wrong.length).toBe(5);
      });

      it('take by link hash returns and removes it once; a wrong hash takes nothing and it stays', async () => {
        const [m, n] = await twoMembers();
        const pending = signIn(m.id);
        const theirs = signIn(n.id);
        await store.signIns.put(pending);
        await store.signIns.put(theirs);

        expect(await store.signIns.take({ linkHash: 'not-the-link-hash' })).toBeUndefined();
        // The code hash is not a link hash.
        expect(await store.signIns.take({ linkHash: pending.codeHash })).toBeUndefined();
        expect(await store.signIns.ofMember(m.id)).toStrictEqual(pending);

        expect(await store.signIns.take({ linkHash: pending.linkHash })).toStrictEqual(pending);
        expect(await store.signIns.take({ linkHash: pending.linkHash })).toBeUndefined();
        expect(await store.signIns.tryCode(m.id, pending.codeHash, new Date(T0), 5)).toStrictEqual({
          outcome: 'expired',
        });
        expect(await store.signIns.ofMember(m.id)).toBeUndefined();
        expect(await store.signIns.ofMember(n.id)).toStrictEqual(theirs);
      });

      it('take answers the record as it is, even an expired one (the caller checks expiresAt)', async () => {
        const [m] = await twoMembers();
        const expired = signIn(m.id, { createdAt: at(-2 * EXPIRY), expiresAt: at(-EXPIRY) });
        await store.signIns.put(expired);
        expect(await store.signIns.take({ linkHash: expired.linkHash })).toStrictEqual(expired);
        expect(await store.signIns.ofMember(m.id)).toBeUndefined();
      });

      it("remove drops the member's pending sign-in only; removing none is a no-op", async () => {
        const [m, n] = await twoMembers();
        const pending = signIn(m.id);
        const theirs = signIn(n.id);
        await store.signIns.put(pending);
        await store.signIns.put(theirs);

        await store.signIns.remove(m.id);
        expect(await store.signIns.ofMember(m.id)).toBeUndefined();
        expect(await store.signIns.take({ linkHash: pending.linkHash })).toBeUndefined();
        await store.signIns.remove(m.id);
        await store.signIns.remove(randomUUID());
        await store.signIns.remove('not-a-uuid');
        expect(await store.signIns.ofMember(n.id)).toStrictEqual(theirs);
      });

      it('concurrent uses of the same link or code: exactly one wins', async () => {
        const [m, n] = await twoMembers();
        const byLink = signIn(m.id);
        const byCode = signIn(n.id);
        await store.signIns.put(byLink);
        await store.signIns.put(byCode);

        const linkTakes = await Promise.all(
          Array.from({ length: 8 }, () => store.signIns.take({ linkHash: byLink.linkHash })),
        );
        expect(linkTakes.filter((t) => t !== undefined)).toStrictEqual([byLink]);

        const codeTakes = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            i % 2 === 0
              ? store.signIns
                  .tryCode(n.id, byCode.codeHash, new Date(T0), 5)
                  .then((a) => (a.outcome === 'signed-in' ? a.signIn : undefined))
              : store.signIns.take({ linkHash: byCode.linkHash }),
          ),
        );
        expect(codeTakes.filter((t) => t !== undefined)).toStrictEqual([byCode]);
        expect(await store.signIns.ofMember(m.id)).toBeUndefined();
        expect(await store.signIns.ofMember(n.id)).toBeUndefined();
      });
    });

    describe('member keys (docs/decisions/025-e-mail-key-flow.md)', () => {
      const key = (memberId: string, issuedAt = T0): MemberKey => ({
        keyId: randomUUID(),
        memberId,
        issuedAt: new Date(issuedAt),
        expiresAt: new Date(issuedAt + 7 * DAY),
      });

      it('a key is usable until used, and used once', async () => {
        const m = member();
        await insertMembers(m);
        const k = key(m.id);
        expect(await store.memberKeys.usable(k)).toBe(true);
        expect(await store.memberKeys.usable(k)).toBe(true);
        expect(await store.memberKeys.use(k, new Date(T0 + MINUTE))).toBe(true);
        expect(await store.memberKeys.usable(k)).toBe(false);
        expect(await store.memberKeys.use(k, new Date(T0 + 2 * MINUTE))).toBe(false);
        expect(await store.memberKeys.use(key(m.id), new Date(T0 + 2 * MINUTE))).toBe(true);
      });

      it('one key used at once by many: exactly one use wins', async () => {
        const m = member();
        await insertMembers(m);
        const k = key(m.id);
        const uses = await Promise.all(Array.from({ length: 8 }, () => store.memberKeys.use(k, new Date(T0 + MINUTE))));
        expect(uses.filter(Boolean)).toHaveLength(1);
      });

      it('revokeAll kills the keys issued at or before it, of that member only; later keys work', async () => {
        const [m, n] = [member(), member()];
        await insertMembers(m, n);
        const old = key(m.id, T0);
        const atRevocation = key(m.id, T0 + MINUTE);
        const others = key(n.id, T0);
        await store.memberKeys.revokeAll(m.id, new Date(T0 + MINUTE));
        // An earlier revocation never moves the line back.
        await store.memberKeys.revokeAll(m.id, new Date(T0));
        expect(await store.memberKeys.usable(old)).toBe(false);
        expect(await store.memberKeys.use(old, new Date(T0 + 2 * MINUTE))).toBe(false);
        expect(await store.memberKeys.use(atRevocation, new Date(T0 + 2 * MINUTE))).toBe(false);
        expect(await store.memberKeys.use(key(m.id, T0 + MINUTE + 1), new Date(T0 + 2 * MINUTE))).toBe(true);
        expect(await store.memberKeys.use(others, new Date(T0 + 2 * MINUTE))).toBe(true);
        await store.memberKeys.revokeAll(randomUUID(), new Date(T0));
        await store.memberKeys.revokeAll('not-a-uuid', new Date(T0));
      });

      it("a key of a member who is gone is never usable again, and the member's key records go with them", async () => {
        const m = member();
        await insertMembers(m);
        const used = key(m.id);
        expect(await store.memberKeys.use(used, new Date(T0 + MINUTE))).toBe(true);
        await store.memberKeys.revokeAll(m.id, new Date(T0 + MINUTE));
        await write((tx) => tx.deleteMember(m.id));
        expect(await store.memberKeys.use(key(m.id, T0 + DAY), new Date(T0 + DAY))).toBe(false);
      });

      it('signIns.byLink answers the pending sign-in of a link hash and leaves it in place', async () => {
        const m = member();
        await insertMembers(m);
        const pending: StoredSignIn = {
          memberId: m.id,
          codeHash: `code-${randomUUID()}`,
          linkHash: `link-${randomUUID()}`,
          expiresAt: at(15 * MINUTE),
          wrongCodes: 0,
          createdAt: at(),
        };
        await store.signIns.put(pending);
        expect(await store.signIns.byLink(pending.linkHash)).toStrictEqual(pending);
        expect(await store.signIns.byLink(pending.linkHash)).toStrictEqual(pending);
        expect(await store.signIns.byLink('link-unknown')).toBeUndefined();
        expect(await store.signIns.take({ linkHash: pending.linkHash })).toStrictEqual(pending);
        expect(await store.signIns.byLink(pending.linkHash)).toBeUndefined();
      });

      it("destroyAllFor answers how many of the member's sessions it ended", async () => {
        const [m, n] = [member(), member()];
        await insertMembers(m, n);
        await store.memberSessions.create(m.id, T0);
        await store.memberSessions.create(m.id, T0 + MINUTE);
        await store.memberSessions.create(n.id, T0);
        expect(await store.memberSessions.destroyAllFor(m.id)).toBe(2);
        expect(await store.memberSessions.destroyAllFor(m.id)).toBe(0);
        expect(await store.memberSessions.destroyAllFor(n.id)).toBe(1);
      });

      it('the invite credit fields are kept as inserted and patched (docs/product/rules.md#invites)', async () => {
        const inviter = member({ inviteCreditDay: '2026-03-02', inviteCreditsThatDay: 3 });
        const friend = member({ invitedBy: inviter.id, inviteCredit: 'pending' });
        await insertMembers(inviter, friend);
        expect(await store.memberById(inviter.id)).toStrictEqual(inviter);
        expect(await store.memberById(friend.id)).toStrictEqual(friend);
        await write(async (tx) => {
          await tx.updateMember(friend.id, { inviteCredit: 'paid' });
          await tx.updateMember(inviter.id, { inviteCreditDay: '2026-03-03', inviteCreditsThatDay: 1 });
        });
        expect(await store.memberById(friend.id)).toStrictEqual({ ...friend, inviteCredit: 'paid' });
        expect(await store.memberById(inviter.id)).toStrictEqual({
          ...inviter,
          inviteCreditDay: '2026-03-03',
          inviteCreditsThatDay: 1,
        });
      });
    });

    describe('e-mail log', () => {
      it('a claim with no previous record wins once; the same claim again loses', async () => {
        const m = member();
        await insertMembers(m);
        const welcome = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'msg-1@prr');
        expect(await store.emailLog.claim(welcome, undefined)).toBe(true);
        const rival = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0 + 1), 'msg-2@prr');
        expect(await store.emailLog.claim(rival, undefined)).toBe(false);
        expect(await store.emailLog.claim(welcome, undefined)).toBe(false);
        expect(await store.emailLog.deliveriesOf(m.id)).toEqual({ welcome, reflection: undefined });
        expect((await store.emailLog.deliveriesOf(m.id)).welcome).toStrictEqual(welcome);
        expect(await store.emailLog.deliveriesOf(randomUUID())).toEqual({ welcome: undefined, reflection: undefined });
      });

      it('a claim against the current previous wins once; against a stale previous it loses', async () => {
        const m = member();
        await insertMembers(m);
        const today = due(m.id, 'reflection', '2026-03-02', 1);
        const first = claimRecord(today, undefined, new Date(T0), 'msg-r1@prr');
        expect(await store.emailLog.claim(first, undefined)).toBe(true);

        // The attempt failed: retry in a minute.
        const failed = failedRecord(first, new Date(T0 + 1000), '421 try again later');
        await store.emailLog.update(failed);
        expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(failed);

        // Claiming against the record as it was before the failure: stale.
        const stale = claimRecord(today, first, new Date(T0 + MINUTE), 'msg-r2@prr');
        expect(await store.emailLog.claim(stale, first)).toBe(false);
        // Claiming as if there were none: there is one.
        expect(await store.emailLog.claim(stale, undefined)).toBe(false);
        expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(failed);

        // The retry, against the current record: wins, keeps key, message id and the last error.
        const retry = claimRecord(today, failed, new Date(T0 + MINUTE), 'msg-ignored@prr');
        expect(retry).toMatchObject({ attempts: 2, messageId: 'msg-r1@prr', lastError: '421 try again later' });
        expect(await store.emailLog.claim(retry, failed)).toBe(true);
        // A second process with the same view loses.
        expect(await store.emailLog.claim(retry, failed)).toBe(false);
        expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(retry);

        // Sent; the next day's message claims against the sent record.
        const sent = sentRecord(retry, new Date(T0 + MINUTE + 2000));
        await store.emailLog.update(sent);
        expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(sent);
        const tomorrow = claimRecord(due(m.id, 'reflection', '2026-03-03', 2), sent, new Date(T0 + DAY), 'msg-r3@prr');
        expect(await store.emailLog.claim(tomorrow, retry)).toBe(false);
        expect(await store.emailLog.claim(tomorrow, sent)).toBe(true);
        expect(await store.emailLog.deliveriesOf(m.id)).toEqual({ welcome: undefined, reflection: tomorrow });
      });

      it('update replaces the record only while it holds the same key', async () => {
        const m = member();
        await insertMembers(m);
        const today = claimRecord(due(m.id, 'reflection', '2026-03-02', 1), undefined, new Date(T0), 'msg-a@prr');
        expect(await store.emailLog.claim(today, undefined)).toBe(true);

        // A late update for another key (yesterday's, say) changes nothing.
        const otherKey = sentRecord(
          claimRecord(due(m.id, 'reflection', '2026-03-01', 1), undefined, new Date(T0 - DAY), 'msg-old@prr'),
          new Date(T0 - DAY + 1000),
        );
        await store.emailLog.update(otherKey);
        expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(today);
        // Nor does one for a kind the member has no record of.
        const welcome = sentRecord(
          claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'msg-w@prr'),
          new Date(T0),
        );
        await store.emailLog.update(welcome);
        expect((await store.emailLog.deliveriesOf(m.id)).welcome).toBeUndefined();

        const sent = sentRecord(today, new Date(T0 + 1500));
        await store.emailLog.update(sent);
        expect(await store.emailLog.deliveriesOf(m.id)).toEqual({ welcome: undefined, reflection: sent });
        expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(sent);
      });

      it('candidates: active members joined at or after the date, by id, in batches, each with its deliveries', async () => {
        const since = new Date(T0 - 2 * DAY);
        const eligible = [
          member({ joinedAt: since.toISOString() }), // exactly at the boundary
          member({ joinedAt: at(-DAY) }),
          member({ joinedAt: at() }),
          member({ joinedAt: at(HOUR), emailReminders: false }),
          member({ joinedAt: at(2 * HOUR), state: '' }),
        ];
        const excluded = [
          member({ joinedAt: at(-2 * DAY - 1) }), // a millisecond too early
          member({ joinedAt: at(-30 * DAY) }),
          member({ joinedAt: at(), isActive: false }),
        ];
        await insertMembers(...eligible.slice(0, 3), ...excluded.slice(0, 2));
        await insertMembers(...eligible.slice(3), ...excluded.slice(2));

        const [withWelcome, withBoth] = eligible as [StoredMember, StoredMember];
        const welcome1 = sentRecord(
          claimRecord(due(withWelcome.id, 'welcome', '2026-02-28', 1), undefined, new Date(T0 - 2 * DAY), 'w1@prr'),
          new Date(T0 - 2 * DAY + 900),
        );
        const welcome2 = claimRecord(
          due(withBoth.id, 'welcome', '2026-03-01', 1),
          undefined,
          new Date(T0 - DAY),
          'w2@prr',
        );
        const reflection2 = failedRecord(
          claimRecord(
            due(withBoth.id, 'reflection', '2026-03-01', 1),
            undefined,
            new Date(T0 - DAY + MINUTE),
            'r2@prr',
          ),
          new Date(T0 - DAY + MINUTE + 500),
          'connection reset',
        );
        const excludedWelcome = claimRecord(
          due(excluded[2]!.id, 'welcome', '2026-03-02', 1),
          undefined,
          new Date(T0),
          'x@prr',
        );
        for (const record of [welcome1, welcome2, reflection2, excludedWelcome]) {
          expect(await store.emailLog.claim(record, undefined)).toBe(true);
        }

        const expected: EmailCandidate[] = [...eligible].sort(byId).map((m) => ({
          member: m,
          deliveries: {
            welcome: m.id === withWelcome.id ? welcome1 : m.id === withBoth.id ? welcome2 : undefined,
            reflection: m.id === withBoth.id ? reflection2 : undefined,
            levelUp: undefined,
          },
        }));

        const inTwos = await collect(store.emailLog.candidates(since, 2));
        expect(inTwos.map((batch) => batch.length)).toEqual([2, 2, 1]);
        expect(inTwos.flat()).toEqual(expected);
        for (const candidate of inTwos.flat()) {
          const wanted = expected.find((e) => e.member.id === candidate.member.id)!;
          expect(candidate.member).toStrictEqual(wanted.member);
          expect(candidate.deliveries.welcome).toStrictEqual(wanted.deliveries.welcome);
          expect(candidate.deliveries.reflection).toStrictEqual(wanted.deliveries.reflection);
        }

        // A batch size that divides the count: no empty batch at the end.
        const whole = await collect(store.emailLog.candidates(since, 5));
        expect(whole.map((batch) => batch.length)).toEqual([5]);
        expect(whole.flat()).toEqual(expected);
        expect((await collect(store.emailLog.candidates(since, 100))).flat()).toEqual(expected);

        // Later than everyone: nothing at all.
        expect(await collect(store.emailLog.candidates(new Date(T0 + DAY), 2))).toEqual([]);
      });

      it("abandonInterrupted flips only 'sending' records whose last attempt was before the date, and counts them", async () => {
        const [a, b, c] = [member(), member(), member()];
        await insertMembers(a, b, c);
        const before = new Date(T0 + 10 * MINUTE);

        const claim = (m: StoredMember, kind: EmailKind, offset: number, messageId: string): StoredEmailDelivery =>
          claimRecord(due(m.id, kind, '2026-03-02', 1), undefined, new Date(T0 + offset), messageId);
        const oldSending = claim(a, 'welcome', 0, 'a-w@prr');
        const sendingAtTheDate = claim(a, 'reflection', 10 * MINUTE, 'a-r@prr');
        const newSending = claim(b, 'welcome', 20 * MINUTE, 'b-w@prr');
        const oldSent = claim(b, 'reflection', 0, 'b-r@prr');
        const oldRetry = claim(c, 'welcome', 0, 'c-w@prr');
        const olderSending = claim(c, 'reflection', -HOUR, 'c-r@prr');
        for (const record of [oldSending, sendingAtTheDate, newSending, oldSent, oldRetry, olderSending]) {
          expect(await store.emailLog.claim(record, undefined)).toBe(true);
        }
        const sent = sentRecord(oldSent, new Date(T0 + 1000));
        await store.emailLog.update(sent);
        const retry = failedRecord(oldRetry, new Date(T0 + 1000), '450 mailbox busy');
        await store.emailLog.update(retry);

        expect(await store.emailLog.abandonInterrupted(before)).toBe(2);

        const [da, db, dc] = await Promise.all([a, b, c].map((m) => store.emailLog.deliveriesOf(m.id)));
        expect(da!.welcome).toStrictEqual({ ...oldSending, status: 'unknown' });
        expect(da!.reflection).toStrictEqual(sendingAtTheDate);
        expect(db!.welcome).toStrictEqual(newSending);
        expect(db!.reflection).toStrictEqual(sent);
        expect(dc!.welcome).toStrictEqual(retry);
        expect(dc!.reflection).toStrictEqual({ ...olderSending, status: 'unknown' });

        expect(await store.emailLog.abandonInterrupted(before)).toBe(0);
      });
    });

    describe('rate limiter', () => {
      it('counts points per key: two pass, the third is refused with a RateLimiterRes; another key is independent', async () => {
        const limiter = store.rateLimiter({ points: 2, duration: 60, keyPrefix: 'suite' });
        const first = await limiter.consume('203.0.113.7');
        expect(first).toBeInstanceOf(RateLimiterRes);
        expect(first).toMatchObject({ remainingPoints: 1, consumedPoints: 1 });
        expect(await limiter.consume('203.0.113.7')).toMatchObject({ remainingPoints: 0, consumedPoints: 2 });

        const refused: unknown = await limiter.consume('203.0.113.7').then(
          () => 'passed',
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(RateLimiterRes);
        const res = refused as RateLimiterRes;
        expect(res.remainingPoints).toBe(0);
        expect(res.consumedPoints).toBeGreaterThanOrEqual(3);
        expect(res.msBeforeNext).toBeGreaterThan(0);
        expect(res.msBeforeNext).toBeLessThanOrEqual(60_000);

        expect(await limiter.consume('198.51.100.2')).toMatchObject({ remainingPoints: 1, consumedPoints: 1 });
        // Another prefix counts apart too.
        const other = store.rateLimiter({ points: 2, duration: 60, keyPrefix: 'suite-other' });
        expect(await other.consume('203.0.113.7')).toMatchObject({ remainingPoints: 1, consumedPoints: 1 });
      });
    });

    describe('close', () => {
      it("afterwards a write rejects with AppError('unavailable')", async () => {
        await store.close();
        const attempt = store.write((tx) => tx.insertMember(member()));
        await expect(attempt).rejects.toBeInstanceOf(AppError);
        await expect(attempt).rejects.toMatchObject({ code: 'unavailable' });
        const m = randomUUID();
        const claimed = store.emailLog.claim(
          claimRecord(due(m, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'late@prr'),
          undefined,
        );
        await expect(claimed).rejects.toBeInstanceOf(AppError);
        await expect(claimed).rejects.toMatchObject({ code: 'unavailable' });
      });

      it("afterwards a member session or sign-in write rejects with AppError('unavailable')", async () => {
        const m = member();
        await insertMembers(m);
        await store.close();
        const session = store.memberSessions.create(m.id, T0);
        await expect(session).rejects.toBeInstanceOf(AppError);
        await expect(session).rejects.toMatchObject({ code: 'unavailable' });
        const put = store.signIns.put({
          memberId: m.id,
          codeHash: 'code-hash',
          linkHash: 'link-hash',
          expiresAt: at(15 * MINUTE),
          wrongCodes: 0,
          createdAt: at(),
        });
        await expect(put).rejects.toBeInstanceOf(AppError);
        await expect(put).rejects.toMatchObject({ code: 'unavailable' });
      });

      it('waits for a write already under way, which lands', async () => {
        const m = member();
        let started!: () => void;
        const underWay = new Promise<void>((resolve) => (started = resolve));
        const pending = store.write(async (tx) => {
          await tx.memberCount();
          started();
          expect(await tx.insertMember(m)).toBe(true);
          return tx.memberCount();
        });
        await underWay;
        await store.close();
        await expect(pending).resolves.toBe(1);
      });

      it('waits for a write asked for just before close(), which lands', async () => {
        const m = member();
        const pending = store.write((tx) => tx.insertMember(m));
        await store.close();
        await expect(pending).resolves.toBe(true);
      });
    });

    describe('admin participants', () => {
      const IDLE = 30 * MINUTE;
      /** A search as the admin's list builds it from a query string (participantSearch.ts). */
      const search = (filter: AdminMemberFilterInput = {}): MemberSearch =>
        memberSearch(AdminMemberFilter.parse(filter));
      const found = async (filter: AdminMemberFilterInput, offset = 0, limit = 100): Promise<string[]> =>
        (await store.searchMembers(search(filter), offset, limit)).members.map((m) => m.name);
      const batchesOf = async (filter: AdminMemberFilterInput, batchSize: number): Promise<string[][]> => {
        const all: string[][] = [];
        for await (const batch of store.memberBatches(search(filter), batchSize)) all.push(batch.map((m) => m.name));
        return all;
      };

      /** Three members with names, e-mails and ZIP codes that share no digits or words by accident. */
      async function pioneers(): Promise<Record<'ada' | 'grace' | 'alan', StoredMember>> {
        const ada = member({
          name: 'Ada Lovelace',
          email: 'countess@analytical.example',
          zipCode: '94103',
          state: 'California',
          joinedAt: at(-3 * MINUTE),
        });
        const grace = member({
          name: 'Grace Hopper',
          email: 'Amazing.Grace@Navy.example',
          zipCode: '22201',
          state: 'Virginia',
          isActive: false,
          joinedAt: at(-2 * MINUTE),
        });
        const alan = member({
          name: 'Alan Turing',
          email: 'alan@bletchley.example',
          zipCode: '10001',
          state: 'New York',
          joinedAt: at(-MINUTE),
        });
        await insertMembers(ada, grace, alan);
        return { ada, grace, alan };
      }

      it('searchMembers matches part of a name or e-mail in any case, or the start of a ZIP code', async () => {
        const { ada, grace, alan } = await pioneers();
        expect(await found({ q: 'LOVE' })).toEqual(['Ada Lovelace']);
        expect(await found({ q: '  lace  ' })).toEqual(['Ada Lovelace']);
        expect(await found({ q: 'navy' })).toEqual(['Grace Hopper']);
        expect(await found({ q: 'amazing.GRACE@' })).toEqual(['Grace Hopper']);
        expect(await found({ q: '941' })).toEqual(['Ada Lovelace']);
        expect(await found({ q: '94103' })).toEqual(['Ada Lovelace']);
        // The middle of a ZIP code is not its start.
        expect(await found({ q: '103' })).toEqual([]);
        expect(await found({ q: 'example' })).toEqual(['Alan Turing', 'Grace Hopper', 'Ada Lovelace']);
        expect(await found({ q: 'nobody' })).toEqual([]);
        // Whole stored members, copies.
        const page = await store.searchMembers(search({ q: '' }), 0, 10);
        expect(page).toStrictEqual({ members: [alan, grace, ada], total: 3 });
        page.members[0]!.name = 'Mallory';
        expect(await store.memberById(alan.id)).toStrictEqual(alan);
      });

      it('searchMembers filters by state (a name or code) and by status, together with the text', async () => {
        const { ada } = await pioneers();
        const elsewhere = member({ name: 'Ada Yonath', email: 'ribosome@weizmann.example', zipCode: '94110' });
        await insertMembers(elsewhere, member({ name: 'No State', email: 'nowhere@example.org', state: '' }));
        expect(await found({ state: 'California' })).toEqual(['Ada Lovelace']);
        expect(await found({ state: 'ny' })).toEqual(['Ada Yonath', 'Alan Turing']);
        expect(await found({ state: 'Texas' })).toEqual([]);
        expect(await found({ status: 'inactive' })).toEqual(['Grace Hopper']);
        expect(await found({ status: 'active' })).toEqual(['No State', 'Ada Yonath', 'Alan Turing', 'Ada Lovelace']);
        expect(await found({ q: 'ada', state: 'New York' })).toEqual(['Ada Yonath']);
        expect(await found({ q: '941', status: 'active' })).toEqual(['Ada Yonath', 'Ada Lovelace']);
        expect(await found({ q: 'grace', status: 'active' })).toEqual([]);
        await write((tx) => tx.updateMember(ada.id, { isActive: false }));
        expect(await found({ status: 'inactive' })).toEqual(['Grace Hopper', 'Ada Lovelace']);
      });

      it('sorts newest, oldest, by name and by name descending; ties keep newest first (the last added first)', async () => {
        const bea = member({ name: 'bea Stone', email: 'bea@example.org', joinedAt: at(-2 * DAY) });
        const adaMoss = member({ name: 'Ada Moss', email: 'moss1@example.org', joinedAt: at() });
        const adaMossToo = member({ name: 'ada moss', email: 'moss2@example.org', joinedAt: at() });
        const dean = member({ name: 'Dean Holt', email: 'dean@example.org', joinedAt: at(-DAY) });
        // 'de vries' before 'dean holt': the space sorts before any letter (code-unit order, no locale).
        const deVries = member({ name: 'de Vries', email: 'vries@example.org', joinedAt: at(-DAY) });
        await insertMembers(bea, adaMoss);
        await insertMembers(adaMossToo, dean);
        await insertMembers(deVries);
        const ids = async (sort: AdminMemberSort) =>
          (await store.searchMembers(search({ sort }), 0, 10)).members.map((m) => m.id);

        expect(await ids('newest')).toEqual([adaMossToo.id, adaMoss.id, deVries.id, dean.id, bea.id]);
        expect(await ids('oldest')).toEqual([bea.id, dean.id, deVries.id, adaMoss.id, adaMossToo.id]);
        expect(await ids('name')).toEqual([adaMossToo.id, adaMoss.id, bea.id, deVries.id, dean.id]);
        expect(await ids('name-desc')).toEqual([dean.id, deVries.id, bea.id, adaMossToo.id, adaMoss.id]);
        // A page of a name sort is a slice of the whole order.
        const second = await store.searchMembers(search({ sort: 'name' }), 1, 2);
        expect(second).toStrictEqual({ members: [adaMoss, bea], total: 5 });
        // A renamed member moves.
        await write((tx) => tx.updateMember(dean.id, { name: 'Aaron Holt' }));
        expect(await ids('name')).toEqual([dean.id, adaMossToo.id, adaMoss.id, bea.id, deVries.id]);
      });

      it('offset, limit and total: one exact page, a last partial page, past the end, and no match', async () => {
        const seven = Array.from({ length: 7 }, (_, i) =>
          member({ name: `Member ${i + 1}`, joinedAt: at(-(i + 1) * MINUTE), isActive: i % 3 !== 0 }),
        );
        await insertMembers(...seven);
        const names = seven.map((m) => m.name);

        expect(await store.searchMembers(search(), 0, 7)).toStrictEqual({ members: seven, total: 7 });
        expect(await store.searchMembers(search(), 0, 3)).toStrictEqual({ members: seven.slice(0, 3), total: 7 });
        expect(await store.searchMembers(search(), 3, 3)).toStrictEqual({ members: seven.slice(3, 6), total: 7 });
        expect(await store.searchMembers(search(), 6, 3)).toStrictEqual({ members: seven.slice(6), total: 7 });
        expect(await store.searchMembers(search(), 7, 3)).toStrictEqual({ members: [], total: 7 });
        expect(await store.searchMembers(search(), 1000, 25)).toStrictEqual({ members: [], total: 7 });
        expect(await store.searchMembers(search({ q: 'nobody' }), 0, 25)).toStrictEqual({ members: [], total: 0 });
        // Members 1, 4 and 7 are inactive.
        expect(await store.searchMembers(search({ status: 'inactive' }), 1, 1)).toStrictEqual({
          members: [seven[3]],
          total: 3,
        });
        expect(await found({ sort: 'oldest' }, 5, 5)).toEqual([names[1], names[0]]);
      });

      it('search text with %, _ and \\ matches those characters literally', async () => {
        await insertMembers(
          member({ name: 'Jordan Rivera', email: 'jordan@example.org' }),
          member({ name: 'Glenroy Park', email: 'glenroy@example.org' }),
          member({ name: 'Plan%Ready', email: 'percent@example.org' }),
          member({ name: 'Dan_Rivers', email: 'underscore@example.org' }),
          member({ name: 'Ben\\Rob', email: 'backslash@example.org' }),
        );
        // As patterns, 'n%r' and 'an_r' would match Jordan Rivera, and 'n\r' Glenroy.
        expect(await found({ q: 'n%r' })).toEqual(['Plan%Ready']);
        expect(await found({ q: 'an_r' })).toEqual(['Dan_Rivers']);
        expect(await found({ q: 'n\\r' })).toEqual(['Ben\\Rob']);
        expect(await found({ q: '%' })).toEqual(['Plan%Ready']);
        expect(await found({ q: '_' })).toEqual(['Dan_Rivers']);
        expect(await found({ q: '\\' })).toEqual(['Ben\\Rob']);
        expect(await found({ q: '\\\\' })).toEqual([]);
      });

      it('memberBatches yields every match in the order of the search, in batches of at most batchSize', async () => {
        const seven = Array.from({ length: 7 }, (_, i) =>
          member({ name: `Member ${i + 1}`, joinedAt: at(-(i + 1) * MINUTE), isActive: i !== 2 }),
        );
        await insertMembers(...seven);
        const names = seven.map((m) => m.name);

        expect(await batchesOf({}, 3)).toEqual([names.slice(0, 3), names.slice(3, 6), names.slice(6)]);
        expect(await batchesOf({}, 7)).toEqual([names]);
        expect(await batchesOf({ sort: 'oldest' }, 4)).toEqual([
          [...names].reverse().slice(0, 4),
          [...names].reverse().slice(4),
        ]);
        expect(await batchesOf({ status: 'active' }, 2)).toEqual([
          [names[0], names[1]],
          [names[3], names[4]],
          [names[5], names[6]],
        ]);
        expect(await batchesOf({ q: 'nobody' }, 3)).toEqual([]);
        // Whole stored members.
        const batches: StoredMember[][] = [];
        for await (const batch of store.memberBatches(search({ q: 'member 1' }), 10)) batches.push(batch);
        expect(batches).toStrictEqual([[seven[0]]]);
      });

      it('statesBackup keeps the map table it is given until cleared; a write that throws keeps the previous one', async () => {
        expect(await store.statesBackup()).toBeUndefined();
        const before: StateParticipation[] = [
          { state: 'Wyoming', stateCode: 'WY', peacemakers: 3 },
          { state: 'Alabama', stateCode: 'AL', peacemakers: 70 },
        ];
        await write((tx) => tx.replaceStatesBackup(before));
        expect(await store.statesBackup()).toStrictEqual(before);
        // A copy: changing it changes nothing stored.
        const fetched = await store.statesBackup();
        fetched![0]!.peacemakers = -1;
        fetched!.reverse();
        expect(await store.statesBackup()).toStrictEqual(before);

        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            await tx.replaceStatesBackup([{ state: 'Ohio', stateCode: 'OH', peacemakers: 1 }]);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.statesBackup()).toStrictEqual(before);
        await expect(
          store.write(async (tx) => {
            await tx.replaceStatesBackup(undefined);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await store.statesBackup()).toStrictEqual(before);

        const seed = readSeed().states;
        await write((tx) => tx.replaceStatesBackup(seed));
        expect(await store.statesBackup()).toStrictEqual(seed);
        await write((tx) => tx.replaceStatesBackup(undefined));
        expect(await store.statesBackup()).toBeUndefined();
        // The live map table is another thing.
        expect(await store.states()).toStrictEqual(seed);
      });

      /** A member with a bit of everything the store keeps of them; returns the session's id. */
      async function memberWithEverything(m: StoredMember): Promise<{ session: string; linkHash: string }> {
        await insertMembers(m);
        await write(async (tx) => {
          await tx.upsertReflection(reflection(m.id, 1));
          await tx.upsertReflection(reflection(m.id, 2));
          await tx.insertAchievement(achievement(m.id, 'week_streak', at(7 * DAY)));
          await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(6 * DAY)));
          await tx.insertStory(story(m.id, at(DAY)));
          await tx.insertStory(story(m.id, at(2 * DAY), { status: 'approved', reviewedAt: at(3 * DAY) }));
        });
        const session = await store.memberSessions.create(m.id, T0);
        const linkHash = `link-${randomUUID()}`;
        await store.signIns.put({
          memberId: m.id,
          codeHash: `code-${randomUUID()}`,
          linkHash,
          expiresAt: at(15 * MINUTE),
          wrongCodes: 0,
          createdAt: at(),
        });
        const welcome = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), `w-${m.id}@prr`);
        expect(await store.emailLog.claim(welcome, undefined)).toBe(true);
        await store.emailLog.update(sentRecord(welcome, new Date(T0 + 1000)));
        const daily = claimRecord(due(m.id, 'reflection', '2026-03-02', 1), undefined, new Date(T0), `r-${m.id}@prr`);
        expect(await store.emailLog.claim(daily, undefined)).toBe(true);
        return { session, linkHash };
      }

      /** What the store's reads show of a member's data, the sessions and sign-ins included. */
      const traces = async (m: StoredMember, held: { session: string; linkHash: string }) => ({
        member: await store.memberById(m.id),
        byEmail: await store.memberByEmail(m.email),
        reflections: (await store.reflectionsOf(m.id)).length,
        achievements: (await store.achievementsOf(m.id)).length,
        rippleEffects: (await store.rippleEffectsOf(m.id)).length,
        stories: (await store.storiesOf(m.id)).length,
        signIn: (await store.signIns.ofMember(m.id)) !== undefined,
        deliveries: await store.emailLog.deliveriesOf(m.id),
        // Last: a touch of a gone session removes nothing else.
        session: (await store.memberSessions.touch(held.session, T0 + MINUTE, IDLE)) !== undefined,
      });

      it('deleteMember removes the member and their reflections, achievements, ripple effects, stories, sessions, sign-in and e-mail log', async () => {
        const [m, n] = [member({ name: 'Leaving Member' }), member({ name: 'Staying Member' })];
        const mine = await memberWithEverything(m);
        const theirs = await memberWithEverything(n);
        const nBefore = await traces(n, theirs);

        expect(await store.write((tx) => tx.deleteMember(m.id))).toBe(true);

        expect(await traces(m, mine)).toStrictEqual({
          member: undefined,
          byEmail: undefined,
          reflections: 0,
          achievements: 0,
          rippleEffects: 0,
          stories: 0,
          signIn: false,
          deliveries: { welcome: undefined, reflection: undefined, levelUp: undefined },
          session: false,
        });
        expect(await store.signIns.take({ linkHash: mine.linkHash })).toBeUndefined();
        expect(await store.memberCount()).toBe(1);
        expect(await found({})).toEqual(['Staying Member']);
        const candidates = (await collect(store.emailLog.candidates(new Date(T0 - DAY), 10))).flat();
        expect(candidates.map((c) => c.member.id)).toEqual([n.id]);
        // The other member keeps everything.
        expect(await traces(n, theirs)).toStrictEqual({ ...nBefore, session: true });
        expect(nBefore).toMatchObject({
          reflections: 2,
          achievements: 1,
          rippleEffects: 1,
          stories: 2,
          signIn: true,
          session: true,
        });
        expect(await store.storiesWithStatus('pending', 10)).toMatchObject([{ memberId: n.id }]);
        expect(await store.storiesWithStatus('approved', 10)).toMatchObject([{ memberId: n.id }]);
        // Their e-mail address is free again.
        expect(await store.write((tx) => tx.insertMember(member({ email: m.email })))).toBe(true);
      });

      it('deleteMember answers false for an unknown member and changes nothing; a write that throws after it keeps the member', async () => {
        const m = member();
        const held = await memberWithEverything(m);
        const before = await traces(m, held);
        expect(await store.write((tx) => tx.deleteMember(randomUUID()))).toBe(false);
        expect(await store.memberCount()).toBe(1);

        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            expect(await tx.deleteMember(m.id)).toBe(true);
            expect(await tx.memberById(m.id)).toBeUndefined();
            expect(await tx.deleteMember(m.id)).toBe(false);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await traces(m, held)).toStrictEqual(before);
        expect(await found({})).toEqual([m.name]);
      });
    });

    describe('deleting an inviter', () => {
      it('keeps the members they invited, without invitedBy; a write that throws after it puts the link back', async () => {
        const inviter = member({ inviteCode: 'Leaving-Code' });
        const other = member({ inviteCode: 'Staying-Code' });
        await insertMembers(inviter, other);
        const invitees = [member({ invitedBy: inviter.id }), member({ invitedBy: inviter.id })];
        const theirs = member({ invitedBy: other.id });
        await insertMembers(...invitees, theirs);

        const boom = new Error('changed my mind');
        await expect(
          store.write(async (tx) => {
            expect(await tx.deleteMember(inviter.id)).toBe(true);
            expect(await tx.memberById(invitees[0]!.id)).not.toHaveProperty('invitedBy');
            throw boom;
          }),
        ).rejects.toBe(boom);
        for (const m of [inviter, ...invitees]) expect(await store.memberById(m.id)).toStrictEqual(m);
        expect(await store.invitedCount(inviter.id)).toBe(2);
        expect(await store.memberByInviteCode('Leaving-Code')).toStrictEqual(inviter);

        expect(await store.write((tx) => tx.deleteMember(inviter.id))).toBe(true);
        for (const m of invitees) {
          const { invitedBy: _gone, ...kept } = m;
          expect(await store.memberById(m.id)).toStrictEqual(kept);
        }
        expect(await store.memberById(theirs.id)).toStrictEqual(theirs);
        expect(await store.invitedCount(inviter.id)).toBe(0);
        expect(await store.invitedCount(other.id)).toBe(1);
        expect(await store.memberByInviteCode('Leaving-Code')).toBeUndefined();
        expect(await store.memberCount()).toBe(4);

        // A deleted invitee leaves the inviter's count.
        expect(await store.write((tx) => tx.deleteMember(theirs.id))).toBe(true);
        expect(await store.invitedCount(other.id)).toBe(0);
      });
    });

    // Edges of the SQL store's own ways (keyset batches, deep pages read from the end), held to
    // the domain's reference: the memory store, which runs the rules of participantSearch.ts.
    describe('admin participants: pages and batches against the memory store', () => {
      const searchOf = (filter: AdminMemberFilterInput): MemberSearch => memberSearch(AdminMemberFilter.parse(filter));
      const FILTERS: AdminMemberFilterInput[] = [
        {},
        { status: 'active' },
        { q: 'moss' },
        { state: 'NY', status: 'all' },
      ];
      const SORTS: AdminMemberSort[] = ['newest', 'oldest', 'name', 'name-desc'];

      /**
       * Names equal but for case, a name that extends another, and runs of members who joined in
       * the same millisecond (ties broken by insertion), in three transactions.
       */
      async function crowd(): Promise<DomainWrites> {
        const same = at(-HOUR);
        const batches: StoredMember[][] = [
          [
            member({ name: 'Ada Moss', joinedAt: same, state: 'New York' }),
            member({ name: 'ada moss', joinedAt: same, isActive: false }),
            member({ name: 'Zed Moss', joinedAt: at(-DAY) }),
            member({ name: 'de Vries', joinedAt: same, state: 'New York' }),
          ],
          [
            member({ name: 'ADA MOSS', joinedAt: same }),
            member({ name: 'Ada Mossman', joinedAt: at(-2 * HOUR), state: 'New York' }),
            member({ name: 'Dean', joinedAt: same, isActive: false }),
            member({ name: 'bea_stone', joinedAt: at(-2 * HOUR) }),
          ],
          [
            member({ name: 'Bea Stone', joinedAt: same, state: 'New York' }),
            member({ name: 'ada moss', joinedAt: at(-2 * HOUR) }),
            member({ name: 'Zed Moss', joinedAt: same }),
          ],
        ];
        for (const batch of batches) await insertMembers(...batch);
        return memoryStore({
          members: batches.flat(),
          reflections: [],
          achievements: [],
          rippleEffects: [],
          stories: [],
          states: [],
          statesBackup: undefined,
        });
      }

      it('every page of every sort and filter is the memory store page, deep pages included', async () => {
        const reference = await crowd();
        for (const filter of FILTERS) {
          for (const sort of SORTS) {
            const search = searchOf({ ...filter, sort });
            const { total } = await reference.searchMembers(search, 0, 100);
            for (const limit of [1, 3, 25]) {
              for (let offset = 0; offset <= total + 1; offset += 1) {
                expect(
                  await store.searchMembers(search, offset, limit),
                  JSON.stringify({ search, offset, limit }),
                ).toStrictEqual(await reference.searchMembers(search, offset, limit));
              }
            }
          }
        }
      });

      it('memberBatches gives the memory store batches, also when a batch ends inside a run of ties', async () => {
        const reference = await crowd();
        const batches = async (from: DomainReads, search: MemberSearch, size: number): Promise<StoredMember[][]> => {
          const all: StoredMember[][] = [];
          for await (const batch of from.memberBatches(search, size)) all.push(batch);
          return all;
        };
        for (const filter of FILTERS) {
          for (const sort of SORTS) {
            const search = searchOf({ ...filter, sort });
            for (const size of [1, 2, 3, 5]) {
              expect(await batches(store, search, size), JSON.stringify({ search, size })).toStrictEqual(
                await batches(reference, search, size),
              );
            }
          }
        }
      });

      it('a backup of an empty map table is a backup, not none', async () => {
        await write((tx) => tx.replaceStatesBackup([]));
        expect(await store.statesBackup()).toStrictEqual([]);
        await write((tx) => tx.replaceStatesBackup(undefined));
        expect(await store.statesBackup()).toBeUndefined();
      });
    });

    describe('admin activity', () => {
      const action = (offsetMs: number, overrides: Partial<StoredAdminAction> = {}): StoredAdminAction => ({
        id: randomUUID(),
        at: at(offsetMs),
        action: 'participant.edit',
        adminId: 'admin-1',
        participant: { name: `Participant ${offsetMs}` },
        network: '203.0.113.7',
        ...overrides,
      });

      it('keeps a record as written, with or without a participant', async () => {
        const edit = action(0);
        const { participant: _none, ...mapUpdate } = action(MINUTE, {
          action: 'map.update',
          network: '2001:db8:1:2::/64',
        });
        await store.adminActivity.add(edit);
        await store.adminActivity.add(mapUpdate);
        expect(await store.adminActivity.page(0, 10)).toStrictEqual({ records: [mapUpdate, edit], total: 2 });
        const [first] = (await store.adminActivity.page(0, 1)).records;
        expect(first && Object.keys(first)).not.toContain('participant');
      });

      it('pages and batches newest first, ties the last added first, like the memory log', async () => {
        const reference = memoryAdminActivity({ adminActivity: [] });
        // Out of order, with runs of one instant.
        for (const offset of [3, 1, 1, 4, 1, 5, 9, 2, 6, 5, 3].map((n) => n * MINUTE)) {
          const record = action(offset);
          await store.adminActivity.add(record);
          await reference.add(record);
        }
        for (const limit of [1, 3, 25]) {
          for (let offset = 0; offset <= 12; offset += 1) {
            expect(await store.adminActivity.page(offset, limit)).toStrictEqual(await reference.page(offset, limit));
          }
        }
        const batches = async (log: AdminActivityLog, size: number): Promise<StoredAdminAction[][]> => {
          const all: StoredAdminAction[][] = [];
          for await (const batch of log.batches(size)) all.push(batch);
          return all;
        };
        for (const size of [1, 2, 4, 11, 12]) {
          expect(await batches(store.adminActivity, size)).toStrictEqual(await batches(reference, size));
        }
      });

      it('deleteBefore removes the records from before the instant and answers how many', async () => {
        const old = action(-366 * DAY);
        const edge = action(-365 * DAY);
        const recent = action(0);
        for (const record of [old, edge, recent]) await store.adminActivity.add(record);
        expect(await store.adminActivity.deleteBefore(new Date(T0 - 365 * DAY))).toBe(1);
        expect(await store.adminActivity.page(0, 10)).toStrictEqual({ records: [recent, edge], total: 2 });
        expect(await store.adminActivity.deleteBefore(new Date(T0 - 365 * DAY))).toBe(0);
      });

      it('returns copies', async () => {
        const record = action(0);
        await store.adminActivity.add(record);
        const [read] = (await store.adminActivity.page(0, 1)).records;
        if (read?.participant) read.participant.name = 'Changed';
        record.network = 'changed';
        expect((await store.adminActivity.page(0, 1)).records[0]?.participant?.name).toBe('Participant 0');
        expect((await store.adminActivity.page(0, 1)).records[0]?.network).toBe('203.0.113.7');
      });
    });
  });
}
