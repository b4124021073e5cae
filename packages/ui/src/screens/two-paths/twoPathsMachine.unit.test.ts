import { describe, expect, it } from 'vitest';
import {
  explorerReducer,
  explorerView,
  initialExplorerState,
  otherPath,
  stageCount,
  type ExplorerState,
} from './twoPathsMachine';

function walk(path: 'vilify' | 'alternative', continues: number): ExplorerState {
  let state = explorerReducer(initialExplorerState, { type: 'choose', path });
  for (let i = 0; i < continues; i += 1) state = explorerReducer(state, { type: 'continue' });
  return state;
}

describe('two paths explorer', () => {
  it('starts with no path chosen', () => {
    expect(initialExplorerState).toEqual({ path: null });
    expect(explorerView(initialExplorerState)).toBeNull();
  });

  it('has 5 vilify stages and 6 alternative stages, in the documented order', () => {
    expect(stageCount('vilify')).toBe(5);
    expect(stageCount('alternative')).toBe(6);
    const vilify = Array.from({ length: 5 }, (_, i) => explorerView(walk('vilify', i))?.stage.stage);
    expect(vilify).toEqual(['Trigger', 'Blame', 'Contempt', 'Isolation', 'Breakdown']);
    const alternative = Array.from({ length: 6 }, (_, i) => explorerView(walk('alternative', i))?.stage.stage);
    expect(alternative).toEqual(['Trigger', 'Awareness', 'Care', 'Courage', 'Growth', 'Unity']);
  });

  it('choosing a path starts at step 0 with progress 1/count', () => {
    const view = explorerView(walk('vilify', 0));
    expect(view).toMatchObject({ path: 'vilify', step: 0, count: 5, isLast: false });
    expect(view?.progress).toBeCloseTo(1 / 5);
  });

  it('continue advances one step and progress is (step + 1) / count', () => {
    const view = explorerView(walk('alternative', 2));
    expect(view).toMatchObject({ step: 2, count: 6 });
    expect(view?.progress).toBeCloseTo(3 / 6);
  });

  it('stops at the last step, which is flagged for the outcome panel', () => {
    const last = walk('vilify', 4);
    expect(explorerView(last)).toMatchObject({ step: 4, isLast: true, progress: 1 });
    expect(explorerReducer(last, { type: 'continue' })).toBe(last);
    expect(explorerView(walk('alternative', 9))).toMatchObject({ step: 5, isLast: true, progress: 1 });
  });

  it('continue without a path does nothing', () => {
    expect(explorerReducer(initialExplorerState, { type: 'continue' })).toBe(initialExplorerState);
  });

  it('choosing again mid-journey does not jump paths', () => {
    const state = walk('vilify', 2);
    expect(explorerReducer(state, { type: 'choose', path: 'alternative' })).toBe(state);
  });

  it('reset (Start Over / Try the Other Path) returns to no path chosen', () => {
    expect(explorerReducer(walk('vilify', 4), { type: 'reset' })).toEqual({ path: null });
    expect(explorerReducer(walk('alternative', 1), { type: 'reset' })).toEqual({ path: null });
  });

  it('names the other path', () => {
    expect(otherPath('vilify')).toBe('alternative');
    expect(otherPath('alternative')).toBe('vilify');
  });
});
