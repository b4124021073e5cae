/**
 * The Two Paths explorer as a small state machine (docs/product/screens.md#two-paths): no path chosen, then a
 * chosen path walked stage by stage with 'Continue Journey', then back to no path chosen with
 * 'Start Over' or 'Try the Other Path'.
 */
import { PATHS, type PathKey, type PathStage } from '../../content';

export type ExplorerState = { path: null } | { path: PathKey; step: number };

export type ExplorerAction = { type: 'choose'; path: PathKey } | { type: 'continue' } | { type: 'reset' };

export const initialExplorerState: ExplorerState = { path: null };

export function stageCount(path: PathKey): number {
  return PATHS[path].stages.length;
}

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.type) {
    case 'choose':
      // A path is chosen from the start only; mid-journey the chooser is not shown.
      return state.path === null ? { path: action.path, step: 0 } : state;
    case 'continue':
      if (state.path === null || state.step >= stageCount(state.path) - 1) return state;
      return { path: state.path, step: state.step + 1 };
    case 'reset':
      return initialExplorerState;
  }
}

export interface ExplorerView {
  path: PathKey;
  stage: PathStage;
  step: number;
  count: number;
  /** (step + 1) / count, 0 to 1. */
  progress: number;
  isLast: boolean;
}

/** What the page shows for a chosen path; null while no path is chosen. */
export function explorerView(state: ExplorerState): ExplorerView | null {
  if (state.path === null) return null;
  const { stages } = PATHS[state.path];
  const count = stages.length;
  const step = Math.min(Math.max(state.step, 0), count - 1);
  return {
    path: state.path,
    stage: stages[step] ?? stages[0],
    step,
    count,
    progress: (step + 1) / count,
    isLast: step === count - 1,
  };
}

/** The other path, for 'Try the Other Path'. */
export function otherPath(path: PathKey): PathKey {
  return path === 'vilify' ? 'alternative' : 'vilify';
}
