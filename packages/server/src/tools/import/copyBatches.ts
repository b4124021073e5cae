/**
 * Streams encoded rows into one table through `COPY … FROM STDIN` (pg-copy-streams), with
 * back-pressure. A new COPY statement starts every `batchRows` rows: foreign-key checks are
 * queued per row until the end of their statement, so batches keep that queue (server memory)
 * bounded. A database error names its row as "COPY table, line N" of its batch; `rowOf` turns
 * that back into the row's position in the whole stream.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

type CopyStream = ReturnType<typeof copyFrom>;

/** Rows are gathered into chunks of about this many characters before they are written. */
const CHUNK_CHARS = 256 * 1024;

/** A database error raised by a COPY, with the stream position of the row it names (if any). */
export class CopyFailed extends Error {
  override readonly name = 'CopyFailed';
  override readonly cause: unknown;
  /** 0-based position among the rows written to this writer; undefined when the error names no line. */
  readonly row: number | undefined;

  constructor(cause: unknown, row: number | undefined) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.cause = cause;
    this.row = row;
  }
}

export class CopyBatches {
  readonly #client: PoolClient;
  readonly #sql: string;
  readonly #batchRows: number;
  #stream: CopyStream | undefined;
  #failure: unknown;
  #chunk = '';
  /** Rows handed to `write` so far, and the stream position of the current batch's first row. */
  #rows = 0;
  #batchStart = 0;

  /** `sql` is a complete `COPY table (columns) FROM STDIN` built from constant names. */
  constructor(client: PoolClient, sql: string, batchRows = 100_000) {
    this.#client = client;
    this.#sql = sql;
    this.#batchRows = batchRows;
  }

  get rows(): number {
    return this.#rows;
  }

  /** Adds one encoded row (newline included); resolves once it may be followed by more. */
  async write(line: string): Promise<void> {
    if (this.#rows - this.#batchStart >= this.#batchRows) await this.#endBatch();
    this.#chunk += line;
    this.#rows += 1;
    if (this.#chunk.length >= CHUNK_CHARS) await this.#flush();
  }

  /** Writes what is left and ends the COPY; rejects with CopyFailed if the database refused a row. */
  async end(): Promise<void> {
    await this.#endBatch();
  }

  /** Abandons the COPY (the caller rolls back); never rejects. */
  async abort(): Promise<void> {
    const stream = this.#stream;
    this.#stream = undefined;
    this.#chunk = '';
    // After a database error the server has already ended the COPY: nothing to cancel.
    if (!stream || stream.destroyed || this.#failure !== undefined) return;
    // destroy() sends CopyFail; the stream closes once the server has answered it.
    const closed = once(stream, 'close').catch(() => undefined);
    stream.destroy(new Error('import abandoned'));
    await closed;
  }

  #open(): CopyStream {
    if (this.#stream) return this.#stream;
    const stream = this.#client.query(copyFrom(this.#sql));
    // Kept until the next await looks at it: an error between writes must not go unhandled.
    stream.on('error', (error: unknown) => {
      this.#failure ??= error;
    });
    this.#stream = stream;
    return stream;
  }

  async #flush(): Promise<void> {
    this.#check();
    if (this.#chunk === '') return;
    const stream = this.#open();
    const chunk = this.#chunk;
    this.#chunk = '';
    if (!stream.write(chunk)) {
      try {
        await once(stream, 'drain');
      } catch (error) {
        this.#failure ??= error;
      }
    }
    this.#check();
  }

  async #endBatch(): Promise<void> {
    await this.#flush();
    const stream = this.#stream;
    if (stream) {
      stream.end();
      try {
        await finished(stream);
      } catch (error) {
        this.#failure ??= error;
      }
      this.#stream = undefined;
      this.#check();
    }
    this.#batchStart = this.#rows;
  }

  #check(): void {
    if (this.#failure === undefined) return;
    const failure = this.#failure;
    throw new CopyFailed(failure, this.#lineOf(failure));
  }

  /** PostgreSQL reports the failing row of a COPY as `where: "COPY members, line 3"` (1-based, per statement). */
  #lineOf(error: unknown): number | undefined {
    if (typeof error !== 'object' || error === null || !('where' in error) || typeof error.where !== 'string')
      return undefined;
    const match = /COPY [^,]+, line (\d+)/.exec(error.where);
    return match ? this.#batchStart + Number(match[1]) - 1 : undefined;
  }
}
