import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubShareApis, type ShareStubs } from '../../components/ShareButton/shareStubs';
import { externalLinks, paths } from '../../config';
import { renderWithProviders } from '../../test';
import { SYMBOLS_SHARE_TEXT, SymbolsPage } from './SymbolsPage';

let stubs: ShareStubs | undefined;
afterEach(() => stubs?.restore());

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe('SymbolsPage', { timeout: 30_000 }, () => {
  it('shows the four items with their prices and categories, the featured pin first in the showcase', () => {
    renderWithProviders(<SymbolsPage />, { route: paths.symbols });
    const grid = screen.getByRole('heading', { name: 'The Collection' }).parentElement;
    if (!grid) throw new Error('no collection section');
    const items = within(grid).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Olive Branch Lapel Pin',
      'Apprentice Tee',
      'Pause. Reflect. Retry. Crew Neck',
      'There is a Better Way Grocery Tote',
    ]);
    expect(items.map((item) => within(item).getByText(/^\$/).textContent)).toEqual([
      '$15.99',
      '$28.99',
      '$34.99',
      '$18.99',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Olive Branch Lapel Pin' })).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    const buy = screen.getByRole('link', { name: 'Buy Now (opens in a new tab)' });
    expect(buy).toHaveAttribute('href', externalLinks.apparel.oliveBranchLapelPin);
    expect(buy).toHaveAttribute('target', '_blank');
  });

  it('shows the chosen item in the showcase', async () => {
    const { user } = renderWithProviders(<SymbolsPage />, { route: paths.symbols });
    await user.click(screen.getByRole('button', { name: 'View Details of Apprentice Tee' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Apprentice Tee' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Showing Apprentice Tee' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Buy Now (opens in a new tab)' })).toHaveAttribute(
      'href',
      externalLinks.apparel.apprenticeTee,
    );
  });

  it('links the four shop collections in new tabs', () => {
    renderWithProviders(<SymbolsPage />, { route: paths.symbols });
    for (const collection of externalLinks.shopCollections) {
      const link = screen.getByRole('link', { name: `Shop ${collection.name} collection (opens in a new tab)` });
      expect(link).toHaveAttribute('href', collection.url);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('without a share sheet copies a text and shows "Link copied to clipboard!" for 2 s', async () => {
    renderWithProviders(<SymbolsPage />, { route: paths.symbols });
    stubs = stubShareApis(vi.fn, { shareSheet: false });
    // Timers are fake from the click on, so the 2 s are exact however slow the machine is.
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(stubs.writeText).toHaveBeenCalledWith(`${SYMBOLS_SHARE_TEXT} ${window.location.origin}${paths.symbols}`);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Link copied to clipboard!');
    expect(stubs.alert).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(status).toHaveTextContent('Link copied to clipboard!');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status).not.toHaveTextContent('Link copied to clipboard!');
  });

  it('uses the device share sheet when there is one', async () => {
    const { user } = renderWithProviders(<SymbolsPage />, { route: paths.symbols });
    stubs = stubShareApis(vi.fn, { shareSheet: true });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(stubs.share).toHaveBeenCalledWith({
      title: 'Symbols & Apparel',
      text: SYMBOLS_SHARE_TEXT,
      url: `${window.location.origin}${paths.symbols}`,
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
