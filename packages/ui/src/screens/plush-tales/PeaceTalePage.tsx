/** /peacestory: Peace the Purtle Story (the panda/turtle plush). */
import { PEACE_STORY } from '../../content';
import { PlushTalePage } from './PlushTalePage';

export function PeaceTalePage() {
  return <PlushTalePage story={PEACE_STORY} />;
}
