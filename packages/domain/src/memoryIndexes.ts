/**
 * In-memory indexes over a store's arrays (MemoryData), so lookups stay O(1) at 50,000 members (by
 * id, e-mail and invite code; a member's records, stories and invitees by member id). The arrays
 * remain the source of truth: they are what the lowdb store writes to its data file and what the
 * mocks' tests read. The maps are rebuilt whenever the source's generation changes (the data file
 * replaced its data after a failed write; the mocks' data changed from outside).
 * The admin list's orders and search are memberOrders.ts, rebuilt with the maps.
 */
import type { ImpactSnapshot, StateParticipation } from '@prr/contract';
import { normaliseEmail } from './email.js';
import { MemberOrders, type KeptOrder } from './memberOrders.js';
import type { MemberSearch } from './ports.js';
import type {
  MemberPatch,
  StoredAchievement,
  StoredMember,
  StoredReflection,
  StoredRippleEffect,
  StoredStory,
} from './records.js';

/** The arrays a memory store works on (the lowdb data file holds them, and more). */
export interface MemoryData {
  members: StoredMember[];
  reflections: StoredReflection[];
  achievements: StoredAchievement[];
  rippleEffects: StoredRippleEffect[];
  stories: StoredStory[];
  states: StateParticipation[];
  /** The map table the last 'Update Map' replaced, while it can be undone; absent otherwise. */
  statesBackup?: StateParticipation[] | undefined;
  /** The evidence published on /impact; absent while nothing is. */
  impactSnapshot?: ImpactSnapshot | undefined;
}

/** Read access to the current data; `generation` changes whenever `data` may have changed behind the indexes. */
export interface MemorySource<D extends MemoryData = MemoryData> {
  readonly data: D;
  readonly generation: number;
}

/**
 * Removes what a store keeps of a member beyond the domain's records (the server's e-mail log,
 * sessions and sign-ins) when the member is deleted; answers the undo.
 */
export type DeleteMemberRecords = (memberId: string) => () => void;

function groupBy<T extends { memberId: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) pushTo(map, item.memberId, item);
  return map;
}

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** Replaces every field of `target` with those of `source` (fields absent from source go). */
export function replaceFields<T extends object>(target: T, source: T): void {
  for (const field of Object.keys(target)) delete (target as Record<string, unknown>)[field];
  Object.assign(target, source);
}

/** Removes `item` from `array`, searching from the end: undo removes what was just added. */
function removeFrom<T>(array: T[] | undefined, item: T): void {
  if (!array) return;
  const index = array.lastIndexOf(item);
  if (index >= 0) array.splice(index, 1);
}

/** The arrays holding records of a member, which deleting the member filters. */
type Owned = Pick<MemoryData, 'reflections' | 'achievements' | 'rippleEffects' | 'stories'>;

function restoreGroup<T>(map: Map<string, T[]>, key: string, group: T[] | undefined): void {
  if (group) map.set(key, group);
  else map.delete(key);
}

export class MemoryIndexes<D extends MemoryData = MemoryData> {
  readonly #source: MemorySource<D>;
  readonly #deleteRecords: DeleteMemberRecords | undefined;
  #generation = Number.NaN;
  #byId = new Map<string, StoredMember>();
  #byEmail = new Map<string, StoredMember>();
  #byInviteCode = new Map<string, StoredMember>();
  /** The members who joined through each member's invite link, by the inviter's id. */
  #invitees = new Map<string, StoredMember[]>();
  #reflections = new Map<string, StoredReflection[]>();
  #achievements = new Map<string, StoredAchievement[]>();
  #ripples = new Map<string, StoredRippleEffect[]>();
  #stories = new Map<string, StoredStory[]>();
  #storyById = new Map<string, StoredStory>();
  #orders = new MemberOrders(() => []);

  /** @param deleteRecords What else deleting a member removes, in the same undoable step. */
  constructor(source: MemorySource<D>, deleteRecords?: DeleteMemberRecords) {
    this.#source = source;
    this.#deleteRecords = deleteRecords;
  }

  /** The current data; always go through here so replaced data is picked up. */
  get data(): D {
    this.#sync();
    return this.#source.data;
  }

  #sync(): void {
    if (this.#generation === this.#source.generation) return;
    const data = this.#source.data;
    this.#byId = new Map(data.members.map((m) => [m.id, m]));
    this.#byEmail = new Map(data.members.map((m) => [normaliseEmail(m.email), m]));
    this.#byInviteCode = new Map();
    this.#invitees = new Map();
    for (const member of data.members) this.#linkReferences(member);
    this.#reflections = groupBy(data.reflections);
    this.#achievements = groupBy(data.achievements);
    this.#ripples = groupBy(data.rippleEffects);
    this.#stories = groupBy(data.stories);
    this.#storyById = new Map(data.stories.map((s) => [s.id, s]));
    this.#orders = new MemberOrders(() => this.#source.data.members);
    this.#generation = this.#source.generation;
  }

  /** The members in a kept order: the live list, to read synchronously and copy from. */
  ordered(order: KeptOrder): readonly StoredMember[] {
    this.#sync();
    return this.#orders.ordered(order);
  }

  /** Calls `visit`, synchronously, on each member the search matches, in its order. */
  forEachMatch(search: MemberSearch, visit: (member: StoredMember) => void): void {
    this.#sync();
    this.#orders.forEachMatch(search, visit);
  }

  memberById(id: string): StoredMember | undefined {
    this.#sync();
    return this.#byId.get(id);
  }

  memberByEmail(email: string): StoredMember | undefined {
    this.#sync();
    return this.#byEmail.get(normaliseEmail(email));
  }

  memberByInviteCode(code: string): StoredMember | undefined {
    this.#sync();
    return this.#byInviteCode.get(code);
  }

  invitedCount(memberId: string): number {
    this.#sync();
    return this.#invitees.get(memberId)?.length ?? 0;
  }

  addMember(member: StoredMember): void {
    this.data.members.push(member);
    this.#link(member);
    this.#orders.added(member);
  }

  removeMember(member: StoredMember): void {
    removeFrom(this.data.members, member);
    this.#unlink(member);
    this.#orders.removed(member);
  }

  #link(member: StoredMember): void {
    this.#byId.set(member.id, member);
    this.#byEmail.set(normaliseEmail(member.email), member);
    this.#linkReferences(member);
  }

  #unlink(member: StoredMember): void {
    this.#byId.delete(member.id);
    this.#byEmail.delete(normaliseEmail(member.email));
    this.#unlinkReferences(member);
  }

  /** The fields a write may change that an index keys on: the invite code and the inviter. */
  #linkReferences(member: StoredMember): void {
    if (member.inviteCode !== undefined) this.#byInviteCode.set(member.inviteCode, member);
    if (member.invitedBy !== undefined) pushTo(this.#invitees, member.invitedBy, member);
  }

  #unlinkReferences(member: StoredMember): void {
    if (member.inviteCode !== undefined && this.#byInviteCode.get(member.inviteCode) === member) {
      this.#byInviteCode.delete(member.inviteCode);
    }
    if (member.invitedBy !== undefined) removeFrom(this.#invitees.get(member.invitedBy), member);
  }

  /**
   * Changes a member's fields in place; a new name moves them in the name orders. A field patched
   * to null goes, as its column becomes NULL in SQL.
   */
  patchMember(member: StoredMember, patch: MemberPatch): void {
    this.#change(member, patch.name, () => {
      Object.assign(member, patch);
      for (const [field, value] of Object.entries(patch)) {
        if (value === null) delete (member as Record<string, unknown>)[field];
      }
    });
  }

  /**
   * Puts a member's fields back as `before` holds them (an undo): unlike a patch, fields added
   * since (an invite code given on first ask) go again.
   */
  restoreMember(member: StoredMember, before: StoredMember): void {
    this.#change(member, before.name, () => replaceFields(member, before));
  }

  #change(member: StoredMember, name: string | undefined, apply: () => void): void {
    this.#sync();
    this.#unlinkReferences(member);
    if (name !== undefined && name !== member.name) this.#orders.rename(member, apply);
    else apply();
    this.#linkReferences(member);
  }

  /**
   * Removes a member and every record of theirs: reflections, achievements, ripple effects,
   * stories, and what `deleteRecords` removes; the members they invited stay, without invitedBy.
   * Answers the undo, which puts everything back where it was (the member's place in the array
   * is the newest-first order's tie-break).
   */
  deleteMember(member: StoredMember): () => void {
    const data = this.data;
    const id = member.id;
    const index = data.members.indexOf(member);
    data.members.splice(index, 1);
    this.#unlink(member);
    this.#orders.removed(member);

    // Filtered copies: the arrays as they were are the undo.
    const before: Owned = {
      reflections: data.reflections,
      achievements: data.achievements,
      rippleEffects: data.rippleEffects,
      stories: data.stories,
    };
    data.reflections = data.reflections.filter((r) => r.memberId !== id);
    data.achievements = data.achievements.filter((a) => a.memberId !== id);
    data.rippleEffects = data.rippleEffects.filter((r) => r.memberId !== id);
    data.stories = data.stories.filter((s) => s.memberId !== id);

    const groups = {
      reflections: this.#reflections.get(id),
      achievements: this.#achievements.get(id),
      ripples: this.#ripples.get(id),
      stories: this.#stories.get(id),
      invitees: this.#invitees.get(id),
    };
    this.#reflections.delete(id);
    this.#achievements.delete(id);
    this.#ripples.delete(id);
    this.#stories.delete(id);
    for (const story of groups.stories ?? []) this.#storyById.delete(story.id);
    this.#invitees.delete(id);
    for (const invitee of groups.invitees ?? []) delete invitee.invitedBy;
    const undoRecords = this.#deleteRecords?.(id);

    return () => {
      undoRecords?.();
      Object.assign(data, before);
      restoreGroup(this.#reflections, id, groups.reflections);
      restoreGroup(this.#achievements, id, groups.achievements);
      restoreGroup(this.#ripples, id, groups.ripples);
      restoreGroup(this.#stories, id, groups.stories);
      for (const story of groups.stories ?? []) this.#storyById.set(story.id, story);
      restoreGroup(this.#invitees, id, groups.invitees);
      for (const invitee of groups.invitees ?? []) invitee.invitedBy = id;
      data.members.splice(index, 0, member);
      this.#link(member);
      this.#orders.restored(member);
    };
  }

  reflectionsOf(memberId: string): readonly StoredReflection[] {
    this.#sync();
    return this.#reflections.get(memberId) ?? [];
  }

  addReflection(reflection: StoredReflection): void {
    this.data.reflections.push(reflection);
    pushTo(this.#reflections, reflection.memberId, reflection);
  }

  removeReflection(reflection: StoredReflection): void {
    removeFrom(this.data.reflections, reflection);
    removeFrom(this.#reflections.get(reflection.memberId), reflection);
  }

  achievementsOf(memberId: string): readonly StoredAchievement[] {
    this.#sync();
    return this.#achievements.get(memberId) ?? [];
  }

  addAchievement(achievement: StoredAchievement): void {
    this.data.achievements.push(achievement);
    pushTo(this.#achievements, achievement.memberId, achievement);
  }

  removeAchievement(achievement: StoredAchievement): void {
    removeFrom(this.data.achievements, achievement);
    removeFrom(this.#achievements.get(achievement.memberId), achievement);
  }

  rippleEffectsOf(memberId: string): readonly StoredRippleEffect[] {
    this.#sync();
    return this.#ripples.get(memberId) ?? [];
  }

  addRippleEffect(effect: StoredRippleEffect): void {
    this.data.rippleEffects.push(effect);
    pushTo(this.#ripples, effect.memberId, effect);
  }

  removeRippleEffect(effect: StoredRippleEffect): void {
    removeFrom(this.data.rippleEffects, effect);
    removeFrom(this.#ripples.get(effect.memberId), effect);
  }

  storiesOf(memberId: string): readonly StoredStory[] {
    this.#sync();
    return this.#stories.get(memberId) ?? [];
  }

  storyById(id: string): StoredStory | undefined {
    this.#sync();
    return this.#storyById.get(id);
  }

  addStory(story: StoredStory): void {
    this.data.stories.push(story);
    pushTo(this.#stories, story.memberId, story);
    this.#storyById.set(story.id, story);
  }

  removeStory(story: StoredStory): void {
    removeFrom(this.data.stories, story);
    removeFrom(this.#stories.get(story.memberId), story);
    this.#storyById.delete(story.id);
  }
}
