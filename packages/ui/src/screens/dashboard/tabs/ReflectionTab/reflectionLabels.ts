/**
 * The reflection's fields as the member reads them, named once for the form, the progress marks and
 * the read-only day of the history (docs/product/screens.md#todays-reflection).
 */
import type { ReflectionFields } from '@prr/contract';

type ToggleKey = {
  [K in keyof ReflectionFields]: ReflectionFields[K] extends boolean ? K : never;
}[keyof ReflectionFields];

/** Pause. Reflect. Retry.: `short` is the progress mark ('Paused: yes'). */
export const STEP_TOGGLES: readonly { key: ToggleKey; label: string; short: string }[] = [
  { key: 'paused', label: 'I paused before reacting', short: 'Paused' },
  { key: 'reflected', label: 'I reflected on what happened', short: 'Reflected' },
  { key: 'retried', label: 'I tried again with a better response', short: 'Retried' },
];

/** The three practice exercises (completedExercises counts the ones on). */
export const PRACTICE_TOGGLES: readonly { key: ToggleKey; label: string; description: string }[] = [
  {
    key: 'gratitudePractice',
    label: 'Gratitude practice',
    description: 'Named something or someone you are thankful for.',
  },
  { key: 'breathingExercise', label: 'Breathing exercise', description: 'Took three slow breaths before answering.' },
  {
    key: 'perspectiveTaking',
    label: 'Perspective taking',
    description: "Put the other side's view into their own words.",
  },
];

/** The 1-10 sliders and the words at their two ends. */
export const SCORES = {
  mood: { label: 'Mood', low: 'Heavy', high: 'Light' },
  empathyScore: { label: 'Empathy', low: 'Closed', high: 'Open' },
  selfAwarenessScore: { label: 'Self-awareness', low: 'On autopilot', high: 'Fully present' },
} as const satisfies Partial<Record<keyof ReflectionFields, { label: string; low: string; high: string }>>;

export const COUNT_LABELS = {
  conflictCount: 'Conflicts today',
  successfulResponses: 'Better responses',
} as const satisfies Partial<Record<keyof ReflectionFields, string>>;
