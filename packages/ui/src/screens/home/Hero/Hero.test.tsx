import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { externalLinks } from '../../../config';
import { renderWithProviders } from '../../../test';
import { HERO_TIMINGS, Hero } from './Hero';

/** The element whose CSS animation reveals `element` (Reveal's wrapper carries the delay). */
const revealOf = (element: HTMLElement) => element.closest('[style*="animation-delay"]');

describe('Hero', () => {
  it('holds the sub-message and the two buttons from the start, revealed at 3.5 s, 4 s and 5 s', () => {
    expect(HERO_TIMINGS).toEqual({ caresMs: 3500, relationshipsMs: 4000, actionsMs: 5000 });
    renderWithProviders(<Hero />);
    expect(screen.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    expect(revealOf(screen.getByText('You care about people.'))).toHaveStyle({ animationDelay: '3.5s' });
    expect(revealOf(screen.getByText(/want to preserve your relationships/))).toHaveStyle({ animationDelay: '4s' });
    const join = screen.getByRole('link', { name: 'Join the Experiment' });
    expect(revealOf(join)).toHaveStyle({ animationDelay: '5s' });
    expect(revealOf(screen.getByRole('link', { name: 'Watch Our Story' }))).toBe(revealOf(join));
  });

  it('takes the visitor to the join form and to the video section', () => {
    renderWithProviders(<Hero />);
    expect(screen.getByRole('link', { name: 'Join the Experiment' })).toHaveAttribute('href', '/#join');
    expect(screen.getByRole('link', { name: 'Watch Our Story' })).toHaveAttribute('href', '/#video');
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
