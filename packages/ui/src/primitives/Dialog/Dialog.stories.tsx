import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Dialog } from './Dialog';

function DialogDemo() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: '2rem' }}>
      <Button onClick={() => setOpen(true)}>Show lyrics</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Lyrics" description="The theme song of the movement">
        <p>When the words come hot and fast, let this moment be the last…</p>
      </Dialog>
    </div>
  );
}

const meta = { title: 'Primitives/Dialog', component: DialogDemo, tags: ['autodocs'] } satisfies Meta<
  typeof DialogDemo
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndEscape: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Show lyrics' }));
    const dialog = await page.findByRole('dialog', { name: 'Lyrics' });
    await expect(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus returns to the button that opened it.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Show lyrics' })).toHaveFocus());
  },
};
