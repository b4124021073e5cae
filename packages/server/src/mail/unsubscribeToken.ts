/**
 * Unsubscribe links carry a sealed, opaque handle (auth/sealedToken.ts), never the member id:
 * anyone holding the link may turn reminders off for that member, and nothing more.
 */
import { EMAIL_LINK_DAYS } from '@prr/contract';
import { openToken, sealToken } from '../auth/sealedToken.js';

export function createUnsubscribeToken(memberId: string, secret: string): string {
  return sealToken('unsubscribe', memberId, secret);
}

/** The member id of a valid token, or undefined. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  return openToken('unsubscribe', token, secret, new Date());
}

/** The welcome and daily e-mails' dashboard link: signs the member in for EMAIL_LINK_DAYS. */
export function createDashboardLinkToken(memberId: string, secret: string, now: Date): string {
  return sealToken('dashboard', memberId, secret, new Date(now.getTime() + EMAIL_LINK_DAYS * 86_400_000));
}

export function verifyDashboardLinkToken(token: string, secret: string, now: Date): string | undefined {
  return openToken('dashboard', token, secret, now);
}
