export { LevelsTab, type LevelsTabProps } from './LevelsTab';
