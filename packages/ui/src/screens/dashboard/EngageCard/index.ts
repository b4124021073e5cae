export { EngageCard, EngageRow, type EngageCardProps } from './EngageCard';
