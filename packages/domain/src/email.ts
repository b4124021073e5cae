/**
 * E-mail addresses, decided once: a member record keeps the address as the member typed it,
 * trimmed (they see their own spelling back), and two addresses are the same when they match
 * trimmed and case-insensitively. Every store, rule, rate-limit key and mock compares through
 * normaliseEmail.
 */

/** The form two addresses are compared in: trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const sameEmail = (a: string, b: string): boolean => normaliseEmail(a) === normaliseEmail(b);

/** What a new member record keeps. */
export const storedEmail = (email: string): string => email.trim();
