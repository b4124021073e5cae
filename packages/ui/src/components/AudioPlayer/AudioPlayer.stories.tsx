import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, waitFor, within } from 'storybook/test';
import { THEME_SONG } from '../../content';
import { AudioPlayer } from './AudioPlayer';

/**
 * Stands in for the browser's media playback so the play/pause story is the same on every
 * machine (headless Chromium may refuse to play without a real user gesture). Returns a cleanup.
 */
function fakePlayback(mode: 'plays' | 'refused') {
  const proto = HTMLMediaElement.prototype;
  const original = { play: proto.play, pause: proto.pause, paused: Object.getOwnPropertyDescriptor(proto, 'paused') };
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  Object.defineProperty(proto, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return paused.get(this) ?? true;
    },
  });
  proto.play = function play(this: HTMLMediaElement) {
    if (mode === 'refused') return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  proto.pause = function pause(this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  };
  return () => {
    proto.play = original.play;
    proto.pause = original.pause;
    if (original.paused) Object.defineProperty(proto, 'paused', original.paused);
  };
}

const meta = {
  title: 'Components/AudioPlayer',
  component: AudioPlayer,
  args: { song: THEME_SONG },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 760, margin: '2rem auto', padding: '0 1rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AudioPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Paused, volume 0.7, the real theme-song file. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await expect(canvas.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.7');
    await expect(canvas.getByText('70%')).toBeInTheDocument();
    // The real file loads its length, which enables the position slider.
    await waitFor(
      () => expect(canvas.getByRole('slider', { name: 'Song position' })).not.toHaveAttribute('data-disabled'),
      {
        timeout: 10_000,
      },
    );
  },
};

export const PlayPause: Story = {
  beforeEach: () => fakePlayback('plays'),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeInTheDocument();

    // A song that reaches its end shows as paused.
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
    const audio = canvasElement.querySelector('audio');
    if (audio) fireEvent(audio, new Event('ended'));
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  },
};

/** Headless browsers and strict autoplay settings can refuse play(): the player stays paused and says why. */
export const PlaybackRefused: Story = {
  beforeEach: () => fakePlayback('refused'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
    await expect(
      await canvas.findByText('Your browser did not start the song. Press play to try again.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  },
};

export const Muted: Story = {
  play: async ({ canvas, userEvent }) => {
    const mute = canvas.getByRole('button', { name: 'Mute' });
    await userEvent.click(mute);
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Muted')).toBeInTheDocument();
    // Volume keys: one step of 0.1, and turning it up unmutes.
    canvas.getByRole('slider', { name: 'Volume' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.8');
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
  },
};

export const LyricsModal: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Lyrics' }));
    // The dialog is portalled to the document body.
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: `${THEME_SONG.title}: lyrics` });
    await expect(within(dialog).getByRole('heading', { name: 'Bridge' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Lyrics' })).toHaveFocus());
  },
};

/** The file is missing or cannot be decoded. */
export const LoadError: Story = {
  args: { song: { ...THEME_SONG, src: '/assets/music/missing-song.wav' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'The song could not be loaded right now. Please try again later.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  },
};

/** The same controls with no cover art beside them. */
export const WithoutCover: Story = {
  args: { showCover: false },
  play: async ({ canvas, args }) => {
    const player = within(canvas.getByRole('group', { name: `Audio player: ${args.song.title}` }));
    await expect(player.queryByRole('img', { name: args.song.cover.alt })).not.toBeInTheDocument();
    await expect(player.getByText(args.song.title)).toBeInTheDocument();
    await expect(player.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await waitFor(
      () => expect(player.getByRole('slider', { name: 'Song position' })).not.toHaveAttribute('data-disabled'),
      {
        timeout: 10_000,
      },
    );
  },
};

/** One column: the cover sits above the title instead of beside it. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, args }) => {
    const player = within(canvas.getByRole('group', { name: `Audio player: ${args.song.title}` }));
    const cover = player.getByRole('img', { name: args.song.cover.alt });
    const title = player.getByText(args.song.title);
    await expect(cover.getBoundingClientRect().bottom).toBeLessThanOrEqual(title.getBoundingClientRect().top);
    await waitFor(
      () => expect(player.getByRole('slider', { name: 'Song position' })).not.toHaveAttribute('data-disabled'),
      {
        timeout: 10_000,
      },
    );
  },
};
