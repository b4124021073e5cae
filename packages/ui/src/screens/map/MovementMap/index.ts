export { MovementMap, MovementMapIsland } from './MovementMap';
