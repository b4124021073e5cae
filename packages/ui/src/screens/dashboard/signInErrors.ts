/**
 * How the sign-in screens read a failed call: the server's messages are the contract's
 * SIGN_IN_MESSAGES, shown as given; these fallbacks cover an answer without them (a proxy's 502,
 * a dropped connection).
 */
import { HttpError } from '@prr/contract';

/** The server's first message for one field of the request (e.g. `code`, `token`). */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.fields?.[field]?.[0] : undefined;
}

export { isRateLimited, rateLimitMessage } from '../../api';
