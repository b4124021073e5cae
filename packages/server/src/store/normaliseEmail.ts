/** E-mail addresses are matched trimmed and case-insensitively, by both stores and the rules. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
