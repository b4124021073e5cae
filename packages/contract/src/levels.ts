/** The peacemaker ladder (docs/product/rules.md#points-and-levels): thresholds and the rules derived from them. */

export const LEVEL_KEYS = ['Prospect', 'Explorer', 'Agent', 'Advocate', 'Guardian'] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

export const LEVEL_THRESHOLDS: Record<LevelKey, number> = {
  Prospect: 0,
  Explorer: 10,
  Agent: 50,
  Advocate: 150,
  Guardian: 300,
};

/** The highest level whose threshold is at or below the points. */
export function levelForPoints(points: number): LevelKey {
  let level: LevelKey = 'Prospect';
  for (const key of LEVEL_KEYS) if (points >= LEVEL_THRESHOLDS[key]) level = key;
  return level;
}

export function nextLevel(level: LevelKey): LevelKey | null {
  const index = LEVEL_KEYS.indexOf(level);
  return LEVEL_KEYS[index + 1] ?? null;
}

export function isLevelReached(level: LevelKey, current: LevelKey): boolean {
  return LEVEL_KEYS.indexOf(level) <= LEVEL_KEYS.indexOf(current);
}

export interface LevelProgress {
  next: LevelKey | null;
  /** 0..100, capped. 100 at the last level. */
  percent: number;
  /** Points still needed for the next level; 0 at the last level. */
  remaining: number;
}

/** (points - current threshold) / (next threshold - current threshold), capped at 100. */
export function levelProgress(current: LevelKey, points: number): LevelProgress {
  const next = nextLevel(current);
  if (!next) return { next: null, percent: 100, remaining: 0 };
  const from = LEVEL_THRESHOLDS[current];
  const to = LEVEL_THRESHOLDS[next];
  const percent = Math.min(100, Math.max(0, ((points - from) / (to - from)) * 100));
  return { next, percent, remaining: Math.max(0, to - points) };
}
