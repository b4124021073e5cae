/** /peacestory: Peace the Purtle Story (the panda/turtle plush). */
import { PEACE_STORY } from '../../content';
import { StoryPage } from './StoryPage';

export function PeaceStoryPage() {
  return <StoryPage story={PEACE_STORY} />;
}
