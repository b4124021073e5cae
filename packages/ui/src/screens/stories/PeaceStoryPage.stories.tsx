import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { PEACE_STORY } from '../../content';
import { externalLinks, paths } from '../../config';
import { PeaceStoryPage } from './PeaceStoryPage';
import { playStoryPage, playStoryPageMobile, playStoryShare } from './storyPageStories';

const meta = {
  title: 'Pages/PeaceStory',
  component: PeaceStoryPage,
  parameters: { route: paths.peaceStory },
} satisfies Meta<typeof PeaceStoryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: playStoryPage(PEACE_STORY, externalLinks.plush.peace),
};

/** No share sheet: the story link is copied and an alert says so. */
export const ShareCopiesLink: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: playStoryShare(paths.peaceStory),
};

/** The plush moves above the story and the shop block centres. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: playStoryPageMobile(PEACE_STORY),
};
