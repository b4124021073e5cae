/**
 * The shared set-up of the store suite (store.suite.test.ts runs every *.cases.ts file on both
 * stores): the contract of packages/server/src/store/types.ts checked against any implementation,
 * so the lowdb store and the PostgreSQL store answer alike.
 *
 * Every test gets a fresh store from `open` (seeded from db.json, no members), and compares exact
 * values: a field one store adds, drops or formats differently shows as a failure here. Builders
 * make realistic stored objects with random ids and dates from fixed instants.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AchievementType, FeaturedProduct, StateParticipation, Testimonial } from '@prr/contract';
import { afterEach, beforeEach, expect } from 'vitest';
import type { StoredAchievement, StoredMember, StoredReflection, StoredRippleEffect, StoredStory } from '@prr/domain';
import { deliveryKey, type Due, type EmailKind } from '../../src/scheduler/emailDelivery.js';
import { SEED_FILE } from '../../src/paths.js';
import type { StoredAdmin } from '../../src/store/schema.js';
import type { AppStore, EmailCandidate, StoreWrites } from '../../src/store/types.js';

export interface OpenedStore {
  store: AppStore;
  /** Closes the store (it may already be closed) and removes what `open` made. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Builders: realistic stored objects with random ids and dates from fixed instants.

/** 2026-03-02 15:00 UTC: "now" for every test. */
export const T0 = Date.parse('2026-03-02T15:00:00.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The instant `offsetMs` after T0 as the ISO string the server writes (toISOString). */
export const at = (offsetMs = 0): string => new Date(T0 + offsetMs).toISOString();
/** The calendar date of experiment day `day` for members who joined on 2026-03-02. */
export const dateOfDay = (day: number): string => new Date(T0 + (day - 1) * DAY).toISOString().slice(0, 10);

let serial = 0;

export function member(overrides: Partial<StoredMember> = {}): StoredMember {
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

export function reflection(memberId: string, day: number, overrides: Partial<StoredReflection> = {}): StoredReflection {
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

export const ACHIEVEMENT_TEXT: Record<
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

export function achievement(
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

export function rippleEffect(
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

export function story(memberId: string, submittedAt: string, overrides: Partial<StoredStory> = {}): StoredStory {
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

export function admin(overrides: Partial<StoredAdmin> = {}): StoredAdmin {
  return {
    id: randomUUID(),
    name: 'Site Administrator',
    email: `admin.${randomUUID().slice(0, 8)}@pausereflectretry.org`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0XgmdO3tKDZ+4cD2WSTMlTqP0nD7u1QxEmf5vKkDQfU',
    ...overrides,
  };
}

/** Two fresh uuids, the greater first: inserted in this order, insertion order is NOT id order. */
export function descendingIds(): [string, string] {
  const [a, b] = [randomUUID(), randomUUID()].sort();
  return [b!, a!];
}

export function due(memberId: string, kind: EmailKind, localDate: string, day: number): Due {
  return { memberId, kind, key: deliveryKey(memberId, kind, localDate), localDate, day, retry: false };
}

export const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export interface Seed {
  states: StateParticipation[];
  products: FeaturedProduct[];
  testimonials: Testimonial[];
}

export const readSeed = (): Seed => JSON.parse(readFileSync(SEED_FILE, 'utf8')) as Seed;

export async function collect(batches: AsyncIterable<EmailCandidate[]>): Promise<EmailCandidate[][]> {
  const all: EmailCandidate[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// The store of each test.

export interface SuiteContext {
  /** The store's kind ('lowdb' or 'postgres'). */
  readonly name: string;
  /** The running test's fresh store: one object for every test, forwarding to the test's own. */
  readonly store: AppStore;
  /** One transaction inserting members, each of which must be new. */
  insertMembers(...members: StoredMember[]): Promise<void>;
  write(fn: (tx: StoreWrites) => Promise<unknown>): Promise<void>;
}

/** Opens a fresh store before each test of the calling describe block, and closes it after. */
export function storeContext(name: string, open: () => Promise<OpenedStore>): SuiteContext {
  let opened: OpenedStore | undefined;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  const current = (): AppStore => {
    if (!opened) throw new Error('The store suite reads its store inside a test only');
    return opened.store;
  };
  // So that a case file can take `store` from the context once, outside its tests.
  const store = new Proxy({} as AppStore, {
    get(_target, key) {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    name,
    store,
    insertMembers: (...members) =>
      current().write(async (tx) => {
        for (const m of members) expect(await tx.insertMember(m)).toBe(true);
      }),
    write: (fn) =>
      current().write(async (tx) => {
        await fn(tx);
      }),
  };
}
