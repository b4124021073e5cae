/**
 * The embedded store: the store interface (../types.ts) over one lowdb data file.
 *
 * - The domain's records are the domain's memory store (@prr/domain memoryWrites.ts) over the
 *   file's arrays: reads answer from its indexes and return copies; the server's own records
 *   (e-mail log, sessions, sign-ins, rate limits) are kept beside them here and in serverRecords.ts.
 * - `write(fn)` runs one transaction at a time (a promise queue), so a check and the change it
 *   guards can never interleave with another request's. Each change records how to undo itself;
 *   if fn throws, the undo log runs backwards and memory is as before. Then the changes are
 *   committed through the data file's group commit: the write resolves once they are on disk.
 * - fn must only await the store: the data file serialises memory when it flushes, and a
 *   transaction that waited on something slow (a timer, the network) could be caught half-done.
 *
 * Admin sessions live in this process's memory: right for one process, and a restart signs the
 * admin out, which is the safe direction. Rate limit counters are kept in the data file, so a
 * restart forgets none. For several processes use PostgreSQL.
 */
import { dirname } from 'node:path';
import { silentLogger, type Logger } from '../../log.js';
import { loadOrCreateSecret } from '../../secrets.js';
import type { StoredAdmin, StoredEmailDelivery, StoredSignIn } from '../schema.js';
import type {
  AppStore,
  CodeAttempt,
  EmailCandidate,
  EmailLog,
  MemberDeliveries,
  MemberKey,
  MemberKeys,
  PurgeCounts,
  PurgeCutoffs,
  RateLimitSpec,
  Sessions,
  SignIns,
  StoreReadiness,
  StoreWrites,
} from '../types.js';
import { FileAdminFactors } from './adminFactors.js';
import { FileRateLimiter, type RateLimitFile } from './fileRateLimiter.js';
import { FileSessions } from './fileSessions.js';
import { Low, Memory } from 'lowdb';
import {
  AppError,
  MemoryIndexes,
  MemoryReads,
  MemoryWrites,
  memoryInsightSource,
  newestActionsFirst,
  type AdminActivityLog,
  type InsightSource,
  type StoredAdminAction,
} from '@prr/domain';
import type { DbData } from '../schema.js';
import { GroupCommitFile, openDataFile } from './dataFile.js';
import { MemorySessions } from './memorySessions.js';
import { purgeDataFile } from './retention.js';
import { ServerRecords } from './serverRecords.js';

const copy = <T extends object>(item: T): T => ({ ...item });
const copyAll = <T extends object>(items: readonly T[]): T[] => items.map(copy);
const copyAction = (record: StoredAdminAction): StoredAdminAction =>
  record.participant ? { ...record, participant: { ...record.participant } } : { ...record };

/** The reads the server's interface adds to the domain's (the store's and its transactions'). */
const serverReads = (data: DbData) => ({
  products: async () =>
    data.products.map(({ id, name, imageUrl, price, shopifyUrl }) => ({ id, name, imageUrl, price, shopifyUrl })),
  testimonials: async () =>
    data.testimonials.map(({ id, name, location, content, rating, avatarUrl }) =>
      avatarUrl === undefined
        ? { id, name, location, content, rating }
        : { id, name, location, content, rating, avatarUrl },
    ),
  admins: async (): Promise<StoredAdmin[]> => copyAll(data.admins),
});

/** One transaction's writes, each with its undo: the domain's (memoryWrites.ts) and the server's. */
class LowdbTransaction extends MemoryWrites<DbData> implements StoreWrites {
  readonly #records: ServerRecords;

  constructor(idx: MemoryIndexes<DbData>, records: ServerRecords) {
    super(idx, { undo: true });
    this.#records = records;
  }

  products() {
    return serverReads(this.idx.data).products();
  }

  testimonials() {
    return serverReads(this.idx.data).testimonials();
  }

  admins() {
    return serverReads(this.idx.data).admins();
  }

  async replaceAdmins(admins: readonly StoredAdmin[]): Promise<void> {
    const data = this.idx.data;
    const before = data.admins;
    data.admins = copyAll(admins);
    this.undoable(() => (data.admins = before));
  }

  /** Appends one admin action; undo takes it off again. */
  addAdminAction(record: StoredAdminAction): void {
    const list = this.idx.data.adminActivity;
    list.push(copyAction(record));
    this.undoable(() => void list.pop());
  }

  /** Drops the admin actions from before `cutoff` (epoch ms); answers how many. */
  dropAdminActivityBefore(cutoff: number): number {
    const data = this.idx.data;
    const before = data.adminActivity;
    const kept = before.filter((record) => Date.parse(record.at) >= cutoff);
    if (kept.length === before.length) return 0;
    data.adminActivity = kept;
    this.undoable(() => (data.adminActivity = before));
    return before.length - kept.length;
  }

  /** Changes one of the file's session or sign-in lists; undo puts back a copy of the whole list. */
  changeList<K extends 'memberSessions' | 'signIns' | 'adminFactors' | 'usedKeys' | 'keyRevocations', T = void>(
    key: K,
    change: (list: DbData[K]) => T,
  ): T {
    const data = this.idx.data;
    // A deep copy: the admin's factors hold lists of their own.
    const before = structuredClone(data[key]);
    const result = change(data[key]);
    this.undoable(() => (data[key] = before));
    return result;
  }

  /** Changes rate limit counters; undo puts back a copy of them all. */
  changeRateLimits<T>(change: (counters: DbData['rateLimits']) => T): T {
    const data = this.idx.data;
    const before = { ...data.rateLimits };
    const result = change(data.rateLimits);
    this.undoable(() => (data.rateLimits = before));
    return result;
  }

  /** Drops the e-mail log's records that `gone` picks; undo puts them back. */
  dropDeliveries(gone: (record: StoredEmailDelivery) => boolean): number {
    const { dropped, undo } = this.#records.dropDeliveries(gone);
    if (dropped > 0) this.undoable(undo);
    return dropped;
  }

  putDelivery(record: StoredEmailDelivery): void {
    const records = this.#records;
    const before = records.delivery(record.memberId, record.kind);
    records.putDelivery(copy(record));
    this.undoable(() => (before ? records.putDelivery(before) : records.removeDelivery(record.memberId, record.kind)));
  }
}

const sameRecord = (a: StoredEmailDelivery | undefined, b: StoredEmailDelivery | undefined): boolean =>
  a === undefined || b === undefined ? a === b : a.key === b.key && a.status === b.status && a.attempts === b.attempts;

export class LowdbStore extends MemoryReads<DbData> implements AppStore {
  readonly kind = 'lowdb' as const;
  readonly file: GroupCommitFile;
  readonly sessions = new MemorySessions();
  readonly memberSessions: Sessions;
  readonly signIns: SignIns;
  readonly memberKeys: MemberKeys;
  readonly adminFactors: FileAdminFactors;
  readonly emailLog: EmailLog;
  readonly adminActivity: AdminActivityLog;
  /** Computed by the domain over memory, yielding between batches so saves go on meanwhile. */
  readonly insights: InsightSource;
  /** The tail of the transaction queue. */
  #queue: Promise<unknown> = Promise.resolve();

  readonly #records: ServerRecords;

  constructor(file: GroupCommitFile) {
    const records = new ServerRecords(file);
    super(new MemoryIndexes(file, (memberId) => records.deleteMember(memberId)));
    this.#records = records;
    this.file = file;
    this.emailLog = this.#emailLog();
    this.memberSessions = new FileSessions({
      sessions: () => this.idx.data.memberSessions,
      write: (change) => this.#transaction((tx) => tx.changeList('memberSessions', change)),
    });
    this.signIns = this.#signIns();
    this.adminActivity = this.#adminActivity();
    this.insights = memoryInsightSource(this.idx);
    this.memberKeys = this.#memberKeys();
    this.adminFactors = new FileAdminFactors({
      list: () => this.idx.data.adminFactors,
      write: (change) => this.#transaction((tx) => tx.changeList('adminFactors', change)),
    });
  }

  products() {
    return serverReads(this.idx.data).products();
  }

  testimonials() {
    return serverReads(this.idx.data).testimonials();
  }

  admins() {
    return serverReads(this.idx.data).admins();
  }

  #deliveriesOf(memberId: string): MemberDeliveries {
    const delivery = (kind: StoredEmailDelivery['kind']) => {
      const found = this.#records.delivery(memberId, kind);
      return found && copy(found);
    };
    return { welcome: delivery('welcome'), reflection: delivery('reflection'), levelUp: delivery('level-up') };
  }

  /** The raw data, for tools and tests that inspect the file's contents. */
  get data() {
    return this.idx.data;
  }

  write<T>(fn: (tx: StoreWrites) => Promise<T>): Promise<T> {
    return this.#transaction(fn);
  }

  #transaction<T>(fn: (tx: LowdbTransaction) => Promise<T> | T): Promise<T> {
    const run = this.#queue.then(async () => {
      if (this.file.closed) throw new AppError('unavailable', 'The server is shutting down. Please try again.');
      const tx = new LowdbTransaction(this.idx, this.#records);
      try {
        return { result: await fn(tx), changed: tx.changed };
      } catch (error) {
        tx.rollback();
        throw error;
      }
    });
    this.#queue = run.catch(() => undefined);
    // The queue is released before the flush: the next transaction runs while this one is written.
    // One that changed nothing still waits for the flush under way: what it read (say, a member
    // joined a moment ago) is on disk before it answers, or its answer fails with that flush.
    return run.then(async ({ result, changed }) => {
      await (changed ? this.file.commit() : this.file.flush());
      return result;
    });
  }

  /** Ready when an empty transaction gets through: the queue moves and the flush under way lands. */
  async readiness(): Promise<StoreReadiness> {
    try {
      await this.#transaction(() => undefined);
      return { ready: true };
    } catch (error) {
      if (error instanceof AppError && error.code === 'unavailable') return { ready: false, code: 'unavailable' };
      throw error;
    }
  }

  /** A file beside the data file, readable by its owner only (secrets.ts). */
  sessionSecret(): Promise<string> {
    return loadOrCreateSecret(dirname(this.file.file));
  }

  /** Counters in the data file: a restart forgets no limit (docs/decisions/026-limits-and-defaults.md). */
  rateLimiter(spec: RateLimitSpec): FileRateLimiter {
    return new FileRateLimiter(this.#rateLimitFile, spec);
  }

  readonly #rateLimitFile: RateLimitFile = {
    counters: () => this.idx.data.rateLimits,
    write: (change) => this.#transaction((tx) => tx.changeRateLimits(change)),
  };

  /** The file's lists in one transaction (one write, one flush: retention.ts); then the admin's sessions and challenges in memory. */
  async purgeExpired(cutoffs: PurgeCutoffs): Promise<PurgeCounts> {
    const file = await this.#transaction((tx) => purgeDataFile(tx, this.idx.data, cutoffs));
    return {
      ...file,
      adminSessions: this.sessions.dropCreatedBy(cutoffs.adminSessionsCreatedBy.getTime()),
      adminChallenges: this.adminFactors.dropExpiredChallenges(cutoffs.now.getTime()),
    };
  }

  async close(): Promise<void> {
    await this.#queue;
    await this.file.close();
  }

  #signIns(): SignIns {
    const pending = () => this.idx.data.signIns;
    const find = (memberId: string) => pending().find((r) => r.memberId === memberId);
    const without = (memberId: string) => (list: StoredSignIn[]) => {
      const index = list.findIndex((r) => r.memberId === memberId);
      if (index >= 0) list.splice(index, 1);
    };
    return {
      put: (record) =>
        this.#transaction((tx) =>
          tx.changeList('signIns', (list) => {
            without(record.memberId)(list);
            list.push({ ...record });
          }),
        ),
      ofMember: async (memberId) => {
        const found = find(memberId);
        return found && copy(found);
      },
      // One transaction at a time: the count is read and written with nothing in between.
      tryCode: (memberId, codeHash, now, maxWrongCodes) =>
        this.#transaction((tx): CodeAttempt => {
          const found = find(memberId);
          if (found && Date.parse(found.expiresAt) <= now.getTime()) {
            tx.changeList('signIns', without(memberId));
            return { outcome: 'expired' };
          }
          if (!found || found.wrongCodes >= maxWrongCodes) return { outcome: 'expired' };
          if (found.codeHash === codeHash) {
            const signIn = copy(found);
            tx.changeList('signIns', without(memberId));
            return { outcome: 'signed-in', signIn };
          }
          let wrongCodes = 0;
          tx.changeList('signIns', (list) => {
            const live = list.find((r) => r.memberId === memberId);
            if (live) wrongCodes = live.wrongCodes += 1;
          });
          return { outcome: 'wrong', wrongCodes };
        }),
      take: (match) =>
        this.#transaction((tx) => {
          const found = pending().find((r) => r.linkHash === match.linkHash);
          if (!found) return undefined;
          const taken = copy(found);
          tx.changeList('signIns', without(found.memberId));
          return taken;
        }),
      byLink: async (linkHash) => {
        const found = pending().find((r) => r.linkHash === linkHash);
        return found && copy(found);
      },
      remove: async (memberId) => {
        if (!find(memberId)) return;
        await this.#transaction((tx) => tx.changeList('signIns', without(memberId)));
      },
    };
  }

  /** One transaction per call: a key is checked and recorded with nothing in between. */
  #memberKeys(): MemberKeys {
    const data = () => this.idx.data;
    const revoked = (key: MemberKey) => {
      const revocation = data().keyRevocations.find((r) => r.memberId === key.memberId);
      return revocation !== undefined && key.issuedAt.getTime() <= Date.parse(revocation.revokedAt);
    };
    const used = (key: MemberKey) => data().usedKeys.some((u) => u.keyId === key.keyId);
    const gone = (key: MemberKey) => this.idx.memberById(key.memberId) === undefined;
    return {
      use: (key, now) =>
        this.#transaction((tx) => {
          if (gone(key) || revoked(key) || used(key)) return false;
          tx.changeList('usedKeys', (list) => {
            // Housekeeping: expired keys cannot be used again anyway.
            for (let i = list.length - 1; i >= 0; i -= 1) {
              if (Date.parse(list[i]!.expiresAt) <= now.getTime()) list.splice(i, 1);
            }
            list.push({ keyId: key.keyId, memberId: key.memberId, expiresAt: key.expiresAt.toISOString() });
          });
          return true;
        }),
      usable: async (key) => !gone(key) && !revoked(key) && !used(key),
      revokeAll: async (memberId, at) => {
        await this.#transaction((tx) =>
          tx.changeList('keyRevocations', (list) => {
            const found = list.find((r) => r.memberId === memberId);
            if (!found) list.push({ memberId, revokedAt: at.toISOString() });
            else if (Date.parse(found.revokedAt) < at.getTime()) found.revokedAt = at.toISOString();
          }),
        );
      },
    };
  }

  /** Newest first (ties: the last added first): a pass over a year of actions, which is thousands, not millions. */
  #adminActivity(): AdminActivityLog {
    const newestFirst = () => newestActionsFirst(this.idx.data.adminActivity);
    return {
      add: async (record) => {
        await this.#transaction((tx) => tx.addAdminAction(record));
      },
      page: async (offset, limit) => {
        const all = newestFirst();
        return { records: all.slice(offset, offset + limit).map(copyAction), total: all.length };
      },
      batches: async function* (batchSize) {
        const all = newestFirst();
        for (let start = 0; start < all.length; start += batchSize) {
          yield all.slice(start, start + batchSize).map(copyAction);
        }
      },
      deleteBefore: (before) => this.#transaction((tx) => tx.dropAdminActivityBefore(before.getTime())),
    };
  }

  #emailLog(): EmailLog {
    const idx = this.idx;
    const records = this.#records;
    return {
      deliveriesOf: async (memberId) => this.#deliveriesOf(memberId),
      candidates: (joinedSince, batchSize) => this.#candidates(joinedSince, batchSize),
      claim: (record, previous) =>
        this.#transaction((tx) => {
          if (!sameRecord(records.delivery(record.memberId, record.kind), previous)) return false;
          tx.putDelivery(record);
          return true;
        }),
      update: async (record) => {
        await this.#transaction((tx) => {
          if (records.delivery(record.memberId, record.kind)?.key === record.key) tx.putDelivery(record);
        });
      },
      abandonInterrupted: (before) =>
        this.#transaction((tx) => {
          const stale = idx.data.emailLog.filter(
            (r) => r.status === 'sending' && Date.parse(r.lastAttemptAt) < before.getTime(),
          );
          for (const record of stale) tx.putDelivery({ ...record, status: 'unknown' });
          return stale.length;
        }),
    };
  }

  async *#candidates(joinedSince: Date, batchSize: number): AsyncIterable<EmailCandidate[]> {
    const since = joinedSince.toISOString();
    const members = this.idx.data.members
      .filter((m) => m.isActive && (m.joinedAt >= since || m.afterExperiment === 'continue'))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (let start = 0; start < members.length; start += batchSize) {
      yield members
        .slice(start, start + batchSize)
        .map((m) => ({ member: copy(m), deliveries: this.#deliveriesOf(m.id) }));
    }
  }
}

export interface OpenLowdbStoreOptions {
  /** The live data file (DATA_FILE). */
  file: string;
  /** Copied to `file` when it does not exist yet (the committed db.json). Never written. */
  seedFile?: string;
  logger?: Logger;
}

export async function openLowdbStore(options: OpenLowdbStoreOptions): Promise<LowdbStore> {
  const file = await openDataFile({ ...options, logger: options.logger ?? silentLogger });
  return new LowdbStore(file);
}

/** A lowdb store over memory only (nothing is written): for domain unit tests and tools. */
export function memoryLowdbStore(data: DbData): LowdbStore {
  return new LowdbStore(new GroupCommitFile(new Low<DbData>(new Memory<DbData>(), data), ':memory:'));
}
