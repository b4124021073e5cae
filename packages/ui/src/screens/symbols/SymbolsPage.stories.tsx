import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { stubShareApis } from '../../components/ShareButton/shareStubs';
import { APPAREL_ITEMS, FEATURED_APPAREL_ITEM } from '../../content';
import { externalLinks, paths } from '../../config';
import { SYMBOLS_SHARE_TEXT, SymbolsPage } from './SymbolsPage';

const meta = {
  title: 'Pages/Symbols',
  component: SymbolsPage,
  parameters: { route: paths.symbols },
} satisfies Meta<typeof SymbolsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Symbols & Apparel' })).toBeInTheDocument();
    // The featured pin opens the showcase.
    await expect(canvas.getByRole('heading', { level: 2, name: 'Olive Branch Lapel Pin' })).toBeInTheDocument();
    await expect(canvas.getAllByText('$15.99')).toHaveLength(2);

    // The grid of four; choosing one shows it in the showcase.
    for (const item of APPAREL_ITEMS) {
      await expect(canvas.getByRole('heading', { level: 3, name: item.name })).toBeInTheDocument();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'View Details of Pause. Reflect. Retry. Crew Neck' }));
    await expect(canvas.getByRole('heading', { level: 2, name: 'Pause. Reflect. Retry. Crew Neck' })).toHaveFocus();
    const buy = canvas.getByRole('link', { name: 'Buy Now (opens in a new tab)' });
    await expect(buy).toHaveAttribute('href', externalLinks.apparel.crewNeck);
    await expect(buy).toHaveAttribute('target', '_blank');

    // The four shop collections leave the site in a new tab.
    const collections = canvas.getByRole('heading', { name: 'Shop the Collections' }).parentElement;
    if (!collections) throw new Error('collections section missing');
    const links = within(collections).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(
      externalLinks.shopCollections.map((c) => c.url),
    );
    await expect(canvas.getByRole('heading', { name: 'From Gun to Olive Branch' })).toBeInTheDocument();
  },
};

/** No share sheet: a text with the link is copied and 'Link copied to clipboard!' shows for 2 s. */
export const ShareCopiesLink: Story = {
  parameters: { visual: { disable: true } },
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      `${SYMBOLS_SHARE_TEXT} ${new URL(paths.symbols, window.location.origin).href}`,
    );
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Link copied to clipboard!');
    await waitFor(() => expect(status).not.toHaveTextContent('Link copied to clipboard!'), { timeout: 4000 });
  },
};

/** With a share sheet the device handles it and no notice shows. */
export const ShareSheet: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: true }).restore,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.share).toHaveBeenCalled();
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** Showcase stacks, the grids go to two columns. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const image = canvas.getByRole('img', { name: FEATURED_APPAREL_ITEM.imageAlt });
    const title = canvas.getByRole('heading', { level: 2, name: FEATURED_APPAREL_ITEM.name });
    await expect(image.getBoundingClientRect().bottom).toBeLessThanOrEqual(title.getBoundingClientRect().top);
    const cards = APPAREL_ITEMS.map((item) =>
      canvas.getByRole('heading', { level: 3, name: item.name }).closest('li')?.getBoundingClientRect(),
    );
    await expect(cards[1]?.top).toBe(cards[0]?.top);
    await expect(cards[2]?.top).toBeGreaterThanOrEqual(cards[0]?.bottom ?? Infinity);
  },
};
