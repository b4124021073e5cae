/**
 * What the lowdb store keeps of a member beyond the domain's records (which the domain's memory
 * store indexes, @prr/domain memoryIndexes.ts): the e-mail log, indexed by member and kind, and
 * the sessions, sign-ins and e-mail keys that deleting the member removes with them. The index is
 * rebuilt whenever the data file replaces its data, as the domain's are.
 */
import type { DbData, StoredEmailDelivery } from '../schema.js';
import type { DataSource } from './dataFile.js';

const deliveryKey = (memberId: string, kind: StoredEmailDelivery['kind']): string => `${memberId}:${kind}`;
const DELIVERY_KINDS = ['welcome', 'reflection', 'level-up'] as const satisfies readonly StoredEmailDelivery['kind'][];

/** The server's arrays holding records of a member, which deleting the member filters. */
type Owned = Pick<DbData, 'emailLog' | 'signIns' | 'memberSessions' | 'usedKeys' | 'keyRevocations'>;

export class ServerRecords {
  readonly #source: DataSource;
  #generation = Number.NaN;
  #deliveries = new Map<string, StoredEmailDelivery>();

  constructor(source: DataSource) {
    this.#source = source;
  }

  get #data(): DbData {
    if (this.#generation !== this.#source.generation) {
      const data = this.#source.data;
      this.#deliveries = new Map(data.emailLog.map((r) => [deliveryKey(r.memberId, r.kind), r]));
      this.#generation = this.#source.generation;
    }
    return this.#source.data;
  }

  delivery(memberId: string, kind: StoredEmailDelivery['kind']): StoredEmailDelivery | undefined {
    void this.#data;
    return this.#deliveries.get(deliveryKey(memberId, kind));
  }

  /** Replaces the member's record of this kind (the log keeps one per member and kind). */
  putDelivery(record: StoredEmailDelivery): void {
    const existing = this.delivery(record.memberId, record.kind);
    const log = this.#data.emailLog;
    if (existing) log[log.indexOf(existing)] = record;
    else log.push(record);
    this.#deliveries.set(deliveryKey(record.memberId, record.kind), record);
  }

  removeDelivery(memberId: string, kind: StoredEmailDelivery['kind']): void {
    const existing = this.delivery(memberId, kind);
    if (!existing) return;
    const log = this.#data.emailLog;
    log.splice(log.indexOf(existing), 1);
    this.#deliveries.delete(deliveryKey(memberId, kind));
  }

  /**
   * Removes the deliveries `gone` picks in one pass (a filtered copy: the log as it was is the
   * undo); answers how many and the undo.
   */
  dropDeliveries(gone: (record: StoredEmailDelivery) => boolean): { dropped: number; undo: () => void } {
    const data = this.#data;
    const before = data.emailLog;
    const dropped = before.filter(gone);
    if (dropped.length === 0) return { dropped: 0, undo: () => undefined };
    data.emailLog = before.filter((r) => !gone(r));
    for (const r of dropped) this.#deliveries.delete(deliveryKey(r.memberId, r.kind));
    return {
      dropped: dropped.length,
      undo: () => {
        data.emailLog = before;
        for (const r of dropped) this.#deliveries.set(deliveryKey(r.memberId, r.kind), r);
      },
    };
  }

  /**
   * Removes the member's e-mail log, sessions, pending sign-in and key records (filtered copies:
   * the arrays as they were are the undo); answers the undo.
   */
  deleteMember(id: string): () => void {
    const data = this.#data;
    const before: Owned = {
      emailLog: data.emailLog,
      signIns: data.signIns,
      memberSessions: data.memberSessions,
      usedKeys: data.usedKeys,
      keyRevocations: data.keyRevocations,
    };
    data.emailLog = data.emailLog.filter((r) => r.memberId !== id);
    data.signIns = data.signIns.filter((r) => r.memberId !== id);
    data.memberSessions = data.memberSessions.filter((s) => s.subjectId !== id);
    data.usedKeys = data.usedKeys.filter((k) => k.memberId !== id);
    data.keyRevocations = data.keyRevocations.filter((r) => r.memberId !== id);
    const deliveries = DELIVERY_KINDS.map((kind) => this.#deliveries.get(deliveryKey(id, kind)));
    for (const kind of DELIVERY_KINDS) this.#deliveries.delete(deliveryKey(id, kind));
    return () => {
      Object.assign(data, before);
      for (const record of deliveries) if (record) this.#deliveries.set(deliveryKey(id, record.kind), record);
    };
  }
}
