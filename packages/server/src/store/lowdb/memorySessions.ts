/**
 * Admin sessions in this process's memory (the lowdb store's): a random id per login, idle expiry,
 * destroyed at logout. Enough for one process; a restart signs the admin out, the safe direction.
 */
import { randomBytes } from 'node:crypto';
import type { SessionRecord, Sessions } from '../types.js';

export class MemorySessions implements Sessions {
  readonly #sessions = new Map<string, SessionRecord>();

  async create(subjectId: string, now: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    this.#sessions.set(id, { subjectId, createdAt: now, lastSeen: now });
    return id;
  }

  async touch(id: string | undefined, now: number, idleMs: number): Promise<SessionRecord | undefined> {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    if (now - session.lastSeen > idleMs) {
      this.#sessions.delete(id);
      return undefined;
    }
    session.lastSeen = now;
    return { ...session };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (id) this.#sessions.delete(id);
  }

  async destroyAllFor(subjectId: string): Promise<number> {
    let ended = 0;
    for (const [id, s] of this.#sessions) {
      if (s.subjectId !== subjectId) continue;
      this.#sessions.delete(id);
      ended += 1;
    }
    return ended;
  }

  /** Ends the sessions created at or before `at` (epoch ms): the retention purge's; answers how many. */
  dropCreatedBy(at: number): number {
    let ended = 0;
    for (const [id, s] of this.#sessions) {
      if (s.createdAt > at) continue;
      this.#sessions.delete(id);
      ended += 1;
    }
    return ended;
  }

  get size(): number {
    return this.#sessions.size;
  }
}
