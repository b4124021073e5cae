/**
 * GET /api/me/dashboard: everything the dashboard's first screen shows, in one answer
 * (docs/decisions/033-one-request-dashboard.md). The server and the mocks both answer with this.
 */
import { RECENT_DAYS, dashboardFigures, newestFirst, type MemberDashboard } from '@prr/contract';
import { achievementView } from './achievements.js';
import { memberView, requireMember } from './members.js';
import type { DomainReads } from './ports.js';
import { requirePrompt } from './prompts.js';
import { reflectionView } from './reflections.js';
import { memberStoryView } from './stories.js';

/**
 * A read only: a member from before invites, who has no code yet, gets `invite: null`, and the
 * dashboard's invite card asks GET /api/me/invite, which makes their code once.
 */
export async function memberDashboard(store: DomainReads, memberId: string, now: Date): Promise<MemberDashboard> {
  const stored = await requireMember(store, memberId);
  const [reflections, achievements, stories, friendsJoined] = await Promise.all([
    store.reflectionsOf(stored.id),
    store.achievementsOf(stored.id),
    store.storiesOf(stored.id),
    stored.inviteCode === undefined ? undefined : store.invitedCount(stored.id),
  ]);
  const member = memberView(stored, now);
  const newest = newestFirst(reflections).map(reflectionView);
  return {
    member,
    prompt: requirePrompt(member.currentDay),
    today: newest.find((reflection) => reflection.day === member.currentDay) ?? null,
    recent: newest.slice(0, RECENT_DAYS),
    figures: dashboardFigures(member.currentDay, newest),
    achievements: achievements.map(achievementView),
    invite:
      stored.inviteCode === undefined || friendsJoined === undefined
        ? null
        : { code: stored.inviteCode, friendsJoined },
    stories: stories.map(memberStoryView),
  };
}
