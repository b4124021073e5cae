/**
 * In-memory indexes over the data file's arrays, so lookups stay O(1) at 50,000 members (by id,
 * e-mail and invite code; a member's records, stories and invitees by member id). The
 * arrays remain the source of truth (they are what gets written); the maps are rebuilt whenever
 * the file replaces its data (after a failed write rolls memory back).
 * The admin list's orders and search are memberOrders.ts, rebuilt with the maps.
 */
import {
  normaliseEmail,
  type MemberPatch,
  type MemberSearch,
  type StoredAchievement,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
  type StoredStory,
} from '@prr/domain';
import type { DbData, StoredEmailDelivery } from '../schema.js';
import type { DataSource } from './dataFile.js';
import { MemberOrders, type KeptOrder } from './memberOrders.js';

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

const deliveryKey = (memberId: string, kind: StoredEmailDelivery['kind']): string => `${memberId}:${kind}`;
const DELIVERY_KINDS = ['welcome', 'reflection', 'level-up'] as const satisfies readonly StoredEmailDelivery['kind'][];

/** The arrays holding records of a member, which deleting the member filters. */
type Owned = Pick<
  DbData,
  | 'reflections'
  | 'achievements'
  | 'rippleEffects'
  | 'stories'
  | 'emailLog'
  | 'signIns'
  | 'memberSessions'
  | 'usedKeys'
  | 'keyRevocations'
>;

function restoreGroup<T>(map: Map<string, T[]>, key: string, group: T[] | undefined): void {
  if (group) map.set(key, group);
  else map.delete(key);
}

export class MemoryIndexes {
  readonly #source: DataSource;
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
  #deliveries = new Map<string, StoredEmailDelivery>();
  #orders = new MemberOrders(() => []);

  constructor(source: DataSource) {
    this.#source = source;
  }

  /** The current data; always go through here so a rolled-back file is picked up. */
  get data(): DbData {
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
    this.#deliveries = new Map(data.emailLog.map((r) => [deliveryKey(r.memberId, r.kind), r]));
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

  /** Changes a member's fields in place; a new name moves them in the name orders. */
  patchMember(member: StoredMember, patch: MemberPatch): void {
    this.#change(member, patch.name, () => Object.assign(member, patch));
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
   * stories, the e-mail log, member sessions and the pending sign-in; the members they invited
   * stay, without invitedBy. Answers the undo, which puts everything back where it was (the
   * member's place in the file is the newest-first order's tie-break).
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
      emailLog: data.emailLog,
      signIns: data.signIns,
      memberSessions: data.memberSessions,
      usedKeys: data.usedKeys,
      keyRevocations: data.keyRevocations,
    };
    data.reflections = data.reflections.filter((r) => r.memberId !== id);
    data.achievements = data.achievements.filter((a) => a.memberId !== id);
    data.rippleEffects = data.rippleEffects.filter((r) => r.memberId !== id);
    data.stories = data.stories.filter((s) => s.memberId !== id);
    data.emailLog = data.emailLog.filter((r) => r.memberId !== id);
    data.signIns = data.signIns.filter((r) => r.memberId !== id);
    data.memberSessions = data.memberSessions.filter((s) => s.subjectId !== id);
    data.usedKeys = data.usedKeys.filter((k) => k.memberId !== id);
    data.keyRevocations = data.keyRevocations.filter((r) => r.memberId !== id);

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
    const deliveries = DELIVERY_KINDS.map((kind) => this.#deliveries.get(deliveryKey(id, kind)));
    for (const kind of DELIVERY_KINDS) this.#deliveries.delete(deliveryKey(id, kind));

    return () => {
      Object.assign(data, before);
      restoreGroup(this.#reflections, id, groups.reflections);
      restoreGroup(this.#achievements, id, groups.achievements);
      restoreGroup(this.#ripples, id, groups.ripples);
      restoreGroup(this.#stories, id, groups.stories);
      for (const story of groups.stories ?? []) this.#storyById.set(story.id, story);
      restoreGroup(this.#invitees, id, groups.invitees);
      for (const invitee of groups.invitees ?? []) invitee.invitedBy = id;
      for (const record of deliveries) if (record) this.#deliveries.set(deliveryKey(id, record.kind), record);
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

  delivery(memberId: string, kind: StoredEmailDelivery['kind']): StoredEmailDelivery | undefined {
    this.#sync();
    return this.#deliveries.get(deliveryKey(memberId, kind));
  }

  /** Replaces the member's record of this kind (the log keeps one per member and kind). */
  putDelivery(record: StoredEmailDelivery): void {
    const existing = this.delivery(record.memberId, record.kind);
    if (existing) {
      const log = this.data.emailLog;
      log[log.indexOf(existing)] = record;
    } else {
      this.data.emailLog.push(record);
    }
    this.#deliveries.set(deliveryKey(record.memberId, record.kind), record);
  }

  removeDelivery(memberId: string, kind: StoredEmailDelivery['kind']): void {
    const existing = this.delivery(memberId, kind);
    if (!existing) return;
    const log = this.data.emailLog;
    log.splice(log.indexOf(existing), 1);
    this.#deliveries.delete(deliveryKey(memberId, kind));
  }
}
