import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { externalLinks } from '../../../config';
import { ReducedMotionPreference } from '../../../motion';
import { renderWithProviders } from '../../../test';
import { Hero } from './Hero';
import { HERO_TIMINGS } from './useHeroReveal';

const caresLine = () => screen.queryByText('You care about people.');
const relationshipsLine = () => screen.queryByText(/want to preserve your relationships/);
const joinButton = () => screen.queryByRole('button', { name: 'Join the Experiment' });
const watchButton = () => screen.queryByRole('button', { name: 'Watch Our Story' });
const advanceTo = (ms: number, from: number) => act(() => vi.advanceTimersByTime(ms - from));

describe('Hero', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('reveals the sub-message at 3.5 s and 4 s and the buttons at 5 s', () => {
    expect(HERO_TIMINGS).toEqual({ caresMs: 3500, relationshipsMs: 4000, actionsMs: 5000 });
    renderWithProviders(<Hero />);
    expect(screen.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    expect(caresLine()).not.toBeInTheDocument();

    advanceTo(3499, 0);
    expect(caresLine()).not.toBeInTheDocument();
    advanceTo(3500, 3499);
    expect(caresLine()).toBeInTheDocument();
    expect(relationshipsLine()).not.toBeInTheDocument();

    advanceTo(4000, 3500);
    expect(relationshipsLine()).toBeInTheDocument();
    expect(joinButton()).not.toBeInTheDocument();

    advanceTo(4999, 4000);
    expect(joinButton()).not.toBeInTheDocument();
    advanceTo(5000, 4999);
    expect(joinButton()).toBeInTheDocument();
    expect(watchButton()).toBeInTheDocument();
  });

  it('shows everything at once under reduced motion', () => {
    renderWithProviders(
      <ReducedMotionPreference reduce>
        <Hero />
      </ReducedMotionPreference>,
    );
    expect(caresLine()).toBeInTheDocument();
    expect(relationshipsLine()).toBeInTheDocument();
    expect(joinButton()).toBeInTheDocument();
    expect(watchButton()).toBeInTheDocument();
  });

  it('scrolls to the join form and to the video section', async () => {
    const { user } = renderWithProviders(
      <ReducedMotionPreference reduce>
        <Hero />
        <section id="video">Video</section>
        <section id="join">Join</section>
      </ReducedMotionPreference>,
    );
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');

    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(screen.getByText('Join'));
    expect(screen.getByText('Join')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Watch Our Story' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(screen.getByText('Video'));
  });

  it('claims 1,000,000+ awareness messages and links the four social profiles in new tabs', () => {
    renderWithProviders(<Hero />);
    expect(screen.getByText('1,000,000+')).toBeInTheDocument();
    expect(screen.getByText('awareness messages viewed on social media')).toBeInTheDocument();
    for (const profile of externalLinks.social) {
      const link = screen.getByRole('link', { name: `${profile.label} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', profile.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
