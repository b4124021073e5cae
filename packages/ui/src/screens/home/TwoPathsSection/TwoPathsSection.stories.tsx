import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TwoPathsSection } from './TwoPathsSection';

const meta = {
  title: 'Home/TwoPathsSection',
  component: TwoPathsSection,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof TwoPathsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const climb = within(canvas.getByRole('article', { name: 'The Climb' }));
    await expect(climb.getAllByRole('listitem').map((step) => step.textContent?.replace(/^\d+/, ''))).toEqual([
      'Curiosity',
      'Understanding',
      'Patient Respect',
      'Cooperation',
      'Collaboration',
      'Innovation',
      'Success',
    ]);
    const slide = within(canvas.getByRole('article', { name: 'The Slide' }));
    await expect(slide.getAllByRole('listitem').map((step) => step.textContent?.replace(/^\d+/, ''))).toEqual([
      'Assumptions',
      'Disagreements',
      'Arguments/Anger',
      'Vilification',
      'Hatred/Contempt',
      'Dehumanization',
      'Violence',
    ]);
    await expect(climb.getByRole('link', { name: 'Walk the Climb' })).toHaveAttribute('href', '/two-paths');
    await expect(slide.getByRole('link', { name: 'See Where the Slide Leads' })).toHaveAttribute('href', '/two-paths');
    await expect(canvas.getByRole('link', { name: 'Join the 90-Day Challenge' })).toHaveAttribute(
      'href',
      '/experiment',
    );
    await expect(canvas.getByRole('link', { name: 'Get the Symbol' })).toHaveAttribute('href', '/symbols');
    await expect(canvas.getByRole('button', { name: 'Start a Ripple' })).toBeInTheDocument();
    // Hovering a card walks its steps; everything stays readable without it.
    await userEvent.hover(canvas.getByRole('article', { name: 'The Climb' }));
  },
};

/** The two cards stack: The Slide below The Climb. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const climb = canvas.getByRole('article', { name: 'The Climb' });
    const slide = canvas.getByRole('article', { name: 'The Slide' });
    await expect(slide.getBoundingClientRect().top).toBeGreaterThanOrEqual(climb.getBoundingClientRect().bottom);
    await expect(within(slide).getByRole('link', { name: 'See Where the Slide Leads' })).toHaveAttribute(
      'href',
      '/two-paths',
    );
  },
};
