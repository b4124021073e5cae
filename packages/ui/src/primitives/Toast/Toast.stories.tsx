import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { toast } from './toastStore';

/** The Toaster is mounted by the app's providers; these buttons raise toasts through `toast()`. */
function ToastDemo() {
  return (
    <div style={{ display: 'flex', gap: '1rem', padding: '2rem' }}>
      <Button
        onClick={() =>
          toast({
            title: 'Welcome to the movement!',
            description: 'Thank you for joining us in fighting polarization and division.',
          })
        }
      >
        Show success
      </Button>
      <Button
        variant="danger"
        onClick={() =>
          toast({ variant: 'destructive', title: 'Missing Information', description: 'Please fill in all fields.' })
        }
      >
        Show error
      </Button>
    </div>
  );
}

const meta = {
  title: 'Primitives/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneAtATime: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await expect(await page.findByText('Welcome to the movement!')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show error' }));
    await expect(await page.findByText('Please fill in all fields.')).toBeVisible();
    // At most one toast at a time (docs/product/screens.md#toasts-and-tooltips), so the first is gone.
    await waitFor(() => expect(page.queryByText('Welcome to the movement!')).not.toBeInTheDocument());
  },
};
