/**
 * The domain's ports over memory (memoryIndexes.ts): the one implementation of their orders,
 * searches, upserts and deletions in TypeScript, run by the mocks (memoryStore.ts) and by the
 * server's lowdb store, which persists the same arrays to its data file. The SQL store answers
 * alike (the store suite, packages/server/test/store/, holds both to it).
 *
 * - Reads answer from the indexes and return copies.
 * - Each write can record how to undo itself (`undoable`): the lowdb store runs a transaction's
 *   undo log backwards when the transaction throws, so memory is as it was.
 */
import type { ImpactSnapshot, StateParticipation, StoryStatus } from '@prr/contract';
import type { MemoryData, MemoryIndexes } from './memoryIndexes.js';
import { replaceFields } from './memoryIndexes.js';
import type { DomainReads, DomainWrites, MemberSearch, MemberSearchPage } from './ports.js';
import type {
  MemberPatch,
  StoredAchievement,
  StoredMember,
  StoredReflection,
  StoredRippleEffect,
  StoredStory,
} from './records.js';

const copy = <T extends object>(item: T): T => ({ ...item });
const copyAll = <T extends object>(items: readonly T[]): T[] => items.map(copy);

/** Only the map's own fields: rows read from a file may carry more. */
const mapRows = (states: readonly StateParticipation[]): StateParticipation[] =>
  states.map(({ state, stateCode, peacemakers }) => ({ state, stateCode, peacemakers }));

/**
 * The order storiesWithStatus answers in (ports.ts): the admin's queue oldest first, reviewed ones
 * newest review first. Stores sort a list in insertion order reversed by it (a stable sort), so
 * ties put the last added first; the SQL store orders alike (postgres/records.ts).
 */
export const compareStories = (status: StoryStatus) =>
  status === 'pending'
    ? (a: StoredStory, b: StoredStory) => a.submittedAt.localeCompare(b.submittedAt)
    : (a: StoredStory, b: StoredStory) => (b.reviewedAt ?? '').localeCompare(a.reviewedAt ?? '');

/** Nothing published leaves no field, as with the map's backup. */
function setImpactSnapshot(data: MemoryData, snapshot: ImpactSnapshot | undefined): void {
  if (snapshot) data.impactSnapshot = snapshot;
  else delete data.impactSnapshot;
}

/** No backup leaves no field (the data file of a release before the undo has none). */
function setStatesBackup(data: MemoryData, states: StateParticipation[] | undefined): void {
  if (states) data.statesBackup = states;
  else delete data.statesBackup;
}

export class MemoryReads<D extends MemoryData = MemoryData> implements DomainReads {
  protected readonly idx: MemoryIndexes<D>;

  constructor(idx: MemoryIndexes<D>) {
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
    // Reversed first, so that within one week and instant the last added comes first.
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

  async impactSnapshot(): Promise<ImpactSnapshot | undefined> {
    const snapshot = this.idx.data.impactSnapshot;
    return snapshot && structuredClone(snapshot);
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
}

/** The writes, each with its undo when the store keeps an undo log. */
export class MemoryWrites<D extends MemoryData = MemoryData> extends MemoryReads<D> implements DomainWrites {
  /** Undefined: no undo kept (the mocks, which never roll back). */
  readonly #undo: (() => void)[] | undefined;

  constructor(idx: MemoryIndexes<D>, options: { undo: boolean }) {
    super(idx);
    this.#undo = options.undo ? [] : undefined;
  }

  /** Whether any write was undoable since the start (only known with an undo log). */
  get changed(): boolean {
    return (this.#undo?.length ?? 0) > 0;
  }

  /** Records how to undo a change just made. */
  protected undoable(undo: () => void): void {
    this.#undo?.push(undo);
  }

  /** Undoes every change recorded, newest first. */
  rollback(): void {
    if (!this.#undo) return;
    for (const undo of this.#undo.reverse()) undo();
    this.#undo.length = 0;
  }

  async insertMember(member: StoredMember): Promise<boolean> {
    if (this.idx.memberByEmail(member.email)) return false;
    const stored = copy(member);
    this.idx.addMember(stored);
    this.undoable(() => this.idx.removeMember(stored));
    return true;
  }

  async updateMember(id: string, patch: MemberPatch): Promise<void> {
    const member = this.idx.memberById(id);
    if (!member) return;
    const before = copy(member);
    this.idx.patchMember(member, patch);
    this.undoable(() => this.idx.restoreMember(member, before));
  }

  async upsertReflection(reflection: StoredReflection): Promise<void> {
    const existing = this.idx.reflectionsOf(reflection.memberId).find((r) => r.day === reflection.day);
    if (existing) {
      const before = copy(existing);
      // A whole new record under the old id: fields the new one leaves out (its prompt) go.
      replaceFields(existing, { ...reflection, id: existing.id });
      this.undoable(() => replaceFields(existing, before));
      return;
    }
    const stored = copy(reflection);
    this.idx.addReflection(stored);
    this.undoable(() => this.idx.removeReflection(stored));
  }

  async insertAchievement(achievement: StoredAchievement): Promise<boolean> {
    const held = this.idx
      .achievementsOf(achievement.memberId)
      .some((a) => a.achievementType === achievement.achievementType);
    if (held) return false;
    const stored = copy(achievement);
    this.idx.addAchievement(stored);
    this.undoable(() => this.idx.removeAchievement(stored));
    return true;
  }

  async upsertRippleEffect(effect: StoredRippleEffect): Promise<void> {
    const existing = this.idx.rippleEffectsOf(effect.memberId).find((r) => r.week === effect.week);
    if (existing) {
      const before = copy(existing);
      replaceFields(existing, { ...effect, id: existing.id, createdAt: existing.createdAt });
      this.undoable(() => replaceFields(existing, before));
      return;
    }
    const stored = copy(effect);
    this.idx.addRippleEffect(stored);
    this.undoable(() => this.idx.removeRippleEffect(stored));
  }

  async insertStory(story: StoredStory): Promise<void> {
    const stored = copy(story);
    this.idx.addStory(stored);
    this.undoable(() => this.idx.removeStory(stored));
  }

  async updateStory(id: string, patch: Pick<StoredStory, 'status' | 'reviewedAt'>): Promise<void> {
    const story = this.idx.storyById(id);
    if (!story) return;
    const before = copy(story);
    // Both fields are set: a patch without reviewedAt clears it (a story back to pending), as the SQL store's UPDATE does.
    const { reviewedAt: _old, ...rest } = story;
    replaceFields(story, {
      ...rest,
      status: patch.status,
      ...(patch.reviewedAt ? { reviewedAt: patch.reviewedAt } : {}),
    });
    this.undoable(() => replaceFields(story, before));
  }

  async replaceStates(states: readonly StateParticipation[]): Promise<void> {
    const data = this.idx.data;
    const before = data.states;
    data.states = copyAll(states);
    this.undoable(() => (data.states = before));
  }

  async replaceStatesBackup(states: readonly StateParticipation[] | undefined): Promise<void> {
    const data = this.idx.data;
    const before = data.statesBackup;
    setStatesBackup(data, states && copyAll(states));
    this.undoable(() => setStatesBackup(data, before));
  }

  async replaceImpactSnapshot(snapshot: ImpactSnapshot | undefined): Promise<void> {
    const data = this.idx.data;
    const before = data.impactSnapshot;
    setImpactSnapshot(data, snapshot && structuredClone(snapshot));
    this.undoable(() => setImpactSnapshot(data, before));
  }

  async deleteMember(id: string): Promise<boolean> {
    const member = this.idx.memberById(id);
    if (!member) return false;
    this.undoable(this.idx.deleteMember(member));
    return true;
  }
}
