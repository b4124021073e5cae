/** The reflection form's starting values, also what it resets to after a save (docs/product/rules.md#reflections). */
import { SCORE_DEFAULT } from './constants.js';
import type { ReflectionFields } from './schemas.js';

export const REFLECTION_DEFAULTS: ReflectionFields = {
  paused: false,
  reflected: false,
  retried: false,
  notes: '',
  mood: SCORE_DEFAULT,
  conflictCount: 0,
  successfulResponses: 0,
  promptResponse: '',
  gratitudePractice: false,
  breathingExercise: false,
  perspectiveTaking: false,
  empathyScore: SCORE_DEFAULT,
  selfAwarenessScore: SCORE_DEFAULT,
};
