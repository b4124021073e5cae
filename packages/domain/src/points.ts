/** Points and the level they imply; the level is stored too so the data reads on its own. */
import { LEVEL_KEYS, levelForPoints, type LevelKey } from '@prr/contract';
import type { StoredMember } from './records.js';

/** The member's new points and the level they imply, as a patch for the store. */
export function withPoints(
  member: Pick<StoredMember, 'points'>,
  points: number,
): Pick<StoredMember, 'points' | 'level'> {
  const total = member.points + points;
  return { points: total, level: levelForPoints(total) };
}

export interface LevelStanding {
  peacemakerLevel: LevelKey;
  levelProgressPoints: number;
}

/** The level and points the dashboard shows: always from the store, never from the client. */
export function standing(member: Pick<StoredMember, 'points'>): LevelStanding {
  return { peacemakerLevel: levelForPoints(member.points), levelProgressPoints: member.points };
}

/**
 * The level the dashboard has yet to celebrate: the member's level when it is above the last one
 * celebrated (levelSeen). Data from before level-ups were noticed has no levelSeen: nothing pending.
 */
export function pendingLevelUp(member: Pick<StoredMember, 'level' | 'levelSeen'>): LevelKey | null {
  if (member.levelSeen === undefined) return null;
  return LEVEL_KEYS.indexOf(member.level) > LEVEL_KEYS.indexOf(member.levelSeen) ? member.level : null;
}
