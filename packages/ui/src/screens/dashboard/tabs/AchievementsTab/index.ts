export { AchievementsTab, type AchievementsTabProps } from './AchievementsTab';
