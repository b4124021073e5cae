/**
 * Sessions with the app's clock, idle expiry and, for the admin's, an absolute lifetime, over one
 * of the store's session tables: the admin's (memory for lowdb, a table for PostgreSQL) or the
 * members' (kept with the data by both).
 */
import type { Clock } from '../clock.js';
import type { SessionRecord, Sessions } from '../store/types.js';

/**
 * An admin session ends 12 hours after its login however busy it is
 * (docs/decisions/014-admin-account.md): a stolen cookie kept alive by use still dies.
 */
export const ADMIN_SESSION_MAX_MS = 12 * 60 * 60_000;

export class SessionStore {
  readonly #sessions: Sessions;
  readonly #clock: Clock;
  readonly #idleMs: number;
  readonly #maxAgeMs: number | undefined;

  /** `maxAgeMs`: the absolute lifetime from creation; omitted, only the idle expiry applies. */
  constructor(sessions: Sessions, clock: Clock, idleMs: number, maxAgeMs?: number) {
    this.#sessions = sessions;
    this.#clock = clock;
    this.#idleMs = idleMs;
    this.#maxAgeMs = maxAgeMs;
  }

  /** A new unguessable id every login (no session fixation). */
  create(subjectId: string): Promise<string> {
    return this.#sessions.create(subjectId, this.#clock.now().getTime());
  }

  /** The live session for this id, touching it; expired ones (idle or too old) are removed. */
  async touch(id: string | undefined): Promise<SessionRecord | undefined> {
    const now = this.#clock.now().getTime();
    const session = await this.#sessions.touch(id, now, this.#idleMs);
    if (session && this.#maxAgeMs !== undefined && now - session.createdAt >= this.#maxAgeMs) {
      await this.#sessions.destroy(id);
      return undefined;
    }
    return session;
  }

  destroy(id: string | undefined): Promise<void> {
    return this.#sessions.destroy(id);
  }

  /** Every session of a subject (an admin's password change, a member's first proof); answers how many. */
  destroyAllFor(subjectId: string): Promise<number> {
    return this.#sessions.destroyAllFor(subjectId);
  }
}
