import { earlyImpact, publishedImpact } from '@prr/mocks/fixtures';
import { HIDDEN_FIGURE_TEXT, impactTexts } from '@prr/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { paths } from '../../config';
import { ImpactPage } from './ImpactPage';

const published = publishedImpact;
const early = earlyImpact;

const meta = {
  title: 'Pages/Impact',
  component: ImpactPage,
  parameters: { route: paths.impact },
  args: { texts: impactTexts(published) },
} satisfies Meta<typeof ImpactPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card of a figure, found by its label. */
function figure(canvasElement: HTMLElement, label: string): HTMLElement {
  const card = within(canvasElement).getByRole('heading', { level: 3, name: label }).closest('li');
  if (!card) throw new Error(`no card for ${label}`);
  return card;
}

/**
 * What a card shows: each element drawn in it with its own text, in order. An element left out of
 * the layout (a hidden figure's empty members line and week-12 value, with its arrow) is not there.
 */
const shown = (card: HTMLElement) =>
  [...card.querySelectorAll('*')]
    .filter((element) => element.checkVisibility())
    .map((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(''),
    );

export const Published: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'The Evidence' })).toBeInTheDocument();
    await expect(canvas.getByText('Snapshot of', { exact: false })).toHaveTextContent('Snapshot of June 1, 2026');

    await expect(shown(figure(canvasElement, 'Members who took part'))).toEqual(['Members who took part', '1,240']);
    await expect(shown(figure(canvasElement, 'Reflected on day 30'))).toEqual([
      'Reflected on day 30',
      '62%',
      'of 412 members who reached day 30',
    ]);
    await expect(shown(figure(canvasElement, 'Reflected on day 90'))).toEqual([
      'Reflected on day 90',
      '48%',
      'of 215 members who reached day 90',
    ]);
    await expect(shown(figure(canvasElement, 'Average mood'))).toEqual([
      'Average mood',
      'Week 1 to week 12',
      '5.8',
      '7.1',
      '180 members who reflected in both weeks',
    ]);
    await expect(shown(figure(canvasElement, 'Average empathy'))).toEqual([
      'Average empathy',
      'Week 1 to week 12',
      '6.1',
      '7.5',
      '180 members who reflected in both weeks',
    ]);

    await expect(canvas.getByText(/No figure stands on fewer than 10 members\./)).toBeInTheDocument();
    await expect(canvas.getByText(/the figures as they stood on June 1, 2026\./)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Join the 90-Day Experiment' })).toHaveAttribute(
      'href',
      paths.experiment,
    );
  },
};

/** A figure on fewer than 10 members reads 'fewer than 10' and nothing else: no count, no arrow, no second value. */
export const SomeHidden: Story = {
  args: { texts: impactTexts(early) },
  play: async ({ canvasElement }) => {
    await expect(shown(figure(canvasElement, 'Members who took part'))).toEqual(['Members who took part', '86']);
    await expect(shown(figure(canvasElement, 'Reflected on day 30'))).toEqual([
      'Reflected on day 30',
      '71%',
      'of 41 members who reached day 30',
    ]);
    await expect(shown(figure(canvasElement, 'Reflected on day 90'))).toEqual([
      'Reflected on day 90',
      HIDDEN_FIGURE_TEXT,
    ]);
    for (const label of ['Average mood', 'Average empathy']) {
      await expect(shown(figure(canvasElement, label))).toEqual([label, 'Week 1 to week 12', HIDDEN_FIGURE_TEXT]);
    }
  },
};

/** The layout at both sizes: the cards one under another on a phone, nothing wider than the screen. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  // Published is pictured on a phone already.
  parameters: { visual: { disable: true } },
  play: async ({ canvasElement }) => {
    const [members, day30, day90] = ['Members who took part', 'Reflected on day 30', 'Reflected on day 90'].map(
      (label) => figure(canvasElement, label).getBoundingClientRect(),
    );
    await expect(day30?.top).toBeGreaterThanOrEqual(members?.bottom ?? Infinity);
    await expect(day90?.top).toBeGreaterThanOrEqual(day30?.bottom ?? Infinity);
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};

/** On a desktop the three figures stand in one row, and the two changes in the next section side by side. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  // Published is pictured on a desktop already.
  parameters: { visual: { disable: true } },
  play: async ({ canvasElement }) => {
    const top = (label: string) => figure(canvasElement, label).getBoundingClientRect().top;
    await expect(top('Reflected on day 30')).toBe(top('Members who took part'));
    await expect(top('Reflected on day 90')).toBe(top('Members who took part'));
    await expect(top('Average empathy')).toBe(top('Average mood'));
  },
};
