/**
 * The member's data is theirs (docs/product/rules.md#the-members-data): 'Download my data' gives
 * everything stored about them as one JSON file, and 'Delete my account' removes all of it.
 */
import { newestFirst, type MemberExport } from '@prr/contract';
import { achievementView } from './achievements.js';
import { notFound } from './errors.js';
import { requireMember } from './members.js';
import { standing } from './points.js';
import type { DomainReads, DomainWrites } from './ports.js';
import { reflectionView } from './reflections.js';
import { rippleEffectView } from './rippleEffects.js';
import { memberStoryView } from './stories.js';

/** The download's file name, and the headers that make the browser save it rather than show it. */
export const MEMBER_EXPORT_FILENAME = 'pause-reflect-retry-my-data.json';
export const MEMBER_EXPORT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Disposition': `attachment; filename="${MEMBER_EXPORT_FILENAME}"`,
  // Personal data: never kept by the browser's cache or a proxy.
  'Cache-Control': 'no-store',
};

/**
 * Everything stored about the member, in the contract's views (GET /api/me/export): the profile,
 * the e-mail settings, the reflections (newest first), the achievements (in the order earned),
 * the ripple effects (newest week first), the stories (newest first) and how many friends joined
 * through their invite link.
 */
export async function memberExport(store: DomainReads, memberId: string, now: Date): Promise<MemberExport> {
  const member = await requireMember(store, memberId);
  const [reflections, achievements, rippleEffects, stories, friendsJoined] = await Promise.all([
    store.reflectionsOf(member.id),
    store.achievementsOf(member.id),
    store.rippleEffectsOf(member.id),
    store.storiesOf(member.id),
    store.invitedCount(member.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: member.id,
      name: member.name,
      email: member.email,
      zipCode: member.zipCode,
      state: member.state,
      joinedAt: member.joinedAt,
      isActive: member.isActive,
      points: member.points,
      peacemakerLevel: standing(member).peacemakerLevel,
      friendsJoined,
      afterExperiment: member.afterExperiment ?? null,
    },
    emailSettings: {
      emailReminders: member.emailReminders,
      reminderTime: member.reminderTime,
      timezone: member.timezone,
    },
    reflections: newestFirst(reflections).map(reflectionView),
    achievements: achievements.map(achievementView),
    rippleEffects: rippleEffects.map(rippleEffectView),
    stories: stories.map(memberStoryView),
  };
}

/**
 * Deletes the member and everything of theirs (DELETE /api/me): reflections, achievements, ripple
 * effects, stories, and in the server's stores their sessions, sign-ins and e-mail log. Members
 * they invited stay members. Afterwards their address is unknown again, to sign-in as to joining.
 */
export async function deleteAccount(tx: DomainWrites, memberId: string): Promise<{ deleted: true }> {
  if (!(await tx.deleteMember(memberId))) throw notFound('Member not found');
  return { deleted: true };
}
