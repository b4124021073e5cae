/**
 * Security events as structured log lines (docs/product/rules.md#security-events): one line for
 * every sign-in decision, ended session, voided code and admin action, each with the request id.
 * A line never holds a token, a code, a cookie or a member's e-mail: members appear as memberRef
 * (a one-way reference), and the fields below are the only ones a caller can pass.
 */
import type { AppContext } from '../http/context.js';
import type { Logger } from '../log.js';
import { memberRef } from '../mail/privacy.js';
import { clientNetwork } from '../middleware/rateLimit.js';

export type SecurityEventName =
  /** A member asked for a sign-in e-mail (code and key). */
  | 'member.sign-in.requested'
  /** A member sign-in decision: by code, e-mail key or link. */
  | 'member.sign-in'
  /** Member sessions ended: sign-out, sign-out everywhere, the owner's first proof, deletion. */
  | 'member.session.ended'
  /** A pending code (and its link) voided by wrong tries or a newer request. */
  | 'member.code.voided'
  /** An admin sign-in decision: password, passkey, TOTP or a recovery code. */
  | 'admin.sign-in'
  /** Admin sessions ended: logout, expiry, password change. */
  | 'admin.session.ended'
  /** An admin changed something (also kept in the store's activity record). */
  | 'admin.action'
  /** A rate limit refused a request. */
  | 'rate-limited';

export type SecurityOutcome = 'success' | 'failure' | 'lockout' | 'refused';

export interface SecurityEventFields {
  outcome?: SecurityOutcome;
  /** The member concerned, by id; logged only as memberRef. */
  memberId?: string;
  /** The admin concerned, by id. */
  adminId?: string;
  /** How: 'code', 'key', 'password', 'passkey', 'totp', 'recovery-code', … */
  method?: string;
  /** Why: 'sign-out', 'sign-out-everywhere', 'first-proof', 'wrong-codes', 'expired', … */
  reason?: string;
  /** For admin.action: one of the contract's AdminAction ('participant.edit', 'map.update', …). */
  action?: string;
  /** How many sessions or records the event touched. */
  count?: number;
  /** For rate-limited: which limiter. */
  limiter?: string;
}

/**
 * Writes one security event. `ctx` gives the request id and the client's network (an IPv6
 * address as its /64); a background job passes undefined.
 */
export function logSecurityEvent(
  logger: Logger,
  ctx: Pick<AppContext, 'ip' | 'state'> | undefined,
  event: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  const { memberId, ...rest } = fields;
  const line = {
    event,
    ...rest,
    ...(memberId ? { member: memberRef(memberId) } : {}),
    ...(ctx ? { requestId: ctx.state.requestId, network: clientNetwork(ctx.ip) } : {}),
  };
  if (fields.outcome === 'failure' || fields.outcome === 'lockout' || event === 'rate-limited') {
    logger.warn('security event', line);
  } else {
    logger.info('security event', line);
  }
}
