import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { PEACE_STORY } from '../../content';
import { externalLinks, paths } from '../../config';
import { PeaceTalePage } from './PeaceTalePage';
import { playTalePage, playTalePageMobile, playTaleShare } from './plushTalePlays';

const meta = {
  title: 'Pages/PeaceStory',
  component: PeaceTalePage,
  parameters: { route: paths.peaceStory },
} satisfies Meta<typeof PeaceTalePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: playTalePage(PEACE_STORY, externalLinks.plush.peace),
};

/** No share sheet: the story link is copied and an alert says so. */
export const ShareCopiesLink: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: playTaleShare(paths.peaceStory),
};

/** The plush moves above the story and the shop block centres. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: playTalePageMobile(PEACE_STORY),
};
