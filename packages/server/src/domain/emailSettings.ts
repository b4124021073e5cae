/** A member's reminder settings, and the unsubscribe link's effect. */
import type { EmailSettings } from '@prr/contract';
import { notFound } from '../errors.js';
import type { StoreWrites } from '../store/types.js';
import { requireMember } from './members.js';

export async function updateEmailSettings(tx: StoreWrites, memberId: string, settings: EmailSettings): Promise<EmailSettings> {
  await requireMember(tx, memberId);
  const { emailReminders, reminderTime, timezone } = settings;
  await tx.updateMember(memberId, { emailReminders, reminderTime, timezone });
  return { emailReminders, reminderTime, timezone };
}

/** Turns reminders off for the member a verified unsubscribe token names. */
export async function unsubscribe(tx: StoreWrites, memberId: string): Promise<{ emailReminders: false }> {
  const member = await tx.memberById(memberId);
  if (!member) throw notFound('This unsubscribe link is no longer valid');
  await tx.updateMember(memberId, { emailReminders: false });
  return { emailReminders: false };
}
