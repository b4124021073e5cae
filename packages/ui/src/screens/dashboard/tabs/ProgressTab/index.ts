export { ProgressTab, type ProgressTabProps } from './ProgressTab';
