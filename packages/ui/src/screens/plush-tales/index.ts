export { LoveTalePage } from './LoveTalePage';
export { PeaceTalePage } from './PeaceTalePage';
