/**
 * In-memory indexes over the data file's arrays, so lookups stay O(1) at 50,000 members. The
 * arrays remain the source of truth (they are what gets written); the maps are rebuilt whenever
 * the file replaces its data (after a failed write rolls memory back).
 */
import {
  normaliseEmail,
  type StoredAchievement,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
} from '@prr/domain';
import type { DbData, StoredEmailDelivery } from '../schema.js';
import type { DataSource } from './dataFile.js';

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

export class MemoryIndexes {
  readonly #source: DataSource;
  #generation = Number.NaN;
  #byId = new Map<string, StoredMember>();
  #byEmail = new Map<string, StoredMember>();
  #reflections = new Map<string, StoredReflection[]>();
  #achievements = new Map<string, StoredAchievement[]>();
  #ripples = new Map<string, StoredRippleEffect[]>();
  #deliveries = new Map<string, StoredEmailDelivery>();

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
    this.#generation = this.#source.generation;
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
    this.#byId.set(member.id, member);
    this.#byEmail.set(normaliseEmail(member.email), member);
  }

  removeMember(member: StoredMember): void {
    removeFrom(this.data.members, member);
    this.#byId.delete(member.id);
    this.#byEmail.delete(normaliseEmail(member.email));
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
