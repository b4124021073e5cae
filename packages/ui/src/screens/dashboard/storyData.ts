/**
 * The seeded members as the dashboard sees them, for stories and tests. The mocks' clock is fixed
 * (FIXTURE_NOW), so the days are fixed too: Jordan is on day 10, Priya on day 21
 * (mocks/fixtures/members.ts).
 */
import { levelForPoints, type Member } from '@prr/contract';
import { demoMember, quietMember, type MockMember } from '@prr/mocks/fixtures';

function asDashboardMember(member: MockMember, currentDay: number): Member {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    currentDay,
    emailReminders: member.emailReminders,
    reminderTime: member.reminderTime,
    timezone: member.timezone,
    peacemakerLevel: levelForPoints(member.points),
    levelProgressPoints: member.points,
  };
}

/** Ten reflections, both achievements, two ripple-effect weeks; Advocate with 195 points. */
export const jordan: Member = asDashboardMember(demoMember, 10);

/** Day 21 with no reflections and no achievements yet; reminders at 7:00 AM Los Angeles time. */
export const priya: Member = asDashboardMember(quietMember, 21);
