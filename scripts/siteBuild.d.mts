import type { SpawnSyncReturns } from 'node:child_process';

export declare function buildSite(extraArgs?: string[], options?: { quiet?: boolean }): SpawnSyncReturns<string>;
