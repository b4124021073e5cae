import { api, insightsExport } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from '@prr/domain';
import { delayed, failing, mockDb } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MswApi } from 'msw-storybook-addon/types';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { adminStoryParameters } from '../adminStoryRoutes';
import { AdminLoginPage } from '../AdminLoginPage';
import { RETRY_TIMEOUT, signInAdminForStory } from '../storyData';
import { InsightsPage } from './InsightsPage';
import { SMALL_STATE, insightsAnswer, noMemberInsights, publishedSnapshot } from './storyData';

/** The page at its address, and the login screen its guard sends a signed-out admin to. */
function InsightsRoutes() {
  return (
    <Routes>
      <Route path={paths.adminLogin} element={<AdminLoginPage />} />
      <Route path={paths.adminInsights} element={<InsightsPage />} />
    </Routes>
  );
}

const meta = {
  title: 'Admin/Insights',
  component: InsightsPage,
  render: () => <InsightsRoutes />,
  parameters: adminStoryParameters(paths.adminInsights),
  beforeEach: ({ msw }: { msw: MswApi }) => {
    const signOut = signInAdminForStory(msw);
    msw.use(insightsAnswer());
    return signOut;
  },
} satisfies Meta<typeof InsightsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (name: string) => screen.findByRole('region', { name });
const table = (name: string) => screen.findByRole('table', { name });
/** A table's rows as their cells' texts, header row left out. */
const rowsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const figure = (name: string) => screen.findByRole('figure', { name });

/**
 * The whole movement: 240 members; joins by week and by state (two weeks, two states and the
 * members without one under the minimum read 'fewer than 10'); who keeps reflecting; the days'
 * averages and shares; cohorts; ripple effects; the evidence, not published yet. The Desktop and
 * Phone stories picture this screen.
 */
export const FullData: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('combobox', { name: 'State' })).toHaveTextContent('All states');
    await expect(canvas.getByRole('combobox', { name: 'Join month' })).toHaveTextContent('Every month');

    const members = within(await section('Members'));
    await expect(members.getByText('240')).toBeInTheDocument();
    await expect(members.getByText('Active members, all states, every month.')).toBeInTheDocument();
    await expect(canvas.getByText('Figures computed at')).toHaveTextContent('Figures computed at Oct 6, 2025, 1:55 PM');
    await expect(canvas.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', insightsExport.path);

    const joins = await figure('Joins per week');
    await expect(joins).toHaveAccessibleDescription(
      'Joins in 14 weeks; the most, 34, in the week of Jun 30, 2025. 2 weeks stand on fewer than 10 members.',
    );
    // Twelve weeks have a bar; the two under the minimum have none.
    await expect(joins.querySelectorAll('svg[role="img"] rect')).toHaveLength(12);
    const byState = rowsOf(await table('Joins by state'));
    await expect(byState.slice(0, 2)).toEqual([
      ['California', '62'],
      ['Texas', '41'],
    ]);
    await expect(byState.slice(-3)).toEqual([
      ['Maine', HIDDEN_FIGURE_TEXT],
      ['No state', HIDDEN_FIGURE_TEXT],
      ['Vermont', HIDDEN_FIGURE_TEXT],
    ]);

    await expect(await figure('Members reflecting per day of the experiment')).toBeInTheDocument();
    const retention = rowsOf(await table('Retention'));
    await expect(retention.map(([day]) => day)).toEqual(['Day 7', 'Day 14', 'Day 30', 'Day 60', 'Day 90']);
    await expect(retention[4]).toEqual(['Day 90', '50%', '62']);

    await expect(await figure('Average mood, empathy and self-awareness')).toBeInTheDocument();
    await expect(await figure('Share who paused, reflected and retried')).toBeInTheDocument();

    const cohorts = rowsOf(await table('Cohorts by join week'));
    await expect(cohorts).toHaveLength(14);
    // The newest cohort: 6 members, under the minimum in every column.
    await expect(cohorts[13]).toEqual(['Sep 29, 2025', ...Array<string>(6).fill(HIDDEN_FIGURE_TEXT)]);

    await expect(await figure('Ripple effects per week')).toBeInTheDocument();

    const evidence = within(await section('The evidence'));
    await expect(evidence.getByText('Reflecting on day 90').nextElementSibling).toHaveTextContent(
      '50% of 62 members past it',
    );
    await expect(evidence.getByText('Average mood, week 1 → week 12').nextElementSibling).toHaveTextContent(
      '5.4 → 7.1 52 members reflected in both weeks',
    );
    await expect(await evidence.findByText('Not published: /impact shows nothing yet.')).toBeInTheDocument();
    await expect(evidence.getByRole('button', { name: 'Publish to /impact' })).toBeEnabled();
    await expect(evidence.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  },
};

/** The page at a desktop's width: each chart beside its table. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeGreaterThanOrEqual(1280);
    await expect(await canvas.findByText('Not published: /impact shows nothing yet.')).toBeInTheDocument();
    await expect(within(await section('Members')).getByText('240')).toBeVisible();
  },
};

/** A phone: the filters, the charts and the tables one under another, each table row as a card. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeLessThanOrEqual(375);
    await expect(await canvas.findByText('Not published: /impact shows nothing yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'State' })).toBeVisible();
    await expect(await figure('Joins per week')).toBeVisible();
    await expect(within(await table('Joins by state')).getByText('California')).toBeVisible();
  },
};

/** A table instead of a chart: every week's joins, the weeks under the minimum in words. */
export const JoinsAsTable: Story = {
  parameters: { visual: { viewports: ['mobile'] } },
  play: async ({ userEvent }) => {
    const joins = within(await figure('Joins per week'));
    await userEvent.click(joins.getByRole('button', { name: 'Show as table' }));
    const rows = rowsOf(joins.getByRole('table', { name: 'Joins per week' }));
    await expect(rows[0]).toEqual(['Jun 30, 2025', '34']);
    await expect(rows.slice(-2)).toEqual([
      ['Sep 22, 2025', HIDDEN_FIGURE_TEXT],
      ['Sep 29, 2025', HIDDEN_FIGURE_TEXT],
    ]);
    await expect(joins.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/**
 * One state of 6 members: every figure is under the minimum, so every one reads 'fewer than 10',
 * with no number beside it, no bar and no line.
 */
export const BelowThreshold: Story = {
  parameters: adminStoryParameters(`${paths.adminInsights}?state=${SMALL_STATE}`),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('combobox', { name: 'State' })).toHaveTextContent(SMALL_STATE);
    const members = within(await section('Members'));
    await expect(members.getByText(HIDDEN_FIGURE_TEXT)).toBeInTheDocument();
    await expect(members.getByText(`Active members, ${SMALL_STATE}, every month.`)).toBeInTheDocument();

    // Every cell of every table, shown or behind "Show as table", says so and nothing else.
    const cells = [...canvasElement.querySelectorAll('td')].map((cell) => cell.textContent);
    await expect(cells.length).toBeGreaterThan(90);
    await expect(new Set(cells)).toEqual(new Set([HIDDEN_FIGURE_TEXT]));
    // No bar, no line, no dot.
    await expect(canvasElement.querySelectorAll('svg[role="img"] rect, .series-line, .series-dot')).toHaveLength(0);
    for (const name of ['Joins per week', 'Average mood, empathy and self-awareness', 'Ripple effects per week']) {
      await expect(await figure(name)).toHaveAccessibleDescription(
        `Every figure here stands on ${HIDDEN_FIGURE_TEXT} members.`,
      );
    }
    const evidence = [...(await section('The evidence')).querySelectorAll('dd')].map((value) => value.textContent);
    await expect(evidence).toEqual(Array<string>(5).fill(HIDDEN_FIGURE_TEXT));
    await expect(
      canvas.getByText("These are the filter's figures. Publishing always shares the whole movement's evidence."),
    ).toBeInTheDocument();
  },
};

/** Nobody has joined yet: the empty note instead of the sections; the filters stay. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(insightsAnswer(noMemberInsights));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No members yet.')).toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'State' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.adminInsights, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading insights...')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Refresh figures' })).toBeEnabled();
  },
};

/** The read fails (after its one retry): the alert with its Try again, and no figures. */
export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.adminInsights, 500));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText("We couldn't load the insights.", undefined, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
  },
};

/** The evidence is on /impact since 1 October: the date, the link to it, and Withdraw. */
export const Published: Story = {
  beforeEach() {
    mockDb.impactSnapshot = publishedSnapshot();
  },
  play: async () => {
    const evidence = within(await section('The evidence'));
    await expect(await evidence.findByText(/^Published on/)).toHaveTextContent('Published on October 1, 2025.');
    await expect(evidence.getByRole('link', { name: 'See /impact' })).toHaveAttribute('href', '/impact');
    await expect(evidence.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  },
};

/** Publishing asks first; then the toast, and the page says it is published today. Published pictures the state. */
export const Publish: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(delayed(api.publishImpact));
  },
  play: async ({ userEvent }) => {
    const evidence = within(await section('The evidence'));
    await userEvent.click(await evidence.findByRole('button', { name: 'Publish to /impact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish to /impact?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    await expect(await dialog.findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    await expect(await screen.findByText('Published to /impact')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await evidence.findByText(/^Published on/)).toHaveTextContent('Published on October 6, 2025.');
    await expect(mockDb.impactSnapshot).toBeDefined();
  },
};

/** Withdrawing asks first; then /impact shows nothing, and only Publish is left. */
export const Withdraw: Story = {
  parameters: { visual: { disable: true } },
  beforeEach() {
    mockDb.impactSnapshot = publishedSnapshot();
  },
  play: async ({ userEvent }) => {
    const evidence = within(await section('The evidence'));
    await userEvent.click(await evidence.findByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw from /impact?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    await expect(await screen.findByText('Withdrawn from /impact')).toBeInTheDocument();
    await expect(await evidence.findByText('Not published: /impact shows nothing yet.')).toBeInTheDocument();
    await expect(evidence.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    await expect(mockDb.impactSnapshot).toBeUndefined();
  },
};
