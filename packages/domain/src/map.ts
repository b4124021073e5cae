/** The participation map table, movement stats, recalculation and admin stats. */
import {
  DEFAULT_MOVEMENT_GOAL,
  STATE_NAMES,
  US_STATES,
  totalPeacemakers,
  type AdminStats,
  type MapTotals,
  type MovementStats,
  type RecalculatePreview,
  type RecalculateResponse,
  type StateParticipation,
} from '@prr/contract';
import { AppError } from './errors.js';
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

function mapTotals(states: readonly StateParticipation[]): MapTotals {
  return { peacemakers: totalPeacemakers(states), states: states.filter((s) => s.peacemakers >= 1).length };
}

/** Members, the map's total, and the states with at least one peacemaker. */
export async function adminStats(store: DomainReads): Promise<AdminStats> {
  const [states, totalMembers] = await Promise.all([store.states(), store.memberCount()]);
  const totals = mapTotals(states);
  return { totalMembers, totalParticipation: totals.peacemakers, stateCount: totals.states };
}

/** The map table 'Update Map' writes: all 50 states, each with its number of active members (0 where none). */
async function recalculatedStates(store: DomainReads): Promise<StateParticipation[]> {
  const counts = await store.activeMembersByState();
  return MAP_STATE_NAMES.map((state) => ({ state, stateCode: US_STATES[state], peacemakers: counts.get(state) ?? 0 }));
}

export const MAP_UPDATE_MESSAGES = {
  nothingToUndo: 'There is no map update to undo',
} as const;

/** What 'Update Map' would change, for the admin to confirm first. */
export async function recalculatePreview(store: DomainReads): Promise<RecalculatePreview> {
  const [states, next, backup] = await Promise.all([store.states(), recalculatedStates(store), store.statesBackup()]);
  return { current: mapTotals(states), recalculated: mapTotals(next), undoAvailable: backup !== undefined };
}

/** Replaces the map's counts with those of active members, keeping the previous table for one undo. */
export async function recalculateStates(tx: DomainWrites): Promise<RecalculateResponse> {
  const next = await recalculatedStates(tx);
  await tx.replaceStatesBackup(await tx.states());
  await tx.replaceStates(next);
  return { states: await mapStates(tx), stats: await adminStats(tx) };
}

/** Puts back the table the last 'Update Map' replaced, once. */
export async function undoRecalculateStates(tx: DomainWrites): Promise<RecalculateResponse> {
  const backup = await tx.statesBackup();
  if (!backup) throw new AppError('conflict', MAP_UPDATE_MESSAGES.nothingToUndo);
  await tx.replaceStates(backup);
  await tx.replaceStatesBackup(undefined);
  return { states: await mapStates(tx), stats: await adminStats(tx) };
}
