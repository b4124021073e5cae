/**
 * The e-mail log in email_deliveries: one row per member and kind. A claim is a compare-and-set in
 * one statement (an INSERT that yields to an existing row, or an UPDATE guarded by the previous
 * key, status and attempts), so of two processes racing for one message exactly one wins.
 */
import type { StoredEmailDelivery } from '../schema.js';
import { DELIVERY_FIELD, type EmailCandidate, type EmailLog, type MemberDeliveries } from '../types.js';
import { isUuid, type Run } from './records.js';
import {
  DELIVERY_COLUMN_LIST,
  DELIVERY_COLUMNS,
  deliveryFromAliased,
  deliveryFromRow,
  deliveryValues,
  MEMBER_COLUMNS,
  memberFromRow,
  type DeliveryRow,
  type MemberRow,
} from './rows.js';

/** `$1, $2, …` for the delivery columns. */
const DELIVERY_PARAMS = DELIVERY_COLUMN_LIST.map((_, i) => `$${i + 1}`).join(', ');
/** `member_id = $1, kind = $2, …`: every column from the record. */
const DELIVERY_SETS = DELIVERY_COLUMN_LIST.map((column, i) => `${column} = $${i + 1}`).join(', ');

const aliased = (alias: string): string =>
  DELIVERY_COLUMN_LIST.map((column) => `${alias}.${column} AS ${alias}_${column}`).join(', ');

const CANDIDATE_SELECT = `
  SELECT ${MEMBER_COLUMNS.split(', ')
    .map((column) => `m.${column}`)
    .join(', ')}, ${aliased('w')}, ${aliased('r')}, ${aliased('l')}
  FROM members m
  LEFT JOIN email_deliveries w ON w.member_id = m.id AND w.kind = 'welcome'
  LEFT JOIN email_deliveries r ON r.member_id = m.id AND r.kind = 'reflection'
  LEFT JOIN email_deliveries l ON l.member_id = m.id AND l.kind = 'level-up'`;

/** Within the 90 days (and a margin), or keeping the daily reflection going after them. */
const CANDIDATE_WHERE = "m.is_active AND (m.joined_at >= $1 OR m.after_experiment = 'continue')";

export class PgEmailLog implements EmailLog {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async deliveriesOf(memberId: string): Promise<MemberDeliveries> {
    const deliveries: MemberDeliveries = { welcome: undefined, reflection: undefined, levelUp: undefined };
    if (!isUuid(memberId)) return deliveries;
    const { rows } = await this.#run<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM email_deliveries WHERE member_id = $1`,
      [memberId],
    );
    for (const row of rows) deliveries[DELIVERY_FIELD[row.kind]] = deliveryFromRow(row);
    return deliveries;
  }

  /** Keyset pagination on members.id: each batch starts after the last id of the one before. */
  async *candidates(joinedSince: Date, batchSize: number): AsyncIterable<EmailCandidate[]> {
    const limit = Math.max(1, Math.floor(batchSize));
    let lastId: string | undefined;
    for (;;) {
      const { rows } =
        lastId === undefined
          ? await this.#run<MemberRow & Record<string, unknown>>(
              `${CANDIDATE_SELECT} WHERE ${CANDIDATE_WHERE} ORDER BY m.id LIMIT $2`,
              [joinedSince, limit],
            )
          : await this.#run<MemberRow & Record<string, unknown>>(
              `${CANDIDATE_SELECT} WHERE ${CANDIDATE_WHERE} AND m.id > $3 ORDER BY m.id LIMIT $2`,
              [joinedSince, limit, lastId],
            );
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        member: memberFromRow(row),
        deliveries: {
          welcome: deliveryFromAliased(row, 'w'),
          reflection: deliveryFromAliased(row, 'r'),
          levelUp: deliveryFromAliased(row, 'l'),
        },
      }));
      if (rows.length < limit) return;
      lastId = rows[rows.length - 1]?.id;
    }
  }

  async claim(record: StoredEmailDelivery, previous: StoredEmailDelivery | undefined): Promise<boolean> {
    if (previous === undefined) {
      // No conflict target: besides (member_id, kind), a row already holding this key means the
      // message was claimed too, so any unique conflict loses the claim rather than failing.
      const { rowCount } = await this.#run(
        `INSERT INTO email_deliveries (${DELIVERY_COLUMNS}) VALUES (${DELIVERY_PARAMS}) ON CONFLICT DO NOTHING`,
        deliveryValues(record),
      );
      return rowCount === 1;
    }
    const n = DELIVERY_COLUMN_LIST.length;
    const { rowCount } = await this.#run(
      `UPDATE email_deliveries SET ${DELIVERY_SETS}
       WHERE member_id = $1 AND kind = $2 AND key = $${n + 1} AND status = $${n + 2} AND attempts = $${n + 3}`,
      [...deliveryValues(record), previous.key, previous.status, previous.attempts],
    );
    return rowCount === 1;
  }

  async update(record: StoredEmailDelivery): Promise<void> {
    await this.#run(
      `UPDATE email_deliveries SET ${DELIVERY_SETS} WHERE member_id = $1 AND kind = $2 AND key = $3`,
      deliveryValues(record),
    );
  }

  async abandonInterrupted(before: Date): Promise<number> {
    const { rowCount } = await this.#run(
      "UPDATE email_deliveries SET status = 'unknown' WHERE status = 'sending' AND last_attempt_at < $1",
      [before],
    );
    return rowCount ?? 0;
  }
}
