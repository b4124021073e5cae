import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { THEME_SONG, TIMELINE } from '../../content';
import { externalLinks, paths } from '../../config';
import { AboutPage } from './AboutPage';

const meta = {
  title: 'Pages/About',
  component: AboutPage,
  parameters: { route: paths.about },
} satisfies Meta<typeof AboutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Our Why' })).toBeInTheDocument();

    // The theme-song player, with its lyrics modal.
    const player = canvas.getByRole('group', { name: `Audio player: ${THEME_SONG.title}` });
    await expect(within(player).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.7');
    await userEvent.click(within(player).getByRole('button', { name: 'Lyrics' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: `${THEME_SONG.title}: lyrics` })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());

    // The timeline, in order.
    const timeline = canvas.getByRole('heading', { name: 'How the Movement Grew' }).parentElement;
    if (!timeline) throw new Error('timeline section missing');
    const entries = within(timeline).getAllByRole('listitem');
    await expect(entries).toHaveLength(TIMELINE.length);
    await expect(entries[0]).toHaveTextContent(TIMELINE[0]?.title ?? '');

    // The responsibility section.
    await expect(canvas.getByRole('heading', { name: 'Taking Responsibility' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'What I can own' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'What we promise' })).toBeInTheDocument();
    const organisation = externalLinks.organisations[0];
    await expect(canvas.getByRole('link', { name: `${organisation.name} (opens in a new tab)` })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(canvas.getByRole('link', { name: 'Join the Experiment' })).toHaveAttribute('href', paths.experiment);
  },
};

/** One column: the timeline runs down the left and the player stacks its cover on top. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Our Why' })).toBeInTheDocument();
    const player = within(canvas.getByRole('group', { name: `Audio player: ${THEME_SONG.title}` }));
    const cover = player.getByRole('img', { name: THEME_SONG.cover.alt });
    await expect(cover.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      player.getByText(THEME_SONG.title).getBoundingClientRect().top,
    );
    await expect(canvas.getByRole('heading', { name: 'How the Movement Grew' })).toBeInTheDocument();
  },
};
