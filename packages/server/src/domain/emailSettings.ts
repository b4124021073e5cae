/** A member's reminder settings, and the unsubscribe link's effect. */
import type { EmailSettings } from '@prr/contract';
import { notFound } from '../errors.js';
import type { Repo } from '../store/repo.js';
import { requireMember } from './members.js';

export function updateEmailSettings(repo: Repo, memberId: string, settings: EmailSettings): EmailSettings {
  const member = requireMember(repo, memberId);
  member.emailReminders = settings.emailReminders;
  member.reminderTime = settings.reminderTime;
  member.timezone = settings.timezone;
  return { emailReminders: member.emailReminders, reminderTime: member.reminderTime, timezone: member.timezone };
}

/** Turns reminders off for the member a verified unsubscribe token names. */
export function unsubscribe(repo: Repo, memberId: string): { emailReminders: false } {
  const member = repo.memberById(memberId);
  if (!member) throw notFound('This unsubscribe link is no longer valid');
  member.emailReminders = false;
  return { emailReminders: false };
}
