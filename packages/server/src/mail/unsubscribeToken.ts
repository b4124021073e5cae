/**
 * Unsubscribe links carry `<memberId>.<HMAC>`: anyone holding the link may turn reminders off
 * for that member and nobody can forge one for another member. Signed with SESSION_SECRET.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function sign(memberId: string, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${memberId}`).digest('base64url');
}

export function createUnsubscribeToken(memberId: string, secret: string): string {
  return `${memberId}.${sign(memberId, secret)}`;
}

/** The member id of a valid token, or undefined. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const memberId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(memberId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? memberId : undefined;
}
