import { api, totalPeacemakers, topStates } from '@prr/contract';
import { failing, handle, scenarios } from '@prr/mocks';
import { stateCounts } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import topology from 'us-atlas/states-10m.json' with { type: 'json' };
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test';
import { shapesHandlers } from '../mapMocks';
import { formatCount } from '../mapRules';
import { MapPage } from './MapPage';

/** The map module and its shapes load lazily; a busy CI machine needs more than the default second. */
const SLOW = { timeout: 10_000 };

const card = (title: string) => screen.getByRole('region', { name: title });

// Transform the lazily loaded map module (d3-geo, topojson) once, outside the timed waits below.
beforeAll(async () => {
  await import('../UsMap/UsMap');
}, 60_000);

beforeEach(() => {
  server.use(shapesHandlers.served(topology));
});

describe('MapPage', { timeout: 30_000 }, () => {
  it('shows the heading and "Loading Map..." until the states arrive, then the map and the cards', async () => {
    renderWithProviders(<MapPage />, { route: '/map' });
    expect(screen.getByRole('heading', { level: 1, name: 'Join the National Movement' })).toBeInTheDocument();
    expect(screen.getByText('Help Our Country Become More United')).toBeInTheDocument();
    expect(screen.getByText('Loading Map...')).toBeInTheDocument();

    expect(await screen.findByRole('group', { name: /Map of the United States/ }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Loading Map...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Participation Levels' })).toBeInTheDocument();

    // Each region once: role queries walk the whole page, and the map adds 51 named shapes to it.
    const progress = within(card('Progress'));
    const top = within(card('Top States'));
    const coverage = within(card('Coverage'));

    expect(progress.getByText(formatCount(totalPeacemakers(stateCounts)))).toBeInTheDocument();
    expect(progress.getByText('Total Participants')).toBeInTheDocument();

    const leaders = topStates(stateCounts);
    const rows = top.getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent(`#1${leaders[0]?.state}${formatCount(leaders[0]?.peacemakers ?? 0)}`);
    expect(rows[4]).toHaveTextContent(`#5${leaders[4]?.state}`);

    expect(coverage.getByText('of 50 states')).toBeInTheDocument();
    expect(coverage.getByText('Movement spanning across America')).toBeInTheDocument();
  });

  it('invites the visitor to be one of the goal number of people', async () => {
    server.use(handle(api.movementStats, () => ({ goal: 20_000, total: 0 })));
    renderWithProviders(<MapPage />, { route: '/map' });
    expect(
      await screen.findByText(
        /Be one of the 20,000 people joining together against polarization and division/,
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('falls back to the 50,000 goal when the stats cannot be read', async () => {
    server.use(failing(api.movementStats, 500));
    renderWithProviders(<MapPage />, { route: '/map' });
    await screen.findByRole('region', { name: 'Progress' }, SLOW);
    expect(screen.getByText(/Be one of the 50,000 people/)).toBeInTheDocument();
    expect(within(card('Progress')).getByText('Goal: 50,000')).toBeInTheDocument();
  });

  it('caps the progress bar at 100% and shows one decimal', async () => {
    server.use(
      handle(api.mapStates, () => [{ state: 'California', stateCode: 'CA', peacemakers: 60_000 }]),
      handle(api.movementStats, () => ({ goal: 50_000, total: 60_000 })),
    );
    renderWithProviders(<MapPage />, { route: '/map' });
    const bar = await screen.findByRole('progressbar', { name: 'Progress toward our goal' }, SLOW);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(within(card('Progress')).getByText('100.0%')).toBeInTheDocument();
  });

  it('shows an empty movement as zeros and invites the first peacemaker', async () => {
    server.use(...scenarios.emptyLists);
    renderWithProviders(<MapPage />, { route: '/map' });
    expect(await screen.findByText(/No peacemakers on the map yet/, undefined, SLOW)).toBeInTheDocument();
    expect(within(card('Progress')).getByText('0.0%')).toBeInTheDocument();
    expect(within(card('Coverage')).getByText('0')).toBeInTheDocument();
  });

  it('says so when the states cannot be read, and offers a retry', async () => {
    server.use(failing(api.mapStates, 500));
    renderWithProviders(<MapPage />, { route: '/map' });
    expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent("We couldn't load the map");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top States' })).not.toBeInTheDocument();
  });

  it('keeps the cards when the shapes fail, logging a warning only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(shapesHandlers.failing);
    renderWithProviders(<MapPage />, { route: '/map' });
    await waitFor(() => expect(warn).toHaveBeenCalled(), SLOW);
    expect(screen.getByRole('region', { name: 'Top States' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Coverage' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Map of the United States/ })).not.toBeInTheDocument();
  });
});
