import { mockDb } from '@prr/mocks';
import { earlyImpact } from '@prr/mocks/fixtures';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config';
import { renderWithProviders } from '../../test';
import { ImpactPageFromApi } from './ImpactPageFromApi';

// /impact on the dev servers, which prerender nothing: the page from GET /api/impact.
describe('ImpactPageFromApi', { timeout: 30_000 }, () => {
  it('is Page Not Found while nothing is published, as the server answers /impact', async () => {
    renderWithProviders(<ImpactPageFromApi />, { route: paths.impact });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the published snapshot with its date', async () => {
    mockDb.impactSnapshot = earlyImpact;
    renderWithProviders(<ImpactPageFromApi />, { route: paths.impact });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Evidence' })).toBeInTheDocument();
    expect(screen.getByText('June 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('86')).toBeInTheDocument();
    expect(screen.getByText('of 41 members who reached day 30')).toBeInTheDocument();
  });
});
