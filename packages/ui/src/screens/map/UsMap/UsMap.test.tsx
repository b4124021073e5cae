import { server } from '@prr/mocks/node';
import type { StateParticipation } from '@prr/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import topology from 'us-atlas/states-10m.json' with { type: 'json' };
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test';
import { theme } from '../../../theme';
import { shapesHandlers } from '../mapMocks';
import { buildStateShapes, isStatesTopology } from './buildStateShapes';
import { StateMap, UsMap } from './UsMap';

const data: unknown = topology;
if (!isStatesTopology(data)) throw new Error('us-atlas fixture is not a topology');
const shapes = buildStateShapes(data);

const records: StateParticipation[] = [
  { state: 'California', stateCode: 'CA', peacemakers: 1240 },
  { state: 'Texas', stateCode: 'TX', peacemakers: 610 },
  { state: 'Ohio', stateCode: 'OH', peacemakers: 260 },
  { state: 'Georgia', stateCode: 'GA', peacemakers: 120 },
  { state: 'Oregon', stateCode: 'OR', peacemakers: 75 },
  { state: 'Vermont', stateCode: 'VT', peacemakers: 12 },
  { state: 'Wyoming', stateCode: 'WY', peacemakers: 0 },
];

/** Parsing and projecting the real shapes takes a while on a busy machine. */
const SLOW = { timeout: 10_000 };

/**
 * A state's shape by the start of its accessible name. One role query for all 51 shapes, then a
 * lookup: a role query per state would recompute every name each time.
 */
function statePath(name: RegExp): HTMLElement {
  const match = screen.getAllByRole('img').find((path) => name.test(path.getAttribute('aria-label') ?? ''));
  if (!match) throw new Error(`No state shape named ${name}`);
  return match;
}
const bands = theme.colors.mapBands;

describe('StateMap', { timeout: 30_000 }, () => {
  it('fills each state with its band colour, no record and 0 alike', () => {
    renderWithProviders(<StateMap shapes={shapes} records={records} />);
    expect(statePath(/^California: 1,240 peacemakers$/)).toHaveAttribute('fill', bands[6]);
    expect(statePath(/^Texas:/)).toHaveAttribute('fill', bands[5]);
    expect(statePath(/^Ohio:/)).toHaveAttribute('fill', bands[4]);
    expect(statePath(/^Georgia:/)).toHaveAttribute('fill', bands[3]);
    expect(statePath(/^Oregon:/)).toHaveAttribute('fill', bands[2]);
    expect(statePath(/^Vermont:/)).toHaveAttribute('fill', bands[1]);
    expect(statePath(/^Wyoming: 0 peacemakers$/)).toHaveAttribute('fill', bands[0]);
    expect(statePath(/^Maine: no peacemakers yet$/)).toHaveAttribute('fill', bands[0]);
  });

  it('draws all 50 states and DC, each reachable by keyboard', () => {
    renderWithProviders(<StateMap shapes={shapes} records={records} />);
    const paths = screen.getAllByRole('img');
    expect(paths).toHaveLength(51);
    expect(paths.every((p) => p.getAttribute('tabindex') === '0')).toBe(true);
  });

  it('shows the card 20 px right of and 85 px above the pointer, follows it, and hides on leave', () => {
    renderWithProviders(<StateMap shapes={shapes} records={records} />);
    const california = statePath(/^California:/);

    fireEvent.pointerMove(california, { clientX: 300, clientY: 200, pointerType: 'mouse' });
    const card = screen.getByRole('tooltip');
    expect(card).toHaveTextContent('California');
    expect(card).toHaveTextContent('1,240');
    expect(card).toHaveTextContent('Peacemakers');
    expect(card).toHaveStyle({ left: '320px', top: '115px' });
    expect(california).toHaveAttribute('fill', theme.colors.hoverState);

    fireEvent.pointerMove(california, { clientX: 340, clientY: 260, pointerType: 'mouse' });
    expect(screen.getByRole('tooltip')).toHaveStyle({ left: '360px', top: '175px' });

    fireEvent.pointerLeave(screen.getByRole('group'), { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(california).toHaveAttribute('fill', bands[6]);
  });

  it('keeps one hovered state at a time', () => {
    renderWithProviders(<StateMap shapes={shapes} records={records} />);
    fireEvent.pointerMove(statePath(/^California:/), { clientX: 100, clientY: 200 });
    fireEvent.pointerMove(statePath(/^Texas:/), { clientX: 400, clientY: 400 });
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Texas');
    expect(statePath(/^California:/)).toHaveAttribute('fill', bands[6]);
    expect(statePath(/^Texas:/)).toHaveAttribute('fill', theme.colors.hoverState);
  });

  it('shows no card for a state without a record, but still marks it', () => {
    renderWithProviders(<StateMap shapes={shapes} records={records} />);
    const maine = statePath(/^Maine:/);
    fireEvent.pointerMove(maine, { clientX: 800, clientY: 100 });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(maine).toHaveAttribute('fill', theme.colors.hoverState);
  });

  it('shows the same card when a state gets keyboard focus, and hides it on blur', () => {
    renderWithProviders(<StateMap shapes={shapes} records={records} />);
    const ohio = statePath(/^Ohio:/);
    act(() => ohio.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent(/Ohio\s*260\s*Peacemakers/);
    act(() => ohio.blur());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('lets keyboard users skip the 51 states', async () => {
    const { user } = renderWithProviders(<StateMap shapes={shapes} records={records} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Skip past the map' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Participation Levels' }).closest('[tabindex="-1"]')).toHaveFocus();
  });
});

describe('UsMap', { timeout: 30_000 }, () => {
  it('loads the shapes from this site and draws them', async () => {
    server.use(shapesHandlers.served(topology));
    renderWithProviders(<UsMap records={records} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Map...');
    expect(await screen.findByRole('group', { name: /Map of the United States/ }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(51);
  });

  it('only logs a failed shape load (a warning, not an error) and draws nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(shapesHandlers.failing);
    renderWithProviders(<UsMap records={records} />);
    await waitFor(
      () => expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), expect.any(Error)),
      SLOW,
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading Map...')).not.toBeInTheDocument();
  });
});
