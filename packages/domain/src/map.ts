/** The participation map table, movement stats, recalculation and admin stats. */
import {
  DEFAULT_MOVEMENT_GOAL,
  STATE_NAMES,
  US_STATES,
  totalPeacemakers,
  type AdminStats,
  type MovementStats,
  type RecalculateResponse,
  type StateParticipation,
} from '@prr/contract';
import type { DomainReads, DomainWrites } from './ports.js';

/** The 50 states of the map (DC has no shape on it and is not one of the "50 states"). */
export const MAP_STATE_NAMES = STATE_NAMES.filter((name) => US_STATES[name] !== 'DC');

export function stateView(s: StateParticipation): StateParticipation {
  return { state: s.state, stateCode: s.stateCode, peacemakers: s.peacemakers };
}

export async function mapStates(store: DomainReads): Promise<StateParticipation[]> {
  return (await store.states()).map(stateView);
}

export async function movementStats(store: DomainReads): Promise<MovementStats> {
  return { goal: DEFAULT_MOVEMENT_GOAL, total: totalPeacemakers(await store.states()) };
}

/** Members, the map's total, and the states with at least one peacemaker. */
export async function adminStats(store: DomainReads): Promise<AdminStats> {
  const [states, totalMembers] = await Promise.all([store.states(), store.memberCount()]);
  return {
    totalMembers,
    totalParticipation: totalPeacemakers(states),
    stateCount: states.filter((s) => s.peacemakers >= 1).length,
  };
}

/** Replaces every state's count with its number of active members; all 50 states, 0 where none. */
export async function recalculateStates(tx: DomainWrites): Promise<RecalculateResponse> {
  const counts = await tx.activeMembersByState();
  await tx.replaceStates(
    MAP_STATE_NAMES.map((state) => ({ state, stateCode: US_STATES[state], peacemakers: counts.get(state) ?? 0 })),
  );
  return { states: await mapStates(tx), stats: await adminStats(tx) };
}
