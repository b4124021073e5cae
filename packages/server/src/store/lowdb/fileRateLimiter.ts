/**
 * Rate limits whose counters live in the lowdb data file (`rateLimits`), so a restart forgets none
 * of them (docs/decisions/026-limits-and-defaults.md): a process kept in memory would hand an
 * attacker fresh limits at every restart. The same fixed windows as the PostgreSQL limiter
 * (rate-limiter-flexible's rules): a key's points add up until its window expires, then start
 * again from the next point.
 *
 * Each change is a store transaction, written by the data file's group commit and resolved once on
 * disk. Counters whose window has passed are swept with the next change, at most once a minute.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { StoredRateLimit } from '../schema.js';
import type { RateLimitSpec } from '../types.js';

/** What the limiter needs of the lowdb store: the counters, and a transaction that changes them. */
export interface RateLimitFile {
  counters(): Readonly<Record<string, StoredRateLimit>>;
  /** Runs `change` on the counters as a transaction; resolves with its result once it is on disk. */
  write<T>(change: (counters: Record<string, StoredRateLimit>) => T): Promise<T>;
}

const SWEEP_EVERY_MS = 60_000;

/** When each file's counters were last swept (one data file may hold many limiters). */
const lastSweep = new WeakMap<RateLimitFile, number>();

function sweep(file: RateLimitFile, counters: Record<string, StoredRateLimit>, now: number): void {
  if (now - (lastSweep.get(file) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(file, now);
  for (const [key, counter] of Object.entries(counters)) {
    if (counter.expire !== null && counter.expire <= now) delete counters[key];
  }
}

const live = (counter: StoredRateLimit | undefined, now: number): StoredRateLimit | undefined =>
  counter && (counter.expire === null || counter.expire > now) ? counter : undefined;

type Options = Record<string, unknown>;

/**
 * The library's limiter interface over the data file. It implements the interface rather than
 * extending the base class, which the package declares in its types but does not export.
 */
export class FileRateLimiter implements RateLimiterAbstract {
  points: number;
  duration: number;
  keyPrefix: string;
  blockDuration = 0;
  execEvenly = false;
  execEvenlyMinDelayMs = 0;
  readonly #file: RateLimitFile;
  readonly #now: () => number;

  constructor(file: RateLimitFile, spec: RateLimitSpec, now: () => number = Date.now) {
    this.points = spec.points;
    this.duration = spec.duration;
    this.keyPrefix = spec.keyPrefix;
    this.#file = file;
    this.#now = now;
  }

  get msDuration(): number {
    return this.duration * 1000;
  }

  get msBlockDuration(): number {
    return this.blockDuration * 1000;
  }

  /** The library's key form, `<prefix>:<key>`, as in the PostgreSQL table. */
  getKey(key: string | number): string {
    return this.keyPrefix.length > 0 ? `${this.keyPrefix}:${key}` : String(key);
  }

  parseKey(rlKey: string): string {
    return rlKey.substring(this.keyPrefix.length + 1);
  }

  /** `points` added to the key's live counter, or a new window of `msDuration` (0: no expiry). */
  #upsert(rlKey: string, points: number, msDuration: number, replace: boolean): Promise<StoredRateLimit> {
    return this.#file.write((counters) => {
      const now = this.#now();
      sweep(this.#file, counters, now);
      const current = replace ? undefined : live(counters[rlKey], now);
      const next: StoredRateLimit = current
        ? { points: current.points + points, expire: current.expire }
        : { points, expire: msDuration > 0 ? now + msDuration : null };
      counters[rlKey] = next;
      return { ...next };
    });
  }

  #result(changedPoints: number, counter: StoredRateLimit): RateLimiterRes {
    const isFirst = changedPoints === counter.points;
    const consumed = isFirst ? changedPoints : counter.points;
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      counter.expire === null ? -1 : Math.max(counter.expire - this.#now(), 0),
      consumed,
      isFirst,
    );
  }

  #msDuration(options: Options): number {
    const custom = options.customDuration;
    return (typeof custom === 'number' && custom >= 0 ? custom : this.duration) * 1000;
  }

  async consume(key: string | number, pointsToConsume = 1, options: Options = {}): Promise<RateLimiterRes> {
    const counter = await this.#upsert(this.getKey(key), pointsToConsume, this.#msDuration(options), false);
    const res = this.#result(pointsToConsume, counter);
    // Refusals reject with the RateLimiterRes, as every rate-limiter-flexible limiter does.
    if (res.consumedPoints > this.points) return Promise.reject(res);
    return res;
  }

  async penalty(key: string | number, points = 1, options: Options = {}): Promise<RateLimiterRes> {
    return this.#result(points, await this.#upsert(this.getKey(key), points, this.#msDuration(options), false));
  }

  async reward(key: string | number, points = 1, options: Options = {}): Promise<RateLimiterRes> {
    return this.#result(-points, await this.#upsert(this.getKey(key), -points, this.#msDuration(options), false));
  }

  async get(key: string | number): Promise<RateLimiterRes | null> {
    const counter = live(this.#file.counters()[this.getKey(key)], this.#now());
    return counter ? this.#result(0, counter) : null;
  }

  async set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    return this.#result(points, await this.#upsert(this.getKey(key), points, secDuration * 1000, true));
  }

  async block(key: string | number, secDuration: number): Promise<RateLimiterRes> {
    return this.set(key, this.points + 1, secDuration);
  }

  async delete(key: string | number): Promise<boolean> {
    const rlKey = this.getKey(key);
    if (!(rlKey in this.#file.counters())) return false;
    return this.#file.write((counters) => {
      const had = rlKey in counters;
      delete counters[rlKey];
      return had;
    });
  }
}
