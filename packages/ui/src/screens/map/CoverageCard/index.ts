export { CoverageCard, type CoverageCardProps } from './CoverageCard';
