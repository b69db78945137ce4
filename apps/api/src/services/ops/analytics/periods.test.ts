import { describe, expect, it } from 'vitest';
import { periodStarts } from './periods';

describe('periodStarts', () => {
  it('lists the last days up to today, oldest first', () => {
    expect(periodStarts('day', 3, new Date('2026-03-02T23:59:00Z'))).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('starts weeks on Monday, a Sunday belonging to the week before it', () => {
    expect(periodStarts('week', 2, new Date('2026-11-29T10:00:00Z'))).toEqual(['2026-11-16', '2026-11-23']);
    expect(periodStarts('week', 1, new Date('2026-11-30T00:00:00Z'))).toEqual(['2026-11-30']);
  });
});
