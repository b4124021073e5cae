import { api } from '@prr/contract';
import { delayed, failing, scenarios } from '@prr/mocks';
import { products } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FeaturedProducts } from './FeaturedProducts';

const meta = {
  title: 'Home/FeaturedProducts',
  component: FeaturedProducts,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof FeaturedProducts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The product names shown in the carousel, in order. */
const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/** Three products at a time from the server; the arrows move the window by one. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    const carousel = await canvas.findByRole('group', { name: 'Featured products' });
    const region = within(carousel);
    await expect(names(carousel)).toEqual(products.slice(0, 3).map((product) => product.name));
    const [first] = products;
    const shop = region.getByRole('link', { name: `Shop Now: ${first?.name} (opens in a new tab)` });
    await expect(shop).toHaveAttribute('href', first?.shopifyUrl);
    await expect(shop).toHaveAttribute('target', '_blank');
    await expect(region.getByRole('img', { name: first?.name })).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Next products' }));
    await expect(names(carousel)).toEqual(products.slice(1, 4).map((product) => product.name));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous products' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous products' }));
    // Previous at the start goes to count - 3.
    await expect(names(carousel)).toEqual(products.slice(-3).map((product) => product.name));
  },
};

/** Three skeleton cards while the products load. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.featuredProducts, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading products…');
    await expect(canvas.getAllByTestId('skeleton-card')).toHaveLength(3);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.emptyLists);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/New designs are on their way/)).toBeInTheDocument();
    await expect(canvas.queryByRole('group', { name: 'Featured products' })).not.toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  beforeEach({ msw }) {
    msw.use(failing(api.featuredProducts, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('We couldn’t load our products right now.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Phones show one product at a time. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const carousel = await canvas.findByRole('group', { name: 'Featured products' });
    await expect(names(carousel)).toEqual([products[0]?.name]);
  },
};
