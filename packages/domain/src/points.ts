/** Points and the level they imply; the level is stored too so the data reads on its own. */
import { levelForPoints, type LevelKey } from '@prr/contract';
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
