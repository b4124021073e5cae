/** A temporary PostgreSQL cluster of scripts/postgres.mjs. */
export interface TempCluster {
  /** Admin URL: user postgres (trust), database postgres, TCP on 127.0.0.1. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Fast shutdown, then the temporary folder is removed. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL the postmaster, as a crash would; bring it back with restart(). */
  kill(): void;
  /** Stop (fast) if running, then start again on the same port and data. */
  restart(): Promise<void>;
  /** Immediate shutdown that keeps the data: the database goes away as in an outage. */
  pause(): Promise<void>;
  /** Start the paused cluster again on the same port. */
  resume(): Promise<void>;
}

export interface TempClusterOptions {
  /** A fixed port; otherwise a free one. */
  port?: number;
  /** postgresql.conf settings, over the test defaults. */
  settings?: Record<string, string | number | boolean>;
}

export declare function postgresBinDir(): string;
export declare function startTempCluster(options?: TempClusterOptions): Promise<TempCluster>;
