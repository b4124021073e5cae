/**
 * Fixtures for the domain unit tests (and, through helpers.ts, the HTTP tests): the seed in memory
 * without touching any file, and request bodies.
 */
import { readFileSync } from 'node:fs';
import type { ReflectionRequest } from '@prr/contract';
import { SEED_FILE } from '../src/paths.js';
import { memoryLowdbStore, type LowdbStore } from '../src/store/lowdb/lowdbStore.js';
import { DbData } from '../src/store/schema.js';
import type { PurgeCounts } from '../src/store/types.js';

export function seedData(): DbData {
  return DbData.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
}

/** The store interface over the seed in memory: the domain rules run as they do in the server. */
export function memoryStore(data: DbData = seedData()): LowdbStore {
  return memoryLowdbStore(data);
}

/**
 * A reflection request for `day`, the body of POST /api/me/reflections: the member comes from the
 * session, never the body. Day 1 is dated 2026-03-02, and each later day one day on.
 */
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

/** A retention purge that deleted nothing; a case spreads it and names what it expects gone. */
export const NOTHING_PURGED: PurgeCounts = {
  adminSessions: 0,
  memberSessions: 0,
  signIns: 0,
  usedKeys: 0,
  keyRevocations: 0,
  rateLimits: 0,
  adminChallenges: 0,
  emailLog: 0,
  adminActivity: 0,
};
