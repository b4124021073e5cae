/**
 * Why a backup or a restore stopped, as a value with a code (docs/decisions/009-error-shape.md),
 * in words an operator can act on. Messages name files, databases and counts, never a member's
 * data, and never a password.
 */

/**
 * - usage: the command line or the environment is wrong
 * - exists: the backup file is there already (a backup never overwrites)
 * - missing: the file to back up or to restore from is not there
 * - io: a file could not be read or written (a missing folder, permissions, a full disk)
 * - invalid: not a complete backup: torn, foreign, or not a format these tools write
 * - wrong-kind: a backup of the other store
 * - not-empty: the store to restore into already holds a site
 * - no-site: the database to back up holds no site (DATABASE_URL names another database)
 * - program: pg_dump or pg_restore is not installed
 * - failed: pg_dump or pg_restore failed (its own words follow)
 * - database: PostgreSQL could not be reached or queried
 */
export type BackupErrorCode =
  | 'usage'
  | 'exists'
  | 'missing'
  | 'io'
  | 'invalid'
  | 'wrong-kind'
  | 'not-empty'
  | 'no-site'
  | 'program'
  | 'failed'
  | 'database';

export class BackupError extends Error {
  override readonly name = 'BackupError';
  readonly code: BackupErrorCode;

  constructor(code: BackupErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The error's own words, for a message that quotes a file-system or driver error. */
export const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
