export { TopStates, type TopStatesProps } from './TopStates';
