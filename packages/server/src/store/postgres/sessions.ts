/**
 * Admin sessions in the admin_sessions table, so every server process sees the same sessions. Only
 * the SHA-256 of the id is stored: a leaked table does not hand out live sessions. Times come from
 * the caller's clock (never SQL now()), so the idle rule follows the app's clock, fake or real.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AdminSessionRecord, AdminSessions } from '../types.js';
import { isUuid, type Run } from './records.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

interface SessionRow {
  admin_id: string;
  created_at: Date;
  last_seen: Date;
}

export class PgSessions implements AdminSessions {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async create(adminId: string, now: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    // Housekeeping in the same statement: this admin's sessions idle for over a day are dead under
    // any idle limit the server uses, and nobody else would ever remove them.
    await this.#run(
      `WITH stale AS (DELETE FROM admin_sessions WHERE admin_id = $2 AND last_seen < $4)
       INSERT INTO admin_sessions (id_hash, admin_id, created_at, last_seen) VALUES ($1, $2, $3, $3)`,
      [hashId(id), adminId, new Date(now), new Date(now - DAY_MS)],
    );
    return id;
  }

  async touch(id: string | undefined, now: number, idleMs: number): Promise<AdminSessionRecord | undefined> {
    if (!id) return undefined;
    // Live (used within idleMs): move last_seen to now. Expired: delete. Both branches read one
    // snapshot and their conditions exclude each other, so exactly one of them can match the row.
    const { rows } = await this.#run<SessionRow>(
      `WITH live AS (
         UPDATE admin_sessions SET last_seen = $2 WHERE id_hash = $1 AND last_seen >= $3
         RETURNING admin_id, created_at, last_seen
       ), expired AS (
         DELETE FROM admin_sessions WHERE id_hash = $1 AND last_seen < $3
       )
       SELECT admin_id, created_at, last_seen FROM live`,
      [hashId(id), new Date(now), new Date(now - idleMs)],
    );
    const row = rows[0];
    return row && { adminId: row.admin_id, createdAt: row.created_at.getTime(), lastSeen: row.last_seen.getTime() };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id) return;
    await this.#run('DELETE FROM admin_sessions WHERE id_hash = $1', [hashId(id)]);
  }

  async destroyAllFor(adminId: string): Promise<void> {
    if (!isUuid(adminId)) return;
    await this.#run('DELETE FROM admin_sessions WHERE admin_id = $1', [adminId]);
  }
}
