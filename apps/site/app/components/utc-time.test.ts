import { describe, expect, it } from 'vitest';
import { utcTime } from './utc-time';

describe('utcTime', () => {
  it('prints the day, the month in three letters, the year and the time in UTC', () => {
    expect(utcTime('2026-09-05T03:07:59Z')).toBe('5 Sep 2026, 03:07 UTC');
    expect(utcTime(Date.UTC(2026, 11, 31, 23, 59))).toBe('31 Dec 2026, 23:59 UTC');
    expect(utcTime(new Date('2027-01-01T00:30:00+02:00'))).toBe('31 Dec 2026, 22:30 UTC');
  });

  it('names every month as the medium British date does, with Sep for September', () => {
    const format = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
    for (let month = 0; month < 12; month += 1) {
      const date = Date.UTC(2026, month, 1);
      expect(utcTime(date).split(' ')[1]).toBe(format.format(date).replace('Sept', 'Sep'));
    }
  });
});
