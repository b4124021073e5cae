/**
 * Sessions in a table (admin_sessions or member_sessions), so every server process sees the same
 * sessions. Only the SHA-256 of the id is stored: a leaked table does not hand out live sessions.
 * Times come from the caller's clock (never SQL now()), so the idle rule follows the app's clock,
 * fake or real. Table and column names come from SESSION_TABLES only, never from input.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MEMBER_SESSION_DAYS } from '@prr/contract';
import type { SessionRecord, Sessions } from '../types.js';
import { isUuid, type Run } from './records.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

/**
 * `staleMs`: a session idle this long is dead under any idle limit the server uses for that kind
 * (admin: 30 minutes by default, at most a day; member: 90 days), so create() may remove it.
 */
export const SESSION_TABLES = {
  admin: { table: 'admin_sessions', subject: 'admin_id', staleMs: DAY_MS },
  member: { table: 'member_sessions', subject: 'member_id', staleMs: MEMBER_SESSION_DAYS * DAY_MS },
} as const;

interface SessionRow {
  subject_id: string;
  created_at: Date;
  last_seen: Date;
}

export class PgSessions implements Sessions {
  readonly #run: Run;
  readonly #table: string;
  readonly #subject: string;
  readonly #staleMs: number;

  constructor(run: Run, kind: keyof typeof SESSION_TABLES) {
    this.#run = run;
    this.#table = SESSION_TABLES[kind].table;
    this.#subject = SESSION_TABLES[kind].subject;
    this.#staleMs = SESSION_TABLES[kind].staleMs;
  }

  async create(subjectId: string, now: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    // Housekeeping in the same statement: this subject's stale sessions (see SESSION_TABLES) would
    // otherwise never be removed.
    await this.#run(
      `WITH stale AS (DELETE FROM ${this.#table} WHERE ${this.#subject} = $2 AND last_seen < $4)
       INSERT INTO ${this.#table} (id_hash, ${this.#subject}, created_at, last_seen) VALUES ($1, $2, $3, $3)`,
      [hashId(id), subjectId, new Date(now), new Date(now - this.#staleMs)],
    );
    return id;
  }

  async touch(id: string | undefined, now: number, idleMs: number): Promise<SessionRecord | undefined> {
    if (!id) return undefined;
    // A use within `refreshMs` of the recorded one is not written: a dashboard makes several
    // requests at once, and a committed write per request cost more than the reads themselves
    // (bench/server/benchPostgres.ts). The idle limit then counts from at most `refreshMs` earlier.
    const refreshMs = Math.min(HOUR_MS, idleMs / 10);
    // Recent: answered as it is. Live but older: last_seen moves to now. Expired: deleted. The
    // three conditions exclude each other, and every branch reads the same snapshot.
    const { rows } = await this.#run<SessionRow>(
      `WITH found AS (
         SELECT ${this.#subject} AS subject_id, created_at, last_seen FROM ${this.#table} WHERE id_hash = $1
       ), live AS (
         UPDATE ${this.#table} SET last_seen = $2 WHERE id_hash = $1 AND last_seen >= $3 AND last_seen < $4
         RETURNING ${this.#subject} AS subject_id, created_at, last_seen
       ), expired AS (
         DELETE FROM ${this.#table} WHERE id_hash = $1 AND last_seen < $3
       )
       SELECT subject_id, created_at, last_seen FROM live
       UNION ALL
       SELECT subject_id, created_at, last_seen FROM found WHERE last_seen >= $4`,
      [hashId(id), new Date(now), new Date(now - idleMs), new Date(now - refreshMs)],
    );
    const row = rows[0];
    return row && { subjectId: row.subject_id, createdAt: row.created_at.getTime(), lastSeen: now };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id) return;
    await this.#run(`DELETE FROM ${this.#table} WHERE id_hash = $1`, [hashId(id)]);
  }

  async destroyAllFor(subjectId: string): Promise<number> {
    if (!isUuid(subjectId)) return 0;
    const { rowCount } = await this.#run(`DELETE FROM ${this.#table} WHERE ${this.#subject} = $1`, [subjectId]);
    return rowCount ?? 0;
  }
}
