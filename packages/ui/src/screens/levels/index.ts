export { LevelsPage } from './LevelsPage';
