/** A member's reminder settings, and the unsubscribe link's effect. */
import type { EmailSettings } from '@prr/contract';
import { fieldError, notFound } from './errors.js';
import { requireMember } from './members.js';
import type { DomainWrites } from './ports.js';

export async function updateEmailSettings(
  tx: DomainWrites,
  memberId: string,
  settings: EmailSettings,
): Promise<EmailSettings> {
  await requireMember(tx, memberId);
  const { emailReminders, reminderTime, timezone } = settings;
  await tx.updateMember(memberId, { emailReminders, reminderTime, timezone });
  return { emailReminders, reminderTime, timezone };
}

/**
 * Turns reminders off for the member an unsubscribe token names. `memberId` is undefined when the
 * token did not verify (how a token is made is the caller's business: signed on the server).
 */
export async function unsubscribe(tx: DomainWrites, memberId: string | undefined): Promise<{ emailReminders: false }> {
  if (memberId === undefined) throw fieldError('token', 'This unsubscribe link is not valid');
  const member = await tx.memberById(memberId);
  if (!member) throw notFound('This unsubscribe link is no longer valid');
  await tx.updateMember(memberId, { emailReminders: false });
  return { emailReminders: false };
}
