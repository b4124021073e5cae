import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card, CardSubtitle, CardTitle } from './Card';

function CardDemo() {
  return (
    <div style={{ maxWidth: 360, padding: '2rem' }}>
      <Card>
        <CardTitle>Top States</CardTitle>
        <CardSubtitle>Most active participants</CardSubtitle>
        <p>California · 1,240</p>
      </Card>
    </div>
  );
}

const meta = { title: 'Primitives/Card', component: CardDemo, tags: ['autodocs'] } satisfies Meta<typeof CardDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Top States' })).toBeVisible();
  },
};
