import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { scrollWindowTo } from '../testScroll';
import { FLOATING_BUTTON_THRESHOLD, FloatingJoinButton } from './FloatingJoinButton';

const button = () => screen.queryByRole('link', { name: 'Join Experiment' });

describe('FloatingJoinButton', () => {
  afterEach(() => scrollWindowTo(0));

  it('appears only once the page is scrolled more than 300 px', () => {
    renderWithProviders(<FloatingJoinButton />, { route: '/about' });
    expect(FLOATING_BUTTON_THRESHOLD).toBe(300);
    expect(button()).not.toBeInTheDocument();
    scrollWindowTo(300);
    expect(button()).not.toBeInTheDocument();
    scrollWindowTo(301);
    expect(button()).toHaveAttribute('href', '/experiment');
    expect(button()).toHaveTextContent('Join Experiment');
    scrollWindowTo(120);
    expect(button()).not.toBeInTheDocument();
  });

  it('is hidden on /experiment itself', () => {
    renderWithProviders(<FloatingJoinButton />, { route: '/experiment' });
    scrollWindowTo(2000);
    expect(button()).not.toBeInTheDocument();
  });
});
