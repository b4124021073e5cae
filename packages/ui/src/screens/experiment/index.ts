export { ExperimentPage } from './ExperimentPage';
