export { MapFigures, MapFiguresIsland } from './MapFigures';
