/**
 * Member sessions in the lowdb data file: they last 90 days, so they must survive a restart. Only
 * the SHA-256 of each id is kept. A touch moves lastSeen in memory and writes the file only when
 * the last recorded use is over an hour old: a dashboard visit must not cost a flush per request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MEMBER_SESSION_DAYS } from '@prr/contract';
import type { StoredSession } from '../schema.js';
import type { SessionRecord, Sessions } from '../types.js';

const HOUR_MS = 3_600_000;

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

/** What FileSessions needs of the lowdb store: its session array and a way to write it. */
export interface SessionFile {
  sessions(): StoredSession[];
  /** Runs `change` as a transaction and resolves once it is on disk. */
  write(change: (sessions: StoredSession[]) => void): Promise<void>;
}

const record = (s: StoredSession): SessionRecord => ({
  subjectId: s.subjectId,
  createdAt: Date.parse(s.createdAt),
  lastSeen: Date.parse(s.lastSeen),
});

export class FileSessions implements Sessions {
  readonly #file: SessionFile;

  constructor(file: SessionFile) {
    this.#file = file;
  }

  async create(subjectId: string, now: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const at = new Date(now).toISOString();
    const staleBefore = now - MEMBER_SESSION_DAYS * 86_400_000;
    await this.#file.write((sessions) => {
      // Housekeeping: this member's sessions idle past their lifetime would otherwise stay for ever.
      for (let i = sessions.length - 1; i >= 0; i -= 1) {
        const s = sessions[i]!;
        if (s.subjectId === subjectId && Date.parse(s.lastSeen) < staleBefore) sessions.splice(i, 1);
      }
      sessions.push({ idHash: hashId(id), subjectId, createdAt: at, lastSeen: at });
    });
    return id;
  }

  async touch(id: string | undefined, now: number, idleMs: number): Promise<SessionRecord | undefined> {
    if (!id) return undefined;
    const idHash = hashId(id);
    const session = this.#file.sessions().find((s) => s.idHash === idHash);
    if (!session) return undefined;
    const lastSeen = Date.parse(session.lastSeen);
    if (now - lastSeen > idleMs) {
      await this.destroy(id);
      return undefined;
    }
    if (now - lastSeen > HOUR_MS) {
      await this.#file.write(() => {
        session.lastSeen = new Date(now).toISOString();
      });
    } else {
      // Kept in memory; the next flush of anything writes it along.
      session.lastSeen = new Date(now).toISOString();
    }
    return record(session);
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id) return;
    const idHash = hashId(id);
    if (!this.#file.sessions().some((s) => s.idHash === idHash)) return;
    await this.#file.write((sessions) => {
      const index = sessions.findIndex((s) => s.idHash === idHash);
      if (index >= 0) sessions.splice(index, 1);
    });
  }

  async destroyAllFor(subjectId: string): Promise<number> {
    if (!this.#file.sessions().some((s) => s.subjectId === subjectId)) return 0;
    let ended = 0;
    await this.#file.write((sessions) => {
      for (let i = sessions.length - 1; i >= 0; i -= 1) {
        if (sessions[i]!.subjectId !== subjectId) continue;
        sessions.splice(i, 1);
        ended += 1;
      }
    });
    return ended;
  }
}
