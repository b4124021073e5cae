/**
 * The store interface: what the domain's use cases (through its ports, @prr/domain's ports.ts),
 * routes, admin sessions, rate limits and the e-mail scheduler may ask of a store. Two
 * implementations pass one shared suite (test/store/store.suite.test.ts): lowdb (the embedded default,
 * store/lowdb/, the domain's memory store persisted to a data file) and PostgreSQL (store/postgres/, chosen by DATABASE_URL). No domain rule knows
 * which one runs (docs/decisions/ "Two stores behind one interface").
 *
 * Rules every implementation keeps:
 * - Lists come back in a defined order (noted per method), so both stores answer alike.
 * - Returned objects are copies: changing one never changes the store; writes go through
 *   `write()`.
 * - `write(fn)` is one transaction: all of fn's changes land together once it resolves, or none
 *   if it throws. Inside it, reading a member locks that member until the end (PostgreSQL:
 *   `SELECT … FOR UPDATE`; lowdb: one write at a time), so read-modify-write of points is safe.
 * - An unreachable store answers AppError('unavailable') (HTTP 503), never a raw driver error.
 * - Isolation differs, knowingly: PostgreSQL reads see committed data only; lowdb reads outside a
 *   write see memory, including a running transaction's changes (a transaction never waits on
 *   anything but the store, so that window is a few microtasks), and its commit is the flush.
 */
import type { FeaturedProduct, Testimonial } from '@prr/contract';
import type { AdminActivityLog, DomainReads, DomainWrites, InsightSource, StoredMember } from '@prr/domain';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { StoredAdmin, StoredAdminFactors, StoredEmailDelivery, StoredPasskey, StoredSignIn } from './schema.js';

export type StoreKind = 'lowdb' | 'postgres';

/** The domain's reads (members, reflections, achievements, the map: orders noted there), the site's content and the admins. */
export interface StoreReads extends DomainReads {
  products(): Promise<FeaturedProduct[]>;
  testimonials(): Promise<Testimonial[]>;
  /** The admin accounts (one in practice), in insertion order. */
  admins(): Promise<StoredAdmin[]>;
}

/** One transaction's writes: the domain's, and replacing the admins. */
export interface StoreWrites extends StoreReads, DomainWrites {
  replaceAdmins(admins: readonly StoredAdmin[]): Promise<void>;
}

/**
 * Sessions: random ids handed to a browser in a cookie, kept by the store (only a hash of the id
 * where they outlive the process). The subject is an admin's id or a member's.
 */
export interface SessionRecord {
  subjectId: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms of the last request. */
  lastSeen: number;
}

export interface Sessions {
  /** Stores a session under a new random id and returns the id. */
  create(subjectId: string, now: number): Promise<string>;
  /**
   * The session if it exists and has been used within `idleMs`, with lastSeen = now; touches it.
   * A store may skip recording a touch soon after the last recorded one (PostgreSQL: within
   * min(1 hour, idleMs / 10); lowdb's file: within an hour), so a session may expire that much
   * earlier than idleMs after its last use. Expired ones are removed.
   */
  touch(id: string | undefined, now: number, idleMs: number): Promise<SessionRecord | undefined>;
  destroy(id: string | undefined): Promise<void>;
  /** Ends every session of the subject; answers how many there were. */
  destroyAllFor(subjectId: string): Promise<number>;
}

/** What one code attempt did (SignIns.tryCode). */
export type CodeAttempt =
  { outcome: 'signed-in'; signIn: StoredSignIn } | { outcome: 'wrong'; wrongCodes: number } | { outcome: 'expired' };

/**
 * A member's pending sign-in (at most one): the hashes of the e-mailed code and one-time link.
 * Both uses are atomic, so a code or link works once and the wrong-code limit holds even when many
 * attempts arrive at once, on one server or several.
 */
export interface SignIns {
  /** Replaces the member's pending sign-in. */
  put(record: StoredSignIn): Promise<void>;
  ofMember(memberId: string): Promise<StoredSignIn | undefined>;
  /**
   * One code attempt, counted before it is compared: with no pending sign-in, an expired one
   * (expiresAt <= now; it is removed) or one with `maxWrongCodes` wrong tries already, 'expired';
   * the right code removes the sign-in ('signed-in'); a wrong one counts ('wrong').
   */
  tryCode(memberId: string, codeHash: string, now: Date, maxWrongCodes: number): Promise<CodeAttempt>;
  /** Removes and returns the sign-in holding this link hash, whatever its expiry (the caller checks). */
  take(match: { linkHash: string }): Promise<StoredSignIn | undefined>;
  /** The sign-in holding this link hash, whatever its expiry, left in place (asking whose it is). */
  byLink(linkHash: string): Promise<StoredSignIn | undefined>;
  remove(memberId: string): Promise<void>;
}

/**
 * The admin's second factors (docs/decisions/027-admin-second-factor.md). Each use is atomic, so a
 * TOTP code, a recovery code or a ceremony's challenge works once even when requests race, on one
 * server or several.
 */
export interface AdminFactors {
  /** The admin's factors; undefined when none were ever enrolled. */
  of(adminId: string): Promise<StoredAdminFactors | undefined>;
  /** Sets (or with undefined removes) the sealed TOTP secret; the used-step mark starts again. */
  setTotp(adminId: string, sealedSecret: string | undefined): Promise<void>;
  /** Marks a TOTP step used if it is later than the last one used: false when it is not (a replay). */
  useTotpStep(adminId: string, step: number): Promise<boolean>;
  addPasskey(adminId: string, passkey: StoredPasskey): Promise<void>;
  /** Records a passkey's new signature counter after a verified sign-in. */
  setPasskeyCounter(adminId: string, passkeyId: string, counter: number): Promise<void>;
  removePasskey(adminId: string, passkeyId: string): Promise<void>;
  /** Replaces every recovery code (the old ones stop working). */
  replaceRecoveryCodes(adminId: string, hashes: readonly string[]): Promise<void>;
  /** Removes this code's hash if present: true once per code. */
  useRecoveryCode(adminId: string, hash: string): Promise<boolean>;
  /** Keeps a ceremony's challenge (or a TOTP secret being enrolled) under a random key until expiresAt (epoch ms). */
  putChallenge(key: string, value: string, expiresAt: number): Promise<void>;
  /** Removes and returns the value under this key if it has not expired; a second take gets nothing. */
  takeChallenge(key: string, now: number): Promise<string | undefined>;
}

/** One e-mail key as its sealed token names it (docs/decisions/025-e-mail-key-flow.md). */
export interface MemberKey {
  /** The key's random id (not the token: the token is never stored). */
  keyId: string;
  memberId: string;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * The e-mail keys' state: which have been used (kept until they expire) and, per member, since
 * when every key issued is revoked. `use` is atomic, so a key opens once even when two servers
 * receive it at the same moment. The caller checks the seal and the expiry first.
 */
export interface MemberKeys {
  /** True when this call used the key; false when it was used before or is revoked. */
  use(key: MemberKey, now: Date): Promise<boolean>;
  /** Whether `use` would succeed now, using nothing up. */
  usable(key: MemberKey): Promise<boolean>;
  /** Every key of the member issued at or before `at` is dead (sign out everywhere). */
  revokeAll(memberId: string, at: Date): Promise<void>;
}

/** The latest delivery of each kind for one member (the e-mail log keeps one per member and kind). */
export interface MemberDeliveries {
  welcome: StoredEmailDelivery | undefined;
  reflection: StoredEmailDelivery | undefined;
  /** The latest level-up e-mail: its key names the level it announced. */
  levelUp: StoredEmailDelivery | undefined;
}

/** Where MemberDeliveries keeps each kind's record. */
export const DELIVERY_FIELD = {
  welcome: 'welcome',
  reflection: 'reflection',
  'level-up': 'levelUp',
} as const satisfies Record<StoredEmailDelivery['kind'], keyof MemberDeliveries>;

export interface EmailCandidate {
  member: StoredMember;
  deliveries: MemberDeliveries;
}

/**
 * The e-mail log: claims are compare-and-set, so two server processes on one database never
 * both claim the same message (each e-mail goes out once).
 */
export interface EmailLog {
  deliveriesOf(memberId: string): Promise<MemberDeliveries>;
  /**
   * Active members who joined at or after `joinedSince`, or who chose to keep the daily reflection
   * going after day 90 (afterExperiment 'continue') whenever they joined, with their deliveries,
   * in batches of at most `batchSize`, ordered by member id.
   */
  candidates(joinedSince: Date, batchSize: number): AsyncIterable<EmailCandidate[]>;
  /**
   * Writes `record` as the member's record of its kind if that record is still `previous`
   * (same key, status and attempts; or none at all when `previous` is undefined). True when this
   * call won the claim.
   */
  claim(record: StoredEmailDelivery, previous: StoredEmailDelivery | undefined): Promise<boolean>;
  /** Replaces the member's record of that kind if it still holds `record.key`. */
  update(record: StoredEmailDelivery): Promise<void>;
  /** Records still 'sending' whose last attempt was before `before` become 'unknown'; returns how many. */
  abandonInterrupted(before: Date): Promise<number>;
}

export interface RateLimitSpec {
  points: number;
  /** Seconds. */
  duration: number;
  keyPrefix: string;
}

/** What GET /readyz reports of the store (docs/deploy.md#watching-it). */
export type StoreReadiness =
  | { ready: true }
  | { ready: false; code: 'unavailable' }
  /** PostgreSQL: migrations this release has that the database has not applied yet. */
  | { ready: false; code: 'migrations_pending'; pending: string[] };

/** A PostgreSQL pool's connections, for the metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/**
 * What the retention job removes (docs/product/rules.md#retention): each field an instant computed
 * by src/scheduler/retention.ts from its constants, so the stores hold no period of their own.
 */
export interface PurgeCutoffs {
  /**
   * Pending sign-ins, used e-mail keys and admin challenges whose expiresAt is at or before this;
   * rate-limit counters whose window has ended (PostgreSQL: over an hour before it, the limiter
   * library's own margin for servers whose clocks differ).
   */
  now: Date;
  /** Admin sessions created at or before this are past their absolute lifetime. */
  adminSessionsCreatedBy: Date;
  /** Member sessions created at or before this are past their lifetime. */
  memberSessionsCreatedBy: Date;
  /** A key revocation at or before this only revokes keys that have expired anyway. */
  keyRevocationsBy: Date;
  /** The e-mail log's daily reflection records last attempted before this (welcome and level-up stay). */
  emailLogBefore: Date;
  /** Admin actions from before this. */
  adminActivityBefore: Date;
}

/** How many records of each kind one purge removed. */
export interface PurgeCounts {
  adminSessions: number;
  memberSessions: number;
  signIns: number;
  usedKeys: number;
  keyRevocations: number;
  rateLimits: number;
  adminChallenges: number;
  emailLog: number;
  adminActivity: number;
}

export interface AppStore extends StoreReads {
  readonly kind: StoreKind;
  /** One transaction; see the rules at the top of this file. */
  write<T>(fn: (tx: StoreWrites) => Promise<T>): Promise<T>;
  /** Admin sessions (memory with lowdb: a restart signs the admin out). */
  readonly sessions: Sessions;
  /** Member sessions: 90 days, so kept with the data by both stores. */
  readonly memberSessions: Sessions;
  readonly signIns: SignIns;
  /** Used and revoked e-mail keys: with the data by both stores, gone with the member. */
  readonly memberKeys: MemberKeys;
  /** The admin's second factors: kept with the data by both stores (challenges: in memory with lowdb). */
  readonly adminFactors: AdminFactors;
  readonly emailLog: EmailLog;
  /** The admin's actions, kept a year (docs/product/rules.md#security-events). */
  readonly adminActivity: AdminActivityLog;
  /** Insights' sums and their short-lived cache (docs/product/insights.md#how-they-are-computed). */
  readonly insights: InsightSource;
  /**
   * The secret that signs e-mail links when SESSION_SECRET is unset: created on first use and
   * shared by every server on this store (a file beside the lowdb data file; a row in PostgreSQL).
   */
  sessionSecret(): Promise<string>;
  /** A limiter whose counters live where this store keeps its state (memory or the database). */
  rateLimiter(spec: RateLimitSpec): RateLimiterAbstract;
  /** Whether the store answers now: lowdb's file takes a write, PostgreSQL answers with every migration applied. */
  readiness(): Promise<StoreReadiness>;
  /** The connection pool, where there is one (PostgreSQL). */
  poolStats?(): PoolStats;
  /**
   * Deletes what is past its retention (docs/product/rules.md#retention) and answers how many of
   * each kind; undefined when another server on this store is running it now (PostgreSQL).
   */
  purgeExpired(cutoffs: PurgeCutoffs): Promise<PurgeCounts | undefined>;
  /** Waits for pending writes, then releases files or connections. Further writes answer 503. */
  close(): Promise<void>;
}
