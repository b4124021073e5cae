/** The words of the level-up celebration (docs/product/rules.md#level-ups). */
import type { LevelKey } from '@prr/contract';
import { levelContent } from '../../../components/LevelsLadder';

/** 'You are now an Agent', 'You are now a Guardian': the toast's title. */
export function levelUpTitle(level: LevelKey): string {
  const title = levelContent(level).title;
  return `You are now ${/^[AEIOU]/i.test(title) ? 'an' : 'a'} ${title}`;
}
