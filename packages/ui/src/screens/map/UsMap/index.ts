export { UsMap, StateMap, type UsMapProps, type StateMapProps } from './UsMap';
export { useStateShapes, type StateShape } from './stateShapes';
