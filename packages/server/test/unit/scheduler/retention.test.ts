/**
 * The retention job's schedule (src/scheduler/retention.ts, docs/product/rules.md#retention) over a
 * real lowdb store held in memory: once shortly after start, then once a day, one log line with
 * the counts each time, runs that never overlap, and a failing store logged rather than thrown.
 * Vitest's fake timers move the clock: the job reads the (faked) system clock as bin.ts gives it.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ACTIVITY_RETENTION_DAYS } from '@prr/contract';
import type { StoredAdminAction } from '@prr/domain';
import { systemClock } from '../../../src/clock.js';
import { NOTHING_PURGED } from '../../fixtures.js';
import { RETENTION_FIRST_RUN_DELAY_MS, RETENTION_INTERVAL_MS, RetentionJob } from '../../../src/scheduler/retention.js';
import { memoryLowdbStore, type LowdbStore } from '../../../src/store/lowdb/lowdbStore.js';
import { DbData } from '../../../src/store/schema.js';
import type { PurgeCounts } from '../../../src/store/types.js';
import { capturingLogger, type LogLine } from '../../helpers.js';

const T0 = Date.parse('2026-03-02T15:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Only admin actions past the year: the counts the job should log for `n` of them. */
const removedActions = (n: number): PurgeCounts => ({ ...NOTHING_PURGED, adminActivity: n });

/** An admin action `ageMs` before the clock's now. */
const actionAged = (ageMs: number): StoredAdminAction => ({
  id: randomUUID(),
  at: new Date(Date.now() - ageMs).toISOString(),
  action: 'map.update',
  adminId: 'admin-1',
  network: '203.0.113.7',
});

const YEAR_MS = ADMIN_ACTIVITY_RETENTION_DAYS * DAY;

let store: LowdbStore;
let lines: LogLine[];
let job: RetentionJob;

const purgeLines = (): LogLine[] => lines.filter((line) => line.msg.startsWith('retention purge'));

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  store = memoryLowdbStore(DbData.parse({}));
  lines = [];
  job = new RetentionJob({ store, clock: systemClock, logger: capturingLogger(lines) });
});

afterEach(async () => {
  await job.stop();
  await store.close();
  vi.useRealTimers();
});

describe('the retention job', () => {
  it('runs once shortly after start, then once a day, logging one line with the counts each time', async () => {
    await store.adminActivity.add(actionAged(YEAR_MS + HOUR));
    // Past the year half a day after the first run: the second run's.
    await store.adminActivity.add(actionAged(YEAR_MS - 12 * HOUR));
    job.start();

    await vi.advanceTimersByTimeAsync(RETENTION_FIRST_RUN_DELAY_MS - 1);
    await job.idle();
    expect(purgeLines()).toStrictEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    await job.idle();
    expect(purgeLines()).toStrictEqual([{ level: 'info', msg: 'retention purge', fields: removedActions(1) }]);

    await vi.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS - RETENTION_FIRST_RUN_DELAY_MS - 1);
    await job.idle();
    expect(purgeLines()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    await job.idle();
    expect(purgeLines()).toStrictEqual([
      { level: 'info', msg: 'retention purge', fields: removedActions(1) },
      { level: 'info', msg: 'retention purge', fields: removedActions(1) },
    ]);
    expect((await store.adminActivity.page(0, 10)).total).toBe(0);

    await vi.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS);
    await job.idle();
    expect(purgeLines()).toHaveLength(3);
    expect(purgeLines()[2]?.fields).toStrictEqual(removedActions(0));
  });

  it('never overlaps: a run asked for while one is under way gets that one', async () => {
    await store.adminActivity.add(actionAged(YEAR_MS + HOUR));
    const first = job.run();
    const second = job.run();
    expect(second).toBe(first);
    expect(await second).toStrictEqual(removedActions(1));
    expect(purgeLines()).toHaveLength(1);
    // Once it is over, the next run is a new one.
    expect(await job.run()).toStrictEqual(removedActions(0));
    expect(purgeLines()).toHaveLength(2);
  });

  it('a failing store is logged, not thrown, and the next day tries again', async () => {
    job.start();
    await store.close();
    await vi.advanceTimersByTimeAsync(RETENTION_FIRST_RUN_DELAY_MS);
    await job.idle();
    expect(await job.run()).toBeUndefined();
    expect(purgeLines()).toStrictEqual([
      {
        level: 'error',
        msg: 'retention purge failed',
        fields: expect.objectContaining({ error: 'The server is shutting down. Please try again.' }) as unknown,
      },
      {
        level: 'error',
        msg: 'retention purge failed',
        fields: expect.objectContaining({ error: 'The server is shutting down. Please try again.' }) as unknown,
      },
    ]);
    await vi.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS);
    await job.idle();
    expect(purgeLines()).toHaveLength(3);
  });

  it('stop waits for the run under way, and no run follows', async () => {
    await store.adminActivity.add(actionAged(YEAR_MS + HOUR));
    job.start();
    const running = job.run();
    await job.stop();
    expect(purgeLines()).toStrictEqual([{ level: 'info', msg: 'retention purge', fields: removedActions(1) }]);
    expect(await running).toStrictEqual(removedActions(1));
    await vi.advanceTimersByTimeAsync(2 * RETENTION_INTERVAL_MS);
    expect(await job.run()).toBeUndefined();
    expect(purgeLines()).toHaveLength(1);
  });
});
