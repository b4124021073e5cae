/** The Settings tab's choices: hourly times 06:00-21:00 shown as '9:00 AM', and the ten time zones. */
import { REMINDER_TIMES, TIMEZONES, type TimezoneId } from '@prr/contract';

/** '09:00' -> '9:00 AM', '12:00' -> '12:00 PM', '21:00' -> '9:00 PM'. */
export function formatReminderTime(time: string): string {
  const [hourText = '0', minutes = '00'] = time.split(':');
  const hour = Number(hourText);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

export const REMINDER_TIME_OPTIONS = REMINDER_TIMES.map((value) => ({ value, label: formatReminderTime(value) }));

export const TIMEZONE_OPTIONS = TIMEZONES.map(({ value, label }) => ({ value, label }));

/** A Select's string back to a time zone id, or undefined for anything not on the list. */
export function toTimezone(value: string): TimezoneId | undefined {
  return TIMEZONES.find((zone) => zone.value === value)?.value;
}
