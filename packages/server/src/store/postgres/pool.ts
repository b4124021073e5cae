/**
 * The connection pool of the PostgreSQL store, and the one place that decides which driver errors
 * mean "the database is not reachable" (answered as AppError('unavailable'), HTTP 503).
 */
import pg from 'pg';
import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { AppError } from '@prr/domain';
import { silentLogger, type Logger } from '../../log.js';

const DATE_OID = 1082;
const INT8_OID = 20;

/**
 * Parsers for this pool only (pg's global `types` stay untouched): a DATE is the calendar day
 * the store wrote ('YYYY-MM-DD', never a Date at local midnight), and int8 is a number because we
 * only read it for counts and rate_limits.expire (epoch ms), far below 2^53.
 */
function typeParsers(): pg.TypeOverrides {
  const overrides = new pg.TypeOverrides();
  overrides.setTypeParser(DATE_OID, (value: string) => value);
  overrides.setTypeParser(INT8_OID, (value: string) => Number(value));
  return overrides;
}

/** A lost connection is an event, not a bug: the message and code say enough, without a stack. */
function connectionErrorFields(error: Error): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return { error: error.message, ...(typeof code === 'string' ? { errno: code } : {}) };
}

export interface PoolOptions {
  max?: number;
  logger?: Logger;
}

export function createPool(url: string, options: PoolOptions = {}): Pool {
  const logger = options.logger ?? silentLogger;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: typeParsers(),
    // A host that drops packets would otherwise hold a request until the OS gives up on TCP.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    application_name: 'pause-reflect-retry',
  });
  // An idle client whose server went away emits 'error' on the pool; unhandled it would crash the
  // process. The pool drops that client and the next query opens a fresh connection.
  pool.on('error', (error) => {
    logger.warn('postgres idle client error', connectionErrorFields(error));
  });
  return pool;
}

const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** SQLSTATEs outside class 08 (connection exception) that mean the server cannot serve us now. */
const UNAVAILABLE_SQLSTATE = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovery)
  '53300', // too_many_connections
]);

/** Messages of errors pg and pg-pool raise without a code when the connection is lost or never made. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/** True for connection-class failures, looking through `cause` and AggregateError members. */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (error instanceof AppError) return error.code === 'unavailable';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isUnavailableError(inner, depth + 1)))
    return true;
  return 'cause' in error && isUnavailableError(error.cause, depth + 1);
}

export function unavailable(cause?: unknown): AppError {
  return new AppError('unavailable', 'The database is not reachable right now. Please try again in a moment.', {
    cause,
  });
}

/** Connection failures become AppError('unavailable'); every other error passes unchanged. */
export function toStoreError(error: unknown): unknown {
  if (error instanceof AppError || !isUnavailableError(error)) return error;
  return unavailable(error);
}

/** What the store runs SQL on: the pool, or one client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow>(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult<R>>;
}

/** Runs one parameterised statement, translating connection failures (see toStoreError). */
export async function query<R extends QueryResultRow = QueryResultRow>(
  db: Queryable,
  text: string | QueryConfig,
  values?: readonly unknown[],
): Promise<QueryResult<R>> {
  try {
    return await db.query<R>(text, values === undefined ? undefined : [...values]);
  } catch (error) {
    throw toStoreError(error);
  }
}

/** `query` bound to one pool or client. */
export const runOn =
  (db: Queryable) =>
  <R extends QueryResultRow = QueryResultRow>(text: string, values?: readonly unknown[]): Promise<QueryResult<R>> =>
    query<R>(db, text, values);

/** A client of its own (for a transaction or a session-level lock), with the same translation. */
export async function connect(pool: Pool): Promise<PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw toStoreError(error);
  }
}

/**
 * Runs fn on a dedicated client and always gives the client back. A client that broke (or saw an
 * error while checked out, when pg-pool no longer listens for it) is destroyed instead of reused.
 */
export async function withClient<T>(pool: Pool, logger: Logger, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await connect(pool);
  let broken: Error | undefined;
  const onError = (error: Error): void => {
    broken = error;
    logger.warn('postgres client error', connectionErrorFields(error));
  };
  client.on('error', onError);
  try {
    return await fn(client);
  } catch (error) {
    if (!broken && isUnavailableError(error)) broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener('error', onError);
    // A client still inside a transaction (a ROLLBACK that failed) must not serve the next caller.
    if (!broken && client.getTransactionStatus() !== 'I') broken = new Error('client left inside a transaction');
    client.release(broken ?? false);
  }
}
