export { TwoPathsPage } from './TwoPathsPage';
