/**
 * Why an import stopped, in words an operator can act on. Messages name collections, indexes,
 * fields and constraints, never values: the file holds members' e-mails and reflection texts,
 * and PostgreSQL's `detail` and `where` quote the offending values, so neither is ever shown.
 */
import type { CollectionSpec } from './collections.js';

/**
 * - refused: the database already holds members and `force` was not given
 * - file: the file is missing, unreadable, not JSON or not shaped like a lowdb data file
 * - data: an element is invalid or conflicts with another (collection and index named)
 * - database: PostgreSQL failed for a reason of its own (connection, permissions, …)
 */
export type ImportErrorKind = 'refused' | 'file' | 'data' | 'database';

export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly kind: ImportErrorKind;

  constructor(kind: ImportErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export const NOTHING_IMPORTED = 'Nothing was imported.';

export function badElement(collection: string, index: number, problem: string): ImportError {
  return new ImportError(
    'data',
    `The file's ${collection}[${index}] cannot be imported: ${problem}. ${NOTHING_IMPORTED}`,
  );
}

/** The part of a node-postgres error that is safe to show. */
interface PgErrorFields {
  code: string;
  message: string;
  constraint?: string;
}

export function pgErrorFields(error: unknown): PgErrorFields | undefined {
  if (
    !(error instanceof Error) ||
    !('code' in error) ||
    typeof error.code !== 'string' ||
    !/^[0-9A-Z]{5}$/.test(error.code)
  )
    return undefined;
  const constraint = 'constraint' in error && typeof error.constraint === 'string' ? error.constraint : undefined;
  return { code: error.code, message: error.message, constraint };
}

/** A constraint violation of a row of `spec` at `index` (when known), in words. */
export function constraintViolation(
  spec: CollectionSpec,
  index: number | undefined,
  constraint: string | undefined,
): ImportError {
  const key = spec.unique.find((u) => u.constraint === constraint);
  const what = index === undefined ? `One of the file's ${spec.name}` : `The file's ${spec.name}[${index}]`;
  const why = key ? key.meaning : `breaks the database rule ${constraint ?? '(unnamed)'}`;
  return new ImportError(
    'data',
    `${what} cannot be imported: it ${why}${constraint ? ` (${constraint})` : ''}. ${NOTHING_IMPORTED}`,
  );
}

/**
 * Any other failure of PostgreSQL. Class 22 (data exception) messages quote the value that
 * failed, so only the code is shown; the field checks in collections.ts exist so that it does
 * not happen.
 */
export function databaseFailure(error: unknown): ImportError {
  const pg = pgErrorFields(error);
  if (pg?.code.startsWith('22')) {
    return new ImportError('database', `PostgreSQL refused a value (SQLSTATE ${pg.code}). ${NOTHING_IMPORTED}`, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ImportError(
    'database',
    `PostgreSQL failed: ${message}${pg ? ` (SQLSTATE ${pg.code})` : ''}. ${NOTHING_IMPORTED}`,
    { cause: error },
  );
}
