export { UsMap, StateMap, type UsMapProps, type StateMapProps } from './UsMap';
export { buildStateShapes, isStatesTopology, useStateShapes, type StateShape } from './stateShapes';
