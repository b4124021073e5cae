/** How the admin screens read a failed call (docs/product/api.md#errors). */
import { HttpError } from '@prr/contract';

/** The server's own message when it sent one, otherwise the screen's fallback text. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}

/** The admin session is gone (expired, logged out elsewhere, server restarted). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/**
 * The server's per-field messages for the fields a form has, first message each, so they can be
 * shown under the fields (e.g. an unknown state).
 */
export function fieldMessages<K extends string>(error: unknown, fields: readonly K[]): [K, string][] {
  if (!(error instanceof HttpError) || !error.fields) return [];
  const messages: [K, string][] = [];
  for (const field of fields) {
    const message = error.fields[field]?.[0];
    if (message) messages.push([field, message]);
  }
  return messages;
}
