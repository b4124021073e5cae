/**
 * Sessions with the app's clock and idle expiry, over one of the store's session tables: the
 * admin's (memory for lowdb, a table for PostgreSQL) or the members' (kept with the data by both).
 */
import type { Clock } from '../clock.js';
import type { SessionRecord, Sessions } from '../store/types.js';

export class SessionStore {
  readonly #sessions: Sessions;
  readonly #clock: Clock;
  readonly #idleMs: number;

  constructor(sessions: Sessions, clock: Clock, idleMs: number) {
    this.#sessions = sessions;
    this.#clock = clock;
    this.#idleMs = idleMs;
  }

  /** A new unguessable id every login (no session fixation). */
  create(subjectId: string): Promise<string> {
    return this.#sessions.create(subjectId, this.#clock.now().getTime());
  }

  /** The live session for this id, touching it; expired ones are removed. */
  touch(id: string | undefined): Promise<SessionRecord | undefined> {
    return this.#sessions.touch(id, this.#clock.now().getTime(), this.#idleMs);
  }

  destroy(id: string | undefined): Promise<void> {
    return this.#sessions.destroy(id);
  }

  /** Every session of an admin, e.g. when the admin account is replaced. */
  destroyAllFor(subjectId: string): Promise<void> {
    return this.#sessions.destroyAllFor(subjectId);
  }
}
