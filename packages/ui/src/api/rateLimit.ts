/**
 * A 429 from the server, as every form shows it: the server's own words, which say which limit
 * (this address, or this network) and how long to wait (the contract's SIGN_IN_MESSAGES).
 */
import { HttpError, SIGN_IN_MESSAGES } from '@prr/contract';

/** 429: too many e-mails for the address, or requests from the network. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof HttpError && error.status === 429;
}

/** What to say about a 429: the server's own words, which say which limit and how long to wait. */
export function rateLimitMessage(error: unknown): string {
  return (error instanceof HttpError && error.serverMessage) || SIGN_IN_MESSAGES.tooManyFromNetwork;
}
