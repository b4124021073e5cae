/**
 * In-memory indexes over the data arrays so lookups stay O(1) at 50,000 members. The arrays
 * remain the source of truth (they are what gets written); the maps are rebuilt whenever the
 * store replaces its data (after a failed write rolls memory back).
 */
import type { DataSource } from './store.js';
import type { DbData, StoredAchievement, StoredMember, StoredReflection, StoredRippleEffect } from './schema.js';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

function groupBy<T extends { memberId: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.memberId);
    if (list) list.push(item);
    else map.set(item.memberId, [item]);
  }
  return map;
}

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

export class Repo {
  readonly #source: DataSource;
  #generation = Number.NaN;
  #byId = new Map<string, StoredMember>();
  #byEmail = new Map<string, StoredMember>();
  #reflections = new Map<string, StoredReflection[]>();
  #achievements = new Map<string, StoredAchievement[]>();
  #ripples = new Map<string, StoredRippleEffect[]>();

  constructor(source: DataSource) {
    this.#source = source;
  }

  /** The current data; always go through here so a rolled-back store is picked up. */
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

  reflectionsOf(memberId: string): readonly StoredReflection[] {
    this.#sync();
    return this.#reflections.get(memberId) ?? [];
  }

  addReflection(reflection: StoredReflection): void {
    this.data.reflections.push(reflection);
    pushTo(this.#reflections, reflection.memberId, reflection);
  }

  achievementsOf(memberId: string): readonly StoredAchievement[] {
    this.#sync();
    return this.#achievements.get(memberId) ?? [];
  }

  addAchievement(achievement: StoredAchievement): void {
    this.data.achievements.push(achievement);
    pushTo(this.#achievements, achievement.memberId, achievement);
  }

  rippleEffectsOf(memberId: string): readonly StoredRippleEffect[] {
    this.#sync();
    return this.#ripples.get(memberId) ?? [];
  }

  addRippleEffect(effect: StoredRippleEffect): void {
    this.data.rippleEffects.push(effect);
    pushTo(this.#ripples, effect.memberId, effect);
  }
}

/** A DataSource over a plain object, for domain unit tests and tools. */
export function memorySource(data: DbData): DataSource {
  return { data, generation: 0 };
}
