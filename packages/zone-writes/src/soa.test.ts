import { describe, expect, it } from 'vitest';
import { nextSerial, serialOf, soaContent } from './soa';

describe('SOA serial', () => {
  const day = new Date('2026-11-22T15:00:00Z');

  it('starts from the date as YYYYMMDDnn', () => {
    expect(nextSerial(0, day)).toBe(2026112200);
  });

  it('counts up within the day and jumps to a later date', () => {
    expect(nextSerial(2026112200, day)).toBe(2026112201);
    expect(nextSerial(2026112299, day)).toBe(2026112300);
    expect(nextSerial(2026112205, new Date('2026-11-23T00:00:01Z'))).toBe(2026112300);
  });

  it('never goes back: a serial above the date just gets one more', () => {
    expect(nextSerial(3_000_000_000, day)).toBe(3_000_000_001);
    expect(nextSerial(2026112200, new Date('2020-01-01T00:00:00Z'))).toBe(2026112201);
  });

  it('wraps past 2^32-1 as RFC 1982 allows', () => {
    expect(nextSerial(4_294_967_295, day)).toBe(0);
  });

  it('writes the SOA with the first name server and hostmaster of the zone', () => {
    const content = soaContent('example.com', ['ns1.eu.kaja.dns.', 'ns2.eu.kaja.dns'], 2026112201);
    expect(content).toBe('ns1.eu.kaja.dns. hostmaster.example.com. 2026112201 7200 3600 1209600 300');
    expect(serialOf(content)).toBe(2026112201);
  });
});
