import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReducedMotionPreference } from '../../motion';
import { renderWithProviders } from '../../test';
import { Carousel } from './Carousel';
import { useCarousel } from './useCarousel';

const items = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];

function Harness({ windowSize = 1, intervalMs }: { windowSize?: number; intervalMs?: number }) {
  const state = useCarousel({ count: items.length, windowSize, intervalMs });
  return (
    <>
      <Carousel
        state={state}
        items={items}
        getKey={(item) => item}
        label="Test items"
        itemName="item"
        renderItem={(item) => <p>{item}</p>}
      />
      <button type="button">Outside</button>
    </>
  );
}

const shown = () => screen.getAllByRole('group', { name: /of 5$/ }).map((slide) => slide.textContent);
/** One act per interval, so React re-arms the next timer between them. */
function tick(ms: number, intervals = 1) {
  for (let i = 0; i < intervals; i += 1) act(() => vi.advanceTimersByTime(ms));
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('auto-advances every interval and returns to the first item after the last', () => {
    renderWithProviders(<Harness intervalMs={6000} />);
    expect(shown()).toEqual(['Alpha']);
    tick(5999);
    expect(shown()).toEqual(['Alpha']);
    tick(1);
    expect(shown()).toEqual(['Bravo']);
    tick(6000, 3);
    expect(shown()).toEqual(['Echo']);
    tick(6000);
    expect(shown()).toEqual(['Alpha']);
  });

  it('moves with the arrows and dots; previous at the start goes to count - windowSize', async () => {
    const { user } = renderWithProviders(<Harness windowSize={3} />);
    expect(shown()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await user.click(screen.getByRole('button', { name: 'Previous item' }));
    expect(shown()).toEqual(['Charlie', 'Delta', 'Echo']);
    await user.click(screen.getByRole('button', { name: 'Next item' }));
    expect(shown()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await user.click(screen.getByRole('button', { name: 'Show item 2' }));
    expect(shown()).toEqual(['Bravo', 'Charlie', 'Delta']);
    expect(screen.getByRole('button', { name: 'Show item 2' })).toHaveAttribute('aria-current', 'true');
    // No interval: nothing rotates, so there is no pause control either.
    expect(screen.queryByRole('button', { name: /Pause/ })).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes when the pointer leaves', async () => {
    const { user } = renderWithProviders(<Harness intervalMs={6000} />);
    await user.hover(screen.getByRole('group', { name: 'Test items' }));
    tick(6000, 2);
    expect(shown()).toEqual(['Alpha']);
    await user.unhover(screen.getByRole('group', { name: 'Test items' }));
    tick(6000);
    expect(shown()).toEqual(['Bravo']);
  });

  it('pauses while focus is inside and resumes when focus leaves', () => {
    renderWithProviders(<Harness intervalMs={6000} />);
    act(() => screen.getByRole('button', { name: 'Next item' }).focus());
    tick(6000, 2);
    expect(shown()).toEqual(['Alpha']);
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    tick(6000);
    expect(shown()).toEqual(['Bravo']);
  });

  it('has a visible Pause control that stops rotation until Play is pressed (WCAG 2.2.2)', () => {
    renderWithProviders(<Harness intervalMs={6000} />);
    const pause = screen.getByRole('button', { name: 'Pause Test items' });
    expect(pause).toHaveTextContent('Pause');
    act(() => pause.click());
    tick(6000, 3);
    expect(shown()).toEqual(['Alpha']);
    const play = screen.getByRole('button', { name: 'Play Test items' });
    expect(play).toHaveTextContent('Play');
    // Focus stays on the control: that must not keep the carousel paused.
    act(() => {
      play.focus();
      play.click();
    });
    tick(6000);
    expect(shown()).toEqual(['Bravo']);
  });

  it('restarts the interval after a manual step', async () => {
    const { user } = renderWithProviders(<Harness intervalMs={6000} />);
    tick(5000);
    await user.click(screen.getByRole('button', { name: 'Next item' }));
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    await user.unhover(screen.getByRole('group', { name: 'Test items' }));
    tick(5000);
    expect(shown()).toEqual(['Bravo']);
    tick(1000);
    expect(shown()).toEqual(['Charlie']);
  });

  it('never auto-advances under prefers-reduced-motion', () => {
    renderWithProviders(
      <ReducedMotionPreference reduce>
        <Harness intervalMs={6000} />
      </ReducedMotionPreference>,
    );
    tick(6000, 10);
    expect(shown()).toEqual(['Alpha']);
    expect(screen.queryByRole('button', { name: /Pause|Play/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next item' })).toBeInTheDocument();
  });

  it('announces slide changes only while not rotating', () => {
    renderWithProviders(<Harness intervalMs={6000} />);
    const viewport = screen.getByRole('group', { name: '1 of 5' }).parentElement;
    expect(viewport).toHaveAttribute('aria-live', 'off');
    act(() => screen.getByRole('button', { name: 'Pause Test items' }).click());
    expect(viewport).toHaveAttribute('aria-live', 'polite');
  });
});
