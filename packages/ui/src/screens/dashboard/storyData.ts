/**
 * The seeded members as the dashboard sees them, for stories and tests: the domain's member view
 * at the mocks' fixed clock (FIXTURE_NOW), so Jordan is on day 10 and Priya on day 21
 * (mocks/fixtures/members.ts).
 */
import type { Member } from '@prr/contract';
import { memberView } from '@prr/domain';
import { FIXTURE_NOW, demoMember, quietMember } from '@prr/mocks/fixtures';

/** Ten reflections, both achievements, two ripple-effect weeks; Advocate with 195 points. */
export const jordan: Member = memberView(demoMember, FIXTURE_NOW);

/** Day 21 with no reflections and no achievements yet; reminders at 7:00 AM Los Angeles time. */
export const priya: Member = memberView(quietMember, FIXTURE_NOW);
