import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from './Skeleton';

function SkeletonDemo() {
  return (
    <div style={{ display: 'grid', gap: '0.75rem', maxWidth: 320, padding: '2rem' }} data-testid="skeletons">
      <Skeleton $height="180px" />
      <Skeleton $width="70%" />
      <Skeleton $width="40%" />
    </div>
  );
}

const meta = { title: 'Primitives/Skeleton', component: SkeletonDemo, tags: ['autodocs'] } satisfies Meta<
  typeof SkeletonDemo
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {
  play: async ({ canvas }) => {
    // Placeholders are decoration: hidden from assistive technology.
    for (const block of canvas.getByTestId('skeletons').children)
      await expect(block).toHaveAttribute('aria-hidden', 'true');
  },
};
