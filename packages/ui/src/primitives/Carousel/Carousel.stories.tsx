import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import styled from 'styled-components';
import { ReducedMotionPreference } from '../../motion';
import { Carousel } from './Carousel';
import { useCarousel, type UseCarouselOptions } from './useCarousel';

const colours = ['#fde7cf', '#e7efdc', '#fef3c7', '#f5ead9', '#fde8e6', '#e3f4ea'];
const items = colours.map((colour, i) => ({ id: `card-${i + 1}`, title: `Card ${i + 1}`, colour }));

interface DemoProps extends Omit<UseCarouselOptions, 'count'> {
  showDots?: boolean;
  showArrows?: boolean;
}

/** A carousel of plain cards, showing the shared hook and controls on their own. */
function CarouselDemo({ showDots, showArrows, ...options }: DemoProps) {
  const state = useCarousel({ count: items.length, ...options });
  return (
    <Frame>
      <Carousel
        state={state}
        items={items}
        getKey={(item) => item.id}
        label="Example cards"
        itemName="card"
        showDots={showDots}
        showArrows={showArrows}
        renderItem={(item) => <DemoCard style={{ background: item.colour }}>{item.title}</DemoCard>}
      />
    </Frame>
  );
}

const Frame = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: 2rem 1rem;
`;

const DemoCard = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 160px;
  border-radius: 16px;
  font-weight: 700;
  font-size: 1.25rem;
  color: #2b2118;
`;

const meta = {
  title: 'Primitives/Carousel',
  component: CarouselDemo,
  args: { windowSize: 1, intervalMs: 6000 },
} satisfies Meta<typeof CarouselDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const slides = (canvas: Canvas) => canvas.getAllByRole('group', { name: /of 6$/ }).map((slide) => slide.textContent);

/** One at a time, rotating every 6 s (like the quotes), with arrows, dots and Pause. */
export const Rotating: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(slides(canvas)).toEqual(['Card 1']);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous card' }));
    await expect(slides(canvas)).toEqual(['Card 6']);
    await userEvent.click(canvas.getByRole('button', { name: 'Next card' }));
    await expect(slides(canvas)).toEqual(['Card 1']);
    await userEvent.click(canvas.getByRole('button', { name: 'Show card 4' }));
    await expect(slides(canvas)).toEqual(['Card 4']);
    await expect(canvas.getByRole('button', { name: 'Show card 4' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(canvas.getByRole('button', { name: 'Pause Example cards' }));
    await expect(canvas.getByRole('button', { name: 'Play Example cards' })).toHaveTextContent('Play');
    await expect(canvas.getByRole('group', { name: '4 of 6' }).parentElement).toHaveAttribute('aria-live', 'polite');
  },
};

/** Rotation in real time: a short interval so the story shows it moving. */
export const AutoAdvance: Story = {
  parameters: { visual: { disable: true } },
  args: { intervalMs: 800 },
  play: async ({ canvas, userEvent }) => {
    // Keep the pointer away, so hover does not pause it.
    await userEvent.unhover(canvas.getByRole('group', { name: 'Example cards' }));
    await waitFor(() => expect(slides(canvas)).toEqual(['Card 2']), { timeout: 3000 });
  },
};

/** A window of three (products and reviews) moving one item at a time, without rotation. */
export const WindowOfThree: Story = {
  args: { windowSize: 3, intervalMs: undefined, showDots: false },
  play: async ({ canvas, userEvent }) => {
    await expect(slides(canvas)).toEqual(['Card 1', 'Card 2', 'Card 3']);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous card' }));
    await expect(slides(canvas)).toEqual(['Card 4', 'Card 5', 'Card 6']);
    await userEvent.click(canvas.getByRole('button', { name: 'Next card' }));
    await expect(slides(canvas)).toEqual(['Card 1', 'Card 2', 'Card 3']);
    await expect(canvas.queryByRole('button', { name: /Pause/ })).not.toBeInTheDocument();
  },
};

/** Under prefers-reduced-motion nothing rotates, so there is no Pause control; arrows still work. */
export const ReducedMotion: Story = {
  decorators: [
    (Story) => (
      <ReducedMotionPreference reduce>
        <Story />
      </ReducedMotionPreference>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Pause|Play/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next card' })).toBeVisible();
  },
};
