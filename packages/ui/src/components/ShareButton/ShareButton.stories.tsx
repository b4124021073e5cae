import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { paths } from '../../config';
import { ShareButton } from './ShareButton';
import { stubShareApis } from './shareStubs';

const meta = {
  title: 'Components/ShareButton',
  component: ShareButton,
  args: {
    title: 'Music of the Movement',
    text: 'Listen to the theme song of Pause. Reflect. Retry.',
    path: paths.music,
    copiedMessage: 'Music page link copied to clipboard!',
    feedback: 'alert',
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '2rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ShareButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const pageUrl = (path: string) => new URL(path, window.location.origin).href;

/** Phones and some desktops: the device's own share sheet opens, nothing is copied. */
export const ShareSheetAvailable: Story = {
  parameters: { visual: { disable: true } },
  beforeEach: () => stubShareApis(fn, { shareSheet: true }).restore,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.share).toHaveBeenCalledWith({ title: args.title, text: args.text, url: pageUrl(args.path) });
    await expect(navigator.clipboard.writeText).not.toHaveBeenCalled();
    await expect(window.alert).not.toHaveBeenCalled();
  },
};

/** The visitor closes the share sheet: only logged, no message. */
export const ShareCancelled: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: true, shareResult: 'cancelled' }).restore,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.share).toHaveBeenCalled();
    await expect(navigator.clipboard.writeText).not.toHaveBeenCalled();
    await expect(window.alert).not.toHaveBeenCalled();
  },
};

/** No share sheet (most desktops): the link is copied and an alert confirms it (/music, stories). */
export const ClipboardFallbackAlert: Story = {
  parameters: { visual: { disable: true } },
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(pageUrl(args.path));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Music page link copied to clipboard!'));
  },
};

/** No share sheet, inline notice for 2 s (/symbols). */
export const ClipboardFallbackInline: Story = {
  parameters: { visual: { disable: true } },
  args: {
    title: 'Symbols & Apparel',
    text: 'Wear the olive branch: symbols of a better way from Pause. Reflect. Retry.',
    path: paths.symbols,
    copy: 'message',
    copiedMessage: 'Link copied to clipboard!',
    feedback: 'inline',
  },
  beforeEach: () => stubShareApis(fn, { shareSheet: false }).restore,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(`${args.text} ${pageUrl(args.path)}`);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Link copied to clipboard!');
    await waitFor(() => expect(status).toHaveTextContent(''), { timeout: 4000 });
    await expect(window.alert).not.toHaveBeenCalled();
  },
};

/** The clipboard is refused (e.g. an insecure page): the visitor is told how to copy by hand. */
export const ClipboardRefused: Story = {
  parameters: { visual: { disable: true } },
  beforeEach: () => stubShareApis(fn, { shareSheet: false, clipboard: 'fails' }).restore,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('We could not copy the link. Please copy it from the address bar.'),
    );
  },
};
