export { LoveStoryPage } from './LoveStoryPage';
export { PeaceStoryPage } from './PeaceStoryPage';
export { StoryPage, STORY_COPIED_MESSAGE } from './StoryPage';
