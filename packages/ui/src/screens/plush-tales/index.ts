export { LoveTalePage } from './LoveTalePage';
export { PeaceTalePage } from './PeaceTalePage';
export { PlushTalePage, STORY_COPIED_MESSAGE } from './PlushTalePage';
