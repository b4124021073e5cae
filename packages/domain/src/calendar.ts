/** Calendar dates in a time zone, without a date library: Intl knows every IANA zone. */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-calendar date (YYYY-MM-DD) of an instant as seen in `timeZone`. en-US with 2-digit
 * month and day always formats as MM/DD/YYYY; slicing it is a third of the cost of formatToParts,
 * and every dashboard read computes two of these.
 */
export function calendarDate(instant: Date, timeZone: string): string {
  const us = formatterFor(timeZone).format(instant);
  return `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
