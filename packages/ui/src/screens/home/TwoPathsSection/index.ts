export { TwoPathsSection } from './TwoPathsSection';
