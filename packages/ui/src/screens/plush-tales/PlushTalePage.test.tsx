import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubShareApis, type ShareStubs } from '../../components/ShareButton/shareStubs';
import { LOVE_STORY, PEACE_STORY } from '../../content';
import { externalLinks, paths } from '../../config';
import { findModalDialog, renderWithProviders } from '../../test';
import { LoveTalePage } from './LoveTalePage';
import { PeaceTalePage } from './PeaceTalePage';

let stubs: ShareStubs | undefined;
afterEach(() => stubs?.restore());

const pages = [
  {
    name: 'LoveTalePage',
    Page: LoveTalePage,
    story: LOVE_STORY,
    path: paths.loveStory,
    shop: externalLinks.plush.hugs,
  },
  {
    name: 'PeaceTalePage',
    Page: PeaceTalePage,
    story: PEACE_STORY,
    path: paths.peaceStory,
    shop: externalLinks.plush.peace,
  },
] as const;

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe.each(pages)('$name', { timeout: 30_000 }, ({ Page, story, path, shop }) => {
  it('tells the story and links the plush shop in a new tab', () => {
    renderWithProviders(<Page />, { route: path });
    expect(screen.getByRole('heading', { level: 1, name: story.title })).toBeInTheDocument();
    for (const chapter of story.chapters) {
      expect(screen.getByRole('heading', { level: 2, name: chapter.title })).toBeInTheDocument();
    }
    const shopLink = screen.getByRole('link', { name: `${story.shop.label} (opens in a new tab)` });
    expect(shopLink).toHaveAttribute('href', shop);
    expect(shopLink).toHaveAttribute('target', '_blank');
    expect(shopLink).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens an image large on Enter and closes it with Escape', async () => {
    const { user } = renderWithProviders(<Page />, { route: path });
    const trigger = screen.getByRole('button', { name: `Enlarge image: ${story.portrait.caption}` });
    trigger.focus();
    await user.keyboard('{Enter}');
    // The dialog's code loads on the first zoom.
    const dialog = await findModalDialog(story.portrait.caption);
    expect(dialog.querySelector('img')).toHaveAttribute('src', story.portrait.src);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(trigger).toHaveFocus());
  });

  it('without a share sheet copies the story link and alerts "Story link copied to clipboard!"', async () => {
    const { user } = renderWithProviders(<Page />, { route: path });
    stubs = stubShareApis(vi.fn, { shareSheet: false });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(stubs.writeText).toHaveBeenCalledWith(`${window.location.origin}${path}`);
    expect(stubs.alert).toHaveBeenCalledWith('Story link copied to clipboard!');
  });
});
