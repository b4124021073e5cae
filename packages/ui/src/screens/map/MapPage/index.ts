export { MapPage } from './MapPage';
