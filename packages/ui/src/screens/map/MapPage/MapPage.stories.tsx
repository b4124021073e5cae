import { api, topStates, totalPeacemakers } from '@prr/contract';
import { delayed, failing, handle } from '@prr/mocks';
import { stateCounts } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { shapesHandlers } from '../mapMocks';
import { formatCount } from '../mapRules';
import { MapPage } from './MapPage';

const meta = {
  title: 'Map/MapPage',
  component: MapPage,
  parameters: { route: paths.map },
} satisfies Meta<typeof MapPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The map draws from a real file, so give it time on a cold dev server. */
const MAP_TIMEOUT = { timeout: 15_000 };
const mapName = { name: /Map of the United States/ };

/** The seeded counts: every band of the legend appears, Wyoming has 0 and DC has no record. */
export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Join the National Movement' })).toBeInTheDocument();
    await expect(canvas.getByText('Help Our Country Become More United')).toBeInTheDocument();
    await expect(await canvas.findByRole('group', mapName, MAP_TIMEOUT)).toBeInTheDocument();
    await expect(canvas.getAllByRole('img', { name: /peacemaker/ })).toHaveLength(51);

    const top = within(canvas.getByRole('region', { name: 'Top States' }));
    const leader = topStates(stateCounts)[0];
    await expect(top.getAllByRole('listitem')[0]).toHaveTextContent(`#1${leader?.state}`);
    const progress = within(canvas.getByRole('region', { name: 'Progress' }));
    await expect(progress.getByText(formatCount(totalPeacemakers(stateCounts)))).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Coverage' })).toHaveTextContent('49of 50 states');
  },
};

/** 'Loading Map...' until the states read answers. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.mapStates, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Map...');
    await expect(canvas.queryByRole('region', { name: 'Top States' })).not.toBeInTheDocument();
  },
};

/** The states arrived but the shapes are still on their way. */
export const ShapesLoading: Story = {
  beforeEach({ msw }) {
    msw.use(shapesHandlers.loading);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Top States' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Map...');
  },
};

/** Nobody has joined yet: every state in the palest band, the cards at zero. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(
      handle(api.mapStates, () => stateCounts.map((record) => ({ ...record, peacemakers: 0 }))),
      handle(api.movementStats, () => ({ goal: 50_000, total: 0 })),
    );
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('group', mapName, MAP_TIMEOUT);
    await expect(canvas.getByText(/No peacemakers on the map yet/)).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Progress' })).toHaveTextContent('0.0%');
    await expect(canvas.getByRole('region', { name: 'Coverage' })).toHaveTextContent('0of 50 states');
  },
};

/** The states read failed: an alert with a retry instead of the map and the cards. */
export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.mapStates, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load the map");
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** The shapes file failed: only logged (docs/product/screens.md#movement-map); the cards still tell the story. */
export const ShapesFailed: Story = {
  beforeEach({ msw }) {
    msw.use(shapesHandlers.failing);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Coverage' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByText('Loading Map...')).not.toBeInTheDocument(), MAP_TIMEOUT);
    await expect(canvas.queryByRole('group', mapName)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The goal is passed: the bar stops at 100%. */
export const GoalReached: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.movementStats, () => ({ goal: 5_000, total: 9_528 })));
  },
  play: async ({ canvas }) => {
    const bar = await canvas.findByRole('progressbar', { name: 'Progress toward our goal' });
    // The bar first shows the 50,000 fallback until the stats read answers.
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    await expect(await canvas.findByText(/Be one of the 5,000 people/)).toBeInTheDocument();
    // The picture is the whole page: the shapes are read in a worker, after the counts.
    await expect(await canvas.findByRole('group', mapName, MAP_TIMEOUT)).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('group', mapName, MAP_TIMEOUT)).toBeInTheDocument();
  },
};
