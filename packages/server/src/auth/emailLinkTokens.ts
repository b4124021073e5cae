/**
 * The tokens that e-mail links carry, sealed with the server's secret (sealedToken.ts): the
 * unsubscribe link's and the dashboard button's key. Unsubscribe links carry a sealed, opaque
 * handle, never the member id: anyone holding the link may turn reminders off for that member,
 * and nothing more.
 */
import { EMAIL_LINK_DAYS } from '@prr/contract';
import { openKey, openToken, sealKey, sealToken, type OpenedKey } from './sealedToken.js';

export function createUnsubscribeToken(memberId: string, secret: string): string {
  return sealToken('unsubscribe', memberId, secret);
}

/** The member id of a valid token, or undefined. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  return openToken('unsubscribe', token, secret, new Date());
}

/**
 * The key of a welcome, daily or level-up e-mail's dashboard button: it opens the dashboard once,
 * within EMAIL_LINK_DAYS (docs/decisions/025-e-mail-key-flow.md).
 */
export function createDashboardLinkToken(memberId: string, secret: string, now: Date): string {
  return sealKey(memberId, secret, now, new Date(now.getTime() + EMAIL_LINK_DAYS * 86_400_000));
}

/** The key a sealed, unexpired dashboard token names (whether it is used or revoked is the store's). */
export function openDashboardKey(token: string, secret: string, now: Date): OpenedKey | undefined {
  return openKey(token, secret, now);
}
