export { LevelCard, LevelsLadder, type LevelsLadderProps } from './LevelsLadder';
export { LEVELS, levelContent, type LevelContent, type LevelStatus } from './levelContent';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { Icon, isIconName, type IconName, type IconProps } from './Icon';
