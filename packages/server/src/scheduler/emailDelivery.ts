/**
 * E-mail delivery bookkeeping: which message a member is due now, and the record that makes
 * sending idempotent. Plain functions over the store's data (no I/O, no clock of their own), so
 * the rules are tested without SMTP or HTTP; src/scheduler/emailScheduler.ts does the sending.
 *
 * - Idempotency key: `memberId:kind:localDate`, the member's calendar date in their time zone.
 *   One welcome per member; at most one daily reflection per member per local date.
 * - Due is computed from the member's LOCAL calendar date and LOCAL wall-clock time, never from
 *   "24 hours since the last one": on a daylight-saving day the reminder still goes out once, at
 *   the first minute whose local time is at or after reminderTime (a time inside a spring-forward
 *   gap goes out just after the gap; a time repeated by a fall-back goes out on its first pass).
 * - Daily reminders after the first reflection go only to a confirmed address (emailConfirmed).
 *   After day 90 only a member who chose to continue (afterExperiment 'continue') gets them, the
 *   prompts starting again at day 1 (day 91 carries day 1's).
 * - Level-ups: one e-mail per level reached, key `memberId:level-up:<Level>`; the member's record
 *   of that kind holds the last level announced (docs/decisions/023-level-up-and-continuing-email.md).
 * - A record is claimed ('sending', flushed) before the transport sees the message and marked
 *   'sent' after; a 'sending' record is never picked up again, so after a crash between the two a
 *   message may be missing but is never doubled.
 * - Nothing is due to an address the receiving server refused for good (@prr/domain,
 *   isUndeliverable) until the member proves it again; that refusal fails its record at once.
 */
import { EXPERIMENT_DAYS, LEVEL_KEYS, POINTS, levelForPoints, type LevelKey } from '@prr/contract';
import { calendarDate, daysBetween, isUndeliverable, type StoredMember } from '@prr/domain';
import type { StoredEmailDelivery } from '../store/schema.js';
import type { MailRefused } from '../mail/mailer.js';
import { DELIVERY_FIELD, type MemberDeliveries } from '../store/types.js';

export type EmailKind = StoredEmailDelivery['kind'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A member who joined this recently and has had no welcome yet gets one (covers a crash before the join hook ran). */
export const WELCOME_WINDOW_MS = DAY;
/** The first reflection goes out right after joining, not at the next reminderTime, within this window. */
export const FIRST_REFLECTION_WINDOW_MS = DAY;
/**
 * Back-off after a failed attempt n (1-based): 1 min, 5 min, 15 min, 1 h, 3 h; then give up.
 * A daily reflection is retried only while its local date lasts.
 */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000, HOUR, 3 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A member's wall clock at an instant: calendar date YYYY-MM-DD and time HH:MM (00:00-23:59). */
export interface LocalTime {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** `memberId:kind:localDate`; a level-up's last part is the level instead (levelUpKey). */
export function deliveryKey(memberId: string, kind: EmailKind, localDate: string): string {
  return `${memberId}:${kind}:${localDate}`;
}

export function levelUpKey(memberId: string, level: LevelKey): string {
  return `${memberId}:level-up:${level}`;
}

/** The member's latest record of a kind. */
export function deliveryOf(records: MemberDeliveries, kind: EmailKind): StoredEmailDelivery | undefined {
  return records[DELIVERY_FIELD[kind]];
}

/** The level the join's points give (Explorer): no e-mail announces it. */
export const JOIN_LEVEL: LevelKey = levelForPoints(POINTS.joinChallenge);

const rank = (level: LevelKey): number => LEVEL_KEYS.indexOf(level);

/** The level a level-up record announced: the last part of its key; undefined for any other record. */
export function announcedLevel(record: Pick<StoredEmailDelivery, 'kind' | 'key'>): LevelKey | undefined {
  if (record.kind !== 'level-up') return undefined;
  const level = record.key.slice(record.key.lastIndexOf(':') + 1);
  return LEVEL_KEYS.find((key) => key === level);
}

/**
 * The level a level-up e-mail is owed for: the member's level when it is above the last one
 * announced, or, with none announced yet, above the join's level. Several levels crossed at once
 * (or while no e-mail could go) are one e-mail for the highest. A member from before level-ups
 * were noticed (no levelSeen) is owed nothing: their level may be months old, and the dashboard
 * does not celebrate it either.
 */
export function owedLevelUp(
  member: Pick<StoredMember, 'points' | 'levelSeen'>,
  record: StoredEmailDelivery | undefined,
): LevelKey | undefined {
  const level = levelForPoints(member.points);
  const announced = record === undefined ? undefined : announcedLevel(record);
  const baseline = announced ?? (member.levelSeen === undefined ? level : JOIN_LEVEL);
  return rank(level) > rank(baseline) ? level : undefined;
}

/**
 * The prompt a daily reflection carries on an experiment day: the day's own within 1..90, and
 * for a member who continues after day 90 the prompts again from day 1 (day 91 carries day 1's).
 */
export function promptDay(day: number): number {
  return ((day - 1) % EXPERIMENT_DAYS) + 1;
}

/** After day 90 only a member who chose to continue gets e-mails (a level-up or the daily reflection). */
const continuing = (member: Pick<StoredMember, 'afterExperiment'>): boolean => member.afterExperiment === 'continue';

/** The experiment day a local date falls on for this member: 1 on the join date, NOT capped at 90 (may be below 1 after a change of time zone). */
export function experimentDay(member: Pick<StoredMember, 'joinedAt' | 'timezone'>, localDate: string): number {
  return daysBetween(calendarDate(new Date(member.joinedAt), member.timezone), localDate) + 1;
}

/** A message that should be sent now. */
export interface Due {
  memberId: string;
  kind: EmailKind;
  key: string;
  localDate: string;
  /**
   * The experiment day: a reflection's (its prompt is promptDay(day)); 1 for the welcome; the day
   * a level-up was found owed (at least 1).
   */
  day: number;
  /** True when this continues a failed key (same key, attempts so far > 0). */
  retry: boolean;
}

function retryDue(record: StoredEmailDelivery, now: Date): boolean {
  return (
    record.status === 'retry' &&
    record.attempts < MAX_ATTEMPTS &&
    record.nextAttemptAt !== undefined &&
    Date.parse(record.nextAttemptAt) <= now.getTime()
  );
}

function asDue(record: StoredEmailDelivery): Due {
  return {
    memberId: record.memberId,
    kind: record.kind,
    key: record.key,
    localDate: record.localDate,
    day: record.day,
    retry: true,
  };
}

/**
 * The level-up e-mail due, if any: to an active, confirmed address with reminders on (turning
 * e-mails off stops these too), within the 90 days or after them for a member who continues.
 * A level reached while e-mails could not go is announced once they can, if it is still owed.
 */
function levelUpDue(member: StoredMember, records: MemberDeliveries, now: Date, local: LocalTime): Due | undefined {
  if (!member.emailReminders || !member.emailConfirmed) return undefined;
  const record = records.levelUp;
  const level = owedLevelUp(member, record);
  if (level === undefined) {
    // The last level's e-mail failed and is due again (no higher level replaced it).
    return record !== undefined && retryDue(record, now) ? asDue(record) : undefined;
  }
  const day = experimentDay(member, local.date);
  if (day > EXPERIMENT_DAYS && !continuing(member)) return undefined;
  return {
    memberId: member.id,
    kind: 'level-up',
    key: levelUpKey(member.id, level),
    localDate: local.date,
    day: Math.max(1, day),
    retry: false,
  };
}

/**
 * What is due for one member at `now` (`local` is the member's wall clock at `now`): the welcome,
 * a level-up, the daily reflection, in that order. Cheap checks come first: this runs for every
 * member every minute. An undeliverable address gets none of them, retries included.
 */
export function dueFor(member: StoredMember, records: MemberDeliveries, now: Date, local: LocalTime): Due[] {
  if (!member.isActive || isUndeliverable(member)) return [];
  const due: Due[] = [];
  const sinceJoin = now.getTime() - Date.parse(member.joinedAt);

  const welcome = records.welcome;
  if (welcome === undefined) {
    if (sinceJoin >= 0 && sinceJoin < WELCOME_WINDOW_MS) {
      const localDate = calendarDate(new Date(member.joinedAt), member.timezone);
      due.push({
        memberId: member.id,
        kind: 'welcome',
        key: deliveryKey(member.id, 'welcome', localDate),
        localDate,
        day: 1,
        retry: false,
      });
    }
  } else if (retryDue(welcome, now)) {
    due.push(asDue(welcome));
  }

  const levelUp = levelUpDue(member, records, now, local);
  if (levelUp) due.push(levelUp);

  if (!member.emailReminders) return due;
  const reflection = records.reflection;
  if (reflection !== undefined && reflection.localDate >= local.date) {
    // Today's is sent, being sent, failed or given up; or the member moved to a zone where
    // today is still yesterday (string order of ISO dates is date order): never a second one.
    if (reflection.localDate === local.date && retryDue(reflection, now)) due.push(asDue(reflection));
    return due;
  }
  const first = reflection === undefined && sinceJoin >= 0 && sinceJoin < FIRST_REFLECTION_WINDOW_MS;
  // The welcome and first reflection are promised at once; the daily reminders wait until the
  // member has proved the address is theirs, so nobody can sign a stranger up for 90 e-mails.
  if (!first && !member.emailConfirmed) return due;
  if (!first && local.time < member.reminderTime) return due;
  // Far from the end either way, skip the time-zone maths; otherwise count the days exactly.
  if (sinceJoin > (EXPERIMENT_DAYS + 2) * DAY && !continuing(member)) return due;
  const day = experimentDay(member, local.date);
  if (day < 1 || (day > EXPERIMENT_DAYS && !continuing(member))) return due;
  // Each day's prompt at most once: after a change of time zone the join date can move a day.
  if (reflection !== undefined && day <= reflection.day) return due;
  due.push({
    memberId: member.id,
    kind: 'reflection',
    key: deliveryKey(member.id, 'reflection', local.date),
    localDate: local.date,
    day,
    retry: false,
  });
  return due;
}

/**
 * The 'sending' record that claims a due message. The store writes it only if the member's record
 * of that kind is still `previous` (compare-and-set: EmailLog.claim), and the message is sent only
 * after that write: two servers, or the join hook and the minute tick, never both send it.
 */
export function claimRecord(
  due: Due,
  previous: StoredEmailDelivery | undefined,
  now: Date,
  messageId: string,
): StoredEmailDelivery {
  const continues = previous?.key === due.key ? previous : undefined;
  const at = now.toISOString();
  return {
    key: due.key,
    memberId: due.memberId,
    kind: due.kind,
    localDate: due.localDate,
    day: due.day,
    status: 'sending',
    attempts: (continues?.attempts ?? 0) + 1,
    messageId: continues?.messageId ?? messageId,
    firstAttemptAt: continues?.firstAttemptAt ?? at,
    lastAttemptAt: at,
    ...(continues?.lastError !== undefined ? { lastError: continues.lastError } : {}),
  };
}

export function sentRecord(record: StoredEmailDelivery, now: Date): StoredEmailDelivery {
  const { nextAttemptAt: _next, lastError: _error, ...rest } = record;
  return { ...rest, status: 'sent', sentAt: now.toISOString() };
}

/** After a failed attempt: 'retry' with the next back-off, or 'failed' after MAX_ATTEMPTS. */
export function failedRecord(record: StoredEmailDelivery, now: Date, error: string): StoredEmailDelivery {
  const { nextAttemptAt: _next, ...rest } = record;
  const delay = RETRY_DELAYS_MS[record.attempts - 1];
  return delay === undefined || record.attempts >= MAX_ATTEMPTS
    ? { ...rest, status: 'failed', lastError: error }
    : { ...rest, status: 'retry', lastError: error, nextAttemptAt: new Date(now.getTime() + delay).toISOString() };
}

/** After the recipient was refused for good: 'failed' at once, since no retry can be delivered. */
export function refusedRecord(record: StoredEmailDelivery, refused: MailRefused): StoredEmailDelivery {
  const { nextAttemptAt: _next, ...rest } = record;
  return { ...rest, status: 'failed', lastError: `refused: ${refused.response}`.slice(0, 500) };
}
