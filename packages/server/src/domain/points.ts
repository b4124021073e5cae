/** Points and the level they imply; the level is stored too so the data file reads on its own. */
import { levelForPoints, type LevelKey } from '@prr/contract';
import type { StoredMember } from '../store/schema.js';

export function addPoints(member: StoredMember, points: number): void {
  member.points += points;
  member.level = levelForPoints(member.points);
}

export interface LevelStanding {
  peacemakerLevel: LevelKey;
  levelProgressPoints: number;
}

export function standing(member: Pick<StoredMember, 'points'>): LevelStanding {
  return { peacemakerLevel: levelForPoints(member.points), levelProgressPoints: member.points };
}
