/** The confirmation's sentence: what the map shows now and what 'Update Map' would put there. */
import type { RecalculatePreview } from '@prr/contract';
import { formatCount } from '../../map/mapRules';

const counted = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

export function describeMapUpdate({ current, recalculated }: RecalculatePreview): string {
  const now = `${counted(current.peacemakers, 'peacemaker', 'peacemakers')} in ${counted(current.states, 'state', 'states')}`;
  const next = `${formatCount(recalculated.peacemakers)} in ${counted(recalculated.states, 'state', 'states')}`;
  return `The map's counts (${now}) will be replaced by counts of active members (${next}).`;
}
