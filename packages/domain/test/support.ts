/** Shared set-up of this package's tests: an empty memory store, a movable clock, request bodies. */
import type { ReflectionRequest, RippleEffectRequest } from '@prr/contract';
import { memoryStore, type MemoryData } from '../src/memoryStore.js';
import type { DomainWrites } from '../src/ports.js';

export interface TestStore {
  store: DomainWrites;
  /** The arrays behind the store, to check what it holds. */
  data: MemoryData;
}

export function testStore(data: Partial<MemoryData> = {}): TestStore {
  const all: MemoryData = {
    members: [],
    reflections: [],
    achievements: [],
    rippleEffects: [],
    stories: [],
    states: [],
    statesBackup: undefined,
    ...data,
  };
  return { store: memoryStore(all), data: all };
}

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  advanceDays(days: number): void;
}

export function testClock(start: string): TestClock {
  let at = Date.parse(start);
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
    advanceDays: (days) => {
      at += days * 86_400_000;
    },
  };
}

/** A member id no store holds. */
export const UNKNOWN_ID = '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A reflection request for `day`; day 1 is dated 2026-03-02, and each later day one day on. */
export function reflectionRequest(day: number, overrides: Partial<ReflectionRequest> = {}): ReflectionRequest {
  return {
    day,
    date: new Date(Date.parse('2026-03-02T00:00:00Z') + (day - 1) * 86_400_000).toISOString().slice(0, 10),
    paused: true,
    reflected: true,
    retried: false,
    notes: 'Counted to three.',
    mood: 7,
    conflictCount: 1,
    successfulResponses: 2,
    promptResponse: 'I listened first.',
    gratitudePractice: true,
    breathingExercise: true,
    perspectiveTaking: false,
    empathyScore: 8,
    selfAwarenessScore: 6,
    reflectionPrompt: 'The First Pause',
    exerciseType: 'breathing',
    completedExercises: 2,
    ...overrides,
  };
}

export function rippleRequest(week: number, overrides: Partial<RippleEffectRequest> = {}): RippleEffectRequest {
  return {
    week,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 1,
    othersInspired: 1,
    notes: `Week ${week}: my roommate started pausing too.`,
    ...overrides,
  };
}
