/** Everything a route module may use, built once by createApp. */
import type { StoredMember } from '@prr/domain';
import type { AppConfig } from '../config.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mail/mailer.js';
import type { AppStore } from '../store/types.js';
import type { AdminAuth } from '../auth/adminAccount.js';
import type { SessionStore } from '../auth/sessions.js';
import type { MemberSessionCookie } from '../auth/cookies.js';
import type { Limiters } from '../middleware/rateLimit.js';

export interface AppHooks {
  /**
   * Called after a NEW member's join is on disk (not for repeated joins). The hook point for the
   * welcome e-mail and first reflection (docs/product/rules.md#e-mail); errors are logged, never answered.
   */
  memberJoined?: (member: StoredMember) => Promise<void> | void;
  /**
   * Called after a write that raised a member's points is committed (a reflection's points or
   * achievements, an approved story, a friend joining through their invite), so the level-up
   * e-mail goes out now rather than at the next minute's check
   * (docs/decisions/023-level-up-and-continuing-email.md); errors are logged, never answered.
   */
  pointsRaised?: (memberId: string) => Promise<void> | void;
}

export interface AppDeps {
  store: AppStore;
  clock: Clock;
  mailer: Mailer;
  config: AppConfig;
  logger: Logger;
  sessions: SessionStore;
  /** Member sessions: 90 days from sign-in, not renewed by use (docs/decisions/025-e-mail-key-flow.md). */
  memberSessions: SessionStore;
  /** The member session cookie's name and attributes (`__Host-` in production). */
  memberCookie: MemberSessionCookie;
  adminAuth: AdminAuth;
  limiters: Limiters;
  hooks: AppHooks;
}
