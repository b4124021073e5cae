/** argon2id through @node-rs/argon2 (prebuilt, no native build step; docs/decisions/006-stack.md). */
import { createHash } from 'node:crypto';
import { hash, hashRaw, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500.
    return false;
  }
}

/**
 * argon2id (the library's default, as above) of `password` with a salt derived from `context`:
 * the same bytes for the same pair, and as costly to guess the password from as a stored hash.
 */
export function deterministicHash(password: string, context: string, bytes: number): Promise<Buffer> {
  const salt = createHash('sha256').update(context).digest().subarray(0, 16);
  return hashRaw(password, { salt, outputLen: bytes });
}
