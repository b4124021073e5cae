import { REMINDER_TIMES, TIMEZONES } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { formatReminderTime, REMINDER_TIME_OPTIONS, TIMEZONE_OPTIONS, toTimezone } from './reminderOptions';

describe('formatReminderTime', () => {
  it('shows 24-hour times on a 12-hour clock', () => {
    expect(formatReminderTime('06:00')).toBe('6:00 AM');
    expect(formatReminderTime('09:00')).toBe('9:00 AM');
    expect(formatReminderTime('12:00')).toBe('12:00 PM');
    expect(formatReminderTime('13:00')).toBe('1:00 PM');
    expect(formatReminderTime('21:00')).toBe('9:00 PM');
    expect(formatReminderTime('00:00')).toBe('12:00 AM');
  });
});

describe('options', () => {
  it('offers every hour from 6:00 AM to 9:00 PM', () => {
    expect(REMINDER_TIME_OPTIONS).toHaveLength(16);
    expect(REMINDER_TIME_OPTIONS[0]).toEqual({ value: '06:00', label: '6:00 AM' });
    expect(REMINDER_TIME_OPTIONS.at(-1)).toEqual({ value: '21:00', label: '9:00 PM' });
    expect(REMINDER_TIME_OPTIONS.map((o) => o.value)).toEqual(REMINDER_TIMES);
  });

  it('offers the ten time zones and never an empty value', () => {
    expect(TIMEZONE_OPTIONS).toHaveLength(10);
    expect(TIMEZONE_OPTIONS.every((o) => o.value.length > 0)).toBe(true);
    expect(toTimezone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(toTimezone('Mars/Olympus')).toBeUndefined();
    expect(TIMEZONE_OPTIONS.map((o) => o.value)).toEqual(TIMEZONES.map((t) => t.value));
  });
});
