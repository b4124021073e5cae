import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { externalLinks } from '../../config';
import { Footer } from './Footer';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const footer = within(canvas.getByRole('contentinfo'));
    await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
    await expect(footer.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/#products');
    await expect(footer.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/#testimonials');
    await expect(footer.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/experiment');
    await expect(footer.getByRole('link', { name: 'Our Why' })).toHaveAttribute('href', '/about');
    for (const collection of externalLinks.shopCollections) {
      await expect(
        footer.getByRole('link', { name: `${collection.name} collection (opens in a new tab)` }),
      ).toHaveAttribute('href', collection.url);
    }
    await expect(footer.getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(10);
    await expect(footer.getByText(/© 2024/)).toBeInTheDocument();
  },
};

/** One column: the link groups stack under each other. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const footer = within(canvas.getByRole('contentinfo'));
    const explore = footer.getByRole('navigation', { name: 'Explore' }).getBoundingClientRect();
    const shop = footer.getByRole('navigation', { name: 'Shop' }).getBoundingClientRect();
    const movement = footer.getByRole('navigation', { name: 'The Movement' }).getBoundingClientRect();
    await expect(shop.top).toBeGreaterThanOrEqual(explore.bottom);
    await expect(movement.top).toBeGreaterThanOrEqual(shop.bottom);
    await expect(footer.getByText(/© 2024/)).toBeInTheDocument();
  },
};
