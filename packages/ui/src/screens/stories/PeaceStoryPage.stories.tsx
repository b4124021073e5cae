import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { PEACE_STORY } from '../../content';
import { externalLinks, paths } from '../../config';
import { PeaceStoryPage } from './PeaceStoryPage';
import { playStoryPage, playStoryShare } from './storyPageStories';

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
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: PEACE_STORY.title })).toBeInTheDocument();
    // One column: the plush comes below the title and its buttons, before the first chapter.
    const shop = canvas.getByRole('link', { name: `${PEACE_STORY.shop.label} (opens in a new tab)` });
    const plush = canvas.getByRole('button', { name: `Enlarge image: ${PEACE_STORY.portrait.caption}` });
    const firstChapter = canvas.getByRole('heading', { level: 2, name: PEACE_STORY.chapters[0]?.title });
    await expect(plush.getBoundingClientRect().top).toBeGreaterThanOrEqual(shop.getBoundingClientRect().bottom);
    await expect(plush.getBoundingClientRect().bottom).toBeLessThanOrEqual(firstChapter.getBoundingClientRect().top);
  },
};
