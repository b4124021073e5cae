/**
 * The admin's actions (docs/product/rules.md#security-events): the words each one is shown in,
 * the page and CSV the Activity page reads, the year they are kept, and the log over a plain
 * array that the mocks and this package's tests use.
 */
import {
  ADMIN_ACTIVITY_RETENTION_DAYS,
  type AdminAction,
  type AdminActivity,
  type AdminActivityPage,
  type PageQuery,
} from '@prr/contract';
import { CSV_BATCH, csvChunks } from './participantsCsv.js';
import type { AdminActivityLog } from './ports.js';
import type { StoredAdminAction } from './records.js';

/** What the Activity page and the CSV say for each action. */
export const ADMIN_ACTION_WORDS: Record<AdminAction, string> = {
  'participant.add': 'Added a participant',
  'participant.edit': 'Edited a participant',
  'participant.status': 'Changed a participant’s status',
  'participant.delete': 'Deleted a participant',
  'participants.export': 'Exported participants (CSV)',
  'map.update': 'Updated the map',
  'map.undo': 'Undid the map update',
  'story.approve': 'Approved a story',
  'story.reject': 'Rejected a story',
  'activity.export': 'Exported admin activity (CSV)',
  'password.change': 'Changed the admin password',
  'second-factor.enrol': 'Added a second factor',
  'second-factor.remove': 'Removed a second factor',
  'recovery-codes.regenerate': 'Made new recovery codes',
  'insights.export': 'Exported insights (CSV)',
  'impact.publish': 'Published the evidence on /impact',
  'impact.withdraw': 'Withdrew the evidence from /impact',
};

const DAY_MS = 86_400_000;

/** Records from before this instant are past the year they are kept. */
export function adminActivityCutoff(now: Date): Date {
  return new Date(now.getTime() - ADMIN_ACTIVITY_RETENTION_DAYS * DAY_MS);
}

export function adminActivityView(record: StoredAdminAction): AdminActivity {
  return {
    id: record.id,
    at: record.at,
    action: record.action,
    participant: record.participant ? { name: record.participant.name } : null,
    network: record.network,
  };
}

export async function adminActivityPage(log: AdminActivityLog, query: PageQuery): Promise<AdminActivityPage> {
  const { records, total } = await log.page((query.page - 1) * query.pageSize, query.pageSize);
  return { items: records.map(adminActivityView), total, page: query.page, pageSize: query.pageSize };
}

const HEADER = ['When', 'What', 'Action', 'Participant', 'From'] as const;

/** The whole log as CSV, newest first, by the CSV rules of participantsCsv.ts. */
export function adminActivityCsv(log: AdminActivityLog): AsyncGenerator<string> {
  return csvChunks(HEADER, log.batches(CSV_BATCH), (record) => [
    record.at,
    ADMIN_ACTION_WORDS[record.action],
    record.action,
    record.participant?.name ?? '',
    record.network,
  ]);
}

/**
 * The order of AdminActivityLog.page (ports.ts) over records kept in insertion order: newest `at`
 * first, ties the last added first. The mocks' log and the lowdb store's use it.
 */
export const newestActionsFirst = (records: readonly StoredAdminAction[]): StoredAdminAction[] =>
  [...records].reverse().sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

/** The log over an array read afresh on every call (so it follows a reset), in insertion order. */
export function memoryAdminActivity(data: { adminActivity: StoredAdminAction[] }): AdminActivityLog {
  const ordered = () => newestActionsFirst(data.adminActivity).map((record) => structuredClone(record));
  return {
    async add(record) {
      data.adminActivity.push(structuredClone(record));
    },
    async page(offset, limit) {
      const all = ordered();
      return { records: all.slice(offset, offset + limit), total: all.length };
    },
    async *batches(batchSize) {
      const all = ordered();
      for (let start = 0; start < all.length; start += batchSize) yield all.slice(start, start + batchSize);
    },
    async deleteBefore(before) {
      const cutoff = before.getTime();
      const kept = data.adminActivity.filter((record) => Date.parse(record.at) >= cutoff);
      const removed = data.adminActivity.length - kept.length;
      data.adminActivity = kept;
      return removed;
    },
  };
}
