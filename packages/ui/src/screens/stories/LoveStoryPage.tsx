/** /lovestory: Hugs the Love Story (the lion/dove plush). */
import { LOVE_STORY } from '../../content';
import { StoryPage } from './StoryPage';

export function LoveStoryPage() {
  return <StoryPage story={LOVE_STORY} />;
}
