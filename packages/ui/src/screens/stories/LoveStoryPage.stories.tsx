import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { LOVE_STORY } from '../../content';
import { externalLinks, paths } from '../../config';
import { LoveStoryPage } from './LoveStoryPage';
import { playStoryPage, playStoryPageMobile, playStoryShare } from './storyPageStories';

const meta = {
  title: 'Pages/LoveStory',
  component: LoveStoryPage,
  parameters: { route: paths.loveStory },
} satisfies Meta<typeof LoveStoryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: playStoryPage(LOVE_STORY, externalLinks.plush.hugs),
};

/** No share sheet: the story link is copied and an alert says so. */
export const ShareCopiesLink: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: playStoryShare(paths.loveStory),
};

/** The plush moves above the story and the shop block centres. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: playStoryPageMobile(LOVE_STORY),
};
