/**
 * Admin sessions with the app's clock and idle expiry, over the store's session table (memory for
 * lowdb, a table for PostgreSQL, so every server process sees the same sessions).
 */
import type { Clock } from '../clock.js';
import type { AdminSessionRecord, AdminSessions } from '../store/types.js';

export class SessionStore {
  readonly #sessions: AdminSessions;
  readonly #clock: Clock;
  readonly #idleMs: number;

  constructor(sessions: AdminSessions, clock: Clock, idleMs: number) {
    this.#sessions = sessions;
    this.#clock = clock;
    this.#idleMs = idleMs;
  }

  /** A new unguessable id every login (no session fixation). */
  create(adminId: string): Promise<string> {
    return this.#sessions.create(adminId, this.#clock.now().getTime());
  }

  /** The live session for this id, touching it; expired ones are removed. */
  touch(id: string | undefined): Promise<AdminSessionRecord | undefined> {
    return this.#sessions.touch(id, this.#clock.now().getTime(), this.#idleMs);
  }

  destroy(id: string | undefined): Promise<void> {
    return this.#sessions.destroy(id);
  }

  /** Every session of an admin, e.g. when the admin account is replaced. */
  destroyAllFor(adminId: string): Promise<void> {
    return this.#sessions.destroyAllFor(adminId);
  }
}
