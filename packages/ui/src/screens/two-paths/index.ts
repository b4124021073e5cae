export { TwoPathsPage, TwoPathsExplorer } from './TwoPathsPage';
