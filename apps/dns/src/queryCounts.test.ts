import { describe, expect, it } from 'vitest';
import { ALIAS_CODE } from '@kaja/dns-model';
import { QueryCounts } from './queryCounts';

describe('QueryCounts', () => {
  it('counts per zone, type and response code, hands the counts over once and keeps the counters', () => {
    const counts = new QueryCounts();
    const a = counts.counter('example.com', 1, 0);
    a.count += 2;
    counts.counter('example.com', 1, 3).count++;
    counts.counter('example.net', 28, 0).count++;
    expect(counts.counter('example.com', 1, 0)).toBe(a);
    expect(counts.drain()).toEqual([
      { zone: 'example.com', qtype: 1, rcode: 0, count: 2 },
      { zone: 'example.com', qtype: 1, rcode: 3, count: 1 },
      { zone: 'example.net', qtype: 28, rcode: 0, count: 1 },
    ]);
    expect(counts.drain()).toEqual([]);
    a.count++;
    expect(counts.drain()).toEqual([{ zone: 'example.com', qtype: 1, rcode: 0, count: 1 }]);
  });

  it('counts the types without a mnemonic together, under 0, however many there are', () => {
    const counts = new QueryCounts();
    // 1000 to 32767: no type there has a mnemonic (TA and DLV follow at 32768 and 32769).
    for (let qtype = 1000; qtype < 32768; qtype++) counts.counter('example.com', qtype, 0).count++;
    counts.counter('example.com', ALIAS_CODE, 0).count++;
    counts.counter('example.com', 0, 0).count++;
    counts.counter('example.com', 257, 0).count++;
    expect(counts.drain()).toEqual([
      { zone: 'example.com', qtype: 0, rcode: 0, count: 31_770 },
      { zone: 'example.com', qtype: 257, rcode: 0, count: 1 },
    ]);
  });
});
