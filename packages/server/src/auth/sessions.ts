/**
 * Admin sessions in memory: a random id per login, idle expiry, destroyed at logout. Memory is
 * enough for one admin; a restart signs the admin out, which is the safe direction.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';

export interface Session {
  adminId: string;
  lastSeen: number;
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #clock: Clock;
  readonly #idleMs: number;

  constructor(clock: Clock, idleMs: number) {
    this.#clock = clock;
    this.#idleMs = idleMs;
  }

  /** A new unguessable id every login (no session fixation). */
  create(adminId: string): string {
    this.#sweep();
    const id = randomBytes(32).toString('base64url');
    this.#sessions.set(id, { adminId, lastSeen: this.#clock.now().getTime() });
    return id;
  }

  /** The live session for this id, touching it; expired ones are removed. */
  touch(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    const now = this.#clock.now().getTime();
    if (now - session.lastSeen > this.#idleMs) {
      this.#sessions.delete(id);
      return undefined;
    }
    session.lastSeen = now;
    return session;
  }

  destroy(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }

  /** Every session of an admin, e.g. when the admin account is replaced. */
  destroyAllFor(adminId: string): void {
    for (const [id, s] of this.#sessions) if (s.adminId === adminId) this.#sessions.delete(id);
  }

  get size(): number {
    return this.#sessions.size;
  }

  #sweep(): void {
    const now = this.#clock.now().getTime();
    for (const [id, s] of this.#sessions) if (now - s.lastSeen > this.#idleMs) this.#sessions.delete(id);
  }
}
