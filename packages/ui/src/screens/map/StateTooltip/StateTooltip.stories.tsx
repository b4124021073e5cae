import { stateCounts } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { withFrame } from '../storyDecorators';
import { UsMap } from '../UsMap';
import { StateTooltip } from './StateTooltip';

const meta = {
  title: 'Map/Tooltip',
  component: StateTooltip,
  args: { name: 'California', peacemakers: 1240 },
  decorators: [withFrame('1000px')],
} satisfies Meta<typeof StateTooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

const MAP_TIMEOUT = { timeout: 15_000 };

/** The card on its own. */
export const Card: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('California1,240Peacemakers');
  },
};

/** Hovering a state shows its card 20 px right of and 85 px above the pointer; it follows and hides. */
export const OnHover: Story = {
  render: () => <UsMap records={stateCounts} />,
  play: async ({ canvas, userEvent }) => {
    const california = await canvas.findByRole('img', { name: 'California: 1,240 peacemakers' }, MAP_TIMEOUT);
    const box = california.getBoundingClientRect();
    const at = { clientX: Math.round(box.left + box.width * 0.4), clientY: Math.round(box.top + box.height * 0.5) };

    await userEvent.pointer({ target: california, coords: at });
    const card = await canvas.findByRole('tooltip');
    await expect(card).toHaveTextContent('California1,240Peacemakers');
    const placed = card.getBoundingClientRect();
    await expect(placed.left).toBeCloseTo(at.clientX + 20, 0);
    await expect(placed.top).toBeCloseTo(at.clientY - 85, 0);

    // It follows the pointer within the state.
    const next = { clientX: at.clientX + 10, clientY: at.clientY + 15 };
    await userEvent.pointer({ target: california, coords: next });
    await waitFor(() =>
      expect(canvas.getByRole('tooltip').getBoundingClientRect().left).toBeCloseTo(next.clientX + 20, 0),
    );

    // Leaving the map hides it.
    await userEvent.unhover(canvas.getByRole('group'));
    await waitFor(() => expect(canvas.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

/**
 * The card while the pointer rests on a state with peacemakers: name, count and 'Peacemakers'.
 * The play ends still hovering, so the screenshot shows the card (OnHover moves away at the end).
 * Captured at the desktop width only: resizing for the mobile picture would leave the card where
 * the pointer was on the wider map.
 */
export const HoverCard: Story = {
  render: () => <UsMap records={stateCounts} />,
  parameters: { visual: { viewports: ['desktop'] } },
  play: async ({ canvas, userEvent }) => {
    const california = await canvas.findByRole('img', { name: 'California: 1,240 peacemakers' }, MAP_TIMEOUT);
    const box = california.getBoundingClientRect();
    const coords = { clientX: Math.round(box.left + box.width * 0.4), clientY: Math.round(box.top + box.height * 0.5) };
    await userEvent.pointer({ target: california, coords });

    const card = within(await canvas.findByRole('tooltip'));
    await expect(card.getByText('California')).toBeVisible();
    await expect(card.getByText('1,240')).toBeVisible();
    await expect(card.getByText('Peacemakers')).toBeVisible();
  },
};

/** District of Columbia has no record in the seed: no card, though the state is still marked. */
export const NoRecord: Story = {
  render: () => <UsMap records={stateCounts} />,
  play: async ({ canvas, userEvent }) => {
    const dc = await canvas.findByRole('img', { name: 'District of Columbia: no peacemakers yet' }, MAP_TIMEOUT);
    await userEvent.hover(dc);
    await expect(canvas.queryByRole('tooltip')).not.toBeInTheDocument();
  },
};

/** Keyboard users tab to a state and get the same card at its centre. */
export const OnKeyboardFocus: Story = {
  render: () => <UsMap records={stateCounts} />,
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('group', { name: /Map of the United States/ }, MAP_TIMEOUT);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Skip past the map' })).toHaveFocus();
    await userEvent.tab();
    const first = canvas.getAllByRole('img')[0];
    await expect(first).toHaveFocus();
    const name = first?.getAttribute('aria-label')?.split(':')[0] ?? '';
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(name);

    const texas = canvas.getByRole('img', { name: 'Texas: 980 peacemakers' });
    texas.focus();
    await waitFor(() => expect(canvas.getByRole('tooltip')).toHaveTextContent('Texas980Peacemakers'));
  },
};
