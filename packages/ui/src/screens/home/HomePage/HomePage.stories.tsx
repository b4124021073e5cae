import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { SiteLayout } from '../../../layout';
import { HomePage } from './HomePage';
import { ReducedMotionPreference } from '../../../motion';

/** The home page as visitors see it: inside the site's navigation bar and footer. */
function HomeInLayout() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}

const meta = {
  title: 'Pages/Home',
  component: HomeInLayout,
  parameters: { route: '/' },
  globals: { viewport: { value: 'desktop' } },
  // The carousels and the hero's reveal run on timers: held at their still version, so the picture
  // does not depend on how long the story took (the motion has its own stories).
  decorators: [
    (Story) => (
      <ReducedMotionPreference reduce>
        <Story />
      </ReducedMotionPreference>
    ),
  ],
} satisfies Meta<typeof HomeInLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    // Sections in the order of docs/product/screens.md#home.
    const ids = Array.from(canvasElement.querySelectorAll('main section[id]'), (section) => section.id);
    await expect(ids).toEqual(['video', 'funfest', 'two-paths', 'quotes', 'about', 'products', 'testimonials', 'join']);
    await expect(canvas.getByRole('heading', { name: 'See the Method' })).toBeInTheDocument();
    const products = within(await canvas.findByRole('group', { name: 'Featured products' }));
    await expect(products.getAllByRole('article')).toHaveLength(3);
    const reviews = within(await canvas.findByRole('group', { name: 'Reviews' }));
    await expect(reviews.getAllByRole('article')).toHaveLength(3);
    await expect(canvas.getByRole('contentinfo')).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(await canvas.findByRole('group', { name: 'Featured products' })).toBeInTheDocument();
  },
};
