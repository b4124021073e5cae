import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { THEME_SONG } from '../../content';
import { renderWithProviders } from '../../test';
import { AudioPlayer } from './AudioPlayer';

/** jsdom has no media playback: stand in for the element the way a browser behaves. */
function stubMedia({ duration = 17.5, rejectPlay }: { duration?: number; rejectPlay?: DOMException } = {}) {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  const times = new WeakMap<HTMLMediaElement, number>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(duration);
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return times.get(this) ?? 0;
  });
  const seek = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: number,
  ) {
    times.set(this, value);
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (rejectPlay) return Promise.reject(rejectPlay);
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause, seek };
}

function audioElement(container: HTMLElement): HTMLAudioElement {
  const audio = container.querySelector('audio');
  if (!audio) throw new Error('no <audio> rendered');
  return audio;
}

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe('AudioPlayer', { timeout: 30_000 }, () => {
  it('starts paused at volume 0.7, not muted, with the song file', () => {
    stubMedia();
    const { container } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    const audio = audioElement(container);
    expect(audio.volume).toBe(0.7);
    expect(audio.muted).toBe(false);
    expect(audio.getAttribute('src')).toBe(THEME_SONG.src);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.7');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('plays and pauses, and an ended song shows as paused', async () => {
    const { play, pause } = stubMedia();
    const { user, container } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent(audioElement(container), new Event('ended'));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('handles a refused play() (autoplay rules) by staying paused and saying so', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    stubMedia({ rejectPlay: new DOMException('play() needs a user gesture', 'NotAllowedError') });
    const { user } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(
      await screen.findByText('Your browser did not start the song. Press play to try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(info).toHaveBeenCalled();
  });

  it('rounds volume changes to steps of 0.1 and clamps them to 0..1', async () => {
    stubMedia();
    const { user, container } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    const audio = audioElement(container);
    const volume = screen.getByRole('slider', { name: 'Volume' });
    volume.focus();
    await user.keyboard('{ArrowRight}');
    expect(audio.volume).toBe(0.8);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(audio.volume).toBe(1);
    expect(volume).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{Home}');
    expect(audio.volume).toBe(0);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(audio.volume).toBe(0.3);
  });

  it('mutes and unmutes without losing the volume', async () => {
    stubMedia();
    const { user, container } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    const audio = audioElement(container);
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
    expect(audio.volume).toBe(0.7);
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(false);
  });

  it('seeks in whole seconds within the song once its length is known', async () => {
    const { seek } = stubMedia({ duration: 17.5 });
    const { user, container } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    const position = screen.getByRole('slider', { name: 'Song position' });
    // Until the length is known the thumb is disabled (Radix marks it data-disabled, out of the tab order).
    expect(position).toHaveAttribute('data-disabled');
    fireEvent(audioElement(container), new Event('loadedmetadata'));
    expect(position).toHaveAttribute('aria-valuetext', '0:00 of 0:17');
    position.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(seek).toHaveBeenLastCalledWith(2);
    expect(position).toHaveAttribute('aria-valuetext', '0:02 of 0:17');
    // End goes to the very end of the song, never past it.
    await user.keyboard('{End}');
    expect(seek).toHaveBeenLastCalledWith(17.5);
  });

  it('opens the lyrics in a modal and closes it again', async () => {
    stubMedia();
    const { user } = renderWithProviders(<AudioPlayer song={THEME_SONG} />);
    await user.click(screen.getByRole('button', { name: 'Lyrics' }));
    const dialog = screen.getByRole('dialog', { name: `${THEME_SONG.title}: lyrics` });
    expect(within(dialog).getByRole('heading', { name: 'Bridge' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('Pause, before the fire spreads,')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Lyrics' })).toHaveFocus());
  });
});
