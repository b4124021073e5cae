import type { RippleEffectFields } from '@prr/contract';
import type { IconName } from '../../../../components/LevelsLadder';

type CountKey = Exclude<keyof RippleEffectFields, 'week' | 'notes'>;

/** The four weekly counts, labelled once for the list and the record form. */
export const RIPPLE_COUNTS: readonly { key: CountKey; label: string; icon: IconName }[] = [
  { key: 'relationshipImprovements', label: 'Relationships improved', icon: 'heart' },
  { key: 'positiveInteractions', label: 'Positive interactions', icon: 'smile' },
  { key: 'conflictsAvoided', label: 'Conflicts avoided', icon: 'olive' },
  { key: 'othersInspired', label: 'Others inspired', icon: 'sprout' },
];
