import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { LOVE_STORY } from '../../content';
import { externalLinks, paths } from '../../config';
import { LoveTalePage } from './LoveTalePage';
import { playTalePage, playTalePageMobile, playTaleShare } from './plushTalePlays';

const meta = {
  title: 'Pages/LoveStory',
  component: LoveTalePage,
  parameters: { route: paths.loveStory },
} satisfies Meta<typeof LoveTalePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: playTalePage(LOVE_STORY, externalLinks.plush.hugs),
};

/** No share sheet: the story link is copied and an alert says so. */
export const ShareCopiesLink: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: playTaleShare(paths.loveStory),
};

/** The plush moves above the story and the shop block centres. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: playTalePageMobile(LOVE_STORY),
};
