/**
 * The retention job (docs/product/rules.md#retention): data is kept only as long as it is needed.
 * Shortly after start, then once a day, it asks the store to delete everything past its period in
 * one call (AppStore.purgeExpired) and logs one line with how many of each kind went. Runs never
 * overlap, a failure is logged and the next day's run tries again, and the timers never keep
 * the process alive. Time comes only from the injected clock, which the cutoffs are taken from.
 *
 * Each period is defined once: the sessions', keys' and admin activity's where their rules live
 * (reused here), the e-mail log's here. Several servers on one PostgreSQL database each run the
 * job; the store lets one purge run at a time (store/postgres/retention.ts), and a purge that finds
 * another running is skipped.
 */
import { EMAIL_LINK_DAYS, MEMBER_SESSION_DAYS } from '@prr/contract';
import { adminActivityCutoff } from '@prr/domain';
import { ADMIN_SESSION_MAX_MS } from '../auth/sessions.js';
import type { Clock } from '../clock.js';
import { errorFields, silentLogger, type Logger } from '../log.js';
import type { AppStore, PurgeCounts, PurgeCutoffs } from '../store/types.js';

const DAY_MS = 86_400_000;

/**
 * The daily reflection's e-mail records are kept this long after their last attempt: a year of
 * "did my e-mail go out?", and a month's margin. The welcome and level-up records stay while the
 * member does: they are once-only claims (docs/product/rules.md#retention).
 */
export const EMAIL_LOG_RETENTION_DAYS = 400;
/** How often the job runs. */
export const RETENTION_INTERVAL_MS = DAY_MS;
/** The first run after start: once start-up's own work is done, not in its way. */
export const RETENTION_FIRST_RUN_DELAY_MS = 60_000;

/**
 * What is past its retention at `now`: a session past its absolute lifetime, dead whatever its
 * idle time (one that went idle sooner goes when it is next presented, or here once that lifetime
 * ends); a key revocation older than the longest e-mail key's life, since every key it revokes
 * has expired; e-mail records past EMAIL_LOG_RETENTION_DAYS; admin actions past
 * ADMIN_ACTIVITY_RETENTION_DAYS; sign-ins, used keys, challenges and rate-limit counters by their
 * own expiry.
 */
export function retentionCutoffs(now: Date): PurgeCutoffs {
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  return {
    now,
    adminSessionsCreatedBy: ago(ADMIN_SESSION_MAX_MS),
    memberSessionsCreatedBy: ago(MEMBER_SESSION_DAYS * DAY_MS),
    keyRevocationsBy: ago(EMAIL_LINK_DAYS * DAY_MS),
    emailLogBefore: ago(EMAIL_LOG_RETENTION_DAYS * DAY_MS),
    adminActivityBefore: adminActivityCutoff(now),
  };
}

export interface RetentionJobOptions {
  store: Pick<AppStore, 'purgeExpired'>;
  clock: Clock;
  logger?: Logger;
  /** RETENTION_INTERVAL_MS unless given. */
  intervalMs?: number;
  /** RETENTION_FIRST_RUN_DELAY_MS unless given. */
  firstRunDelayMs?: number;
}

export class RetentionJob {
  readonly #store: Pick<AppStore, 'purgeExpired'>;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #firstRunDelayMs: number;
  #first: NodeJS.Timeout | undefined;
  #daily: NodeJS.Timeout | undefined;
  #running: Promise<PurgeCounts | undefined> | undefined;
  #stopped = false;

  constructor(options: RetentionJobOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#logger = options.logger ?? silentLogger;
    this.#intervalMs = options.intervalMs ?? RETENTION_INTERVAL_MS;
    this.#firstRunDelayMs = options.firstRunDelayMs ?? RETENTION_FIRST_RUN_DELAY_MS;
  }

  /** Runs once after the first delay, then every interval. */
  start(): void {
    if (this.#daily || this.#stopped) return;
    this.#first = setTimeout(() => void this.run(), this.#firstRunDelayMs);
    this.#daily = setInterval(() => void this.run(), this.#intervalMs);
    this.#first.unref();
    this.#daily.unref();
  }

  /** No further runs; resolves once a run under way has finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#first);
    clearInterval(this.#daily);
    this.#first = this.#daily = undefined;
    await this.idle();
  }

  /** Resolves when no run is under way. */
  async idle(): Promise<void> {
    await this.#running;
  }

  /**
   * One purge now, with the counts; a run asked for while one runs gets that one's. Never rejects:
   * a failure is logged and answers undefined, as does a purge another server was running, or a
   * run asked for after stop().
   */
  run(): Promise<PurgeCounts | undefined> {
    if (this.#running) return this.#running;
    if (this.#stopped) return Promise.resolve(undefined);
    const running = this.#runOnce().finally(() => {
      this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  async #runOnce(): Promise<PurgeCounts | undefined> {
    try {
      const counts = await this.#store.purgeExpired(retentionCutoffs(this.#clock.now()));
      if (counts === undefined) this.#logger.debug('retention purge skipped: another server is running it');
      else this.#logger.info('retention purge', { ...counts });
      return counts;
    } catch (error) {
      this.#logger.error('retention purge failed', errorFields(error));
      return undefined;
    }
  }
}
