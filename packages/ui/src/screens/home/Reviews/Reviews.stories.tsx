import { api } from '@prr/contract';
import { delayed, failing, handle, scenarios } from '@prr/mocks';
import { testimonials } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Reviews } from './Reviews';

const meta = {
  title: 'Home/Reviews',
  component: Reviews,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Reviews>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three reviews at a time, with the star rating and initials avatars (the seed has no photos). */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    const region = within(await canvas.findByRole('group', { name: 'Reviews' }));
    const [first] = testimonials;
    await expect(region.getByRole('heading', { name: first?.name })).toBeInTheDocument();
    await expect(region.getAllByRole('article')).toHaveLength(3);
    await expect(region.getAllByRole('img', { name: /^Rated \d out of 5$/ })[0]).toHaveAccessibleName(
      `Rated ${first?.rating} out of 5`,
    );
    await expect(region.getAllByTestId('initials-avatar')[0]).toHaveTextContent('MG');
    await expect(canvas.getByRole('button', { name: 'Pause Reviews' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Next reviews' }));
    await expect(region.queryByRole('heading', { name: first?.name })).not.toBeInTheDocument();
  },
};

/** A review with a photo next to one without: the second is drawn from the initials, locally. */
export const MissingAvatar: Story = {
  beforeEach({ msw }) {
    msw.use(
      handle(api.testimonials, () => [
        {
          id: 'with-photo',
          name: 'Grace Okafor',
          location: 'Baltimore, MD',
          content: 'The pause works at work too. Our meetings are calmer.',
          rating: 5,
          avatarUrl: '/assets/brand/logo.svg',
        },
        {
          id: 'no-photo',
          name: 'Diego Alvarez',
          location: 'Tucson, AZ',
          content: 'My dad and I talk about the news again, and nobody storms off.',
          rating: 4,
        },
      ]),
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Grace Okafor' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('img[src="/assets/brand/logo.svg"]')).toHaveAttribute('alt', '');
    // Only the reviewer without a photo gets the locally drawn initials.
    await expect(canvas.getAllByTestId('initials-avatar')).toHaveLength(1);
    await expect(canvas.getByTestId('initials-avatar')).toHaveTextContent('DA');
    await expect(canvas.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.testimonials, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading reviews…');
    await expect(canvas.getAllByTestId('skeleton-card')).toHaveLength(3);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.emptyLists);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No reviews yet/)).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  beforeEach({ msw }) {
    msw.use(failing(api.testimonials, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('We couldn’t load the reviews right now.');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const region = within(await canvas.findByRole('group', { name: 'Reviews' }));
    await expect(region.getAllByRole('article')).toHaveLength(1);
  },
};
