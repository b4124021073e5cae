import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubShareApis, type ShareStubs } from '../../components/ShareButton/shareStubs';
import { THEME_SONG } from '../../content';
import { paths } from '../../config';
import { renderWithProviders } from '../../test';
import { MusicPage } from './MusicPage';

let stubs: ShareStubs | undefined;
afterEach(() => stubs?.restore());

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe('MusicPage', { timeout: 30_000 }, () => {
  it('shows the player (volume 0.7) and the lyrics', () => {
    renderWithProviders(<MusicPage />, { route: paths.music });
    expect(screen.getByRole('heading', { level: 1, name: 'Music of the Movement' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: `Audio player: ${THEME_SONG.title}` })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.7');
    expect(screen.getByRole('heading', { level: 2, name: 'Lyrics' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Bridge' })).toBeInTheDocument();
  });

  it('without a share sheet copies the page link and alerts "Music page link copied to clipboard!"', async () => {
    const { user } = renderWithProviders(<MusicPage />, { route: paths.music });
    stubs = stubShareApis(vi.fn, { shareSheet: false });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(stubs.writeText).toHaveBeenCalledWith(`${window.location.origin}${paths.music}`);
    expect(stubs.alert).toHaveBeenCalledWith('Music page link copied to clipboard!');
  });
});
