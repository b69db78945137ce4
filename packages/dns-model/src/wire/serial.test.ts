import { describe, expect, it } from 'vitest';
import { SOA } from '../types/index';
import { serialCompare, soaSerial } from './serial';

describe('SOA serials', () => {
  it('reads the serial from SOA rdata', () => {
    expect(soaSerial(SOA.toWire('ns1.example.com. hostmaster.example.com. 4294967295 7200 3600 1209600 300'))).toBe(4294967295);
  });

  it('compares serials across the wrap as RFC 1982 says', () => {
    expect(serialCompare(5, 5)).toBe(0);
    expect(serialCompare(6, 5)).toBeGreaterThan(0);
    expect(serialCompare(5, 6)).toBeLessThan(0);
    expect(serialCompare(1, 4294967295)).toBeGreaterThan(0);
    expect(serialCompare(4294967295, 1)).toBeLessThan(0);
  });
});
