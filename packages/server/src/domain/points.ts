/** Points and the level they imply; the level is stored too so the data file reads on its own. */
import { levelForPoints, type LevelKey } from '@prr/contract';
import type { StoredMember } from '../store/schema.js';
import type { MemberPatch } from '../store/types.js';

/** The member's new points and the level they imply, as a patch for the store. */
export function withPoints(member: Pick<StoredMember, 'points'>, points: number): Required<Pick<MemberPatch, 'points' | 'level'>> {
  const total = member.points + points;
  return { points: total, level: levelForPoints(total) };
}

export interface LevelStanding {
  peacemakerLevel: LevelKey;
  levelProgressPoints: number;
}

export function standing(member: Pick<StoredMember, 'points'>): LevelStanding {
  return { peacemakerLevel: levelForPoints(member.points), levelProgressPoints: member.points };
}
