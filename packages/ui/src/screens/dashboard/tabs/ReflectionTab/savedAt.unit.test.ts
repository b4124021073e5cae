import { describe, expect, it } from 'vitest';
import { formatReflectionDate, formatSavedDay, formatSavedTime } from './savedAt';

describe('formatSavedTime', () => {
  it("shows the save's clock time in the member's time zone, on the 12-hour clock", () => {
    const savedAt = '2025-10-06T13:14:00.000Z';
    expect(formatSavedTime(savedAt, 'America/New_York')).toBe('9:14 AM');
    expect(formatSavedTime(savedAt, 'America/Los_Angeles')).toBe('6:14 AM');
    expect(formatSavedTime(savedAt, 'Europe/London')).toBe('2:14 PM');
    expect(formatSavedTime(savedAt, 'Asia/Tokyo')).toBe('10:14 PM');
  });

  it('writes noon and midnight as 12 with a plain space before AM/PM', () => {
    expect(formatSavedTime('2025-10-06T16:00:00.000Z', 'America/New_York')).toBe('12:00 PM');
    expect(formatSavedTime('2025-10-06T04:05:00.000Z', 'America/New_York')).toBe('12:05 AM');
  });
});

describe('formatReflectionDate', () => {
  it('names the stored calendar day, whatever the time zone', () => {
    expect(formatReflectionDate('2025-09-29')).toBe('Monday, September 29');
    expect(formatReflectionDate('2025-10-06')).toBe('Monday, October 6');
  });
});

describe('formatSavedDay', () => {
  it("names the day of the save in the member's time zone", () => {
    const lateEvening = '2025-10-05T03:30:00.000Z';
    expect(formatSavedDay(lateEvening, 'America/Los_Angeles')).toBe('Saturday, October 4');
    expect(formatSavedDay(lateEvening, 'Europe/London')).toBe('Sunday, October 5');
  });
});
