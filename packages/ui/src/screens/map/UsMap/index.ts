export { UsMap, StateMap, type UsMapProps, type StateMapProps } from './UsMap';
export { buildStateShapes, isStatesTopology } from './buildStateShapes';
export { useStateShapes, type StateShape } from './stateShapes';
