/**
 * When a reflection was saved, in the member's own time zone (Member.timezone): the clock time on
 * the 12-hour clock the Settings tab uses ('9:14 AM'), and a reflection's calendar day.
 */

/** '9:14 AM': built from parts, so the space before AM/PM is a plain one in every browser. */
export function formatSavedTime(savedAt: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(new Date(savedAt));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** 'Saturday, October 4': the calendar day of a save in the member's time zone. */
export function formatSavedDay(savedAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(
    new Date(savedAt),
  );
}

const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * 'Monday, September 29' for a stored YYYY-MM-DD: a calendar day, formatted at UTC midnight so it is
 * the same day wherever the browser is.
 */
export function formatReflectionDate(isoDate: string): string {
  return longDay.format(new Date(`${isoDate}T00:00:00Z`));
}
