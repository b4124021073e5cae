/**
 * How the sign-in screens read a failed call: the server's messages are the contract's
 * SIGN_IN_MESSAGES, shown as given; these fallbacks cover an answer without them (a proxy's 502,
 * a dropped connection).
 */
import { HttpError, SIGN_IN_MESSAGES } from '@prr/contract';

/** The server's first message for one field of the request (e.g. `code`, `token`). */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.fields?.[field]?.[0] : undefined;
}

/** 429: too many sign-in e-mails for the address, or requests from the network. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof HttpError && error.status === 429;
}

/** What to say about a 429: the server's own words, which say which limit and how long to wait. */
export function rateLimitMessage(error: unknown): string {
  return (error instanceof HttpError && error.serverMessage) || SIGN_IN_MESSAGES.tooManyFromNetwork;
}
