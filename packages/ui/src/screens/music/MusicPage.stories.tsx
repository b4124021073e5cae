import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { THEME_SONG } from '../../content';
import { paths } from '../../config';
import { MusicPage } from './MusicPage';

const meta = {
  title: 'Pages/Music',
  component: MusicPage,
  parameters: { route: paths.music },
} satisfies Meta<typeof MusicPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Music of the Movement' })).toBeInTheDocument();
    const player = canvas.getByRole('group', { name: `Audio player: ${THEME_SONG.title}` });
    await expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await expect(within(player).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.7');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Lyrics' })).toBeInTheDocument();

    await userEvent.click(within(player).getByRole('button', { name: 'Mute' }));
    await expect(within(player).getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(player).getByRole('button', { name: 'Lyrics' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: `${THEME_SONG.title}: lyrics` })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** No share sheet: the page link is copied and an alert says so. */
export const ShareCopiesLink: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(new URL(paths.music, window.location.origin).href);
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Music page link copied to clipboard!'));
  },
};

/** The lyrics fall into one column and the player stacks. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Music of the Movement' })).toBeInTheDocument();
    const player = within(canvas.getByRole('group', { name: `Audio player: ${THEME_SONG.title}` }));
    const cover = player.getByRole('img', { name: THEME_SONG.cover.alt });
    await expect(cover.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      player.getByText(THEME_SONG.title).getBoundingClientRect().top,
    );
    // One column of lyrics: every verse starts at the same left edge.
    const verses = within(canvas.getByRole('region', { name: 'Lyrics' })).getAllByRole('heading', { level: 3 });
    await expect(verses).toHaveLength(THEME_SONG.lyrics.length);
    await expect(new Set(verses.map((verse) => verse.getBoundingClientRect().left)).size).toBe(1);
  },
};
