export { SettingsTab, type SettingsTabProps } from './SettingsTab';
