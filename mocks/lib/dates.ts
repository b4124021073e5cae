/**
 * Calendar arithmetic in a member's time zone. DESIGN.md: currentDay counts whole days since
 * joinedAt *in the member's timezone*, so a member who joins late in the evening in New York is
 * not on day 2 a few hours later just because UTC already moved on.
 */
import { EXPERIMENT_DAYS } from '@prr/contract';

const DAY_MS = 86_400_000;

/** The wall-calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD, which is exactly the contract's IsoDate.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** Whole calendar days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** YYYY-MM-DD plus n calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Day of the 90-day experiment: whole days since joining, plus 1, within 1..90. */
export function currentDayOf(joinedAt: string, now: Date, timeZone: string): number {
  const elapsed = daysBetween(localDate(new Date(joinedAt), timeZone), localDate(now, timeZone));
  return Math.min(EXPERIMENT_DAYS, Math.max(1, elapsed + 1));
}
