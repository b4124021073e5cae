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
import type { Repo } from '../store/repo.js';

/** The 50 states of the map (DC has no shape on it and is not one of the "50 states"). */
export const MAP_STATE_NAMES = STATE_NAMES.filter((name) => US_STATES[name] !== 'DC');

export function stateView(s: StateParticipation): StateParticipation {
  return { state: s.state, stateCode: s.stateCode, peacemakers: s.peacemakers };
}

export function mapStates(repo: Repo): StateParticipation[] {
  return repo.data.states.map(stateView);
}

export function movementStats(repo: Repo): MovementStats {
  return { goal: DEFAULT_MOVEMENT_GOAL, total: totalPeacemakers(repo.data.states) };
}

export function adminStats(repo: Repo): AdminStats {
  const states = repo.data.states;
  return {
    totalMembers: repo.data.members.length,
    totalParticipation: totalPeacemakers(states),
    stateCount: states.filter((s) => s.peacemakers >= 1).length,
  };
}

/** Replaces every state's count with its number of active members; all 50 states, 0 where none. */
export function recalculateStates(repo: Repo): RecalculateResponse {
  const counts = new Map<string, number>();
  for (const member of repo.data.members) {
    if (member.isActive && member.state) counts.set(member.state, (counts.get(member.state) ?? 0) + 1);
  }
  repo.data.states = MAP_STATE_NAMES.map((state) => ({
    state,
    stateCode: US_STATES[state],
    peacemakers: counts.get(state) ?? 0,
  }));
  return { states: mapStates(repo), stats: adminStats(repo) };
}
