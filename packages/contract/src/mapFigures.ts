/** The map page's rules (docs/product/rules.md#the-map), shared by the map UI and its tests. */
import { MAP_BAND_THRESHOLDS, TOP_STATES_COUNT, TOTAL_US_STATES } from './constants.js';
import type { StateParticipation } from './schemas.js';

/** 0 for no record or 0 peacemakers, then 1..6 for 1-49, 50-99, 100-249, 250-499, 500-999, 1000+. */
export function bandIndex(peacemakers: number | undefined): number {
  if (!peacemakers || peacemakers <= 0) return 0;
  let band = 0;
  MAP_BAND_THRESHOLDS.forEach((threshold, index) => {
    if (peacemakers >= threshold) band = index;
  });
  return band;
}

/** Human labels of the bands, in order, for the legend. */
export const BAND_LABELS = ['0', '1-49', '50-99', '100-249', '250-499', '500-999', '1000+'] as const;

export function totalPeacemakers(records: readonly StateParticipation[]): number {
  return records.reduce((sum, r) => sum + r.peacemakers, 0);
}

/** Highest counts first; ties by name so the order is stable. */
export function topStates(records: readonly StateParticipation[], count = TOP_STATES_COUNT): StateParticipation[] {
  return [...records]
    .filter((r) => r.peacemakers > 0)
    .sort((a, b) => b.peacemakers - a.peacemakers || a.state.localeCompare(b.state))
    .slice(0, count);
}

/** Percentage of the goal, capped at 100, as a number (format with one decimal). */
export function goalPercent(total: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, (total / goal) * 100);
}

export function formatGoalPercent(total: number, goal: number): string {
  return `${goalPercent(total, goal).toFixed(1)}%`;
}

/** States (DC excluded: the card says "of 50 states") with at least one peacemaker. */
export function coveredStates(records: readonly StateParticipation[]): number {
  const codes = new Set(records.filter((r) => r.peacemakers > 0 && r.stateCode !== 'DC').map((r) => r.stateCode));
  return Math.min(TOTAL_US_STATES, codes.size);
}
