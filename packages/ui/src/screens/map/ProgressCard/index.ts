export { ProgressCard, type ProgressCardProps } from './ProgressCard';
