/**
 * Level-ups the dashboard has celebrated (docs/product/rules.md#level-ups). The member's view
 * answers `levelUp` while their level is above `levelSeen` (points.ts, pendingLevelUp); the
 * dashboard shows the celebration, then acknowledges the level it showed here.
 */
import { LEVEL_KEYS, type LevelKey, type Member } from '@prr/contract';
import { memberView, requireMember } from './members.js';
import type { DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';

const rank = (level: LevelKey): number => LEVEL_KEYS.indexOf(level);

/**
 * The levelSeen an acknowledgement of `level` leaves: `level` when it is above the stored one and
 * at or below the member's level, otherwise unchanged. A stale acknowledgement (a second tab, a
 * retried request) never lowers it; a level the member has not reached is never marked seen.
 * Data from before level-ups were noticed (no levelSeen) reads as seen up to the current level.
 */
export function levelSeenAfter(member: Pick<StoredMember, 'level' | 'levelSeen'>, level: LevelKey): LevelKey {
  const seen = member.levelSeen ?? member.level;
  return rank(level) > rank(seen) && rank(level) <= rank(member.level) ? level : seen;
}

/** POST /api/me/level-up/seen: records the celebrated level when it moves levelSeen up; answers the member's view. */
export async function markLevelUpSeen(tx: DomainWrites, memberId: string, level: LevelKey, now: Date): Promise<Member> {
  const member = await requireMember(tx, memberId);
  const levelSeen = levelSeenAfter(member, level);
  // Nothing moved (also for data with no levelSeen, which stays as it is).
  if (levelSeen === (member.levelSeen ?? member.level)) return memberView(member, now);
  await tx.updateMember(memberId, { levelSeen });
  return memberView({ ...member, levelSeen }, now);
}
