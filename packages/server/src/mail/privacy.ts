/**
 * What e-mail log lines may say. Member ids open a member's reflections (they are the key of
 * /api/reflections/:memberId) and addresses are personal, so neither is logged: a member appears
 * as a short one-way reference, and addresses are cut out of mail servers' error messages
 * ("550 <ada@example.org>: mailbox unavailable").
 */
import { createHash } from 'node:crypto';

/** A stable, non-reversible 12-character reference for log lines. */
export function memberRef(memberId: string): string {
  return createHash('sha256').update(`member:${memberId}`).digest('hex').slice(0, 12);
}

const ADDRESS = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g;

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, '<address>');
}

/** Log fields for a failed send: the redacted message and the SMTP/system codes, no stack. */
export function mailErrorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: redactAddresses(String(error)) };
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return {
    error: redactAddresses(error.message).slice(0, 500),
    ...(typeof code === 'string' ? { errno: code } : {}),
    ...(typeof responseCode === 'number' ? { smtpCode: responseCode } : {}),
  };
}
