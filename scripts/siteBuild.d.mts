export interface SiteBuildResult {
  /** Vite's exit code; null when a signal ended it. */
  status: number | null;
  signal: NodeJS.Signals | null;
  /** Vite's stderr and stdout when quiet; empty when they were printed. */
  output: string;
}

export declare function buildSite(extraArgs?: string[], options?: { quiet?: boolean }): SiteBuildResult;
