/**
 * The one lowdb instance of the process, with group commit: the file under the lowdb store
 * (lowdbStore.ts), which adds transactions and the store interface on top.
 *
 * - Read once at start-up (`openStore`); requests only touch memory, never `db.read()`.
 * - `mutate(fn)` applies `fn` to memory synchronously, then resolves only after a flush that
 *   STARTED after the mutation has reached disk. Concurrent requests share that flush, so one
 *   `JSON.stringify` of the whole database serves many requests (~100 ms at 50k members: bench/RESULTS.md).
 * - Writes go through PrivateDataFile (compact JSON): temp file + rename as lowdb's steno does, so
 *   the file on disk is always either the previous or the next complete version (no fsync:
 *   survives a process kill, not necessarily a power cut). The file and its folder are the
 *   owner's alone (0600 / 0700): they hold every member's e-mail address and sessions.
 * - A failed flush (EACCES, ENOSPC, ...) rejects every waiting request with 503 `unavailable` and
 *   reloads memory from the file, which the rename guarantees is the last good version. Every mutation
 *   in memory at that moment belongs to a request still waiting (in the failed batch or the next
 *   one), so none of them was acknowledged and memory matches disk again. If even that reload
 *   fails, memory is kept as it is and the error is logged: the next successful flush then
 *   persists changes whose requests were told 503 (joins, settings and reflections are safe to
 *   retry; a retried ripple-effect record could then appear twice).
 */
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { z } from 'zod';
import { AppError } from '@prr/domain';
import { errorFields, silentLogger, type Logger } from '../../log.js';
import { DbData } from '../schema.js';

/** Readable and writable by the server's user only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** Where a write goes before its rename: `<dir>/.<name>.tmp`, the name steno used. */
export const tempFileOf = (file: string): string => join(dirname(file), `.${basename(file)}.tmp`);

/**
 * lowdb's adapter for the data file: compact JSON (at 50k members it serialises in about half the
 * time of JSONFile's indented JSON, the event loop blocked meanwhile, and is ~25% smaller),
 * written to a temp file created 0600 and renamed over the file. Replaces lowdb's DataFile,
 * whose steno writer creates the temp file with the default mode (0644 under the usual umask),
 * which the rename then gives the data file.
 */
export class PrivateDataFile implements Adapter<DbData> {
  readonly #file: string;
  readonly #temp: string;

  constructor(file: string) {
    this.#file = file;
    this.#temp = tempFileOf(file);
  }

  /** Unused by the store (openDataFile reads the file once, parsed by the schema); for lowdb's interface. */
  async read(): Promise<DbData | null> {
    return parseData(await readFile(this.#file, 'utf8'), this.#file);
  }

  write(data: DbData): Promise<void> {
    // Serialised now, synchronously: GroupCommitFile counts on the snapshot being taken in write().
    return this.#replace(JSON.stringify(data));
  }

  async #replace(text: string): Promise<void> {
    await writeFile(this.#temp, text, { encoding: 'utf8', mode: FILE_MODE });
    await rename(this.#temp, this.#file);
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Read access to the current data; `generation` changes whenever `data` is replaced wholesale. */
export interface DataSource {
  readonly data: DbData;
  readonly generation: number;
}

export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}

export class GroupCommitFile implements DataSource {
  readonly file: string;
  readonly #db: Low<DbData>;
  readonly #logger: Logger;
  #generation = 0;
  #pending: Waiter[] = [];
  #flushing: Promise<void> | null = null;
  #closed = false;
  /** Counters for tests and the bench: how many flushes served how many commits. */
  readonly stats = { flushes: 0, commits: 0, failures: 0 };

  constructor(db: Low<DbData>, file: string, logger: Logger = silentLogger) {
    this.#db = db;
    this.file = file;
    this.#logger = logger;
  }

  get data(): DbData {
    return this.#db.data;
  }

  get generation(): number {
    return this.#generation;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Runs `fn` on the in-memory data now and resolves with its result once that change is on disk.
   * `fn` must check everything before it changes anything: if it throws, nothing is queued.
   */
  mutate<T>(fn: (data: DbData) => T): Promise<T> {
    if (this.#closed) {
      return Promise.reject(new AppError('unavailable', 'The server is shutting down. Please try again.'));
    }
    let result: T;
    try {
      result = fn(this.#db.data);
    } catch (error) {
      return Promise.reject(error);
    }
    this.stats.commits += 1;
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ resolve: () => resolve(result), reject });
      this.#flushing ??= this.#flushLoop();
    });
  }

  /** Resolves once everything changed in memory so far is on disk (the commit of a transaction). */
  commit(): Promise<void> {
    return this.mutate(() => undefined);
  }

  /** Resolves when everything mutated so far is on disk (or has failed). */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  /** Refuses new mutations and waits for the queued ones: the last step of a graceful shutdown. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  async #flushLoop(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        // Let requests that are ready in this turn of the event loop join the batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = this.#pending;
        this.#pending = [];
        try {
          // lowdb serialises synchronously inside write(): the snapshot is taken right here.
          await this.#db.write();
          this.stats.flushes += 1;
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          this.#failBatch(batch, error);
        }
      }
    } finally {
      this.#flushing = null;
    }
  }

  #failBatch(batch: Waiter[], error: unknown): void {
    this.stats.failures += 1;
    const waiters = [...batch, ...this.#pending];
    this.#pending = [];
    this.#logger.error('store write failed; rolling memory back to the file', {
      file: this.file,
      ...errorFields(error),
    });
    try {
      // Synchronous on purpose: no request may mutate between reading and swapping.
      this.#db.data = parseData(readFileSync(this.file, 'utf8'), this.file);
      this.#generation += 1;
    } catch (reloadError) {
      this.#logger.error('could not reload the data file after a failed write; keeping memory', {
        file: this.file,
        ...errorFields(reloadError),
      });
    }
    const answer = new AppError('unavailable', 'Your change could not be saved. Please try again in a moment.', {
      cause: error,
    });
    for (const waiter of waiters) waiter.reject(answer);
  }
}

function parseData(text: string, file: string): DbData {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StoreOpenError(
      `Data file ${file} is not valid JSON (${(error as Error).message}). ` +
        'It was left untouched: restore it from a backup or fix it, then start again.',
    );
  }
  const parsed = DbData.safeParse(json);
  if (!parsed.success) {
    throw new StoreOpenError(
      `Data file ${file} does not have the expected shape and was left untouched:\n${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

export interface OpenStoreOptions {
  /** The live data file (DATA_FILE). */
  file: string;
  /** Copied to `file` when it does not exist yet (the committed db.json). Never written. */
  seedFile?: string;
  logger?: Logger;
}

/**
 * Opens the data file, creating it from the seed on first start. Never writes to an existing
 * file: a corrupt one stops start-up with a StoreOpenError naming it.
 */
export async function openDataFile(options: OpenStoreOptions): Promise<GroupCommitFile> {
  const { file, seedFile, logger = silentLogger } = options;
  await mkdir(dirname(file), { recursive: true, mode: DIR_MODE });
  if (!(await exists(file))) {
    if (!seedFile) throw new StoreOpenError(`Data file ${file} does not exist and no seed file was given.`);
    try {
      // Not copyFile: the copy would take the seed's mode (0644), readable by everyone.
      await writeFile(file, await readFile(seedFile), { flag: 'wx', mode: FILE_MODE });
      logger.info('created data file from seed', { file, seedFile });
    } catch (error) {
      // Another process created it in the meantime: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StoreOpenError(`Could not create data file ${file} from ${seedFile}: ${(error as Error).message}`);
      }
    }
  }
  const adapter = new PrivateDataFile(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STRING_TOO_LONG') {
      throw new StoreOpenError(
        `Data file ${file} is too large for the embedded lowdb store to load (more than V8's 512 MB string limit). ` +
          'Move the site to PostgreSQL: set DATABASE_URL to an empty database and run `npm run db:import -- ' +
          `${file}\`, then start with DATABASE_URL set (README, "Moving to PostgreSQL").`,
      );
    }
    throw new StoreOpenError(`Cannot read data file ${file}: ${(error as Error).message}`);
  }
  const data = parseData(text, file);
  await removeStaleTempFile(file, logger);
  // lowdb 7 as docs/architecture.md#stores describes it; JSONFilePreset is avoided because it swaps in memory under NODE_ENV=test.
  const db = new Low<DbData>(adapter, data);
  return new GroupCommitFile(db, file, logger);
}

/**
 * A write goes to `<dir>/.<name>.tmp` and is renamed over the data file. A process killed between
 * the two (or a write that failed on a full disk) leaves that temp file behind; it is never a
 * version anyone was told is saved (the rename is what makes a write count), so it is removed at
 * start-up instead of lingering until the next write. Found by test/proof/crash.lowdb.test.ts.
 * Only called after the data file parsed: a start-up refused for a corrupt file touches nothing.
 */
async function removeStaleTempFile(file: string, logger: Logger): Promise<void> {
  const temp = tempFileOf(file);
  try {
    await unlink(temp);
    logger.info('removed a stale temp file left by an interrupted write', { file: temp });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    // Not fatal: the next write reports the problem (503) if the path stays unusable.
    logger.warn('could not remove a stale temp file', { file: temp, ...errorFields(error) });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new StoreOpenError(`Cannot access data file ${file}: ${(error as Error).message}`);
  }
}
