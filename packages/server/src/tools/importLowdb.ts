/**
 * Copies a lowdb data file into PostgreSQL (`npm run db:import`, tools/dbImport.ts), streaming:
 * one pass over the file, memory bounded by the number of members (their ids and e-mail keys are
 * kept to check the file's own consistency), never by its size.
 *
 * - One transaction: a refused or failed import leaves the database as it was.
 * - Each array goes through COPY (import/copyBatches.ts), elements validated with the store's
 *   zod schemas and the columns' limits first (import/collections.ts), so bad input stops with
 *   its collection and index before it reaches SQL. Table and column names in the SQL below are
 *   constants of collections.ts; every value is either a COPY cell or a query parameter.
 * - Foreign keys: the file's array order is arbitrary. Member-owned rows that come after the
 *   members array go straight into their table, checked against the members kept in memory. Those
 *   that come before it are copied to a temporary table and moved with one INSERT … SELECT once
 *   the members are in: the migration's constraints stay immediate and no pass is repeated.
 *   A member's invitedBy (another member, maybe later in the file) is set the same way, once
 *   every member is in.
 * - Ripple records (import/collections.ts, onePer) are always staged: an old file may hold several
 *   of one member and week, and only the latest is kept, as the lowdb store keeps it.
 * - products, testimonials, states and admins are the site's lists: a non-empty list in the file
 *   replaces the table's rows (a freshly seeded database has its own); an empty or missing one
 *   leaves them.
 * - A database that already holds members is refused unless `force`; with it, the file's rows are
 *   added and the first that conflicts with a row already there stops the import.
 */
import type pg from 'pg';
import { CopyBatches, CopyFailed } from './import/copyBatches.js';
import { encodeCopyRow } from './import/copyText.js';
import {
  SPECS,
  isCollectionName,
  unknownFields,
  zeroCounts,
  type CollectionName,
  type CollectionSpec,
  type ImportCounts,
  type Row,
} from './import/collections.js';
import {
  ImportError,
  NOTHING_IMPORTED,
  badElement,
  constraintViolation,
  databaseFailure,
  pgErrorFields,
} from './import/errors.js';
import { LowdbFileError, readLowdbElements, type LowdbElement } from './import/lowdbReader.js';

export { COLLECTIONS, type CollectionName, type ImportCounts } from './import/collections.js';
export { ImportError, type ImportErrorKind } from './import/errors.js';

export interface ImportOptions {
  file: string;
  /** A pool on a migrated database (store/postgres/migrate.ts). */
  pool: pg.Pool;
  /** Import even though the database already holds members. */
  force?: boolean;
  /** Called every PROGRESS_EVERY rows with the counts so far (the same object, updated in place). */
  onProgress?: (counts: Readonly<ImportCounts>) => void;
  /** What the import left out or kept, in words without personal data (e.g. fields with no column). */
  onNotice?: (message: string) => void;
}

const PROGRESS_EVERY = 10_000;
/** Conflicting e-mails are all listed, up to this many, so one run shows what to fix. */
const MAX_LISTED_CONFLICTS = 20;

/** The collection being copied: straight into its table, or into a temporary one (`staged`). */
interface Active {
  spec: CollectionSpec;
  writer: CopyBatches;
  staged: boolean;
}

const stageTable = (spec: CollectionSpec): string => `import_${spec.table}`;
const columnList = (spec: CollectionSpec): string => spec.columns.map(([column]) => column).join(', ');

/** The domain of an e-mail, the only part of it an error may show. */
function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at >= 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase() || '(none)'
    : '(no @)';
}

/** Field names from the file are shown only when they look like field names. */
const printableName = (name: string): boolean => /^[A-Za-z_$][\w$]{0,40}$/.test(name);

class ImportRun {
  readonly counts = zeroCounts();
  readonly #client: pg.PoolClient;
  readonly #options: ImportOptions;
  #active: Active | undefined;
  /** The top-level field whose elements are arriving; also set for fields that are not collections. */
  #currentName: string | undefined;
  readonly #done = new Set<string>();
  #members: 'ahead' | 'copying' | 'done' = 'ahead';
  /** Member id -> index, e-mail key -> index: the file's members, to check references and uniqueness. */
  readonly #memberIds = new Map<string, number>();
  readonly #emailKeys = new Map<string, number>();
  /** Invitee id -> inviter id, for the members joined through an invite link. */
  readonly #invitedBy = new Map<string, string>();
  /** Rows left out by a collection's onePer rule, to say so. */
  readonly #dropped = new Map<CollectionName, number>();
  readonly #emailConflicts: string[] = [];
  #emailConflictCount = 0;
  readonly #staged: CollectionSpec[] = [];
  readonly #ignored = new Map<string, number>();
  readonly #extraFields = new Map<CollectionName, { elements: number; names: Set<string> }>();
  #rows = 0;

  constructor(client: pg.PoolClient, options: ImportOptions) {
    this.#client = client;
    this.#options = options;
  }

  /** Refuses a database with members unless forced; the lock keeps the answer true until commit. */
  async checkTarget(): Promise<void> {
    await this.#client.query('LOCK TABLE members IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await this.#client.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
    const held = rows[0]?.n ?? 0;
    if (held > 0 && !this.#options.force) {
      throw new ImportError(
        'refused',
        `The database already holds ${held} member${held === 1 ? '' : 's'}, so the import was refused: it is meant for a ` +
          'database without members, where nothing can clash. To add the file to what is there anyway, run it again with ' +
          '--force; the import then stops at the first row that conflicts with one already in the database. ' +
          NOTHING_IMPORTED,
      );
    }
  }

  async add(element: LowdbElement): Promise<void> {
    // Elements arrive grouped by top-level field, one field after another (lowdbReader.ts).
    if (element.collection !== this.#currentName) await this.#switchTo(element.collection);
    const active = this.#active;
    if (!active) {
      this.#ignored.set(element.collection, (this.#ignored.get(element.collection) ?? 0) + 1);
      return;
    }
    const { spec } = active;
    if (typeof element.index !== 'number')
      throw new ImportError('file', `The file's ${spec.name} is an object, not a list. ${NOTHING_IMPORTED}`);
    const result = spec.toRow(element.value, element.index);
    if (!result.ok) throw badElement(spec.name, element.index, result.problem);
    this.#noteExtraFields(spec, element.value);
    const { row } = result;
    if (spec.kind === 'members' && !this.#acceptMember(row, element.index)) return;
    if (
      spec.kind === 'memberData' &&
      !active.staged &&
      row.memberId !== undefined &&
      !this.#memberIds.has(row.memberId)
    ) {
      throw badElement(spec.name, element.index, 'memberId names no member of the file');
    }
    const encoded = encodeCopyRow(row.cells);
    if (!encoded.ok)
      throw badElement(
        spec.name,
        element.index,
        `${spec.columns[encoded.column]?.[1] ?? 'a field'} ${encoded.problem}`,
      );
    try {
      await active.writer.write(active.staged ? `${element.index}\t${encoded.line}` : encoded.line);
    } catch (error) {
      // A batch ended here and the database refused one of its rows.
      throw this.#copyError(active, error);
    }
    this.counts[spec.name] += 1;
    this.#rows += 1;
    if (this.#rows % PROGRESS_EVERY === 0) this.#options.onProgress?.(this.counts);
  }

  /** Ends the last collection, moves the staged rows, and reports what was left out. */
  async finish(): Promise<void> {
    await this.#closeActive();
    if (this.#invitedBy.size > 0) await this.#linkInvitees();
    if (this.#staged.length > 0) await this.#moveStaged();
    await this.#client.query('ANALYZE members, reflections, achievements, ripple_effects, stories, email_deliveries');
    this.#options.onProgress?.(this.counts);
    await this.#notices();
  }

  async abort(): Promise<void> {
    await this.#active?.writer.abort();
  }

  // ---- collections, one at a time ----------------------------------------------------------------

  async #switchTo(name: string): Promise<void> {
    await this.#closeActive();
    if (this.#currentName !== undefined) this.#done.add(this.#currentName);
    this.#currentName = name;
    if (!isCollectionName(name)) return;
    if (this.#done.has(name))
      throw new ImportError(
        'file',
        `The file holds "${name}" twice; lowdb would have kept only the last. ${NOTHING_IMPORTED}`,
      );
    const spec = SPECS[name];
    // A list in the file replaces the table's (a freshly seeded database has its own).
    if (spec.kind === 'list') await this.#client.query(`DELETE FROM ${spec.table}`);
    if (spec.presence) await this.#client.query(`INSERT INTO ${spec.presence} DEFAULT VALUES ON CONFLICT DO NOTHING`);
    const staged = spec.kind === 'memberData' && (this.#members !== 'done' || spec.onePer !== undefined);
    if (staged) {
      await this.#client.query(
        `CREATE TEMP TABLE ${stageTable(spec)} ON COMMIT DROP AS SELECT 0::integer AS idx, ${columnList(spec)} FROM ${spec.table} WITH NO DATA`,
      );
      this.#staged.push(spec);
    }
    if (spec.kind === 'members') this.#members = 'copying';
    const sql = staged
      ? `COPY ${stageTable(spec)} (idx, ${columnList(spec)}) FROM STDIN`
      : `COPY ${spec.table} (${columnList(spec)}) FROM STDIN`;
    this.#active = { spec, writer: new CopyBatches(this.#client, sql), staged };
  }

  async #closeActive(): Promise<void> {
    const active = this.#active;
    if (!active) return;
    // Checked before the COPY ends: with a clash, members were left out and its lines no longer match indexes.
    if (active.spec.kind === 'members') this.#throwEmailConflicts();
    try {
      await active.writer.end();
    } catch (error) {
      throw this.#copyError(active, error);
    }
    this.#active = undefined;
    if (active.spec.kind === 'members') this.#members = 'done';
  }

  #copyError(active: Active, error: unknown): ImportError {
    if (!(error instanceof CopyFailed)) return databaseFailure(error);
    const pg = pgErrorFields(error.cause);
    if (pg?.code.startsWith('23')) return constraintViolation(active.spec, error.row, pg.constraint);
    return databaseFailure(error.cause);
  }

  // ---- members ----------------------------------------------------------------------------------

  /** Records the member's keys; false when it must not be written (its e-mail clashes). */
  #acceptMember(row: Row, index: number): boolean {
    const keys = row.member;
    if (!keys) return true;
    const sameId = this.#memberIds.get(keys.id);
    if (sameId !== undefined) throw badElement('members', index, `its id is also the id of members[${sameId}]`);
    this.#memberIds.set(keys.id, index);
    const sameEmail = this.#emailKeys.get(keys.emailKey);
    if (sameEmail !== undefined) {
      // The old server compared e-mails as typed, so two members can differ only in case; the
      // database allows one. Which to keep (and whose reflections) is not ours to guess.
      this.#emailConflictCount += 1;
      if (this.#emailConflicts.length < MAX_LISTED_CONFLICTS) {
        this.#emailConflicts.push(
          `members[${index}] and members[${sameEmail}] (an address at ${domainOf(keys.emailKey)})`,
        );
      }
      return false;
    }
    this.#emailKeys.set(keys.emailKey, index);
    if (row.invitedBy !== undefined) this.#invitedBy.set(keys.id, row.invitedBy);
    return this.#emailConflictCount === 0;
  }

  /** Sets invited_by once every member is in; an inviter must be a member of the file. */
  async #linkInvitees(): Promise<void> {
    for (const [id, inviter] of this.#invitedBy) {
      if (!this.#memberIds.has(inviter))
        throw badElement('members', this.#memberIds.get(id) ?? 0, 'invitedBy names no member of the file');
    }
    await this.#client.query(
      'CREATE TEMP TABLE import_invited_by (id uuid PRIMARY KEY, invited_by uuid) ON COMMIT DROP',
    );
    const links = new CopyBatches(this.#client, 'COPY import_invited_by (id, invited_by) FROM STDIN');
    for (const [id, inviter] of this.#invitedBy) await links.write(`${id}\t${inviter}\n`);
    await links.end();
    await this.#client.query(
      'UPDATE members m SET invited_by = l.invited_by FROM import_invited_by l WHERE m.id = l.id',
    );
  }

  #throwEmailConflicts(): void {
    if (this.#emailConflictCount === 0) return;
    const more = this.#emailConflictCount - this.#emailConflicts.length;
    throw new ImportError(
      'data',
      `The file holds ${this.#emailConflictCount} member${this.#emailConflictCount === 1 ? '' : 's'} whose e-mail address ` +
        'is that of an earlier member apart from letter case or surrounding spaces, and the database keeps one member per ' +
        `address: ${this.#emailConflicts.join('; ')}${more > 0 ? `; and ${more} more` : ''}. Merge or remove the duplicates ` +
        `in the file and import again. ${NOTHING_IMPORTED}`,
    );
  }

  // ---- rows that came before their members --------------------------------------------------------

  async #moveStaged(): Promise<void> {
    // References are checked against the file's members, as for rows copied directly.
    await this.#client.query('CREATE TEMP TABLE import_member_ids (id uuid PRIMARY KEY) ON COMMIT DROP');
    const ids = new CopyBatches(this.#client, 'COPY import_member_ids (id) FROM STDIN');
    for (const id of this.#memberIds.keys()) await ids.write(`${id}\n`);
    await ids.end();
    for (const spec of this.#staged) {
      const orphan = await this.#client.query<{ idx: number | null }>(
        `SELECT min(s.idx) AS idx FROM ${stageTable(spec)} s WHERE NOT EXISTS (SELECT 1 FROM import_member_ids m WHERE m.id = s.member_id)`,
      );
      const orphanIndex = orphan.rows[0]?.idx;
      if (orphanIndex !== null && orphanIndex !== undefined)
        throw badElement(spec.name, orphanIndex, 'memberId names no member of the file');
      if (spec.onePer) await this.#keepLatest(spec, spec.onePer);
      await this.#client.query('SAVEPOINT import_staged');
      try {
        // Tables with a generated seq get the rows in file order (seq is their insertion order).
        await this.#client.query(
          `INSERT INTO ${spec.table} (${columnList(spec)}) SELECT ${columnList(spec)} FROM ${stageTable(spec)}${spec.ordered ? ' ORDER BY idx' : ''}`,
        );
      } catch (error) {
        const pg = pgErrorFields(error);
        if (!pg?.code.startsWith('23')) throw databaseFailure(error);
        await this.#client.query('ROLLBACK TO SAVEPOINT import_staged');
        throw constraintViolation(spec, await this.#firstViolation(spec, pg.constraint), pg.constraint);
      }
      await this.#client.query('RELEASE SAVEPOINT import_staged');
    }
  }

  /** Drops the staged rows a later one of the same key replaces; the counts then say what was copied. */
  async #keepLatest(spec: CollectionSpec, rule: NonNullable<CollectionSpec['onePer']>): Promise<void> {
    const same = rule.columns.map((c) => `n.${c} = s.${c}`).join(' AND ');
    const { rowCount } = await this.#client.query(
      `DELETE FROM ${stageTable(spec)} s USING ${stageTable(spec)} n
       WHERE ${same} AND (n.${rule.latest}, n.idx) > (s.${rule.latest}, s.idx)`,
    );
    const dropped = rowCount ?? 0;
    if (dropped === 0) return;
    this.counts[spec.name] -= dropped;
    this.#dropped.set(spec.name, dropped);
  }

  /** The staged row that breaks a unique key: a repeat within the file, or else a clash with the table. */
  async #firstViolation(spec: CollectionSpec, constraint: string | undefined): Promise<number | undefined> {
    const key = spec.unique.find((u) => u.constraint === constraint);
    if (!key) return undefined;
    const columns = key.columns.join(', ');
    const repeat = await this.#client.query<{ idx: number | null }>(
      `SELECT min(idx) AS idx FROM (SELECT idx, row_number() OVER (PARTITION BY ${columns} ORDER BY idx) AS n FROM ${stageTable(spec)}) d WHERE n > 1`,
    );
    const repeated = repeat.rows[0]?.idx;
    if (repeated !== null && repeated !== undefined) return repeated;
    const match = key.columns.map((c) => `t.${c} = s.${c}`).join(' AND ');
    const clash = await this.#client.query<{ idx: number | null }>(
      `SELECT min(s.idx) AS idx FROM ${stageTable(spec)} s WHERE EXISTS (SELECT 1 FROM ${spec.table} t WHERE ${match})`,
    );
    return clash.rows[0]?.idx ?? undefined;
  }

  // ---- what was left out ------------------------------------------------------------------------

  #noteExtraFields(spec: CollectionSpec, value: unknown): void {
    const extra = unknownFields(spec, value);
    if (extra.length === 0) return;
    let note = this.#extraFields.get(spec.name);
    if (!note) this.#extraFields.set(spec.name, (note = { elements: 0, names: new Set() }));
    note.elements += 1;
    for (const name of extra) if (note.names.size < 20) note.names.add(name);
  }

  async #notices(): Promise<void> {
    const notice = this.#options.onNotice;
    if (!notice) return;
    for (const [name, dropped] of this.#dropped) {
      const rule = SPECS[name].onePer;
      notice(
        `${dropped} of the file's ${name} were left out: the database keeps one of the ${rule?.what ?? 'same key'}, the latest.`,
      );
    }
    for (const [name, elements] of this.#ignored) {
      const shown = printableName(name) ? `"${name}"` : 'a top-level field';
      notice(
        `The file's ${shown} (${elements} element${elements === 1 ? '' : 's'}) is not a collection the database keeps; it was not copied.`,
      );
    }
    for (const [collection, { elements, names }] of this.#extraFields) {
      const printable = [...names].filter(printableName);
      const listed =
        printable.length > 0 ? ` (${printable.join(', ')}${printable.length < names.size ? ', …' : ''})` : '';
      notice(
        `${elements} of the file's ${collection} carry fields the database has no column for${listed}; those fields were not copied.`,
      );
    }
    for (const spec of Object.values(SPECS)) {
      if (spec.kind !== 'list' || this.counts[spec.name] > 0) continue;
      const { rows } = await this.#client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.table}`);
      const kept = rows[0]?.n ?? 0;
      if (kept > 0) notice(`The file has no ${spec.name}; the database's ${kept} were kept.`);
    }
  }
}

/**
 * Copies the lowdb data file `file` into the database behind `pool`, in one transaction, and
 * answers how many elements of each collection were copied. Rejects with an ImportError whose
 * `kind` says why (refused, file, data, database); the database is then unchanged.
 */
export async function importLowdbFile(options: ImportOptions): Promise<ImportCounts> {
  let client: pg.PoolClient;
  try {
    client = await options.pool.connect();
  } catch (error) {
    throw databaseFailure(error);
  }
  const run = new ImportRun(client, options);
  try {
    await client.query('BEGIN');
    await run.checkTarget();
    for await (const element of readLowdbElements(options.file)) await run.add(element);
    await run.finish();
    await client.query('COMMIT');
  } catch (error) {
    await run.abort();
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch {
      // The connection is unusable; dropping it ends the transaction on the server.
      client.release(true);
    }
    if (error instanceof ImportError) throw error;
    if (error instanceof LowdbFileError)
      throw new ImportError('file', `${error.message} ${NOTHING_IMPORTED}`, { cause: error });
    if (error instanceof CopyFailed) throw databaseFailure(error.cause);
    throw databaseFailure(error);
  }
  client.release();
  return run.counts;
}
