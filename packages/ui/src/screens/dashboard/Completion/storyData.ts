/**
 * The completion screen's story data: the mocks' clock moved to Jordan's day 91, so the member view
 * says `completed` and POST /api/me/after-experiment is allowed, by the domain's own rules.
 */
import type { AfterExperimentChoice, Member } from '@prr/contract';
import { memberView } from '@prr/domain';
import { mockDb, resetMockDb } from '@prr/mocks';
import { FIXTURE_NOW, demoMember } from '@prr/mocks/fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 81 days after the fixtures' day 10: Jordan's day 91, the first after the experiment. */
export const DAY_91 = new Date(FIXTURE_NOW.getTime() + 81 * DAY_MS);

/** Jordan on day 91, before choosing what comes next. */
export const jordanCompleted: Member = memberView(demoMember, DAY_91);

/** The mocks at Jordan's day 91, with the choice already made when one is given. */
export function seedCompleted(choice: AfterExperimentChoice | null = null): void {
  resetMockDb({ now: DAY_91 });
  if (choice === null) return;
  mockDb.members = mockDb.members.map((m) =>
    m.id === demoMember.id ? { ...m, afterExperiment: choice, emailReminders: choice === 'continue' } : m,
  );
}
