export { LevelUpCelebration, type LevelUpCelebrationProps } from './LevelUpCelebration';
export { levelUpTitle } from './levelUpText';
