import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test';
import { COPIED_NOTICE_MS, COPY_FAILED_MESSAGE, ShareButton, type ShareButtonProps } from './ShareButton';
import { stubShareApis, type ShareStubOptions, type ShareStubs } from './shareStubs';

let stubs: ShareStubs | undefined;
afterEach(() => stubs?.restore());

const props: ShareButtonProps = {
  title: 'Music of the Movement',
  text: 'Listen to the theme song',
  path: '/music',
  copiedMessage: 'Music page link copied to clipboard!',
  feedback: 'alert',
};

function setup(options: ShareStubOptions, overrides: Partial<ShareButtonProps> = {}) {
  const view = renderWithProviders(<ShareButton {...props} {...overrides} />);
  // After render: user-event installs its own clipboard stub when it is set up.
  stubs = stubShareApis(vi.fn, options);
  return { ...view, stubs };
}

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe('ShareButton', { timeout: 30_000 }, () => {
  it('opens the share sheet when the device has one, and copies nothing', async () => {
    const { user, stubs } = setup({ shareSheet: true });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(stubs.share).toHaveBeenCalledWith({
      title: 'Music of the Movement',
      text: 'Listen to the theme song',
      url: `${window.location.origin}/music`,
    });
    expect(stubs.writeText).not.toHaveBeenCalled();
    expect(stubs.alert).not.toHaveBeenCalled();
  });

  it('only logs a cancelled share (console.info, not console.error)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { user, stubs } = setup({ shareSheet: true, shareResult: 'cancelled' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith('Share cancelled', expect.any(DOMException)));
    expect(stubs.writeText).not.toHaveBeenCalled();
    expect(stubs.alert).not.toHaveBeenCalled();
  });

  it('without a share sheet copies the page link and alerts the page-specific message', async () => {
    const { user, stubs } = setup({ shareSheet: false });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(stubs.writeText).toHaveBeenCalledWith(`${window.location.origin}/music`);
    expect(stubs.alert).toHaveBeenCalledWith('Music page link copied to clipboard!');
  });

  it('copies the message before the link when asked to', async () => {
    const { user, stubs } = setup({ shareSheet: false }, { copy: 'message' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(stubs.writeText).toHaveBeenCalledWith(`Listen to the theme song ${window.location.origin}/music`);
  });

  it('shows the inline notice for exactly 2 s, and a second copy restarts the 2 s', async () => {
    setup({ shareSheet: false }, { feedback: 'inline', copiedMessage: 'Link copied to clipboard!' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    vi.useFakeTimers();
    const click = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
    };
    await click();
    expect(status).toHaveTextContent('Link copied to clipboard!');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await click();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(status).toHaveTextContent('Link copied to clipboard!');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status).toHaveTextContent('');
    expect(COPIED_NOTICE_MS).toBe(2000);
  });

  it('says so when the clipboard refuses', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { user, stubs } = setup({ shareSheet: false, clipboard: 'fails' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(stubs.alert).toHaveBeenCalledWith(COPY_FAILED_MESSAGE));
  });
});
