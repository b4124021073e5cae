export {
  Island,
  IslandCollector,
  IslandCollectorProvider,
  islandSlot,
  type FoundIsland,
  type IslandLoad,
} from './Island';
export { IslandFrame } from './IslandFrame';
