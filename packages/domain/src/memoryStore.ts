/**
 * The ports over plain arrays in memory: what the mocks keep their state in, and what this
 * package's tests run the use cases on. Same orders and answers as the server's stores (their
 * shared suite, packages/server/src/store/storeSuite.ts), so a rule behaves alike on all three.
 * No transactions: the rules check before they write, and nothing here can fail half-way.
 */
import type { StateParticipation, StoryStatus } from '@prr/contract';
import { normaliseEmail } from './email.js';
import { memberMatches, sortMembers } from './participantSearch.js';
import type { DomainWrites, MemberSearch } from './ports.js';
import type { StoredAchievement, StoredMember, StoredReflection, StoredRippleEffect, StoredStory } from './records.js';

/** The arrays a memory store works on; read afresh on every call, so they may be swapped (a reset). */
export interface MemoryData {
  members: StoredMember[];
  reflections: StoredReflection[];
  achievements: StoredAchievement[];
  rippleEffects: StoredRippleEffect[];
  stories: StoredStory[];
  states: StateParticipation[];
  /** The map table the last 'Update Map' replaced, while it can be undone. */
  statesBackup: StateParticipation[] | undefined;
}

const copy = <T extends object>(item: T): T => ({ ...item });
const copyAll = <T extends object>(items: readonly T[]): T[] => items.map(copy);

/**
 * The order storiesWithStatus answers in (ports.ts): the admin's queue oldest first, reviewed ones
 * newest review first. Stores sort a list in insertion order reversed by it (a stable sort), so
 * ties put the last added first; the lowdb store uses it too.
 */
export const compareStories = (status: StoryStatus) =>
  status === 'pending'
    ? (a: StoredStory, b: StoredStory) => a.submittedAt.localeCompare(b.submittedAt)
    : (a: StoredStory, b: StoredStory) => (b.reviewedAt ?? '').localeCompare(a.reviewedAt ?? '');

export function memoryStore(data: MemoryData): DomainWrites {
  const memberWith = (email: string) => {
    const wanted = normaliseEmail(email);
    return data.members.find((m) => normaliseEmail(m.email) === wanted);
  };
  const reflectionsOf = (memberId: string) => data.reflections.filter((r) => r.memberId === memberId);
  const newestFirst = () =>
    copyAll(data.members)
      .reverse()
      .sort((a, b) => b.joinedAt.localeCompare(a.joinedAt));
  const matching = (search: MemberSearch) =>
    sortMembers(
      newestFirst().filter((m) => memberMatches(m, search)),
      search.sort,
    );

  return {
    async memberById(id) {
      const member = data.members.find((m) => m.id === id);
      return member && copy(member);
    },
    async memberByEmail(email) {
      const member = memberWith(email);
      return member && copy(member);
    },
    async reflectionsOf(memberId) {
      return copyAll(reflectionsOf(memberId)).sort((a, b) => a.day - b.day);
    },
    async reflectionOn(memberId, day) {
      const found = reflectionsOf(memberId).find((r) => r.day === day);
      return found && copy(found);
    },
    async latestReflections(memberId, count) {
      return copyAll(reflectionsOf(memberId))
        .sort((a, b) => b.day - a.day)
        .slice(0, count);
    },
    async achievementsOf(memberId) {
      // Array.prototype.sort is stable: ties keep the order they were added in.
      return copyAll(data.achievements.filter((a) => a.memberId === memberId)).sort((a, b) =>
        a.awardedAt.localeCompare(b.awardedAt),
      );
    },
    async rippleEffectsOf(memberId) {
      // Reversed first, so that within one week and instant the last added comes first.
      return copyAll(data.rippleEffects.filter((r) => r.memberId === memberId))
        .reverse()
        .sort((a, b) => b.week - a.week || b.createdAt.localeCompare(a.createdAt));
    },
    async states() {
      return copyAll(data.states);
    },
    async memberCount() {
      return data.members.length;
    },
    async membersNewestFirst(limit) {
      const sorted = newestFirst();
      return limit === undefined ? sorted : sorted.slice(0, limit);
    },
    async searchMembers(search, offset, limit) {
      const all = matching(search);
      return { members: all.slice(offset, offset + limit), total: all.length };
    },
    async *memberBatches(search, batchSize) {
      const all = matching(search);
      for (let i = 0; i < all.length; i += batchSize) yield all.slice(i, i + batchSize);
    },
    async statesBackup() {
      return data.statesBackup && copyAll(data.statesBackup);
    },
    async memberByInviteCode(code) {
      const member = data.members.find((m) => m.inviteCode === code);
      return member && copy(member);
    },
    async invitedCount(memberId) {
      return data.members.filter((m) => m.invitedBy === memberId).length;
    },
    async storiesOf(memberId) {
      return copyAll(data.stories.filter((s) => s.memberId === memberId))
        .reverse()
        .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
    },
    async storyById(id) {
      const story = data.stories.find((s) => s.id === id);
      return story && copy(story);
    },
    async storiesWithStatus(status, limit) {
      return copyAll(data.stories.filter((s) => s.status === status))
        .reverse()
        .sort(compareStories(status))
        .slice(0, limit);
    },
    async activeMembersByState() {
      const counts = new Map<string, number>();
      for (const member of data.members) {
        if (member.isActive && member.state) counts.set(member.state, (counts.get(member.state) ?? 0) + 1);
      }
      return counts;
    },

    async insertMember(member) {
      if (memberWith(member.email)) return false;
      data.members.push(copy(member));
      return true;
    },
    async updateMember(id, patch) {
      const member = data.members.find((m) => m.id === id);
      if (member) Object.assign(member, patch);
    },
    async upsertReflection(reflection) {
      const index = data.reflections.findIndex((r) => r.memberId === reflection.memberId && r.day === reflection.day);
      if (index < 0) {
        data.reflections.push(copy(reflection));
        return;
      }
      // A whole new record under the old id: fields the new one leaves out (its prompt) go.
      data.reflections[index] = { ...reflection, id: data.reflections[index]!.id };
    },
    async insertAchievement(achievement) {
      const held = data.achievements.some(
        (a) => a.memberId === achievement.memberId && a.achievementType === achievement.achievementType,
      );
      if (held) return false;
      data.achievements.push(copy(achievement));
      return true;
    },
    async upsertRippleEffect(effect) {
      const index = data.rippleEffects.findIndex((r) => r.memberId === effect.memberId && r.week === effect.week);
      if (index < 0) {
        data.rippleEffects.push(copy(effect));
        return;
      }
      const { id, createdAt } = data.rippleEffects[index]!;
      data.rippleEffects[index] = { ...effect, id, createdAt };
    },
    async insertStory(story) {
      data.stories.push(copy(story));
    },
    async updateStory(id, patch) {
      const story = data.stories.find((s) => s.id === id);
      if (!story) return;
      story.status = patch.status;
      // An absent reviewedAt in the patch clears it (a story back to pending), as in the SQL store.
      if (patch.reviewedAt === undefined) delete story.reviewedAt;
      else story.reviewedAt = patch.reviewedAt;
    },
    async replaceStates(states) {
      data.states = copyAll(states);
    },
    async replaceStatesBackup(states) {
      data.statesBackup = states && copyAll(states);
    },
    async deleteMember(id) {
      const before = data.members.length;
      data.members = data.members.filter((m) => m.id !== id);
      if (data.members.length === before) return false;
      data.reflections = data.reflections.filter((r) => r.memberId !== id);
      data.achievements = data.achievements.filter((a) => a.memberId !== id);
      data.rippleEffects = data.rippleEffects.filter((r) => r.memberId !== id);
      data.stories = data.stories.filter((s) => s.memberId !== id);
      // Their invitees stay members; only the link to the inviter goes.
      for (const member of data.members) if (member.invitedBy === id) delete member.invitedBy;
      return true;
    },
  };
}
