/**
 * The PostgreSQL store: the store interface (../types.ts) over a connection pool, chosen when
 * DATABASE_URL is set (../open.ts). Tables: packages/server/migrations/001_initial.sql.
 *
 * - Reads outside `write` run on the pool; `write(fn)` is one transaction on one client, in which
 *   member reads lock the row (FOR UPDATE) until COMMIT.
 * - Every call, including the rate limiters' SQL, answers AppError('unavailable') while the
 *   database is unreachable and after close(); the pool reconnects by itself once it is back.
 */
import { randomBytes } from 'node:crypto';
import type { AdminActivityLog, InsightSource } from '@prr/domain';
import type { Pool } from 'pg';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { errorFields, silentLogger, type Logger } from '../../log.js';
import type {
  MemberKeys,
  Sessions,
  SignIns,
  AppStore,
  EmailLog,
  PoolStats,
  PurgeCounts,
  PurgeCutoffs,
  RateLimitSpec,
  StoreReadiness,
  StoreWrites,
} from '../types.js';
import { PgAdminActivity } from './adminActivity.js';
import { PgEmailLog } from './emailLog.js';
import { PgInsights } from './insights.js';
import { inTransaction, migrate, pendingMigrations } from './migrate.js';
import { createPool, isUnavailableError, query, unavailable, withClient } from './pool.js';
import { clearExpiredRateLimits, createRateLimiter } from './rateLimiter.js';
import { PgReads, PgWrites, type Run } from './records.js';
import { purgeExpiredRows } from './retention.js';
import { seedIfEmpty } from './seed.js';
import { PgSessions } from './sessions.js';
import { PgSignIns } from './signIns.js';
import { PgMemberKeys } from './memberKeys.js';
import { PgAdminFactors } from './adminFactors.js';

const RATE_LIMIT_SWEEP_MS = 5 * 60 * 1000;
const SESSION_SECRET_NAME = 'session_secret';

/** Open or closed, shared by the store and the executor it hands to its parts. */
interface Gate {
  closed: boolean;
}

export class PostgresStore extends PgReads implements AppStore {
  readonly kind = 'postgres' as const;
  readonly pool: Pool;
  readonly sessions: Sessions;
  readonly memberSessions: Sessions;
  readonly signIns: SignIns;
  readonly memberKeys: MemberKeys;
  readonly adminFactors: PgAdminFactors;
  readonly emailLog: EmailLog;
  readonly adminActivity: AdminActivityLog;
  readonly insights: InsightSource;
  readonly #logger: Logger;
  readonly #gate: Gate;
  #closing: Promise<void> | undefined;
  #sweepTimer: NodeJS.Timeout | undefined;

  constructor(pool: Pool, logger: Logger = silentLogger) {
    const gate: Gate = { closed: false };
    const run: Run = (text, values) => (gate.closed ? Promise.reject(unavailable()) : query(pool, text, values));
    super(run, false);
    this.pool = pool;
    this.#logger = logger;
    this.#gate = gate;
    this.sessions = new PgSessions(run, 'admin');
    this.memberSessions = new PgSessions(run, 'member');
    this.signIns = new PgSignIns(run);
    this.memberKeys = new PgMemberKeys(run);
    this.adminFactors = new PgAdminFactors(run);
    this.emailLog = new PgEmailLog(run);
    this.adminActivity = new PgAdminActivity(run);
    this.insights = new PgInsights(run, (read) => this.#snapshotRead(read));
  }

  /**
   * Runs `read`'s queries on one connection in one REPEATABLE READ snapshot, without parallel
   * workers: Insights' sums agree with each other, and on a small machine they take one core,
   * leaving the other to members saving and reading (docs/product/insights.md#how-they-are-computed).
   */
  #snapshotRead<T>(read: (run: Run) => Promise<T>): Promise<T> {
    if (this.#gate.closed) return Promise.reject(unavailable());
    return withClient(this.pool, this.#logger, (client) =>
      inTransaction(client, async () => {
        await query(client, 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        await query(client, 'SET LOCAL max_parallel_workers_per_gather = 0');
        return read((text, values) => query(client, text, values));
      }),
    );
  }

  /** Writes asked for and not yet settled: close() lets them finish before it ends the pool. */
  readonly #inFlight = new Set<Promise<unknown>>();

  write<T>(fn: (tx: StoreWrites) => Promise<T>): Promise<T> {
    if (this.#gate.closed) return Promise.reject(unavailable());
    const done = this.#transaction(fn);
    this.#inFlight.add(done);
    void done.catch(() => undefined).finally(() => this.#inFlight.delete(done));
    return done;
  }

  #transaction<T>(fn: (tx: StoreWrites) => Promise<T>): Promise<T> {
    return withClient(this.pool, this.#logger, (client) =>
      inTransaction(client, async () => {
        let finished = false;
        // A transaction object kept past the end of fn must not run SQL on a client in other hands.
        const run: Run = (text, values) =>
          finished ? Promise.reject(new Error('This transaction has already finished.')) : query(client, text, values);
        try {
          return await fn(new PgWrites(run));
        } finally {
          finished = true;
        }
      }),
    );
  }

  /** Created by the first server that asks; a concurrent first start keeps the one that landed. */
  async sessionSecret(): Promise<string> {
    const candidate = randomBytes(48).toString('base64url');
    await this.run('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      SESSION_SECRET_NAME,
      candidate,
    ]);
    const { rows } = await this.run<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [
      SESSION_SECRET_NAME,
    ]);
    const value = rows[0]?.value;
    if (!value) throw new Error('app_secrets lost the session secret it was just given');
    return value;
  }

  /**
   * Ready when a query answers and every migration of this release is applied: a server started
   * with migrations off (or one release ahead of the database) must not take traffic.
   */
  async readiness(): Promise<StoreReadiness> {
    try {
      const pending = await pendingMigrations((text) => this.run<{ version: string }>(text));
      return pending.length === 0 ? { ready: true } : { ready: false, code: 'migrations_pending', pending };
    } catch (error) {
      if (isUnavailableError(error)) return { ready: false, code: 'unavailable' };
      throw error;
    }
  }

  poolStats(): PoolStats {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  rateLimiter(spec: RateLimitSpec): RateLimiterAbstract {
    this.#startRateLimitSweep();
    return createRateLimiter(this.run, spec);
  }

  /** On a connection of its own, for the advisory lock (retention.ts); close() lets it finish first. */
  purgeExpired(cutoffs: PurgeCutoffs): Promise<PurgeCounts | undefined> {
    if (this.#gate.closed) return Promise.reject(unavailable());
    const done = withClient(this.pool, this.#logger, (client) => purgeExpiredRows(client, cutoffs));
    this.#inFlight.add(done);
    void done.catch(() => undefined).finally(() => this.#inFlight.delete(done));
    return done;
  }

  /** One unref'd timer per store (not per limiter), stopped by close(). */
  #startRateLimitSweep(): void {
    if (this.#sweepTimer || this.#gate.closed) return;
    this.#sweepTimer = setInterval(() => {
      clearExpiredRateLimits(this.run, Date.now()).catch((error: unknown) => {
        this.#logger.debug('rate limit clean-up failed', errorFields(error));
      });
    }, RATE_LIMIT_SWEEP_MS);
    this.#sweepTimer.unref();
  }

  /**
   * New calls answer 503 at once; writes already asked for finish first (pool.end() alone would
   * drop one still waiting for a connection).
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#gate.closed = true;
      clearInterval(this.#sweepTimer);
      await Promise.allSettled([...this.#inFlight]);
      await this.pool.end();
    })();
    return this.#closing;
  }
}

export interface OpenPostgresStoreOptions {
  url: string;
  /** db.json: seeds products, testimonials and the map table of an empty database. */
  seedFile?: string;
  logger?: Logger;
  poolMax?: number;
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
}

export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const logger = options.logger ?? silentLogger;
  const pool = createPool(options.url, { logger, ...(options.poolMax === undefined ? {} : { max: options.poolMax }) });
  try {
    if (options.migrate !== false) await migrate(pool, logger);
    if (options.seedFile !== undefined) await seedIfEmpty(pool, options.seedFile, logger);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return new PostgresStore(pool, logger);
}
