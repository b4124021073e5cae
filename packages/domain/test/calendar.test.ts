import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, daysBetween } from '../src/calendar.js';

describe('calendarDate', () => {
  it('gives the date on the wall calendar of the zone, across midnight and the date line', () => {
    const instant = new Date('2026-03-01T04:30:00Z');
    expect(calendarDate(instant, 'UTC')).toBe('2026-03-01');
    expect(calendarDate(instant, 'America/New_York')).toBe('2026-02-28');
    expect(calendarDate(instant, 'Asia/Tokyo')).toBe('2026-03-01');
    expect(calendarDate(instant, 'Pacific/Honolulu')).toBe('2026-02-28');
    expect(calendarDate(new Date('2026-12-31T23:59:59Z'), 'Asia/Tokyo')).toBe('2027-01-01');
  });

  it('keeps one date per day over a daylight-saving change', () => {
    // New York springs forward at 2026-03-08 07:00Z: 23 hours of that day, still one date.
    expect(calendarDate(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(calendarDate(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(calendarDate(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(calendarDate(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });
});

describe('daysBetween', () => {
  it('counts whole calendar days, negative backwards, across a month and a DST change', () => {
    expect(daysBetween('2026-02-27', '2026-03-09')).toBe(10);
    expect(daysBetween('2026-03-09', '2026-02-27')).toBe(-10);
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0);
  });
});

describe('addDays', () => {
  it('moves a calendar date on or back, across a month and a year', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
