import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { quotes } from '../content';
import { QuotesCarousel } from './QuotesCarousel';

const meta = {
  title: 'Home/QuotesCarousel',
  component: QuotesCarousel,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof QuotesCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const author = (i: number) => quotes[i]?.author ?? 'missing quote';
    await expect(canvas.getByText(author(0))).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: /^Show quote/ })).toHaveLength(5);

    await userEvent.click(canvas.getByRole('button', { name: 'Next quote' }));
    await expect(await canvas.findByText(author(1))).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show quote 1' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous quote' }));
    await expect(await canvas.findByText(author(4))).toBeInTheDocument();

    await expect(canvas.getByRole('button', { name: 'Pause Quotes on peace' })).toBeVisible();
    await expect(canvas.getByText('2,847')).toBeInTheDocument();
    await expect(canvas.getByText('89%')).toBeInTheDocument();
    await expect(canvas.getByText('156 days')).toBeInTheDocument();
  },
};

/** The three figures stack in one column. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(quotes[0]?.author ?? 'missing quote')).toBeInTheDocument();
    const first = canvas.getByText('2,847').closest('li')?.getBoundingClientRect();
    const second = canvas.getByText('89%').closest('li')?.getBoundingClientRect();
    await expect(second?.top).toBeGreaterThanOrEqual(first?.bottom ?? Infinity);
  },
};
