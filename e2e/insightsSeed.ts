/**
 * The data the Insights journey starts from (e2e/insights.test.ts): 40 members with 30 days of
 * reflections each, 6 of them in Wyoming, and Maya, whose 30th day is today. Written into the lowdb
 * data file before the site starts; the members are made by the domain's own `newMember`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { REFLECTION_DEFAULTS } from '@prr/contract';
import { addDays, calendarDate, newMember, type StoredMember, type StoredReflection } from '@prr/domain';

export const MAYA = { name: 'Maya Brooks', email: 'maya-insights@example.com' };
export const SMALL_STATE = { name: 'Wyoming', zipCode: '82001', members: 6 };
export const SEEDED_MEMBERS = 40;
export const SEEDED_DAYS = 30;

const DAY_MS = 86_400_000;

function reflectionsOf(member: StoredMember, days: number): StoredReflection[] {
  const joined = calendarDate(new Date(member.joinedAt), member.timezone);
  return Array.from({ length: days }, (_, index) => {
    const day = index + 1;
    return {
      ...REFLECTION_DEFAULTS,
      id: crypto.randomUUID(),
      memberId: member.id,
      day,
      date: addDays(joined, index),
      paused: day % 2 === 1,
      reflected: true,
      retried: day % 3 === 0,
      // Mood climbs through the month: the member's chart and the sentence under it show it.
      mood: Math.min(10, 4 + Math.floor(day / 6)),
      empathyScore: 6,
      selfAwarenessScore: 5 + (day % 2),
      conflictCount: day % 4 === 0 ? 1 : 0,
      successfulResponses: day % 5 === 0 ? 2 : 1,
      exerciseType: 'breathing',
      completedExercises: 1,
      savedAt: new Date(Date.parse(member.joinedAt) + index * DAY_MS).toISOString(),
    };
  });
}

/** Maya joined 29 days ago (day 30 today); the others 45 days ago, so their day 30 is over. */
export function seedInsights(dataFile: string, now = new Date()): void {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as { members?: unknown[]; reflections?: unknown[] };
  const members: StoredMember[] = [];
  for (let i = 0; i < SEEDED_MEMBERS; i += 1) {
    const maya = i === 0;
    const small = i >= 1 && i <= SMALL_STATE.members;
    const joined = new Date(now.getTime() - (maya ? 29 : 45) * DAY_MS);
    const member = newMember(
      {
        name: maya ? MAYA.name : `Seeded Member ${i}`,
        email: maya ? MAYA.email : `seeded-${i}@example.com`,
        zipCode: small ? SMALL_STATE.zipCode : '73301',
        state: small ? SMALL_STATE.name : 'Texas',
        timezone: 'America/New_York',
      },
      joined,
    );
    members.push({ ...member, emailConfirmed: true });
  }
  data.members = [...(data.members ?? []), ...members];
  data.reflections = [...(data.reflections ?? []), ...members.flatMap((m) => reflectionsOf(m, SEEDED_DAYS))];
  writeFileSync(dataFile, JSON.stringify(data));
}
