/**
 * The shape of the data file. Parsed once at start-up so a file edited by hand into nonsense is
 * refused with a clear message instead of failing later inside a request. Members, reflections,
 * achievements, ripple effects and stories are the domain's data model (@prr/domain, records.ts); the
 * server's own records (admins, the e-mail log, sessions, sign-ins) are defined here.
 *
 * Objects are "loose": fields this version does not know (added by the e-mail module or a newer
 * release) survive a load and the next write instead of being silently dropped.
 */
import { z } from 'zod';
import { FeaturedProduct, ImpactSnapshot, IsoDate, StateParticipation, Testimonial } from '@prr/contract';
import {
  StoredAchievement,
  StoredAdminAction,
  StoredMember,
  StoredReflection,
  StoredRippleEffect,
  StoredStory,
} from '@prr/domain';

const isoDateTime = z.iso.datetime({ offset: true });

export const StoredAdmin = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  /** argon2id PHC string. */
  passwordHash: z.string().startsWith('$argon2'),
});
export type StoredAdmin = z.infer<typeof StoredAdmin>;

/**
 * The e-mail module's delivery bookkeeping: ONE entry per member and kind, the latest delivery of
 * that kind (a welcome once, a daily reflection replaced each day), so the file grows with the
 * members and not with the days. `key` is the idempotency key memberId:kind:localDate; an entry is
 * written as 'sending' and flushed BEFORE the message is handed to the transport, so a restart
 * never sends the same key twice (see src/scheduler/emailScheduler.ts).
 */
export const EmailDeliveryStatus = z.enum(['sending', 'sent', 'retry', 'failed', 'unknown']);
export type EmailDeliveryStatus = z.infer<typeof EmailDeliveryStatus>;

export const StoredEmailDelivery = z.looseObject({
  key: z.string().min(1),
  memberId: z.string().min(1),
  /** 'level-up': one per level reached, key memberId:level-up:<Level> (docs/decisions/023). */
  kind: z.enum(['welcome', 'reflection', 'level-up']),
  /** The member's local calendar date the message belongs to (a level-up: the date it was claimed). */
  localDate: IsoDate,
  /**
   * The experiment day the message belongs to: 1..90, or past 90 for a member who chose to keep
   * the daily reflection going (its prompt is day ((day - 1) % 90) + 1).
   */
  day: z.int().min(1),
  status: EmailDeliveryStatus,
  /** Attempts made for this key (a retry keeps the key and counts up). */
  attempts: z.int().min(0),
  messageId: z.string(),
  firstAttemptAt: isoDateTime,
  lastAttemptAt: isoDateTime,
  nextAttemptAt: isoDateTime.optional(),
  sentAt: isoDateTime.optional(),
  lastError: z.string().optional(),
});
export type StoredEmailDelivery = z.infer<typeof StoredEmailDelivery>;

/** A member session kept in the data file: only the SHA-256 of the cookie's id. */
export const StoredSession = z.looseObject({
  idHash: z.string().min(1),
  subjectId: z.string().min(1),
  createdAt: isoDateTime,
  lastSeen: isoDateTime,
});
export type StoredSession = z.infer<typeof StoredSession>;

/** A pending member sign-in (store/types.ts, SignIns): hashes only, never the code or link. */
export const StoredSignIn = z.looseObject({
  memberId: z.string().min(1),
  codeHash: z.string().min(1),
  linkHash: z.string().min(1),
  expiresAt: isoDateTime,
  wrongCodes: z.int().min(0),
  createdAt: isoDateTime,
});
export type StoredSignIn = z.infer<typeof StoredSignIn>;

/** An e-mail key that has been used, kept until it expires (store/types.ts, MemberKeys). */
export const StoredUsedKey = z.looseObject({
  keyId: z.string().min(1),
  memberId: z.string().min(1),
  expiresAt: isoDateTime,
});
export type StoredUsedKey = z.infer<typeof StoredUsedKey>;

/** Every e-mail key of the member issued at or before `revokedAt` is dead (sign out everywhere). */
export const StoredKeyRevocation = z.looseObject({
  memberId: z.string().min(1),
  revokedAt: isoDateTime,
});
export type StoredKeyRevocation = z.infer<typeof StoredKeyRevocation>;

/** A passkey of the admin's (docs/decisions/027-admin-second-factor.md): its public key only. */
export const StoredPasskey = z.looseObject({
  /** The credential id, base64url. */
  id: z.string().min(1),
  /** The COSE public key, base64url. */
  publicKey: z.string().min(1),
  /** The authenticator's signature counter (0 for passkeys that do not count). */
  counter: z.int().min(0),
  transports: z.array(z.string()).default([]),
  createdAt: isoDateTime,
});
export type StoredPasskey = z.infer<typeof StoredPasskey>;

/** The admin's second factors (store/types.ts, AdminFactors): nothing here signs in by itself. */
export const StoredAdminFactors = z.looseObject({
  adminId: z.string().min(1),
  /** The TOTP secret sealed under SESSION_SECRET (auth/totp.ts); absent: no TOTP. */
  totpSecret: z.string().optional(),
  /** The last 30-second step whose code was accepted: its code and older ones are refused. */
  totpLastStep: z.int().min(0).default(0),
  passkeys: z.array(StoredPasskey).default([]),
  /** A keyed hash of each unused recovery code, never the code. */
  recoveryCodeHashes: z.array(z.string()).default([]),
});
export type StoredAdminFactors = z.infer<typeof StoredAdminFactors>;

/**
 * A rate limit's counter in the lowdb file (lowdb/fileRateLimiter.ts), by `<limiter>:<key>`:
 * points taken in the window, and when the window ends (epoch ms; null: never).
 */
export const StoredRateLimit = z.object({ points: z.number(), expire: z.number().nullable() });
export type StoredRateLimit = z.infer<typeof StoredRateLimit>;

/**
 * One ripple record per member and week (ports.ts, upsertRippleEffect). Files written before that
 * rule may hold several for one week: the one with the latest createdAt is kept (the last in the
 * file on a tie), as migration 005_member_promises.sql does in PostgreSQL; the others go with the
 * next write. Order is otherwise kept.
 */
export function oneRipplePerWeek<T extends Pick<StoredRippleEffect, 'memberId' | 'week' | 'createdAt'>>(
  effects: T[],
): T[] {
  const latest = new Map<string, T>();
  for (const effect of effects) {
    const key = `${effect.memberId}:${effect.week}`;
    const kept = latest.get(key);
    if (!kept || Date.parse(effect.createdAt) >= Date.parse(kept.createdAt)) latest.set(key, effect);
  }
  if (latest.size === effects.length) return effects;
  const keep = new Set(latest.values());
  return effects.filter((effect) => keep.has(effect));
}

export const DbData = z.looseObject({
  version: z.int().default(1),
  products: z.array(FeaturedProduct.loose()).default([]),
  testimonials: z.array(Testimonial.loose()).default([]),
  states: z.array(StateParticipation.loose()).default([]),
  /** The map table the last 'Update Map' replaced, while it can be undone; absent otherwise (and in older files). */
  statesBackup: z.array(StateParticipation.loose()).optional(),
  /** The evidence published on /impact; absent while nothing is (and in older files). */
  impactSnapshot: ImpactSnapshot.optional(),
  members: z.array(StoredMember).default([]),
  reflections: z.array(StoredReflection).default([]),
  achievements: z.array(StoredAchievement).default([]),
  rippleEffects: z.array(StoredRippleEffect).default([]).transform(oneRipplePerWeek),
  /** Absent in files from before stories. */
  stories: z.array(StoredStory).default([]),
  admins: z.array(StoredAdmin).default([]),
  /** The admin's actions of the last year, in the order they were recorded; absent in older files. */
  adminActivity: z.array(StoredAdminAction).default([]),
  /** Absent in files from before the admin's second factor. */
  adminFactors: z.array(StoredAdminFactors).default([]),
  /** Owned by the e-mail module: see StoredEmailDelivery. */
  emailLog: z.array(StoredEmailDelivery).default([]),
  memberSessions: z.array(StoredSession).default([]),
  signIns: z.array(StoredSignIn).default([]),
  /** Absent in files from before single-use e-mail keys. */
  usedKeys: z.array(StoredUsedKey).default([]),
  keyRevocations: z.array(StoredKeyRevocation).default([]),
  /** Rate limit counters, so a restart forgets none; absent in older files. */
  rateLimits: z.record(z.string(), StoredRateLimit).default({}),
});
export type DbData = z.infer<typeof DbData>;
