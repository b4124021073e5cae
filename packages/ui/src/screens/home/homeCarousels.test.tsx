/**
 * The home page's three rotating carousels at the documented timings (docs/product/rules.md#screen-timings-and-figures). The figures are written
 * out here, not imported, so a changed constant fails the test instead of moving it along.
 */
import { testimonials } from '@prr/mocks/fixtures';
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReducedMotionPreference } from '../../motion';
import { renderWithProviders } from '../../test';
import { funfestImages, quotes } from './content';
import { EventSection } from './EventSection';
import { QuotesCarousel } from './QuotesCarousel';
import { Reviews } from './Reviews';

const SPEC_MS = { quotes: 6000, reviews: 8000, event: 3000 } as const;

/** One act per step, so React re-arms the carousel's timer before the next step starts. */
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The dot of the page on screen: the carousels mark it with aria-current. */
const currentDot = () => screen.getByRole('button', { current: true });

/** The items at `from` and `from + 1`, so a query never runs with an undefined name (which matches anything). */
function twoFrom<T>(items: readonly T[], from = 0): [T, T] {
  const [a, b] = items.slice(from, from + 2);
  if (a === undefined || b === undefined) throw new Error(`Expected two items from index ${from}`);
  return [a, b];
}

/** Rotation only runs without reduced motion: pinned here so the test never depends on the host. */
function renderRotating(ui: ReactElement) {
  return renderWithProviders(<ReducedMotionPreference reduce={false}>{ui}</ReducedMotionPreference>);
}

describe('home page carousels', () => {
  // shouldAdvanceTime lets MSW and React Query settle while the reviews load.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the next quote after 6 s, not before', () => {
    const [first, second] = twoFrom(quotes);
    renderRotating(<QuotesCarousel />);
    expect(screen.getByRole('button', { name: 'Pause Quotes on peace' })).toBeInTheDocument();
    expect(screen.getByText(first.author)).toBeInTheDocument();
    expect(currentDot()).toHaveAccessibleName('Show quote 1');

    tick(SPEC_MS.quotes - 1);
    expect(screen.getByText(first.author)).toBeInTheDocument();
    expect(screen.queryByText(second.author)).not.toBeInTheDocument();

    tick(1);
    expect(screen.queryByText(first.author)).not.toBeInTheDocument();
    expect(screen.getByText(second.author)).toBeInTheDocument();
    expect(screen.getByText(second.text)).toBeInTheDocument();
    expect(currentDot()).toHaveAccessibleName('Show quote 2');
  });

  it('moves the reviews on every 8 s once they have loaded', async () => {
    const [first] = twoFrom(testimonials);
    const [second, third] = twoFrom(testimonials, 1);
    renderRotating(<Reviews />);
    await screen.findByRole('heading', { level: 3, name: first.name }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Pause Reviews' })).toBeInTheDocument();

    // Real time passed while the reviews loaded (and moved the fake clock with it), so the first
    // step is not measured; from here on no await lets the clock drift, and each step is exact.
    tick(SPEC_MS.reviews);
    expect(currentDot()).toHaveAccessibleName('Show reviews 2');

    tick(SPEC_MS.reviews - 1);
    expect(currentDot()).toHaveAccessibleName('Show reviews 2');
    expect(screen.getByRole('heading', { level: 3, name: second.name })).toBeInTheDocument();

    tick(1);
    expect(currentDot()).toHaveAccessibleName('Show reviews 3');
    // Holds for the one-card (jsdom's narrow) window and the three-card one alike.
    expect(screen.queryByRole('heading', { level: 3, name: second.name })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: third.name })).toBeInTheDocument();
  });

  it('changes the FUNFest image after 3 s, not before', () => {
    const [first, second] = twoFrom(funfestImages);
    renderRotating(<EventSection />);
    expect(screen.getByRole('button', { name: 'Pause FUNFest 2025 images' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: first.alt })).toBeInTheDocument();
    expect(currentDot()).toHaveAccessibleName('Show image 1');

    tick(SPEC_MS.event - 1);
    expect(screen.getByRole('img', { name: first.alt })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: second.alt })).not.toBeInTheDocument();

    tick(1);
    expect(screen.queryByRole('img', { name: first.alt })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: second.alt })).toBeInTheDocument();
    expect(currentDot()).toHaveAccessibleName('Show image 2');
  });
});
