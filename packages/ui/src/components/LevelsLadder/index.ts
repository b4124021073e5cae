export { LevelCard, LevelsLadder, type LevelsLadderProps, type LevelStatus } from './LevelsLadder';
export { LEVELS, levelContent, type LevelContent } from './levelContent';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { Icon, isIconName, type IconName, type IconProps } from './Icon';
