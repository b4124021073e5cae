/** /lovestory: Hugs the Love Story (the lion/dove plush). */
import { LOVE_STORY } from '../../content';
import { PlushTalePage } from './PlushTalePage';

export function LoveTalePage() {
  return <PlushTalePage story={LOVE_STORY} />;
}
