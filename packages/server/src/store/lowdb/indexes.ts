/**
 * In-memory indexes over the data file's arrays, so lookups stay O(1) at 50,000 members. The
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

/** Removes `item` from `array`, searching from the end: undo removes what was just added. */
function removeFrom<T>(array: T[] | undefined, item: T): void {
  if (!array) return;
  const index = array.lastIndexOf(item);
  if (index >= 0) array.splice(index, 1);
}

const deliveryKey = (memberId: string, kind: StoredEmailDelivery['kind']): string => `${memberId}:${kind}`;
const DELIVERY_KINDS = ['welcome', 'reflection'] as const satisfies readonly StoredEmailDelivery['kind'][];

/** The arrays holding records of a member, which deleting the member filters. */
type Owned = Pick<DbData, 'reflections' | 'achievements' | 'rippleEffects' | 'emailLog' | 'signIns' | 'memberSessions'>;

function restoreGroup<T>(map: Map<string, T[]>, key: string, group: T[] | undefined): void {
  if (group) map.set(key, group);
  else map.delete(key);
}

export class MemoryIndexes {
  readonly #source: DataSource;
  #generation = Number.NaN;
  #byId = new Map<string, StoredMember>();
  #byEmail = new Map<string, StoredMember>();
  #reflections = new Map<string, StoredReflection[]>();
  #achievements = new Map<string, StoredAchievement[]>();
  #ripples = new Map<string, StoredRippleEffect[]>();
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
    this.#reflections = groupBy(data.reflections);
    this.#achievements = groupBy(data.achievements);
    this.#ripples = groupBy(data.rippleEffects);
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
  }

  #unlink(member: StoredMember): void {
    this.#byId.delete(member.id);
    this.#byEmail.delete(normaliseEmail(member.email));
  }

  /** Changes a member's fields in place; a new name moves them in the name orders. */
  patchMember(member: StoredMember, patch: MemberPatch): void {
    this.#sync();
    if (patch.name !== undefined && patch.name !== member.name) {
      this.#orders.rename(member, () => Object.assign(member, patch));
    } else {
      Object.assign(member, patch);
    }
  }

  /**
   * Removes a member and every record of theirs: reflections, achievements, ripple effects, the
   * e-mail log, member sessions and the pending sign-in. Answers the undo, which puts everything
   * back where it was (the member's place in the file is the newest-first order's tie-break).
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
      emailLog: data.emailLog,
      signIns: data.signIns,
      memberSessions: data.memberSessions,
    };
    data.reflections = data.reflections.filter((r) => r.memberId !== id);
    data.achievements = data.achievements.filter((a) => a.memberId !== id);
    data.rippleEffects = data.rippleEffects.filter((r) => r.memberId !== id);
    data.emailLog = data.emailLog.filter((r) => r.memberId !== id);
    data.signIns = data.signIns.filter((r) => r.memberId !== id);
    data.memberSessions = data.memberSessions.filter((s) => s.subjectId !== id);

    const groups = {
      reflections: this.#reflections.get(id),
      achievements: this.#achievements.get(id),
      ripples: this.#ripples.get(id),
    };
    this.#reflections.delete(id);
    this.#achievements.delete(id);
    this.#ripples.delete(id);
    const deliveries = DELIVERY_KINDS.map((kind) => this.#deliveries.get(deliveryKey(id, kind)));
    for (const kind of DELIVERY_KINDS) this.#deliveries.delete(deliveryKey(id, kind));

    return () => {
      Object.assign(data, before);
      restoreGroup(this.#reflections, id, groups.reflections);
      restoreGroup(this.#achievements, id, groups.achievements);
      restoreGroup(this.#ripples, id, groups.ripples);
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
