import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { LOVE_STORY } from '../../content';
import { ImageZoom } from './ImageZoom';

const meta = {
  title: 'Components/ImageZoom',
  component: ImageZoom,
  args: { ...LOVE_STORY.portrait, width: 480, height: 480 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320, margin: '2rem auto' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ImageZoom>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: `Enlarge image: ${args.caption}` });
    // Keyboard first: Enter opens the large image, Escape closes it and focus comes back.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: args.caption });
    await expect(within(dialog).getByRole('img', { name: args.alt })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    // And a click opens it too.
    await userEvent.click(trigger);
    await expect(await page.findByRole('dialog', { name: args.caption })).toBeInTheDocument();
  },
};

/** No caption: the alt text names the button (and the dialog), and nothing shows under the image. */
export const WithoutCaption: Story = {
  args: { caption: undefined },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('button', { name: `Enlarge image: ${args.alt}` })).toBeInTheDocument();
    await expect(canvas.queryByText(LOVE_STORY.portrait.caption)).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('figcaption')).toBeNull();
  },
};
