/**
 * The embedded store: the store interface (../types.ts) over one lowdb data file.
 *
 * - Reads answer from memory (indexes.ts) and return copies.
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
import type { StateParticipation } from '@prr/contract';
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
  RateLimitSpec,
  Sessions,
  SignIns,
  StoreWrites,
} from '../types.js';
import { FileAdminFactors } from './adminFactors.js';
import { FileRateLimiter, type RateLimitFile } from './fileRateLimiter.js';
import { FileSessions } from './fileSessions.js';
import { Low, Memory } from 'lowdb';
import {
  AppError,
  compareStories,
  type AdminActivityLog,
  type MemberPatch,
  type MemberSearch,
  type MemberSearchPage,
  type StoredAchievement,
  type StoredAdminAction,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
  type StoredStory,
} from '@prr/domain';
import type { StoryStatus } from '@prr/contract';
import type { DbData } from '../schema.js';
import { GroupCommitFile, openDataFile } from './dataFile.js';
import { MemoryIndexes, replaceFields } from './indexes.js';
import { MemorySessions } from './memorySessions.js';

const copy = <T extends object>(item: T): T => ({ ...item });
const copyAll = <T extends object>(items: readonly T[]): T[] => items.map(copy);
const copyAction = (record: StoredAdminAction): StoredAdminAction =>
  record.participant ? { ...record, participant: { ...record.participant } } : { ...record };

const mapRows = (states: readonly StateParticipation[]): StateParticipation[] =>
  states.map(({ state, stateCode, peacemakers }) => ({ state, stateCode, peacemakers }));

/** The reads of the interface over the indexes; shared by the store and its transactions. */
class LowdbReads {
  protected readonly idx: MemoryIndexes;

  constructor(idx: MemoryIndexes) {
    this.idx = idx;
  }

  async memberById(id: string): Promise<StoredMember | undefined> {
    const member = this.idx.memberById(id);
    return member && copy(member);
  }

  async memberByEmail(email: string): Promise<StoredMember | undefined> {
    const member = this.idx.memberByEmail(email);
    return member && copy(member);
  }

  async reflectionsOf(memberId: string): Promise<StoredReflection[]> {
    return copyAll(this.idx.reflectionsOf(memberId)).sort((a, b) => a.day - b.day);
  }

  async reflectionOn(memberId: string, day: number): Promise<StoredReflection | undefined> {
    const found = this.idx.reflectionsOf(memberId).find((r) => r.day === day);
    return found && copy(found);
  }

  async latestReflections(memberId: string, count: number): Promise<StoredReflection[]> {
    return copyAll(this.idx.reflectionsOf(memberId))
      .sort((a, b) => b.day - a.day)
      .slice(0, count);
  }

  async achievementsOf(memberId: string): Promise<StoredAchievement[]> {
    // Array.prototype.sort is stable: ties keep the order they were added in.
    return copyAll(this.idx.achievementsOf(memberId)).sort((a, b) => a.awardedAt.localeCompare(b.awardedAt));
  }

  async rippleEffectsOf(memberId: string): Promise<StoredRippleEffect[]> {
    return copyAll(this.idx.rippleEffectsOf(memberId))
      .reverse()
      .sort((a, b) => b.week - a.week || b.createdAt.localeCompare(a.createdAt));
  }

  async memberByInviteCode(code: string): Promise<StoredMember | undefined> {
    const member = this.idx.memberByInviteCode(code);
    return member && copy(member);
  }

  async invitedCount(memberId: string): Promise<number> {
    return this.idx.invitedCount(memberId);
  }

  async storiesOf(memberId: string): Promise<StoredStory[]> {
    return copyAll(this.idx.storiesOf(memberId))
      .reverse()
      .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
  }

  async storyById(id: string): Promise<StoredStory | undefined> {
    const story = this.idx.storyById(id);
    return story && copy(story);
  }

  /** A pass over every story: the admin's, and there are far fewer stories than members. */
  async storiesWithStatus(status: StoryStatus, limit: number): Promise<StoredStory[]> {
    return this.idx.data.stories
      .filter((s) => s.status === status)
      .reverse()
      .sort(compareStories(status))
      .slice(0, limit)
      .map(copy);
  }

  async states(): Promise<StateParticipation[]> {
    return mapRows(this.idx.data.states);
  }

  async statesBackup(): Promise<StateParticipation[] | undefined> {
    const backup = this.idx.data.statesBackup;
    return backup && mapRows(backup);
  }

  async products() {
    return this.idx.data.products.map(({ id, name, imageUrl, price, shopifyUrl }) => ({
      id,
      name,
      imageUrl,
      price,
      shopifyUrl,
    }));
  }

  async testimonials() {
    return this.idx.data.testimonials.map(({ id, name, location, content, rating, avatarUrl }) =>
      avatarUrl === undefined
        ? { id, name, location, content, rating }
        : { id, name, location, content, rating, avatarUrl },
    );
  }

  async memberCount(): Promise<number> {
    return this.idx.data.members.length;
  }

  async membersNewestFirst(limit?: number): Promise<StoredMember[]> {
    const sorted = this.idx.ordered('newest');
    return copyAll(limit === undefined ? sorted : sorted.slice(0, limit));
  }

  /** One pass over the kept order: the matches are counted, and the page's copied. */
  async searchMembers(search: MemberSearch, offset: number, limit: number): Promise<MemberSearchPage> {
    const members: StoredMember[] = [];
    let total = 0;
    this.idx.forEachMatch(search, (member) => {
      if (total >= offset && members.length < limit) members.push(copy(member));
      total += 1;
    });
    return { members, total };
  }

  /**
   * The matches are chosen when the export starts (references, so cheap at 50,000); each batch is
   * copied as it is asked for, so a slow download holds no second copy of the members.
   */
  async *memberBatches(search: MemberSearch, batchSize: number): AsyncIterable<StoredMember[]> {
    const matches: StoredMember[] = [];
    this.idx.forEachMatch(search, (member) => matches.push(member));
    for (let start = 0; start < matches.length; start += batchSize) {
      yield copyAll(matches.slice(start, start + batchSize));
    }
  }

  async activeMembersByState(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const member of this.idx.data.members) {
      if (member.isActive && member.state) counts.set(member.state, (counts.get(member.state) ?? 0) + 1);
    }
    return counts;
  }

  async admins(): Promise<StoredAdmin[]> {
    return copyAll(this.idx.data.admins);
  }

  deliveriesOfSync(memberId: string): MemberDeliveries {
    const welcome = this.idx.delivery(memberId, 'welcome');
    const reflection = this.idx.delivery(memberId, 'reflection');
    const levelUp = this.idx.delivery(memberId, 'level-up');
    return {
      welcome: welcome && copy(welcome),
      reflection: reflection && copy(reflection),
      levelUp: levelUp && copy(levelUp),
    };
  }
}

/** One transaction's writes, each with its undo. */
class LowdbTransaction extends LowdbReads implements StoreWrites {
  readonly #undo: (() => void)[] = [];

  get changed(): boolean {
    return this.#undo.length > 0;
  }

  rollback(): void {
    for (const undo of this.#undo.reverse()) undo();
    this.#undo.length = 0;
  }

  async insertMember(member: StoredMember): Promise<boolean> {
    if (this.idx.memberByEmail(member.email)) return false;
    const stored = copy(member);
    this.idx.addMember(stored);
    this.#undo.push(() => this.idx.removeMember(stored));
    return true;
  }

  async updateMember(id: string, patch: MemberPatch): Promise<void> {
    const member = this.idx.memberById(id);
    if (!member) return;
    const before = copy(member);
    this.idx.patchMember(member, patch);
    this.#undo.push(() => this.idx.restoreMember(member, before));
  }

  async upsertReflection(reflection: StoredReflection): Promise<void> {
    const existing = this.idx.reflectionsOf(reflection.memberId).find((r) => r.day === reflection.day);
    if (existing) {
      const before = copy(existing);
      replaceFields(existing, { ...reflection, id: existing.id });
      this.#undo.push(() => replaceFields(existing, before));
      return;
    }
    const stored = copy(reflection);
    this.idx.addReflection(stored);
    this.#undo.push(() => this.idx.removeReflection(stored));
  }

  async insertAchievement(achievement: StoredAchievement): Promise<boolean> {
    const held = this.idx
      .achievementsOf(achievement.memberId)
      .some((a) => a.achievementType === achievement.achievementType);
    if (held) return false;
    const stored = copy(achievement);
    this.idx.addAchievement(stored);
    this.#undo.push(() => this.idx.removeAchievement(stored));
    return true;
  }

  async upsertRippleEffect(effect: StoredRippleEffect): Promise<void> {
    const existing = this.idx.rippleEffectsOf(effect.memberId).find((r) => r.week === effect.week);
    if (existing) {
      const before = copy(existing);
      replaceFields(existing, { ...effect, id: existing.id, createdAt: existing.createdAt });
      this.#undo.push(() => replaceFields(existing, before));
      return;
    }
    const stored = copy(effect);
    this.idx.addRippleEffect(stored);
    this.#undo.push(() => this.idx.removeRippleEffect(stored));
  }

  async insertStory(story: StoredStory): Promise<void> {
    const stored = copy(story);
    this.idx.addStory(stored);
    this.#undo.push(() => this.idx.removeStory(stored));
  }

  async updateStory(id: string, patch: Pick<StoredStory, 'status' | 'reviewedAt'>): Promise<void> {
    const story = this.idx.storyById(id);
    if (!story) return;
    const before = copy(story);
    // Both fields are set: a patch without reviewedAt clears it, as the SQL store's UPDATE does.
    const { reviewedAt: _old, ...rest } = story;
    replaceFields(story, {
      ...rest,
      status: patch.status,
      ...(patch.reviewedAt ? { reviewedAt: patch.reviewedAt } : {}),
    });
    this.#undo.push(() => replaceFields(story, before));
  }

  async replaceStates(states: readonly StateParticipation[]): Promise<void> {
    const data = this.idx.data;
    const before = data.states;
    data.states = copyAll(states);
    this.#undo.push(() => (data.states = before));
  }

  async replaceStatesBackup(states: readonly StateParticipation[] | undefined): Promise<void> {
    const data = this.idx.data;
    const before = data.statesBackup;
    setStatesBackup(data, states && copyAll(states));
    this.#undo.push(() => setStatesBackup(data, before));
  }

  async deleteMember(id: string): Promise<boolean> {
    const member = this.idx.memberById(id);
    if (!member) return false;
    this.#undo.push(this.idx.deleteMember(member));
    return true;
  }

  async replaceAdmins(admins: readonly StoredAdmin[]): Promise<void> {
    const data = this.idx.data;
    const before = data.admins;
    data.admins = copyAll(admins);
    this.#undo.push(() => (data.admins = before));
  }

  /** Appends one admin action; undo takes it off again. */
  addAdminAction(record: StoredAdminAction): void {
    const list = this.idx.data.adminActivity;
    list.push(copyAction(record));
    this.#undo.push(() => void list.pop());
  }

  /** Drops the admin actions from before `cutoff` (epoch ms); answers how many. */
  dropAdminActivityBefore(cutoff: number): number {
    const data = this.idx.data;
    const before = data.adminActivity;
    const kept = before.filter((record) => Date.parse(record.at) >= cutoff);
    if (kept.length === before.length) return 0;
    data.adminActivity = kept;
    this.#undo.push(() => (data.adminActivity = before));
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
    this.#undo.push(() => (data[key] = before));
    return result;
  }

  /** Changes rate limit counters; undo puts back a copy of them all. */
  changeRateLimits<T>(change: (counters: DbData['rateLimits']) => T): T {
    const data = this.idx.data;
    const before = { ...data.rateLimits };
    const result = change(data.rateLimits);
    this.#undo.push(() => (data.rateLimits = before));
    return result;
  }

  putDelivery(record: StoredEmailDelivery): void {
    const before = this.idx.delivery(record.memberId, record.kind);
    this.idx.putDelivery(copy(record));
    this.#undo.push(() =>
      before ? this.idx.putDelivery(before) : this.idx.removeDelivery(record.memberId, record.kind),
    );
  }
}

/** No backup leaves no field in the file (files from before the undo have none). */
function setStatesBackup(data: DbData, states: StateParticipation[] | undefined): void {
  if (states) data.statesBackup = states;
  else delete data.statesBackup;
}

const sameRecord = (a: StoredEmailDelivery | undefined, b: StoredEmailDelivery | undefined): boolean =>
  a === undefined || b === undefined ? a === b : a.key === b.key && a.status === b.status && a.attempts === b.attempts;

export class LowdbStore extends LowdbReads implements AppStore {
  readonly kind = 'lowdb' as const;
  readonly file: GroupCommitFile;
  readonly sessions = new MemorySessions();
  readonly memberSessions: Sessions;
  readonly signIns: SignIns;
  readonly memberKeys: MemberKeys;
  readonly adminFactors: FileAdminFactors;
  readonly emailLog: EmailLog;
  readonly adminActivity: AdminActivityLog;
  /** The tail of the transaction queue. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(file: GroupCommitFile) {
    super(new MemoryIndexes(file));
    this.file = file;
    this.emailLog = this.#emailLog();
    this.memberSessions = new FileSessions({
      sessions: () => this.idx.data.memberSessions,
      write: (change) => this.#transaction((tx) => tx.changeList('memberSessions', change)),
    });
    this.signIns = this.#signIns();
    this.adminActivity = this.#adminActivity();
    this.memberKeys = this.#memberKeys();
    this.adminFactors = new FileAdminFactors({
      list: () => this.idx.data.adminFactors,
      write: (change) => this.#transaction((tx) => tx.changeList('adminFactors', change)),
    });
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
      const tx = new LowdbTransaction(this.idx);
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
    const newestFirst = () =>
      [...this.idx.data.adminActivity].reverse().sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
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
    return {
      deliveriesOf: async (memberId) => this.deliveriesOfSync(memberId),
      candidates: (joinedSince, batchSize) => this.#candidates(joinedSince, batchSize),
      claim: (record, previous) =>
        this.#transaction((tx) => {
          if (!sameRecord(idx.delivery(record.memberId, record.kind), previous)) return false;
          tx.putDelivery(record);
          return true;
        }),
      update: async (record) => {
        await this.#transaction((tx) => {
          if (idx.delivery(record.memberId, record.kind)?.key === record.key) tx.putDelivery(record);
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
        .map((m) => ({ member: copy(m), deliveries: this.deliveriesOfSync(m.id) }));
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
