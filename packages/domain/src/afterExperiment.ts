/**
 * The end of the 90 days (docs/product/rules.md#after-day-90): from day 91 the member chooses to
 * keep the daily reflection e-mail coming or to stop the e-mails.
 */
import type { AfterExperimentChoice, Member } from '@prr/contract';
import { AppError } from './errors.js';
import { experimentComplete, memberView, requireMember } from './members.js';
import type { DomainWrites } from './ports.js';

export const AFTER_EXPERIMENT_MESSAGES = {
  notYet: 'Your 90 days are not over yet: this choice opens on day 91',
} as const;

/**
 * Stores the choice and turns the reminders on ('continue') or off ('stop'); a later choice
 * replaces it. Before day 91 in the member's time zone: 409, nothing changed.
 */
export async function chooseAfterExperiment(
  tx: DomainWrites,
  memberId: string,
  choice: AfterExperimentChoice,
  now: Date,
): Promise<Member> {
  const member = await requireMember(tx, memberId);
  if (!experimentComplete(member, now)) throw new AppError('conflict', AFTER_EXPERIMENT_MESSAGES.notYet);
  const patch = { afterExperiment: choice, emailReminders: choice === 'continue' };
  await tx.updateMember(member.id, patch);
  return memberView({ ...member, ...patch }, now);
}
