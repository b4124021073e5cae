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

// Shared with the public join forms; kept here too for the admin screens that import it from this module.
export { fieldMessages } from '../../api/fieldMessages';
