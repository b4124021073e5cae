import type { BrowserCommand, TestProject } from 'vitest/node';

export declare const BASELINES_DIR: string;
export declare const RESULTS_DIR: string;
export declare function baselinePath(root: string, arg: string, ext?: string): string;
export declare function resultPath(root: string, arg: string, ext?: string): string;

/** What the `visualBaseline` browser command answers. */
export interface VisualBaseline {
  /** The committed baseline, relative to the repository root. */
  baseline: string;
  exists: boolean;
  /** The baseline's modification time (ms), null when it does not exist. */
  modified: number | null;
  /** Vitest runs with `-u`: new and changed screenshots become the baselines. */
  update: boolean;
  /** Absolute path where a screenshot without a baseline is saved for review. */
  pending: string;
}
export declare const visualBaseline: BrowserCommand<[arg: string], VisualBaseline>;
export declare function setup(project: Pick<TestProject, 'config'>): void;
